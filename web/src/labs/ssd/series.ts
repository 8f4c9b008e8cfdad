//! The SSD view's flat series, read out of one snapshot without copying, plus the decoders of
//! the row-shaped ones (the die timeline and the `[end_us, value]` pairs).

import { viewSeries, type Snapshot } from "../../sim/types";

/** One busy interval of a die: kind 1 read, 2 program, 3 GC copy, 4 erase. */
export interface DieOp {
  die: number;
  startUs: number;
  endUs: number;
  kind: number;
}

export interface SsdSeries {
  pageState: Float64Array;
  blockState: Float64Array;
  eraseCount: Float64Array;
  validCount: Float64Array;
  dieTimeline: Float64Array;
  dieBusyUntilUs: Float64Array;
  channelBusyUntilUs: Float64Array;
  waOverTime: Float64Array;
  latencyOverTime: Float64Array;
}

export function readSsdSeries(snapshot: Snapshot): SsdSeries {
  const get = (name: string): Float64Array => viewSeries(snapshot.view, snapshot.viewMeta, name);
  return {
    pageState: get("page_state"),
    blockState: get("block_state"),
    eraseCount: get("erase_count"),
    validCount: get("valid_count"),
    dieTimeline: get("die_timeline"),
    dieBusyUntilUs: get("die_busy_until_us"),
    channelBusyUntilUs: get("channel_busy_until_us"),
    waOverTime: get("wa_over_time"),
    latencyOverTime: get("latency_over_time"),
  };
}

/** Rows of 4 `[die, start_us, end_us, kind]`; a trailing partial row is ignored. */
export function decodeDieOps(rows: ArrayLike<number>): DieOp[] {
  const out: DieOp[] = [];
  for (let i = 0; i + 3 < rows.length; i += 4) {
    out.push({ die: rows[i] ?? 0, startUs: rows[i + 1] ?? 0, endUs: rows[i + 2] ?? 0, kind: rows[i + 3] ?? 0 });
  }
  return out;
}

/** Pairs `[x, y]` as two arrays, for a line chart. */
export function splitPairs(pairs: ArrayLike<number>): { xs: number[]; ys: number[] } {
  const xs: number[] = [];
  const ys: number[] = [];
  for (let i = 0; i + 1 < pairs.length; i += 2) {
    xs.push(pairs[i] ?? 0);
    ys.push(pairs[i + 1] ?? 0);
  }
  return { xs, ys };
}
