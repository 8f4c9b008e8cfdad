import { describe, expect, it } from "vitest";
import type { ClaimRow } from "../sim/types";
import { criterion, errorText, summaryLine, tally, verdict } from "./summary";

function row(over: Partial<ClaimRow>): ClaimRow {
  return {
    id: "x",
    claim: "c",
    unit: "ms",
    paper_value: 10,
    simulated_value: 11,
    error_pct: 10,
    tolerance_pct: 20,
    comparison: { type: "tolerance", pct: 20 },
    kind: "reproduction",
    basis: "",
    pass: true,
    method: "",
    ...over,
  };
}

describe("paper-results summary", () => {
  it("counts only reproductions as evidence, and a passing calibration point is not a pass", () => {
    const t = tally([row({}), row({ pass: false }), row({ kind: "calibration", pass: true }), row({ kind: "identity" })]);
    expect(t).toEqual({ reproductions: 2, passed: 1, calibrationPoints: 1, identities: 1 });
    expect(summaryLine(t)).toBe(
      "1 of 2 reproductions within tolerance · 1 calibration point (fitted, not evidence) · 1 identity (equal by construction)",
    );
  });

  it("reads a bound as a bound and shows no error percentage for it", () => {
    const bound = row({ comparison: { type: "at_least" }, tolerance_pct: null, paper_value: 35000 });
    expect(criterion(bound)).toBe("≥ 35,000");
    expect(errorText(bound)).toBe("—");
    expect(criterion(row({}))).toBe("±20 %");
    expect(errorText(row({ error_pct: -3.5 }))).toBe("−3.5 %");
  });

  it("names the verdict by the claim's kind first", () => {
    expect(verdict(row({ kind: "calibration", pass: false }))).toBe("calibration");
    expect(verdict(row({ pass: false }))).toBe("miss");
  });
});
