//! The MaSM view's flat series, read out of one snapshot without copying, plus the decoders of
//! the row-shaped ones (device operations, `[x, y]` pairs).

import { viewSeries, type Snapshot } from "../../sim/types";
import type { SchemeId } from "./types";

/** One device operation: `[start_us, end_us, kind, page or run id]`. */
export interface DeviceOp {
  startUs: number;
  endUs: number;
  kind: number;
  /** The HDD page (hdd_ops) or the run id (cache_ops). */
  target: number;
}

export interface MasmSeries {
  tablePageTs: Float64Array;
  tablePageRows: Float64Array;
  hddOps: Float64Array;
  cacheOps: Float64Array;
  writesPerUpdate: Float64Array;
  scanNs: Record<SchemeId, Float64Array>;
  /** The disk-arm trace's rows of `[start_ns, end_ns, offset_bytes]` (`DiskArmPanel`). */
  arm: { in_place: { scan: Float64Array; other: Float64Array }; iu: { scan: Float64Array; other: Float64Array } };
}

export function readMasmSeries(snapshot: Snapshot): MasmSeries {
  const get = (name: string): Float64Array => viewSeries(snapshot.view, snapshot.viewMeta, name);
  return {
    tablePageTs: get("table_page_ts"),
    tablePageRows: get("table_page_rows"),
    hddOps: get("hdd_ops"),
    cacheOps: get("cache_ops"),
    writesPerUpdate: get("writes_per_update"),
    scanNs: {
      masm: get("scan_ns_masm"),
      in_place: get("scan_ns_in_place"),
      iu: get("scan_ns_iu"),
      lsm: get("scan_ns_lsm"),
    },
    arm: {
      in_place: { scan: get("arm_in_place_scan"), other: get("arm_in_place_other") },
      iu: { scan: get("arm_iu_scan"), other: get("arm_iu_other") },
    },
  };
}

/** Rows of 4 `[start_us, end_us, kind, target]`; a trailing partial row is ignored. */
export function decodeDeviceOps(rows: ArrayLike<number>): DeviceOp[] {
  const out: DeviceOp[] = [];
  for (let i = 0; i + 3 < rows.length; i += 4) {
    out.push({ startUs: rows[i] ?? 0, endUs: rows[i + 1] ?? 0, kind: rows[i + 2] ?? 0, target: rows[i + 3] ?? 0 });
  }
  return out;
}

/** Pairs `[x, y]` as points; non-finite pairs and a trailing half pair are dropped. */
export function pairsToPoints(pairs: ArrayLike<number>): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 0; i + 1 < pairs.length; i += 2) {
    const x = pairs[i];
    const y = pairs[i + 1];
    if (x !== undefined && y !== undefined && Number.isFinite(x) && Number.isFinite(y)) out.push([x, y]);
  }
  return out;
}
