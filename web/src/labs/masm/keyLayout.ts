//! The key-space panel's geometry (pure): the HDD table and every SSD run share one key axis,
//! so a range scan is one vertical band and its cursors move together.
//!
//! 1. Table page p holds keys [p·k, (p+1)·k) for k keys per table page.
//! 2. Run-index granule g of a run covers [first_g, first_{g+1}); the last one ends past the
//!    run's largest key.
//! 3. A scan's cursors sit at `from + (to + 1 − from) · progress`, where progress runs over the
//!    interval the core gives for that device: the table's over `hdd`, the runs' over `ssd`
//!    (the merge reads both in key order), the merged output over the whole scan.

import { progress } from "./bufferLayout";
import type { MasmRun, MasmScan } from "./types";

export interface KeySpan {
  from: number;
  /** Exclusive. */
  to: number;
}

export function tablePageSpan(page: number, keysPerPage: number): KeySpan {
  const k = Math.max(1, keysPerPage);
  return { from: page * k, to: (page + 1) * k };
}

/** Granule spans of a run, in key units. */
export function granuleSpans(run: MasmRun): KeySpan[] {
  const firsts = run.granule_first_keys;
  const out: KeySpan[] = [];
  for (let g = 0; g < firsts.length; g++) {
    const from = firsts[g] ?? 0;
    const next = firsts[g + 1];
    out.push({ from, to: next !== undefined ? next : run.max_key + 1 });
  }
  return out;
}

/** The key span of the granules `[start, start + count)` of a run (what a scan reads from it). */
export function readSpan(run: MasmRun, start: number, count: number): KeySpan | null {
  if (count <= 0) return null;
  const spans = granuleSpans(run);
  const first = spans[start];
  const last = spans[Math.min(spans.length - 1, start + count - 1)];
  if (!first || !last) return null;
  return { from: first.from, to: last.to };
}

export interface ScanCursors {
  /** Cursor keys (fractional) on the table, on the runs, and of the merged output. */
  table: number;
  runs: number;
  output: number;
  /** Progress of the whole scan, [0, 1]. */
  done: number;
}

/** Where a scan's cursors are at `clockNs` (module header, step 3). */
export function scanCursors(scan: MasmScan, clockNs: number): ScanCursors {
  const width = scan.to + 1 - scan.from;
  const at = (p: number): number => scan.from + width * p;
  const finished = scan.state === "done";
  const whole = finished ? 1 : progress(clockNs, scan.start_ns, scan.end_ns);
  const table = finished ? 1 : progress(clockNs, scan.hdd.start_ns, scan.hdd.end_ns);
  const runs = finished ? 1 : scan.ssd ? progress(clockNs, scan.ssd.start_ns, scan.ssd.end_ns) : whole;
  return { table: at(table), runs: at(runs), output: at(whole), done: whole };
}

/** The scans worth drawing: every open one, else the latest finished one (faded). */
export function scansToDraw(scans: readonly MasmScan[]): { scan: MasmScan; live: boolean }[] {
  const open = scans.filter((s) => s.state === "running");
  if (open.length > 0) return open.map((scan) => ({ scan, live: true }));
  const last = scans[scans.length - 1];
  return last ? [{ scan: last, live: false }] : [];
}

export interface RowLayout {
  /** Top of the axis labels band. */
  axisY: number;
  tableY: number;
  tableH: number;
  runsY: number;
  runH: number;
  runGap: number;
  outputY: number;
  outputH: number;
}

const AXIS_H = 16;
const TABLE_H = 30;
const OUTPUT_H = 14;
const GAP = 8;

/** Stacks the axis, the runs (oldest on top, as the core lists them), the table and the output. */
export function rowLayout(runs: number, height: number): RowLayout {
  const free = Math.max(0, height - AXIS_H - TABLE_H - OUTPUT_H - 3 * GAP);
  const n = Math.max(1, runs);
  const runGap = n > 16 ? 1 : 3;
  const runH = Math.max(3, Math.min(22, (free - runGap * (n - 1)) / n));
  const runsY = AXIS_H + 2;
  const runsBlock = runs > 0 ? n * runH + (n - 1) * runGap : Math.min(free, 22);
  const tableY = runsY + runsBlock + GAP;
  return { axisY: 0, tableY, tableH: TABLE_H, runsY, runH, runGap, outputY: tableY + TABLE_H + GAP, outputH: OUTPUT_H };
}

export function runY(layout: RowLayout, index: number): number {
  return layout.runsY + index * (layout.runH + layout.runGap);
}

export interface PlacedLabel {
  text: string;
  x: number;
  anchor: "start" | "end";
}

/** Roughly the width of a character of the 11.5 px scan label. */
const CHAR_PX = 6.4;

/**
 * A band's label: the first candidate (longest first) that fits right of the band `[x0, x1]`,
 * else left of it (not past `minX`); if none fits, the last candidate inside the band's right end.
 */
export function placeLabel(candidates: readonly string[], x0: number, x1: number, minX: number, maxX: number): PlacedLabel {
  for (const text of candidates) {
    const w = text.length * CHAR_PX;
    if (x1 + 6 + w <= maxX) return { text, x: x1 + 6, anchor: "start" };
    if (x0 - 6 - w >= minX) return { text, x: x0 - 6, anchor: "end" };
  }
  return { text: candidates[candidates.length - 1] ?? "", x: Math.min(x1, maxX) - 4, anchor: "end" };
}
