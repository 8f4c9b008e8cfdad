import { describe, expect, it } from "vitest";
import { byteGrid, byteRegion, deltaSlotOf, hex } from "./pageMap";
import type { IpaLayout } from "./payload.gen";

// The 512-byte page of the scenarios: [2×3], V = 12, 46-byte records, area at 420.
const layout: IpaLayout = { page_bytes: 512, header_bytes: 24, area_start: 420, record_bytes: 46, n: 2, m: 3, v: 12, space_overhead_percent: 17.97 };
const focus = { tuple_end: 24 + 15 * 24, slot_count: 15, records_on_flash: 1 };

describe("byte regions of an IPA page", () => {
  it("follows the FORMATS.md table: header, tuples, free, slots, delta slots", () => {
    expect(byteRegion(0, layout, focus)).toBe("header");
    expect(byteRegion(23, layout, focus)).toBe("header");
    expect(byteRegion(24, layout, focus)).toBe("tuple");
    expect(byteRegion(383, layout, focus)).toBe("tuple");
    expect(byteRegion(384, layout, focus)).toBe("free");
    expect(byteRegion(390, layout, focus)).toBe("slots");
    expect(byteRegion(419, layout, focus)).toBe("slots");
    expect(byteRegion(420, layout, focus)).toBe("delta");
    expect(byteRegion(465, layout, focus)).toBe("delta");
    expect(byteRegion(466, layout, focus)).toBe("erased");
    expect(byteRegion(511, layout, focus)).toBe("erased");
  });

  it("numbers the delta slots and nothing outside the area", () => {
    expect(deltaSlotOf(419, layout)).toBeNull();
    expect(deltaSlotOf(420, layout)).toBe(0);
    expect(deltaSlotOf(466, layout)).toBe(1);
    expect(deltaSlotOf(511, layout)).toBe(1);
    expect(deltaSlotOf(450, { ...layout, n: 0, record_bytes: 0, area_start: 512 })).toBeNull();
  });
});

describe("byte grid", () => {
  it("fits the page in the box with columns a multiple of 8", () => {
    for (const [bytes, w, h] of [[512, 600, 300], [4096, 900, 320], [256, 300, 200], [8192, 500, 200]] as const) {
      const g = byteGrid(bytes, w, h);
      expect(g.cols % 8).toBe(0);
      expect(g.cols * g.cell).toBeLessThanOrEqual(Math.max(w, 16));
      expect(g.rows * g.cols).toBeGreaterThanOrEqual(bytes);
      if (g.cell > 2) expect(g.rows * g.cell).toBeLessThanOrEqual(h);
    }
  });

  it("prints bytes as two hex digits", () => {
    expect(hex(255)).toBe("FF");
    expect(hex(0)).toBe("00");
    expect(hex(10)).toBe("0A");
  });
});
