//! The layouts scenario body (`table`, `device`, `params`, `workload`, `sweep`): serde types
//! whose doc comments become `scenarios/schema.json`. `config.rs` checks ranges with exact JSON
//! paths. Type names carry a `Layouts` prefix (every lab's schema definitions share one
//! namespace).

use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LayoutsBody {
    /// The table every query scans, generated from the scenario's seed.
    #[serde(default)]
    pub table: LayoutsTable,
    /// The device holding the tables (the seed 001 presets of paper Table 2).
    #[serde(default)]
    pub device: LayoutsDevice,
    /// Storage layout and scan knobs.
    #[serde(default)]
    pub params: LayoutsParams,
    /// The scans: explicit `ops` or a `generator`. All queries run concurrently, each on its own
    /// copy of the table placed one after the other on the device (no scan sharing, §5.3.3).
    pub workload: LayoutsWorkload,
    /// The time-vs-projectivity sweep (shape-only tables, no values), computed when first shown.
    #[serde(default)]
    pub sweep: LayoutsSweep,
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum LayoutsTableKind {
    /// TPC-H LINEITEM: 16 attributes, 150 B per tuple.
    Lineitem,
    /// TPC-H ORDERS: 7 attributes, 32 B per tuple (default).
    #[default]
    Orders,
}

#[derive(Debug, Clone, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LayoutsTable {
    /// `orders` (default) or `lineitem`.
    pub kind: Option<LayoutsTableKind>,
    /// Rows generated (1..=200000, default 6000). Small, so every I/O of the animation shows.
    pub rows: Option<u64>,
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum LayoutsDeviceId {
    /// Seagate Barracuda SATA 2.0 7200 rpm, 80 MB/s (HDD preset `seed001-barracuda-sata2`).
    #[default]
    Disk,
    /// SSD-Fast: 250 MB/s, 0.1 ms (SSD preset `ssd_fast`).
    SsdFast,
    /// SSD-Medium: 69 MB/s, 0.2 ms (`ssd_medium`).
    SsdMedium,
    /// SSD-Slow: 25 MB/s, 0.6 ms (`ssd_slow`).
    SsdSlow,
    /// RAID-0 of two of the disk, striped (paper §5.1.2, up to 160 MB/s).
    Raid0,
}

#[derive(Debug, Clone, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LayoutsDevice {
    /// `disk` (default), `ssd_fast`, `ssd_medium`, `ssd_slow` or `raid0`.
    pub id: Option<LayoutsDeviceId>,
    /// RAID-0 stripe unit in bytes (`raid0` only): a multiple of 4096 from 4096 to 4194304,
    /// default 65536 (mdadm 2.6's default chunk; the paper does not state its array's).
    pub stripe_bytes: Option<u64>,
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum LayoutsLayout {
    /// Row store: whole tuples in slotted pages.
    Nsm,
    /// Column store: one file per attribute (default).
    #[default]
    Dsm,
    /// PAX: row pages split into one minipage per attribute.
    Pax,
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum LayoutsScheduler {
    /// One FIFO queue.
    Noop,
    /// Per-query queues in LBA order, 100 ms slices, 8 ms idling (Linux 2.6.24's default).
    #[default]
    Cfq,
}

#[derive(Debug, Clone, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LayoutsParams {
    /// `nsm`, `dsm` (default) or `pax`.
    pub layout: Option<LayoutsLayout>,
    /// Page size in bytes (512..=65536, multiple of 512; default 4096).
    pub page_bytes: Option<u32>,
    /// I/O unit in bytes (multiple of 512, 512..=4194304; default 131072, the paper's 128 KB).
    pub io_unit_bytes: Option<u64>,
    /// Read-ahead per stream in bytes (≥ the I/O unit, ≤ 64 MiB; default 6291456 = 6 MB).
    pub read_ahead_bytes: Option<u64>,
    /// `cfq` (default) or `noop`.
    pub scheduler: Option<LayoutsScheduler>,
    /// On-device bytes per logical byte, in (0, 1] (default 1 = off; ORDERS 12/32 = 0.375).
    pub compression_ratio: Option<f64>,
    /// Pack pages with the codec (frame of reference + bit-packing of the real values, 128 per
    /// block; `core/src/layouts/codec.rs`): the on-device page size comes from the data. Default
    /// false; cannot be combined with a `compression_ratio` below 1.
    pub compression_codec: Option<bool>,
    /// Sorted index on the predicate column: the scan reads the index range, then only the
    /// pages holding qualifying rows (a bitmap heap scan, §5.2.3). Default false.
    pub index: Option<bool>,
}

/// `from <= value <= to` on `column` (both ends included, as every range of the scenario format).
#[derive(Debug, Clone, Copy, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LayoutsPredicate {
    /// Attribute index (0-based; 0 is O_ORDERKEY / L_ORDERKEY, uniform in 0..1000000).
    pub column: usize,
    pub from: u64,
    pub to: u64,
}

/// One scan: `SELECT columns FROM table WHERE from <= column <= to` (paper §4.1). It answers
/// every qualifying row in row order: `[row, value of each projected column...]`.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(tag = "op", rename_all = "snake_case", deny_unknown_fields)]
pub enum LayoutsOp {
    Scan {
        /// Projected attribute indices, in answer order (at least one).
        columns: Vec<usize>,
        predicate: LayoutsPredicate,
    },
}

/// N identical scans of the paper's shape: attributes 1..k projected, selectivity s on a1.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LayoutsGenerator {
    /// k: attributes projected, 1..=the table's attributes.
    pub projectivity: usize,
    /// Fraction of rows selected, in [0, 1] (the paper's default 0.1).
    pub selectivity: f64,
    /// N concurrent queries (1..=8, default 1).
    pub concurrency: Option<usize>,
}

#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LayoutsWorkload {
    /// Explicit scans (1..=8), run concurrently.
    pub ops: Option<Vec<LayoutsOp>>,
    pub generator: Option<LayoutsGenerator>,
}

#[derive(Debug, Clone, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LayoutsSweep {
    /// Rows of the sweep's shape-only tables (10000..=8000000, default 4000000; the paper's
    /// is 60000000: seek counts scale with it, the crossover hardly moves above ≈ 2 M).
    pub rows: Option<u64>,
    /// I/O unit of the sweep (default 131072, the paper's).
    pub io_unit_bytes: Option<u64>,
    /// Read-ahead of the sweep (default 6291456, the paper's 6 MB).
    pub read_ahead_bytes: Option<u64>,
    /// Set false to skip the sweep (default true).
    pub enabled: Option<bool>,
}
