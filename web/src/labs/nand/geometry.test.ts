import { describe, expect, it } from "vitest";
import { ERASED_COLOR, levelColor, stateColor, tint } from "./palette";
import { easeOutCubic, jitter, lerpInto } from "./tween";
import { ERASED_SHARE, vthAxis } from "./vthAxis";

describe("Vth axis", () => {
  it("gives the erased side a fixed share of the width and keeps both pieces linear", () => {
    const a = vthAxis(-5, 4, 0, 0, 1000);
    expect(a.scale(-5)).toBeCloseTo(0);
    expect(a.scale(0)).toBeCloseTo(1000 * ERASED_SHARE);
    expect(a.scale(4)).toBeCloseTo(1000);
    expect(a.scale(2)).toBeCloseTo(1000 * ERASED_SHARE + (1000 * (1 - ERASED_SHARE)) / 2);
    expect(a.compression).toBeCloseTo(((1 - ERASED_SHARE) / 4) / (ERASED_SHARE / 5));
    expect(a.ticks).toEqual([-4, -2, 0, 1, 2, 3, 4]);
  });

  it("falls back to a plain linear axis when the break is outside the range", () => {
    const a = vthAxis(0, 4, -1, 0, 400);
    expect(a.breakV).toBeNull();
    expect(a.scale(2)).toBeCloseTo(200);
  });
});

describe("state colours", () => {
  it("gives ER grey, levels fixed hues, intermediates a tint of their lowest level", () => {
    expect(levelColor(0, 4)).toBe(ERASED_COLOR);
    expect(levelColor(1, 4)).toBe("#0072b2");
    expect(levelColor(3, 4)).not.toBe(levelColor(2, 4));
    expect(new Set(Array.from({ length: 7 }, (_, i) => levelColor(i + 1, 8))).size).toBe(7);
    expect(tint("#000000", 0.5)).toBe("#808080");
    expect(tint("#0072b2", 0)).toBe("#0072b2");
    const lm = { index: 2, name: "LM", bits: "0", verify_v: 1.2, top_v: 1.4, final_level: null, levels: [2, 3] as [number, number] };
    expect(stateColor(lm, 4)).toBe(tint(levelColor(2, 4), 0.45));
  });
});

describe("cell motion", () => {
  it("eases from start to end and interpolates every cell", () => {
    expect(easeOutCubic(0)).toBe(0);
    expect(easeOutCubic(1)).toBe(1);
    expect(easeOutCubic(0.5)).toBeGreaterThan(0.5);
    const out = lerpInto(new Float64Array(2), [0, 1], [2, 3], 0.5);
    expect(Array.from(out)).toEqual([1, 2]);
    for (let i = 0; i < 100; i++) {
      expect(jitter(i)).toBeGreaterThanOrEqual(0);
      expect(jitter(i)).toBeLessThan(1);
    }
  });
});
