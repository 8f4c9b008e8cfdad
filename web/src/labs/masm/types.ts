//! The MaSM lab's view meta and info JSON (plan/masm-contract.md, core/src/masm/lab/), with a
//! checked parse: a view from another core version that lacks a field falls back to the generic
//! view instead of drawing nonsense. All times are integer nanoseconds from the core.

export type RecordKind = "insert" | "delete" | "modify" | "replace";
export type SchemeId = "masm" | "in_place" | "iu" | "lsm";

/** One update record as the view shows it: its timestamp, key and kind. */
export interface ViewRecord {
  ts: number;
  key: number;
  kind: RecordKind;
}

export interface MasmBuffer {
  /** Arrival order, at most 512. */
  records: ViewRecord[];
  count: number;
  capacity_records: number;
  pages_used: number;
  base_pages: number;
  stolen_pages: number;
  sorted: boolean;
}

export interface MasmFlush {
  /** Sorted by (key, ts), at most 512. */
  records: ViewRecord[];
  count: number;
  pages_written: number;
  pages_total: number;
  start_ns: number;
  end_ns: number;
}

export interface MasmRun {
  id: number;
  pass: 1 | 2;
  min_ts: number;
  max_ts: number;
  min_key: number;
  max_key: number;
  records: number;
  pages: number;
  /** First key of each run-index granule, at most 256. */
  granule_first_keys: number[];
  /** In the migrating set R. */
  frozen: boolean;
  created_ns: number;
}

export interface Interval {
  start_ns: number;
  end_ns: number;
}

export interface MasmScan {
  op: number;
  query_ts: number;
  from: number;
  to: number;
  state: "running" | "done" | "aborted";
  start_ns: number;
  end_ns: number;
  hdd: Interval;
  ssd: Interval | null;
  runs: { run_id: number; granule_start: number; granule_count: number }[];
  table_page_first: number;
  table_page_last: number;
  rows: number;
  update_records_merged: number;
}

export interface MasmMigration {
  ts: number;
  state: "waiting" | "running";
  next_page: number;
  pages_total: number;
  run_ids: number[];
  /** Open query timestamps older than the migration's. */
  waiting_for: number[];
  start_ns: number;
}

export interface MasmMemory {
  budget_pages: number;
  buffer_pages: number;
  stolen_pages: number;
  query_pages_in_use: number;
  total_pages: number;
}

export interface MasmWrites {
  /** Records written once, twice, three or more times, over every record ever flushed. */
  histogram: [number, number, number];
  mean_per_update: number;
  theorem: number | null;
  max: number;
}

export interface MasmCounts {
  updates: number;
  flushes: number;
  merges: number;
  scans: number;
  migrations: number;
  crashes: number;
  ssd_pages_written: number;
  ssd_pages_read: number;
  hdd_pages_read: number;
  hdd_pages_written: number;
}

export interface SchemeSummary {
  scheme: SchemeId;
  label: string;
  updates: number;
  scans: number;
  last_scan_ns: number;
  mean_scan_ns: number;
  ssd_writes_per_update: number;
  ssd_pages_written: number;
  hdd_busy_ns: number;
  answers_match: boolean;
  /** False when the core could not run this baseline; `error` says why. */
  available?: boolean;
  error?: string | null;
}

export interface MasmMeta {
  variant: "2M" | "M" | "alphaM";
  alpha: number;
  m_pages: number;
  buffer_pages: number;
  query_pages: number;
  fan_in: number;
  ssd_capacity_pages: number;
  records_per_page: number;
  records_per_granule: number;
  granularity: "coarse" | "fine";
  page_bytes: number;
  record_bytes: number;
  key_space: number;
  keys_per_table_page: number;
  table_pages: number;
  cache_device: "ssd" | "hdd";
  theorem_writes_per_update: number | null;
  migration_threshold: number;
  now_ns: number;
  clock_ts: number;
  buffer: MasmBuffer;
  flush: MasmFlush | null;
  runs: MasmRun[];
  scans: MasmScan[];
  migration: MasmMigration | null;
  memory: MasmMemory;
  writes: MasmWrites;
  log: { records: number; truncated_ts: number; replayed_last_recovery: number };
  counts: MasmCounts;
  compare: SchemeSummary[] | null;
  /** Between a crash and the end of its recovery (the core adds it beyond the contract). */
  down?: boolean;
}

export interface MasmConstant {
  key: string;
  label: string;
  value: number;
  unit: string;
  tag: string;
  source: string;
}

export interface TheoremPlan {
  S: number;
  Q: number;
  N: number;
  K2: number;
  writes_per_update: number;
  /** The paper's closed form, when the core gives it beside its exact integer recipe. */
  writes_per_update_paper?: number;
}

export interface MasmInfo {
  constants: MasmConstant[];
  theorem: TheoremPlan | null;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function hasNumbers(value: Record<string, unknown>, keys: readonly string[]): boolean {
  return keys.every((k) => typeof value[k] === "number");
}

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
  // An older core may leave `compare` out: the same as "not comparing".
  return meta["compare"] === undefined ? { ...parsed, compare: null } : parsed;
}

export function parseMasmInfo(info: unknown): MasmInfo | null {
  if (!isObject(info) || !Array.isArray(info["constants"])) return null;
  const theorem = info["theorem"];
  const plan = isObject(theorem) && hasNumbers(theorem, ["S", "Q", "N", "K2", "writes_per_update"]) ? (theorem as unknown as TheoremPlan) : null;
  return { constants: info["constants"] as MasmConstant[], theorem: plan };
}
