//! The `flashlog` scenario body: serde types whose doc comments become `scenarios/schema.json`
//! descriptions. Validation (ranges, which fields go with which mode) is in `config.rs`.
//!
//! ```json
//! "mode": "logging",
//! "log": {"config": "flashlogging", "devices": "usb", "drives": ["usb-a", "usb-b"],
//!         "archival_hdd": true, "outlier_factor": 2.0, "flash_capacity_bytes": 131072},
//! "workload": {"ops": [{"op": "commit", "txn": 1, "bytes": 700},
//!                      {"op": "crash", "at_us": 1500}, {"op": "recover"}]}
//!          or {"generator": {"workers": 8, "transactions": 40, "crash_at_us": 9000}}
//!
//! "mode": "append_pack",
//! "append_pack": {"eb_pages": 8, "blocks": 12, "logical_pages": 48},
//! "workload": {"ops": [{"op": "write", "page": 3}, {"op": "read", "page": 3}]}
//!          or {"generator": {"writes": 400, "hot_pages": 8, "hot_fraction": 0.8}}
//! ```

use schemars::JsonSchema;
use serde::Deserialize;

/// A FlashLogging lab scenario (synchronous commit logging over log devices, a crash and the
/// recovery merge) or an Append/Pack scenario (`mode: "append_pack"`).
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FlashlogBody {
    /// `logging` (default) or `append_pack`.
    #[serde(default)]
    pub mode: ModeSpec,
    /// Logging mode: the log devices and their scheduler.
    pub log: Option<LogSpec>,
    /// Append/Pack mode: the device layout.
    pub append_pack: Option<ApSpec>,
    pub workload: WorkloadSpec,
}

/// Which system the scenario runs.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize, JsonSchema)]
#[schemars(rename = "FlashlogMode")]
#[serde(rename_all = "snake_case")]
pub enum ModeSpec {
    /// Commits, log writes to devices, a crash and recovery (paper §2.1).
    #[default]
    Logging,
    /// The whole SSD as a log of erase-block appends with packing (paper §2.2).
    AppendPack,
}

/// The logging configuration of the paper's Figure 2.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
#[schemars(rename = "FlashlogConfigKind")]
#[serde(rename_all = "snake_case")]
pub enum ConfigKind {
    /// One 10k rpm HDD: each small synchronous write costs about a rotation.
    Disk,
    /// The same HDD with its volatile write cache on: fast, and NOT durable.
    Ideal,
    /// One SSD with one outstanding write (the original logging on an SSD).
    SsdNaive,
    /// Conventional RAID-0 over the drives: each flush split into stripe units.
    Striped,
    /// FlashLogging: online scheduling to any ready device, outlier re-issue.
    Flashlogging,
}

/// What the flash devices are.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize, JsonSchema)]
#[schemars(rename = "FlashlogDevices")]
#[serde(rename_all = "snake_case")]
pub enum DevicesSpec {
    /// USB-class flash drives (`drives`).
    #[default]
    Usb,
    /// Partitions of one SSD (`partitions`); `flashlogging` only.
    SsdPartitions,
}

/// The log devices.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[schemars(rename = "FlashlogLog")]
#[serde(deny_unknown_fields)]
pub struct LogSpec {
    pub config: ConfigKind,
    /// `striped`/`flashlogging`: USB drives or SSD partitions; default `usb`.
    #[serde(default)]
    pub devices: DevicesSpec,
    /// USB drive profiles, one per drive: `usb-a`, `usb-b`, `usb-c` (illustrative latency
    /// profiles with erase outliers); 1 to 8 drives; default two `usb-a`.
    pub drives: Option<Vec<String>>,
    /// `ssd_partitions`: partitions of the one SSD, 1 to 10; default 4.
    pub partitions: Option<u32>,
    /// `flashlogging` over USB: add the archival HDD (32 KB batches, and synchronous writes
    /// when every flash drive is busy); default false.
    pub archival_hdd: Option<bool>,
    /// `flashlogging`: re-issue a write outstanding longer than this × the device's average
    /// latency, 1.1 to 100; `null` or absent: 2 (the SIGMOD'09 slides).
    pub outlier_factor: Option<f64>,
    /// `flashlogging`: set false to turn outlier re-issue off; default true.
    pub outlier_reissue: Option<bool>,
    /// `striped`: stripe unit in bytes, a multiple of 512, 512 to 65536; default 4096.
    pub stripe_bytes: Option<u64>,
    /// `flashlogging` with `archival_hdd: true`: log space of each flash drive in bytes, a
    /// multiple of 512, 65536 (two 32 KB archival batches) to 17179869184 (16 GiB); the drive
    /// is a circular log whose space is freed only once the archival HDD holds it. Absent:
    /// unbounded (the drive never fills).
    pub flash_capacity_bytes: Option<u64>,
}

/// The Append/Pack device: `blocks` erase blocks of `eb_pages` pages.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[schemars(rename = "FlashlogAppendPack")]
#[serde(deny_unknown_fields)]
pub struct ApSpec {
    /// Pages per erase block (one append writes this many), 2 to 256; default 8.
    pub eb_pages: Option<u32>,
    /// Erase blocks on the device, 5 to 4096; default 12.
    pub blocks: Option<u32>,
    /// Logical pages of the database, at most (blocks − watermark − 2) × eb_pages; default
    /// half the device.
    pub logical_pages: Option<u32>,
    /// Packing starts when free blocks fall to this many, 1 to 16; default 2.
    pub low_watermark_blocks: Option<u32>,
}

/// Explicit ops at `workload.ops`, or a generator at `workload.generator`.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[schemars(rename = "FlashlogWorkload")]
#[serde(deny_unknown_fields)]
pub struct WorkloadSpec {
    pub ops: Option<Vec<OpSpec>>,
    pub generator: Option<GeneratorSpec>,
}

/// What an op does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
#[schemars(rename = "FlashlogOpKind")]
#[serde(rename_all = "snake_case")]
pub enum OpKind {
    /// Logging: transaction `txn` asks to commit a log record of `bytes`; it is acknowledged
    /// once its whole log prefix is durable.
    Commit,
    /// Logging: power fails at `at_us`; writes in flight are torn.
    Crash,
    /// Logging: after a crash, the k-way merge of the device streams (one record per step);
    /// answers the recovered LSN range and the committed transactions in it.
    Recover,
    /// Append/Pack: write a new version of `page`.
    Write,
    /// Append/Pack: read `page`; answers its version (−1 if never written).
    Read,
}

// Flat rather than tagged by `op`: serde buffers tagged enums, which loses the path of a bad
// field; flat, the error names it exactly (`workload.ops[3].bytes`).
/// One explicit op.
#[derive(Debug, Clone, Copy, Deserialize, JsonSchema)]
#[schemars(rename = "FlashlogOp")]
#[serde(deny_unknown_fields)]
pub struct OpSpec {
    pub op: OpKind,
    /// `commit`: the transaction's id (a label, echoed in the recovery answer).
    pub txn: Option<u64>,
    /// `commit`: log bytes of the commit record, 1 to 65536.
    pub bytes: Option<u64>,
    /// `commit`/`crash`: arrival time in µs; default: 200 µs after the previous op. Must not
    /// decrease along the list.
    pub at_us: Option<u64>,
    /// `write`/`read`: the logical page.
    pub page: Option<u32>,
}

/// A generator. Logging: W workers, each running a transaction's CPU time then committing.
/// Append/Pack: random page writes with a hot set.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[schemars(rename = "FlashlogGenerator")]
#[serde(deny_unknown_fields)]
pub struct GeneratorSpec {
    /// Logging: worker threads, 1 to 256; default 24.
    pub workers: Option<u32>,
    /// Logging: CPU cores, 1 to 64; default 8.
    pub cores: Option<u32>,
    /// Logging: mean CPU µs per transaction (uniform in [c/2, 3c/2]), 1 to 100000; default
    /// 680 (the calibration point).
    pub cpu_us: Option<u64>,
    /// Logging: mean log bytes per commit, 1 to 65536; default 1024.
    pub log_bytes: Option<u64>,
    /// Logging: the group-commit window in µs, 0 to 100000; default 0 (flush at once).
    pub group_commit_window_us: Option<u64>,
    /// Logging: transactions in total, 1 to 200000.
    pub transactions: Option<u64>,
    /// Logging: crash at this µs, then recover; default: no crash.
    pub crash_at_us: Option<u64>,
    /// Append/Pack: page writes, 1 to 500000.
    pub writes: Option<u64>,
    /// Append/Pack: pages of the hot set (the first pages), default 1/8 of the logical pages.
    pub hot_pages: Option<u32>,
    /// Append/Pack: fraction of writes that go to the hot set, 0 to 1; default 0.8.
    pub hot_fraction: Option<f64>,
}
