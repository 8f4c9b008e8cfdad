import { describe, expect, it } from "vitest";
import { armWindow, decodeArmRows, headPath, inWindow, travelBytes } from "./armTrace";

describe("disk-arm trace", () => {
  it("decodes rows of three and drops a partial row", () => {
    const ios = decodeArmRows([0, 10, 4096, 10, 30, 0, 99]);
    expect(ios).toEqual([
      { startNs: 0, endNs: 10, offsetBytes: 4096 },
      { startNs: 10, endNs: 30, offsetBytes: 0 },
    ]);
  });

  it("pads the latest scan by a quarter of its duration, at least 1 ms", () => {
    expect(armWindow("scan", { start_ns: 10e6, end_ns: 30e6 }, [])).toEqual([5e6, 35e6]);
    expect(armWindow("scan", { start_ns: 10e6, end_ns: 10.5e6 }, [])).toEqual([9e6, 11.5e6]);
  });

  it("spans every kept I/O in the whole-trace window, or without a scan", () => {
    const a = decodeArmRows([5, 9, 0, 20, 40, 8]);
    const b = decodeArmRows([1, 3, 4]);
    expect(armWindow("all", { start_ns: 0, end_ns: 1 }, [a, b])).toEqual([1, 40]);
    expect(armWindow("scan", null, [a])).toEqual([5, 40]);
    expect(armWindow("all", null, [[], []])).toBeNull();
  });

  it("keeps the I/Os that overlap the window", () => {
    const ios = decodeArmRows([0, 5, 0, 6, 9, 1, 12, 20, 2]);
    expect(inWindow(ios, [5, 10]).map((io) => io.offsetBytes)).toEqual([0, 1]);
  });

  it("walks both streams in start order and sums the seeks between them", () => {
    const scan = decodeArmRows([0, 10, 0, 30, 40, 1000]);
    const updates = decodeArmRows([12, 20, 5000]);
    const path = headPath([scan, updates]);
    expect(path).toEqual([
      [0, 0],
      [10, 0],
      [12, 5000],
      [20, 5000],
      [30, 1000],
      [40, 1000],
    ]);
    expect(travelBytes(path)).toBe(5000 + 4000);
  });
});
