import { describe, expect, it } from "vitest";
import { l0SlotsRow } from "./l0Slots";

describe("l0SlotsRow", () => {
  it("labels the quiescent count as L0's entries against the merge trigger", () => {
    expect(l0SlotsRow({ slots_used: 7, slots_capacity: 10, data: 5 }, false)).toEqual({
      label: "L0 entries / merge trigger",
      value: "7 / 10",
      note: null,
    });
  });

  it("never calls a count above the limit writer slots, and says writers wait", () => {
    // merge-block-by-block at step 215: L0 old holds 13 entries (9 data, 4 fences), limit 10.
    const row = l0SlotsRow({ slots_used: 13, slots_capacity: 10, data: 0 }, true);
    expect(row.label).not.toMatch(/writer slots/);
    expect(row.value).toBe("13 / 10");
    expect(row.note).toMatch(/L0 old holds 13 entries/);
    expect(row.note).toMatch(/No write enters/);
  });

  it("says the limit is reached when the count equals it, and nothing below it", () => {
    expect(l0SlotsRow({ slots_used: 10, slots_capacity: 10, data: 3 }, true).note).toMatch(/writers wait/);
    expect(l0SlotsRow({ slots_used: 6, slots_capacity: 10, data: 3 }, true).note).toBeNull();
  });
});
