import { describe, expect, it } from "vitest";
import { decodeDieOps, splitPairs } from "./series";
import { laneOrder, timelineWindow } from "./timelineWindow";

describe("die timeline", () => {
  it("decodes rows of four and pairs of two", () => {
    expect(decodeDieOps([0, 1, 2, 2, 1, 3, 4, 4, 9])).toEqual([
      { die: 0, startUs: 1, endUs: 2, kind: 2 },
      { die: 1, startUs: 3, endUs: 4, kind: 4 },
    ]);
    expect(splitPairs([10, 1, 20, 1.5, 30])).toEqual({ xs: [10, 20], ys: [1, 1.5] });
  });

  it("starts where half the dies still have history and shows work booked after now", () => {
    const ops = decodeDieOps([0, 100, 300, 2, 0, 900, 1100, 2, 1, 600, 800, 1, 2, 1500, 1600, 4]);
    const win = timelineWindow(ops, 3, 2000);
    expect(win.startUs).toBe(600);
    expect(win.endUs).toBeGreaterThan(2000);
    // With no history, the minimum past; never more than 10 ms back.
    expect(timelineWindow([], 2, 1000).startUs).toBe(700);
    expect(timelineWindow(decodeDieOps([0, 0, 1, 2]), 1, 50_000).startUs).toBe(40_000);
    // Booked work after now widens the future part (GC booked ahead), up to 5 ms or the past span.
    expect(timelineWindow([], 1, 1000, [1900]).endUs).toBe(1900);
    expect(timelineWindow(decodeDieOps([0, 5000, 7000, 3]), 1, 1000).endUs).toBe(6000);
  });

  it("orders lanes by channel, then die (die d is on channel d mod C)", () => {
    expect(laneOrder(4, 8)).toEqual([0, 4, 1, 5, 2, 6, 3, 7]);
  });
});
