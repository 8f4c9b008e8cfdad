//! The paper-results page's arithmetic (pure): the summary lines and how each claim's criterion
//! and verdict read. It mirrors `plugin::claim::ClaimSummary`: only independent reproductions
//! are the headline; model checks (the paper's own analysis recomputed), calibration points and
//! identities are counted apart, never as evidence about the paper's system.

import { formatNumber } from "../format/units";
import type { ClaimRow } from "../sim/types";

export interface ClaimTally {
  reproductions: number;
  passed: number;
  modelChecks: number;
  modelChecksPassed: number;
  calibrationPoints: number;
  identities: number;
}

export function tally(claims: readonly ClaimRow[]): ClaimTally {
  const of = (kind: ClaimRow["kind"]) => claims.filter((c) => c.kind === kind);
  const reproductions = of("reproduction");
  const modelChecks = of("model_check");
  return {
    reproductions: reproductions.length,
    passed: reproductions.filter((c) => c.pass).length,
    modelChecks: modelChecks.length,
    modelChecksPassed: modelChecks.filter((c) => c.pass).length,
    calibrationPoints: of("calibration").length,
    identities: of("identity").length,
  };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "14 of 18 independent reproductions pass · 3 of 3 model checks · 2 calibration points". */
export function summaryLine(t: ClaimTally): string {
  const parts = [`${t.passed} of ${plural(t.reproductions, "independent reproduction", "independent reproductions")} pass`];
  if (t.modelChecks > 0) parts.push(`${t.modelChecksPassed} of ${plural(t.modelChecks, "model check", "model checks")} (the paper's own analysis)`);
  if (t.calibrationPoints > 0) parts.push(`${plural(t.calibrationPoints, "calibration point", "calibration points")} (fitted, not evidence)`);
  if (t.identities > 0) parts.push(`${plural(t.identities, "identity", "identities")} (equal by construction)`);
  return parts.join(" · ");
}

/** How the claim is judged, in the shape of the paper's statement. */
export function criterion(c: ClaimRow): string {
  const j = c.judgement;
  switch (j.type) {
    case "tolerance":
      return `±${formatNumber(j.pct)} %`;
    case "points":
      return `±${formatNumber(j.points)} points`;
    case "band":
      return `in [${formatNumber(j.low)}, ${formatNumber(j.high)}]`;
    case "at_least":
      return `≥ ${formatNumber(j.bound)}`;
    case "at_most":
      return `≤ ${formatNumber(j.bound)}`;
    case "paper_range":
      return `paper's range ${formatNumber(j.low)}–${formatNumber(j.high)}`;
    case "yes_no":
      return j.expected ? "yes" : "no";
    case "argmin":
      return `best at ${formatNumber(j.expected)}`;
  }
}

export type Verdict = "pass" | "miss" | "model-check" | "model-check-miss" | "calibration" | "identity";

export function verdict(c: ClaimRow): Verdict {
  if (c.kind === "calibration") return "calibration";
  if (c.kind === "identity") return "identity";
  if (c.kind === "model_check") return c.pass ? "model-check" : "model-check-miss";
  return c.pass ? "pass" : "miss";
}

/** The error column: relative percent for a tolerance, points for points, "—" for shapes with no
 * single target (bounds, bands, ranges, yes/no, argmin). */
export function errorText(c: ClaimRow): string {
  const type = c.judgement.type;
  if (type !== "tolerance" && type !== "points") return "—";
  const sign = c.error_pct > 0 ? "+" : c.error_pct < 0 ? "−" : "";
  return `${sign}${formatNumber(Math.abs(c.error_pct))}${type === "points" ? " points" : " %"}`;
}

/** "median of 5 seeds, 2.1–2.6", or "" for a claim run once. */
export function spreadText(c: ClaimRow): string {
  const s = c.spread;
  if (s === null || s.seeds.length < 2) return "";
  return `median of ${s.seeds.length} seeds, ${formatNumber(s.min)}–${formatNumber(s.max)}`;
}

/** The paper a claim is from, read from its id as `Claim::paper` does: "seed000".."seed004", or "devices". */
export function claimPaper(id: string): string {
  const first = id.split(".")[0] ?? "";
  return first.startsWith("seed") ? first : "devices";
}
