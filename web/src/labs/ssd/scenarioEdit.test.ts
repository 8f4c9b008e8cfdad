import { describe, expect, it } from "vitest";
import { clamp, editedTitle, fillRange, logicalPages, opAccepted, opRange, rangeHolding, readKnobs, withFill, withOverProvisioning, withPattern, type ShapeLimits } from "./scenarioEdit";

const COURSE: ShapeLimits = { physicalPages: 16384, dies: 8, pagesPerBlock: 32, highWatermarkBlocks: 2 };

const GENERATED = JSON.stringify({
  version: 1,
  lab: "ssd",
  title: "Random writes",
  seed: 42,
  device: { preset: "course" },
  workload: { fill_fraction: 1, queue_depth: 4, generator: { pattern: "uniform", requests: 2400 } },
});

describe("SSD scenario edits", () => {
  it("reads the knobs of a generated workload", () => {
    expect(readKnobs(GENERATED)).toEqual({ fill: 1, overProvisioning: null, pattern: "uniform", warmupWrites: 0, opsEndLba: 0 });
  });

  it("rewrites one field and marks the title once", () => {
    const edited = JSON.parse(withOverProvisioning(withFill(GENERATED, 0.5), 0.2)) as Record<string, Record<string, unknown>>;
    expect(edited["workload"]?.["fill_fraction"]).toBe(0.5);
    expect(edited["device"]?.["over_provisioning"]).toBe(0.2);
    expect(edited["device"]?.["preset"]).toBe("course");
    expect(edited["title"]).toBe("Random writes · edited in the lab");
    const patterned = JSON.parse(withPattern(GENERATED, "hot_cold")) as { workload: { generator: { pattern: string; requests: number } } };
    expect(patterned.workload.generator).toEqual({ pattern: "hot_cold", requests: 2400 });
    expect(editedTitle("x · edited in the lab")).toBe("x · edited in the lab");
  });

  it("refuses a pattern for explicit ops and a scenario of another lab", () => {
    const ops = JSON.stringify({ lab: "ssd", workload: { ops: [{ op: "write", lba: 170, count: 9 }] } });
    expect(() => withPattern(ops, "uniform")).toThrow(/explicit ops/);
    expect(readKnobs(ops).opsEndLba).toBe(179);
    expect(() => withFill(JSON.stringify({ lab: "hdd" }), 0.5)).toThrow(/not an SSD/);
  });

  it("offers only over-provisioning the core accepts", () => {
    // GC needs more than 8 × 3 × 32 = 768 spare pages of 16,384: 0.05 leaves 820, 0.04 leaves 656.
    const knobs = readKnobs(GENERATED);
    expect(opAccepted(COURSE, knobs, 0.04)).toBe(false);
    expect(opAccepted(COURSE, knobs, 0.05)).toBe(true);
    expect(opRange(COURSE, knobs)).toEqual({ min: 0.05, max: 0.5, step: 0.01 });
    // Explicit ops must stay inside the logical space: 256 physical pages, last op ends at LBA 179.
    const tiny: ShapeLimits = { physicalPages: 256, dies: 2, pagesPerBlock: 8, highWatermarkBlocks: 2 };
    const ops = readKnobs(JSON.stringify({ lab: "ssd", workload: { ops: [{ op: "read", lba: 178 }] } }));
    const range = opRange(tiny, ops);
    expect(range?.max).toBe(0.3);
    expect(logicalPages(256, 0.3)).toBeGreaterThanOrEqual(179);
    expect(logicalPages(256, 0.31)).toBeLessThan(179);
  });

  it("keeps the fill above zero while warm-up writes need it, and snaps to the grid", () => {
    expect(fillRange(readKnobs(GENERATED)).min).toBe(0);
    const warm = JSON.stringify({ lab: "ssd", workload: { fill_fraction: 0.9, warmup_writes: 100, generator: { pattern: "uniform", requests: 1 } } });
    const range = fillRange(readKnobs(warm));
    expect(range.min).toBe(0.05);
    expect(clamp(0, range)).toBe(0.05);
    expect(clamp(0.437, range)).toBe(0.45);
    expect(clamp(Number.NaN, range)).toBe(0.05);
  });
});

describe("rangeHolding", () => {
  it("widens a slider's range to the loaded value instead of clamping it (0.9 shows as 90 %, not 50 %)", () => {
    expect(rangeHolding({ min: 0.05, max: 0.5, step: 0.05 }, 0.9)).toEqual({ min: 0.05, max: 0.9, step: 0.05 });
    expect(rangeHolding({ min: 0.05, max: 0.5, step: 0.05 }, 0.2)).toEqual({ min: 0.05, max: 0.5, step: 0.05 });
  });
});
