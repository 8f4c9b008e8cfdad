//! The flashlog lab's typed payloads: `FlashlogMeta` (the view's meta, every step) and
//! `FlashlogInfo` (static, once per load). `view.rs` fills them; `payload.gen.ts` is generated
//! from their schemas. One of `logging` / `append_pack` is set, per the scenario's mode.

use schemars::JsonSchema;
use serde::Serialize;

use crate::payload::ConstantPayload;

#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct FlashlogMeta {
    pub mode: String,
    pub logging: Option<LogMeta>,
    pub append_pack: Option<ApMeta>,
}

/// A write on a device lane (in flight, or one of its latest records).
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct LaneWrite {
    pub request: Option<u64>,
    pub start_lsn: u64,
    pub end_lsn: u64,
    /// `log`, `reissue`, `stripe`, `archive`, `cache_ack`, `destage`, or `record`.
    pub purpose: String,
    pub issued_ns: u64,
    pub due_ns: u64,
    /// The device drew an erase outlier for this write.
    pub outlier: bool,
    /// In the outlier hiding area (a re-issued copy below the device's main-area LSN).
    pub hiding_area: bool,
    /// Torn by the crash (payload fails its checksum).
    pub torn: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct LaneMeta {
    pub name: String,
    /// `hdd`, `ideal`, `usb`, `ssd`.
    pub kind: String,
    pub in_flight: Option<LaneWrite>,
    /// The latest records on the medium (at most 12), oldest first.
    pub recent: Vec<LaneWrite>,
    pub records: u64,
    pub writes: u64,
    pub avg_latency_us: f64,
    pub outliers_suffered: u64,
    /// Flash with a capacity: its log space, the space its records and write in flight take,
    /// and the space freed so far once the archive held it (`flashlog/archive.rs`).
    pub capacity_bytes: Option<u64>,
    pub used_bytes: u64,
    pub freed_bytes: u64,
    /// The oldest LSN still on the medium (the tail of its circular log), if any.
    pub oldest_lsn: Option<u64>,
}

#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct CommitMeta {
    pub txn: u64,
    pub start_lsn: u64,
    pub end_lsn: u64,
    pub commit_ns: u64,
    pub ack_ns: Option<u64>,
}

/// One stream of the recovery merge.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct StreamMeta {
    pub device: u64,
    pub device_name: String,
    /// `main`, `outlier_hiding`, `archive`.
    pub area: String,
    /// Records (at most 48, around the cursor), in stream order.
    pub records: Vec<LaneWrite>,
    /// Index in `records` of the next record the merge will take (records.len(): exhausted).
    pub cursor: u64,
    pub total: u64,
}

#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct MergeMeta {
    pub streams: Vec<StreamMeta>,
    pub recovered_end: u64,
    /// `extended`, `duplicate`, `torn`, `gap`, `exhausted`, or `` before the first step.
    pub last_step: String,
    pub last_stream: Option<u64>,
    pub duplicates: u64,
    pub torn_rejected: u64,
    pub gap_at: Option<u64>,
    pub done: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct CrashMeta {
    pub crash_ns: u64,
    pub acked_before_crash: u64,
    pub acked_end_lsn: u64,
    pub generated_lsn: u64,
    pub torn_writes: u64,
}

#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct RecoveredMeta {
    pub recovered_end: u64,
    pub committed: u64,
    pub acked_lost: u64,
    /// The first lost acknowledged transactions (at most 16).
    pub lost_txns: Vec<u64>,
    /// Log bytes the merge took from the archival HDD's archive (the rest came from flash or
    /// the HDD's synchronous writes).
    pub from_archive_bytes: u64,
}

#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct LogMeta {
    pub config: String,
    /// `running`, `finished`, `crashed`, `recovering`, `recovered`.
    pub phase: String,
    /// Acknowledges from a volatile cache (the ideal disk): loses commits at a crash.
    pub unsafe_config: bool,
    pub next_lsn: u64,
    pub issued_upto: u64,
    pub durable_prefix: u64,
    pub acked_end_lsn: u64,
    pub archived_upto: u64,
    /// Archive writes issued, and dispatches that found every idle flash device full.
    pub archive_writes: u64,
    pub space_stalls: u64,
    pub waiting_commits: u64,
    pub acked_commits: u64,
    pub transactions: u64,
    pub lanes: Vec<LaneMeta>,
    /// The latest commits (at most 16), oldest first.
    pub commits: Vec<CommitMeta>,
    /// The request the latest step was about (issued, completed or detected as an outlier).
    pub last_request: Option<u64>,
    pub last_event: String,
    pub crash: Option<CrashMeta>,
    pub merge: Option<MergeMeta>,
    pub recovered: Option<RecoveredMeta>,
}

#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct ApMeta {
    pub eb_pages: u32,
    pub blocks: u32,
    pub logical_pages: u32,
    /// Per block: `free`, `append` or `pack`.
    pub block_log: Vec<String>,
    pub block_valid: Vec<u32>,
    /// Blocks of each log, tail (oldest) first; the last is the head.
    pub append_log: Vec<u32>,
    pub pack_log: Vec<u32>,
    pub free_blocks: u32,
    pub write_buffer: Vec<u32>,
    /// The pack buffer's entries, oldest first: a page, or `None` for a copy that died here
    /// (its page was re-written while it waited; its slot goes to flash invalid).
    pub pack_buffer: Vec<Option<u32>>,
    pub user_writes: u64,
    pub device_pages_written: u64,
    pub packed_pages: u64,
    pub pack_steps: u64,
    pub erases: u64,
    /// Measured write amplification (device pages / appended user pages).
    pub write_amplification: f64,
    /// Mean valid fraction u of reclaimed blocks, and the model's 1/(1 − u).
    pub victim_valid_fraction: f64,
    pub model_write_amplification: f64,
    pub pack_due: bool,
    /// `write`, `read`, `pack` or `` before the first step.
    pub last_action: String,
    pub last_page: Option<u32>,
    pub last_block: Option<u32>,
    /// Blocks appended by the latest step.
    pub appended: Vec<u32>,
    pub device_busy_ns: u64,
}

/// One point of the throughput-vs-devices chart (computed once at load).
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct CurvePoint {
    pub devices: u32,
    pub commits_per_s: f64,
}

#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct ThroughputCurve {
    /// What the flash devices are (`usb-a` drives or `ssd` partitions).
    pub device: String,
    pub flashlogging: Vec<CurvePoint>,
    pub disk_commits_per_s: f64,
    pub ideal_commits_per_s: f64,
    pub transactions_per_run: u64,
}

#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct FlashlogInfo {
    pub mode: String,
    pub title: String,
    pub devices: Vec<String>,
    pub curve: Option<ThroughputCurve>,
    pub constants: Vec<ConstantPayload>,
}
