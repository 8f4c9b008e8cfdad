//! The readout line of one cell (pure): Vth, state, and where ISPP is taking it.

import type { CellSeries } from "./series";
import type { NandMeta } from "./types";

/** One line about a cell: its Vth, state, where ISPP is taking it, and whether it is inhibited. */
export function describeCell(meta: NandMeta, cells: CellSeries, i: number): string {
  const vth = cells.vth[i];
  if (vth === undefined) return "";
  const state = meta.states[cells.state[i] ?? 0];
  const target = meta.states[cells.target[i] ?? 0];
  const pending = (cells.inhibited[i] ?? 1) === 0;
  const head = `cell ${i} · ${vth.toFixed(2)} V · ${state?.name ?? "?"}`;
  if (pending && target) return `${head} → ${target.name} (verify ${(cells.targetVerify[i] ?? target.verify_v).toFixed(2)} V) · programming`;
  if (state && state.final_level !== 0) return `${head} (verify ${state.verify_v.toFixed(2)} V) · inhibited`;
  return `${head} · inhibited`;
}
