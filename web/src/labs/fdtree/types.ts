//! The FD+tree lab's view meta and info JSON, typed by `payload.gen.ts` (generated from
//! core/src/fdtree/lab/payload.rs), with a checked parse: a view from another core version
//! that lacks a field falls back to the generic view instead of drawing nonsense.

import type { FdtreeInfo, FdtreeMeta } from "./payload.gen";
import { isObject, hasNumbers } from "../guards";

export type * from "./payload.gen";

function levelOk(value: unknown): boolean {
  return (
    isObject(value) &&
    hasNumbers(value, ["label", "capacity_blocks", "block_count"]) &&
    typeof value["role"] === "string" &&
    Array.isArray(value["blocks"]) &&
    value["blocks"].every((b) => isObject(b) && hasNumbers(b, ["id", "first_key", "last_key", "inserts", "deletes", "fences"]) && typeof b["state"] === "string")
  );
}

/** The view meta if it has the shape this view draws, else null. */
export function parseFdtreeMeta(meta: unknown): FdtreeMeta | null {
  if (!isObject(meta) || !hasNumbers(meta, ["beta", "gamma", "kappa0", "key_max"])) return null;
  const l0 = meta["l0"];
  if (!isObject(l0) || !hasNumbers(l0, ["entries", "data", "fences", "old_entries", "slots_used", "slots_capacity", "buffer_entries", "trigger_entries"])) return null;
  if (!Array.isArray(meta["levels"]) || !meta["levels"].every(levelOk)) return null;
  if (!Array.isArray(meta["clients"]) || !Array.isArray(meta["recent_ops"]) || !Array.isArray(meta["merges"])) return null;
  if (!isObject(meta["counters"])) return null;
  const merge = meta["merge"];
  if (merge !== null && !(isObject(merge) && typeof merge["phase"] === "string" && Array.isArray(merge["generated"]))) return null;
  const compare = meta["compare"];
  if (compare !== null && compare !== undefined && !Array.isArray(compare)) return null;
  const parsed = meta as unknown as FdtreeMeta;
  return compare === undefined ? { ...parsed, compare: null } : parsed;
}

export function parseFdtreeInfo(info: unknown): FdtreeInfo | null {
  if (!isObject(info) || !Array.isArray(info["constants"]) || !Array.isArray(info["leaves_out"])) return null;
  return info as unknown as FdtreeInfo;
}
