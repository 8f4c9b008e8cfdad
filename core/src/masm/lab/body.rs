//! The MaSM scenario body (`device`, `params`, `workload`): serde types whose doc comments become
//! `scenarios/schema.json`. Everything but the workload is optional; `config.rs` checks ranges
//! and the op list with exact JSON paths.
//!
//! Type names carry a `Masm` prefix because every lab's schema definitions share one namespace.

use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MasmBody {
    /// The main disk and the update cache.
    #[serde(default)]
    pub device: MasmDevice,
    /// MaSM variant and sizes (toy-sized: a few update records per SSD page).
    #[serde(default)]
    pub params: MasmParams,
    /// Explicit `ops` or a `generator`.
    pub workload: MasmWorkload,
}

#[derive(Debug, Clone, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MasmDevice {
    /// HDD preset holding the main data (default `barracuda-7200-200gb`, the paper's §5.1 disk).
    pub hdd: Option<String>,
    /// The update cache: an SSD drive preset (default `x25e`, §5.1) or `hdd` for a second disk
    /// identical to the main one (Fig. 19).
    pub cache: Option<String>,
}

/// Which MaSM.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize, JsonSchema)]
pub enum MasmVariantId {
    /// MaSM-2M: M buffer pages + M query pages; every update written once (§3.2).
    #[default]
    #[serde(rename = "2M")]
    TwoM,
    /// MaSM-M: M pages; 2-pass runs, at most 1.75 + 2/M writes per update (Thm 3.1).
    #[serde(rename = "M")]
    M,
    /// MaSM-αM with α from `alpha` (Thm 3.2).
    #[serde(rename = "alphaM")]
    AlphaM,
}

/// Run-index granularity (§3.5).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum MasmGranularity {
    /// One index entry per SSD page P (64 KB in the paper).
    #[default]
    Coarse,
    /// One index entry per P/16 (4 KB in the paper).
    Fine,
}

/// The rows the table starts with.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum MasmInitialRows {
    /// Even keys are loaded, odd keys are left for inserts (the paper's set-up, §5.1).
    #[default]
    Even,
    /// Every key is loaded.
    All,
    /// The table starts empty.
    None,
}

#[derive(Debug, Clone, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MasmParams {
    /// `2M` (default), `M` or `alphaM`.
    pub variant: Option<MasmVariantId>,
    /// α of MaSM-αM, in [2/M^(1/3), 2] (only with `alphaM`).
    pub alpha: Option<f64>,
    /// M: the SSD holds M² pages; memory is 2M, M or αM pages (2..=64, default 8).
    pub m_pages: Option<u64>,
    /// Update records per SSD page (1..=64, default 4).
    pub records_per_page: Option<u64>,
    /// Bytes of one SSD page P, for timing (512..=1 MiB, default 65,536).
    pub page_bytes: Option<u64>,
    /// Bytes of one table record on the disk, for timing (1..=65,536, default 100).
    pub record_bytes: Option<u64>,
    /// Run index granularity (default `coarse`).
    pub granularity: Option<MasmGranularity>,
    /// MaSM-M/αM borrow idle query pages when the buffer is full (default true).
    pub page_stealing: Option<bool>,
    /// Coalesce same-key records at flush and merge when no query separates them (default false).
    pub coalesce: Option<bool>,
    /// Keys are 0..key_space (1..=65,536, default 64).
    pub key_space: Option<u64>,
    /// Consecutive keys per table page on the disk (default 4; at most 4,096 table pages).
    pub keys_per_table_page: Option<u64>,
    /// Which keys the table starts with (default `even`).
    pub initial_rows: Option<MasmInitialRows>,
    /// Fraction of the M² SSD pages in live runs that starts a migration after a flush
    /// (0.05..=1, default 0.9; 1 = only when the SSD is full).
    pub migration_threshold: Option<f64>,
    /// Override S, the update buffer pages (MaSM-M/αM only).
    pub buffer_pages: Option<u64>,
    /// Override N, the 2-pass merge fan-in (MaSM-M/αM only).
    pub fan_in: Option<u64>,
    /// Also run the in-place, IU and LSM baselines on the same operations (default false).
    pub compare: Option<bool>,
    /// IU's SSD reads outstanding while a scan's merge fetches cached updates (1..=32,
    /// default 1: the merge fetches each update when it reaches it; 32 is SATA's command queue).
    pub iu_queue_depth: Option<u64>,
}

#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MasmWorkload {
    /// Explicit operations, in order. Give `ops` or `generator`, not both.
    pub ops: Option<Vec<MasmOp>>,
    /// Generated operations. Give `ops` or `generator`, not both.
    pub generator: Option<MasmGenerator>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum MasmOpKind {
    /// Insert an absent `key` with `value`.
    Insert,
    /// Set the value of a present `key` to `value`.
    Modify,
    /// Delete a present `key`.
    Delete,
    /// Range scan of keys `from..=to`; answered with the rows in key order.
    Scan,
    /// Start a migration of the cached updates into the table.
    Migrate,
    /// Lose the memory (buffer, flush in flight, open scans) and recover from the redo log.
    Crash,
}

/// One operation: `{"op": "insert", "key": 7, "value": 70}`, `{"op": "scan", "from": 0,
/// "to": 9}`, `{"op": "crash", "at_ns": 5000000}`.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MasmOp {
    pub op: MasmOpKind,
    /// Key of insert, modify and delete.
    pub key: Option<u64>,
    /// New value (the row's first field) of insert and modify.
    pub value: Option<u64>,
    /// First key of a scan.
    pub from: Option<u64>,
    /// Last key of a scan (inclusive).
    pub to: Option<u64>,
    /// Arrival time in ns. Without it the op arrives when the previous one completes (closed
    /// loop); with it, at that time (but never before the previous op arrived).
    pub at_ns: Option<u64>,
}

/// Relative weights of the generated update kinds.
#[derive(Debug, Clone, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MasmMix {
    /// Weight of inserts of absent keys (default 1).
    pub insert: Option<u32>,
    /// Weight of modifies of present keys (default 2).
    pub modify: Option<u32>,
    /// Weight of deletes of present keys (default 1).
    pub delete: Option<u32>,
}

#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MasmGenerator {
    /// Updates to generate (1..=20,000), uniform over the key space and always well-formed.
    pub updates: u64,
    /// Mix of update kinds.
    pub mix: Option<MasmMix>,
    /// A scan after every this many updates (default 0 = no scans).
    pub scan_every: Option<u64>,
    /// Keys per generated scan, at a random start (default 8).
    pub scan_keys: Option<u64>,
    /// Time between op arrivals in ns (default 0 = closed loop: each op when the previous ends).
    pub interarrival_ns: Option<u64>,
}
