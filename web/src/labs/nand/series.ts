//! The NAND view's numeric series, by name (core/src/device/nand/lab/view.rs): per-cell arrays of
//! the focused wordline, the Vth histogram, the Vpgm staircase and the RBER curves.

import type { Snapshot } from "../../sim/types";
import { viewSeries } from "../../sim/types";

/** One entry per cell of the focused wordline. */
export interface CellSeries {
  /** Sensed Vth (programmed − retention loss), V. */
  vth: Float64Array;
  /** Index into `meta.states`. */
  state: Float64Array;
  /** The state the running program drives the cell to (= `state` when not programming). */
  target: Float64Array;
  targetVerify: Float64Array;
  /** 1 unless the cell is still being pulsed. */
  inhibited: Float64Array;
}

export interface NandSeries {
  cells: CellSeries;
  histEdges: Float64Array;
  histCounts: Float64Array;
  staircase: Float64Array;
  rberModelPe: Float64Array;
  rberModel: Float64Array;
  rberMeasuredPe: Float64Array;
  rberMeasured: Float64Array;
}

export function readNandSeries(snapshot: Snapshot): NandSeries {
  const get = (name: string): Float64Array => viewSeries(snapshot.view, snapshot.viewMeta, name);
  return {
    cells: {
      vth: get("vth_v"),
      state: get("state"),
      target: get("target_state"),
      targetVerify: get("target_verify_v"),
      inhibited: get("inhibited"),
    },
    histEdges: get("hist_edges_v"),
    histCounts: get("hist_counts"),
    staircase: get("vpgm_staircase_v"),
    rberModelPe: get("rber_model_pe"),
    rberModel: get("rber_model"),
    rberMeasuredPe: get("rber_measured_pe"),
    rberMeasured: get("rber_measured"),
  };
}

/** Row `row` of a rows × bins matrix stored row-major (`hist_counts`); empty when out of range. */
export function histogramRow(counts: ArrayLike<number>, bins: number, row: number): number[] {
  if (bins <= 0 || row < 0 || (row + 1) * bins > counts.length) return [];
  const out: number[] = new Array<number>(bins);
  for (let b = 0; b < bins; b++) out[b] = counts[row * bins + b] ?? 0;
  return out;
}

/** How many cells each state holds (row sums of the histogram). */
export function stateTotals(counts: ArrayLike<number>, rows: number, bins: number): number[] {
  const totals: number[] = [];
  for (let r = 0; r < rows; r++) totals.push(histogramRow(counts, bins, r).reduce((a, b) => a + b, 0));
  return totals;
}

/** Per bin, the sum over every row: the height of the stacked histogram. */
export function stackedHeights(counts: ArrayLike<number>, rows: number, bins: number): number[] {
  const out = new Array<number>(bins).fill(0);
  for (let r = 0; r < rows; r++) {
    for (let b = 0; b < bins; b++) out[b] = (out[b] ?? 0) + (counts[r * bins + b] ?? 0);
  }
  return out;
}

export interface StackedRect {
  x0: number;
  x1: number;
  /** Count below this segment, and its top. */
  y0: number;
  y1: number;
}

/**
 * The stacked histogram as rectangles per row (state): in each bin the rows stack in state order,
 * so a state's segment sits on the states below it. Empty segments are left out.
 */
export function stackedRects(edges: ArrayLike<number>, counts: ArrayLike<number>, rows: number, bins: number): StackedRect[][] {
  const n = Math.min(bins, edges.length - 1);
  const base = new Array<number>(Math.max(0, n)).fill(0);
  const out: StackedRect[][] = [];
  for (let r = 0; r < rows; r++) {
    const rects: StackedRect[] = [];
    for (let b = 0; b < n; b++) {
      const c = counts[r * bins + b] ?? 0;
      if (c <= 0) continue;
      const y0 = base[b] ?? 0;
      rects.push({ x0: edges[b] ?? 0, x1: edges[b + 1] ?? 0, y0, y1: y0 + c });
      base[b] = y0 + c;
    }
    out.push(rects);
  }
  return out;
}
