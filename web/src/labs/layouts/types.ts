//! The layouts lab's view meta and info JSON, typed by `payload.gen.ts` (generated from
//! core/src/layouts/lab/payload.rs), with a checked parse: a payload from another core version
//! that lacks a field falls back to the generic view instead of drawing nonsense.

import type { LayoutsInfo, LayoutsMeta } from "./payload.gen";
import { isObject, hasNumbers } from "../guards";

export type * from "./payload.gen";

/** The view meta if it has the shape this view draws, else null. */
export function parseLayoutsMeta(meta: unknown): LayoutsMeta | null {
  if (!isObject(meta) || !hasNumbers(meta, ["now_ns", "steps", "device_extent_bytes"])) return null;
  const device = meta["device"];
  if (!isObject(device) || !hasNumbers(device, ["seeks", "requests", "bytes", "queued", "in_flight"])) return null;
  if (!Array.isArray(device["channel_busy"])) return null;
  const files = meta["files"];
  if (!Array.isArray(files) || !files.every((f) => isObject(f) && hasNumbers(f, ["device_base", "device_bytes", "needed_units", "issued_units", "delivered_units", "consumed_units"]))) {
    return null;
  }
  const queries = meta["queries"];
  if (!Array.isArray(queries) || !queries.every((q) => isObject(q) && hasNumbers(q, ["cpu_ns", "io_wait_ns", "elapsed_ns", "cursor_row", "rows"]))) {
    return null;
  }
  if (!Array.isArray(meta["in_flight"])) return null;
  return meta as unknown as LayoutsMeta;
}

export function parseLayoutsInfo(info: unknown): LayoutsInfo | null {
  if (!isObject(info) || typeof info["table"] !== "string" || !Array.isArray(info["columns"])) return null;
  if (!Array.isArray(info["paper_points"]) || !isObject(info["knobs"]) || !Array.isArray(info["queries"])) return null;
  const sweep = info["sweep"];
  if (sweep !== null && !(isObject(sweep) && Array.isArray(sweep["column_s"]) && Array.isArray(sweep["pax_s"]) && Array.isArray(sweep["fractions"]))) return null;
  return info as unknown as LayoutsInfo;
}
