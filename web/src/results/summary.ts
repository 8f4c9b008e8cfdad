//! The paper-results page's arithmetic (pure): the per-lab summary line and how each claim's
//! criterion and verdict read. It mirrors `plugin::claim::ClaimSummary`: only reproductions count
//! as evidence; calibration points and identities are listed, never counted as passes.

import { formatNumber } from "../format/units";
import type { ClaimRow } from "../sim/types";

export interface ClaimTally {
  reproductions: number;
  passed: number;
  calibrationPoints: number;
  identities: number;
}

export function tally(claims: readonly ClaimRow[]): ClaimTally {
  const reproductions = claims.filter((c) => c.kind === "reproduction");
  return {
    reproductions: reproductions.length,
    passed: reproductions.filter((c) => c.pass).length,
    calibrationPoints: claims.filter((c) => c.kind === "calibration").length,
    identities: claims.filter((c) => c.kind === "identity").length,
  };
}

/** "14 of 18 reproductions within tolerance · 2 calibration points". */
export function summaryLine(t: ClaimTally): string {
  const parts = [`${t.passed} of ${t.reproductions} reproductions within tolerance`];
  if (t.calibrationPoints > 0) parts.push(`${t.calibrationPoints} calibration point${t.calibrationPoints === 1 ? "" : "s"} (fitted, not evidence)`);
  if (t.identities > 0) parts.push(`${t.identities} identit${t.identities === 1 ? "y" : "ies"} (equal by construction)`);
  return parts.join(" · ");
}

/** How the claim is judged: "±20 %", "≥ 35,000", "≤ 1". */
export function criterion(c: ClaimRow): string {
  switch (c.comparison.type) {
    case "tolerance":
      return `±${formatNumber(c.comparison.pct)} %`;
    case "at_least":
      return `≥ ${formatNumber(c.paper_value)}`;
    case "at_most":
      return `≤ ${formatNumber(c.paper_value)}`;
  }
}

export type Verdict = "pass" | "miss" | "calibration" | "identity";

export function verdict(c: ClaimRow): Verdict {
  if (c.kind === "calibration") return "calibration";
  if (c.kind === "identity") return "identity";
  return c.pass ? "pass" : "miss";
}

/** The error column: a signed percentage, or "—" for bounds (a bound has no target value). */
export function errorText(c: ClaimRow): string {
  if (c.comparison.type !== "tolerance") return "—";
  const sign = c.error_pct > 0 ? "+" : c.error_pct < 0 ? "−" : "";
  return `${sign}${formatNumber(Math.abs(c.error_pct))} %`;
}
