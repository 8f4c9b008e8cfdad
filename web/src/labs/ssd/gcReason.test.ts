import { describe, expect, it } from "vitest";
import { reasonText } from "./gcReason";

const GC_REASONS = ["", "greedy", "cost_benefit", "fifo", "wear_level"];

describe("reasonText", () => {
  it("uses the core's text for the victim", () => {
    expect(reasonText(1, "greedy: fewest valid pages", GC_REASONS)).toBe("greedy: fewest valid pages");
  });
  it("falls back to the info payload's name for the code, then to the code", () => {
    expect(reasonText(2, "", GC_REASONS)).toBe("cost benefit");
    expect(reasonText(9, "", GC_REASONS)).toBe("reason 9");
    expect(reasonText(0, "", GC_REASONS)).toBe("reason 0");
  });
});
