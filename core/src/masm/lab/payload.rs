//! The MaSM lab's typed payloads: `MasmMeta` (the view's meta, every step; the contract of
//! `/work/plan/masm-contract.md` plus `down` and each compare row's `available`/`error`) and
//! `MasmInfo` (static, once per load). `view.rs` fills them; `web/src/labs/masm/payload.gen.ts`
//! is generated from their schemas (see `crate::payload`).

use schemars::JsonSchema;
use serde::Serialize;

use crate::payload::ConstantPayload;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum RecordKind {
    Insert,
    Delete,
    Modify,
    Replace,
}

/// One update record as the view shows it: its timestamp, key and kind.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct ViewRecord {
    pub ts: u64,
    pub key: u64,
    pub kind: RecordKind,
}

#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct MasmBuffer {
    /// Arrival order, at most 512.
    pub records: Vec<ViewRecord>,
    pub count: u64,
    pub capacity_records: u64,
    pub pages_used: u64,
    pub base_pages: u64,
    pub stolen_pages: u64,
    pub sorted: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct MasmFlush {
    /// Sorted by (key, ts), at most 512.
    pub records: Vec<ViewRecord>,
    pub count: u64,
    pub pages_written: u64,
    pub pages_total: u64,
    pub start_ns: u64,
    pub end_ns: u64,
}

#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct MasmRun {
    pub id: u64,
    pub pass: u8,
    pub min_ts: u64,
    pub max_ts: u64,
    pub min_key: u64,
    pub max_key: u64,
    pub records: u64,
    pub pages: u64,
    /// First key of each run-index granule, at most 256.
    pub granule_first_keys: Vec<u64>,
    /// In the migrating set R.
    pub frozen: bool,
    pub created_ns: u64,
}

#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Interval {
    pub start_ns: u64,
    pub end_ns: u64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ScanStateName {
    Running,
    Done,
    Aborted,
}

/// The granules a scan reads from one run.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct ScanRun {
    pub run_id: u64,
    pub granule_start: u64,
    pub granule_count: u64,
}

#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct MasmScan {
    pub op: u64,
    pub query_ts: u64,
    pub from: u64,
    pub to: u64,
    pub state: ScanStateName,
    pub start_ns: u64,
    pub end_ns: u64,
    pub hdd: Interval,
    pub ssd: Option<Interval>,
    pub runs: Vec<ScanRun>,
    pub table_page_first: u64,
    pub table_page_last: u64,
    pub rows: u64,
    pub update_records_merged: u64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum MigrationState {
    Waiting,
    Running,
}

#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct MasmMigration {
    pub ts: u64,
    pub state: MigrationState,
    pub next_page: u64,
    pub pages_total: u64,
    pub run_ids: Vec<u64>,
    /// Open query timestamps older than the migration's.
    pub waiting_for: Vec<u64>,
    pub start_ns: u64,
}

#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct MasmMemory {
    pub budget_pages: u64,
    pub buffer_pages: u64,
    pub stolen_pages: u64,
    pub query_pages_in_use: u64,
    pub total_pages: u64,
}

#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct MasmWrites {
    /// Records written once, twice, three or more times, over every record ever flushed.
    pub histogram: [u64; 3],
    pub mean_per_update: f64,
    pub theorem: f64,
    pub max: u64,
}

#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct MasmLog {
    pub records: u64,
    pub truncated_ts: u64,
    pub replayed_last_recovery: u64,
}

#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct MasmCounts {
    pub updates: u64,
    pub flushes: u64,
    pub merges: u64,
    pub scans: u64,
    pub migrations: u64,
    pub crashes: u64,
    pub ssd_pages_written: u64,
    pub ssd_pages_read: u64,
    pub hdd_pages_read: u64,
    pub hdd_pages_written: u64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum SchemeId {
    Masm,
    InPlace,
    Iu,
    Lsm,
}

/// One row of the comparison with the baselines.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct SchemeSummary {
    pub scheme: SchemeId,
    pub label: String,
    /// False when the core could not run this baseline; `error` says why.
    pub available: bool,
    pub error: Option<String>,
    pub updates: u64,
    pub scans: u64,
    pub last_scan_ns: u64,
    pub mean_scan_ns: u64,
    pub ssd_writes_per_update: f64,
    pub ssd_pages_written: u64,
    pub hdd_busy_ns: u64,
    pub answers_match: bool,
}

/// One baseline's disk-arm trace in the compare view (`baseline::arm_trace`). Its I/Os are the
/// series `arm_<scheme>_scan` and `arm_<scheme>_other`, rows of 3 `[start_ns, end_ns,
/// offset_bytes]`, the newest `kept` of each stream.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct MasmArmTrace {
    /// `in_place` or `iu`.
    pub scheme: SchemeId,
    /// Bytes of the HDD holding the table: the scan stream's offsets lie in `[0, table_bytes)`.
    pub table_bytes: u64,
    /// `hdd` (in-place: the updates' read-modify-writes on the same disk) or `ssd` (IU: the
    /// per-record reads of its update log).
    pub other_device: String,
    /// Bytes of the other stream's address space (the table, or IU's log on the SSD).
    pub other_bytes: u64,
    /// I/Os recorded in all, and kept in the series, per stream.
    pub scan_total: u64,
    pub scan_kept: u64,
    pub other_total: u64,
    pub other_kept: u64,
    /// Arrival and completion of the baseline's latest scan (null before its first).
    pub last_scan: Option<Interval>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum GranularityName {
    Coarse,
    Fine,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum CacheDevice {
    Ssd,
    Hdd,
}

/// `view().meta` of the MaSM lab.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct MasmMeta {
    /// "2M", "M" or "alphaM".
    pub variant: String,
    pub alpha: f64,
    pub m_pages: u64,
    pub buffer_pages: u64,
    pub query_pages: u64,
    pub fan_in: u64,
    pub ssd_capacity_pages: u64,
    pub records_per_page: u64,
    pub records_per_granule: u64,
    pub granularity: GranularityName,
    pub page_bytes: u64,
    pub record_bytes: u64,
    pub key_space: u64,
    pub keys_per_table_page: u64,
    pub table_pages: u64,
    pub cache_device: CacheDevice,
    pub theorem_writes_per_update: f64,
    pub migration_threshold: f64,
    pub now_ns: u64,
    pub clock_ts: u64,
    pub buffer: MasmBuffer,
    pub flush: Option<MasmFlush>,
    pub runs: Vec<MasmRun>,
    pub scans: Vec<MasmScan>,
    pub migration: Option<MasmMigration>,
    pub memory: MasmMemory,
    pub writes: MasmWrites,
    pub log: MasmLog,
    pub counts: MasmCounts,
    /// Null unless the scenario compares MaSM with the baselines.
    pub compare: Option<Vec<SchemeSummary>>,
    /// In-place's and IU's disk-arm traces (empty unless the scenario compares).
    pub disk_arm: Vec<MasmArmTrace>,
    /// Between a crash and the end of its recovery.
    pub down: bool,
}

/// The theorem's integer recipe for MaSM-αM (Theorem 3.2).
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct TheoremPlan {
    #[serde(rename = "S")]
    pub s: u64,
    #[serde(rename = "Q")]
    pub q: u64,
    #[serde(rename = "N")]
    pub n: u64,
    #[serde(rename = "K2")]
    pub k2: u64,
    pub writes_per_update: f64,
    /// The paper's closed form, beside the exact integer recipe.
    pub writes_per_update_paper: f64,
}

/// `info()` of the MaSM lab.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct MasmInfo {
    pub event_kinds: u64,
    pub constants: Vec<ConstantPayload>,
    /// Null for MaSM-2M.
    pub theorem: Option<TheoremPlan>,
    pub update_kinds: Vec<String>,
    pub hdd_op_kinds: Vec<String>,
    pub cache_op_kinds: Vec<String>,
}
