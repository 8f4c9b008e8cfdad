//! Pure model of the cell zoom: per cell, whether the write programs it (its bit goes 1 → 0:
//! charge rises), whether it is inhibited, and a shared Vth domain for before and after.

import type { IpaZoom } from "./payload.gen";

export interface ZoomCells {
  /** 1 = the cell ends programmed (bit 0), 0 = erased (bit 1). */
  target: Float64Array;
  /** 1 unless the write pulses this cell (a bit that goes 1 → 0 in the written range). */
  inhibited: Float64Array;
  allInhibited: Float64Array;
  domain: [number, number];
  /** Cells the write raises. */
  pulsed: number;
}

/** Bit `j` (0 = most significant) of cell `c` of a byte array: cell 8i + j is bit 7 − j of byte i. */
export function bitOf(bytes: readonly number[], cell: number): number {
  const byte = bytes[Math.floor(cell / 8)] ?? 255;
  return (byte >> (7 - (cell % 8))) & 1;
}

export function zoomCells(zoom: Pick<IpaZoom, "bytes_before" | "bytes_after" | "window_start" | "written_from" | "written_to">, before: ArrayLike<number>, after: ArrayLike<number>): ZoomCells {
  const n = Math.max(before.length, after.length, zoom.bytes_after.length * 8);
  const target = new Float64Array(n);
  const inhibited = new Float64Array(n).fill(1);
  const allInhibited = new Float64Array(n).fill(1);
  let pulsed = 0;
  let lo = Infinity;
  let hi = -Infinity;
  for (let c = 0; c < n; c++) {
    const was = bitOf(zoom.bytes_before, c);
    const is = bitOf(zoom.bytes_after, c);
    target[c] = is === 0 ? 1 : 0;
    const byte = zoom.window_start + Math.floor(c / 8);
    if (was === 1 && is === 0 && byte >= zoom.written_from && byte < zoom.written_to) {
      inhibited[c] = 0;
      pulsed++;
    }
    for (const v of [before[c], after[c]]) {
      if (v !== undefined && Number.isFinite(v)) {
        lo = Math.min(lo, v);
        hi = Math.max(hi, v);
      }
    }
  }
  if (!Number.isFinite(lo)) [lo, hi] = [-3, 5];
  const pad = Math.max(0.2, (hi - lo) * 0.05);
  return { target, inhibited, allInhibited, domain: [lo - pad, hi + pad], pulsed };
}

export interface PulseFrame {
  /** Every cell's Vth after loop `k` (k = 0: before the first pulse). */
  vth: Float64Array;
  /** 1 unless the cell is still being pulsed after loop `k`. */
  inhibited: Float64Array;
  /** Cells still being pulsed after loop `k`. */
  programming: number;
}

/**
 * The cells after ISPP loop `k` of the core's replay (`zoom_vth_pulses_v`, loops × cells, and
 * `zoom_passed_at_pulse`, the loop each cell passed verify, 0 = never pulsed). Loop 0 is the
 * state before the first pulse; `k` is clamped to the loops there are.
 */
export function pulseFrame(k: number, before: Float64Array, pulses: Float64Array, passedAt: ArrayLike<number>): PulseFrame {
  const n = before.length;
  const loops = n > 0 ? Math.floor(pulses.length / n) : 0;
  const at = Math.max(0, Math.min(loops, Math.floor(k)));
  const vth = at === 0 ? before : pulses.subarray((at - 1) * n, at * n);
  const inhibited = new Float64Array(n).fill(1);
  let programming = 0;
  for (let c = 0; c < n; c++) {
    if ((passedAt[c] ?? 0) > at) {
      inhibited[c] = 0;
      programming++;
    }
  }
  return { vth, inhibited, programming };
}

export interface StateLabel {
  /** Short name drawn on the Vth axis. */
  name: string;
  /** Where: the median Vth of the cells in that group. */
  v: number;
  cells: number;
}

/**
 * Names for the two groups of dots, placed at each group's median Vth (as the NAND lab names
 * its levels): on an SLC page bit 1 is the erased state ER and bit 0 the programmed state P;
 * on an MLC page a cell's Vth also carries its paired page's bit, so the groups are named by
 * this page's bit only. An empty group gets no label.
 */
export function zoomStateLabels(target: ArrayLike<number>, vth: ArrayLike<number>, pageKind: string): StateLabel[] {
  const slc = pageKind === "SLC";
  const names = slc ? ["ER · bit 1", "P · bit 0"] : ["bit 1", "bit 0"];
  const labels: StateLabel[] = [];
  for (const group of [0, 1]) {
    const vs: number[] = [];
    for (let c = 0; c < target.length; c++) {
      const v = vth[c];
      if ((target[c] ?? 0) === group && v !== undefined && Number.isFinite(v)) vs.push(v);
    }
    if (vs.length === 0) continue;
    vs.sort((a, b) => a - b);
    labels.push({ name: names[group] ?? "", v: vs[Math.floor(vs.length / 2)] ?? 0, cells: vs.length });
  }
  return labels;
}
