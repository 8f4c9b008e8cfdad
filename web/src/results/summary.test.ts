import { describe, expect, it } from "vitest";
import type { ClaimRow } from "../sim/types";
import { criterion, errorText, spreadText, summaryLine, tally, verdict } from "./summary";

function row(over: Partial<ClaimRow>): ClaimRow {
  return {
    id: "x",
    claim: "c",
    unit: "ms",
    paper_value: 10,
    simulated_value: 11,
    error_pct: 10,
    tolerance_pct: 20,
    judgement: { type: "tolerance", pct: 20 },
    kind: "reproduction",
    basis: "",
    pass: true,
    method: "",
    differences: "",
    wide_because: "",
    miss_reason: "",
    spread: null,
    setup: null,
    runs: [],
    ...over,
  };
}

describe("paper-results summary", () => {
  it("counts only independent reproductions as evidence; model checks, calibration points and identities apart", () => {
    const t = tally([
      row({}),
      row({ pass: false }),
      row({ kind: "calibration", pass: true }),
      row({ kind: "identity" }),
      row({ kind: "model_check" }),
    ]);
    expect(t).toEqual({ reproductions: 2, passed: 1, modelChecks: 1, modelChecksPassed: 1, calibrationPoints: 1, identities: 1 });
    expect(summaryLine(t)).toBe(
      "1 of 2 independent reproductions pass · 1 of 1 model check (the paper's own analysis) · 1 calibration point (fitted, not evidence) · 1 identity (equal by construction)",
    );
  });

  it("words each judgement as what it is, and shows an error only where there is a target", () => {
    const bound = row({ judgement: { type: "at_least", bound: 35000 }, tolerance_pct: null, paper_value: 35000 });
    expect(criterion(bound)).toBe("≥ 35,000");
    expect(errorText(bound)).toBe("—");
    expect(criterion(row({}))).toBe("±20 %");
    expect(errorText(row({ error_pct: -3.5 }))).toBe("−3.5 %");
    expect(criterion(row({ judgement: { type: "band", low: 0.98, high: 1.02 } }))).toBe("in [0.98, 1.02]");
    expect(criterion(row({ judgement: { type: "yes_no", expected: true } }))).toBe("yes");
    expect(criterion(row({ judgement: { type: "points", points: 5 } }))).toBe("±5 points");
    expect(errorText(row({ judgement: { type: "points", points: 5 }, error_pct: 2 }))).toBe("+2 points");
    expect(criterion(row({ judgement: { type: "argmin", expected: 3 } }))).toBe("best at 3");
  });

  it("names the verdict by the claim's kind first", () => {
    expect(verdict(row({ kind: "calibration", pass: false }))).toBe("calibration");
    expect(verdict(row({ pass: false }))).toBe("miss");
    expect(verdict(row({ kind: "model_check", pass: false }))).toBe("model-check-miss");
  });

  it("gives the spread over seeds only when there are several", () => {
    expect(spreadText(row({}))).toBe("");
    const spread = { seeds: [1, 2, 3, 4, 5], values: [1, 2, 3, 4, 5], median: 3, min: 1, max: 5, stochastic: true };
    expect(spreadText(row({ spread }))).toBe("median of 5 seeds, 1–5");
  });
});
