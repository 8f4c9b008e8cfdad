//! The compare view's data (pure): one line of scan times per scheme on shared axes, and the
//! per-scheme summary rows in a fixed order with each value as a fraction of that column's
//! largest (for the in-cell bars, so every column shares one scale across schemes).

import { SCHEMES } from "./palette";
import type { SchemeId, SchemeSummary } from "./types";

export interface SchemeLine {
  id: SchemeId;
  label: string;
  color: string;
  dash: string;
  /** `[scan number from 1, scan time ns]`. */
  points: [number, number][];
}

export function scanLines(scanNs: Record<SchemeId, ArrayLike<number>>): SchemeLine[] {
  return SCHEMES.map((s) => {
    const values = scanNs[s.id];
    const points: [number, number][] = [];
    for (let i = 0; i < values.length; i++) {
      const v = values[i];
      if (v !== undefined && Number.isFinite(v)) points.push([i + 1, v]);
    }
    return { ...s, points };
  });
}

/** The shared y top: the largest scan time of any scheme (at least 1 ns). */
export function sharedTop(lines: readonly SchemeLine[]): number {
  let top = 1;
  for (const line of lines) for (const [, y] of line.points) top = Math.max(top, y);
  return top;
}

/** The largest scan count of any scheme (the shared x extent). */
export function sharedScans(lines: readonly SchemeLine[]): number {
  return Math.max(1, ...lines.map((l) => l.points.length));
}

/** Summaries in legend order (MaSM first); schemes the core did not send are left out. */
export function orderedSummaries(compare: readonly SchemeSummary[]): SchemeSummary[] {
  const out: SchemeSummary[] = [];
  for (const s of SCHEMES) {
    const found = compare.find((c) => c.scheme === s.id);
    if (found) out.push(found);
  }
  for (const c of compare) if (!out.includes(c)) out.push(c);
  return out;
}

export type SummaryColumn = "mean_scan_ns" | "ssd_writes_per_update" | "hdd_busy_ns";

/** Each row's value in `column` as a fraction of the column's largest, in [0, 1]. */
export function columnFractions(rows: readonly SchemeSummary[], column: SummaryColumn): number[] {
  const values = rows.map((r) => (Number.isFinite(r[column]) ? Math.max(0, r[column]) : 0));
  const top = Math.max(0, ...values);
  return values.map((v) => (top > 0 ? v / top : 0));
}

/** `value / masm`, or null when MaSM's value is zero or missing (shown as "—"). */
export function ratioToMasm(rows: readonly SchemeSummary[], column: SummaryColumn, value: number): number | null {
  const masm = rows.find((r) => r.scheme === "masm");
  if (!masm || !(masm[column] > 0) || !Number.isFinite(value)) return null;
  return value / masm[column];
}
