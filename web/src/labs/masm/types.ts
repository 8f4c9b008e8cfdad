//! The MaSM lab's view meta and info JSON, typed by `payload.gen.ts` (generated from
//! core/src/masm/lab/payload.rs), with a checked parse: a view from another core version that
//! lacks a field falls back to the generic view instead of drawing nonsense. All times are
//! integer nanoseconds from the core.

import type { ConstantPayload, MasmInfo, MasmMeta, TheoremPlan } from "./payload.gen";
import { isObject, hasNumbers } from "../guards";

export type * from "./payload.gen";
export type MasmConstant = ConstantPayload;

/** The part of `MasmInfo` the sources card needs (all a parse of an older core can promise). */
export type MasmSources = Pick<MasmInfo, "constants" | "theorem">;

function isInterval(value: unknown): boolean {
  return isObject(value) && hasNumbers(value, ["start_ns", "end_ns"]);
}

function recordsOk(value: unknown): boolean {
  if (!Array.isArray(value)) return false;
  return value.every((r) => isObject(r) && hasNumbers(r, ["ts", "key"]) && typeof r["kind"] === "string");
}

const TOP_NUMBERS = [
  "m_pages",
  "buffer_pages",
  "query_pages",
  "fan_in",
  "ssd_capacity_pages",
  "records_per_page",
  "records_per_granule",
  "key_space",
  "keys_per_table_page",
  "table_pages",
  "migration_threshold",
  "now_ns",
  "clock_ts",
] as const;

function runOk(value: unknown): boolean {
  return (
    isObject(value) &&
    hasNumbers(value, ["id", "pass", "min_ts", "max_ts", "min_key", "max_key", "records", "pages"]) &&
    Array.isArray(value["granule_first_keys"]) &&
    typeof value["frozen"] === "boolean"
  );
}

function scanOk(value: unknown): boolean {
  if (!isObject(value) || !hasNumbers(value, ["op", "query_ts", "from", "to", "start_ns", "end_ns", "rows"])) return false;
  if (typeof value["state"] !== "string" || !isInterval(value["hdd"]) || !Array.isArray(value["runs"])) return false;
  return value["ssd"] === null || isInterval(value["ssd"]);
}

function compareOk(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (!Array.isArray(value)) return false;
  return value.every(
    (s) =>
      isObject(s) &&
      typeof s["scheme"] === "string" &&
      hasNumbers(s, ["mean_scan_ns", "ssd_writes_per_update", "hdd_busy_ns"]) &&
      typeof s["answers_match"] === "boolean",
  );
}

/** The view meta if it has the shape this view draws, else null. */
export function parseMasmMeta(meta: unknown): MasmMeta | null {
  if (!isObject(meta) || !hasNumbers(meta, TOP_NUMBERS)) return null;
  const buffer = meta["buffer"];
  if (!isObject(buffer) || !hasNumbers(buffer, ["count", "capacity_records", "pages_used", "base_pages", "stolen_pages"]) || !recordsOk(buffer["records"])) {
    return null;
  }
  const flush = meta["flush"];
  if (flush !== null && !(isObject(flush) && hasNumbers(flush, ["pages_written", "pages_total", "start_ns", "end_ns"]) && recordsOk(flush["records"]))) {
    return null;
  }
  if (!Array.isArray(meta["runs"]) || !meta["runs"].every(runOk)) return null;
  if (!Array.isArray(meta["scans"]) || !meta["scans"].every(scanOk)) return null;
  const migration = meta["migration"];
  if (migration !== null && !(isObject(migration) && hasNumbers(migration, ["ts", "next_page", "pages_total"]) && Array.isArray(migration["waiting_for"]))) {
    return null;
  }
  const memory = meta["memory"];
  if (!isObject(memory) || !hasNumbers(memory, ["budget_pages", "buffer_pages", "stolen_pages", "query_pages_in_use", "total_pages"])) return null;
  const writes = meta["writes"];
  if (!isObject(writes) || !Array.isArray(writes["histogram"]) || typeof writes["mean_per_update"] !== "number") return null;
  if (!isObject(meta["log"]) || !isObject(meta["counts"])) return null;
  if (!compareOk(meta["compare"])) return null;
  const parsed = meta as unknown as MasmMeta;
  // An older core may leave `compare` (the same as "not comparing") or `disk_arm` out.
  const withArm = Array.isArray(meta["disk_arm"]) ? parsed : { ...parsed, disk_arm: [] };
  return meta["compare"] === undefined ? { ...withArm, compare: null } : withArm;
}

export function parseMasmInfo(info: unknown): MasmSources | null {
  if (!isObject(info) || !Array.isArray(info["constants"])) return null;
  const theorem = info["theorem"];
  const plan = isObject(theorem) && hasNumbers(theorem, ["S", "Q", "N", "K2", "writes_per_update"]) ? (theorem as unknown as TheoremPlan) : null;
  return { constants: info["constants"] as MasmConstant[], theorem: plan };
}
