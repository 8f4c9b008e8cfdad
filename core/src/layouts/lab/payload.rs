//! The layouts lab's typed payloads: `LayoutsMeta` (the view's meta, every step) and
//! `LayoutsInfo` (static, once per load: the table, device, knobs, the sweep and the paper's
//! stated points). `view.rs` fills them; `web/src/labs/layouts/payload.gen.ts` is generated
//! from their schemas (see `crate::payload`).

use schemars::JsonSchema;
use serde::Serialize;

use crate::payload::ConstantPayload;

/// The device now: where the head is (disk), what is queued and in flight, counters.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct LayoutsDeviceNow {
    pub name: String,
    pub is_disk: bool,
    /// Device byte where the last dispatched request ended (the disk head), if any.
    pub head_offset: Option<u64>,
    pub queued: u64,
    pub in_flight: u64,
    pub seeks: u64,
    pub requests: u64,
    pub bytes: u64,
    /// SSD only: requests in flight touching each channel (empty on the disk).
    pub channel_busy: Vec<u64>,
    /// SSD only: dies per channel.
    pub dies_per_channel: u64,
    /// RAID-0 only: each member disk's head, as the array byte just after the last byte that
    /// member served (`raid.rs` step 5); empty on the other devices.
    pub member_heads: Vec<Option<u64>>,
}

/// One file a query reads: where it lies on the device and how far its stream has got.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct LayoutsFile {
    pub query: u64,
    /// Attribute name for a DSM column file, `NSM`/`PAX` for a row file, `index`.
    pub label: String,
    pub column: Option<u64>,
    pub is_index: bool,
    pub device_base: u64,
    /// On-device bytes the file spans (block-group gaps included).
    pub device_bytes: u64,
    pub unit_bytes: u64,
    pub needed_units: u64,
    pub issued_units: u64,
    pub delivered_units: u64,
    pub consumed_units: u64,
}

#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct LayoutsQueryNow {
    pub layout: String,
    pub cursor_row: u64,
    pub rows: u64,
    pub elapsed_ns: u64,
    pub cpu_ns: f64,
    pub io_wait_ns: f64,
    pub seeks: u64,
    pub requests: u64,
    pub bytes_read: u64,
    pub answer_rows: u64,
    pub finished_ns: Option<u64>,
}

/// One request: the last completed, or one in flight.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct LayoutsIo {
    pub query: u64,
    /// Index into `files`.
    pub file: u64,
    pub offset: u64,
    pub bytes: u64,
    pub seek: bool,
    pub issued_ns: u64,
    pub done_ns: u64,
}

#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct LayoutsMeta {
    pub now_ns: u64,
    pub steps: u64,
    pub done: bool,
    pub device: LayoutsDeviceNow,
    pub files: Vec<LayoutsFile>,
    pub queries: Vec<LayoutsQueryNow>,
    pub last: Option<LayoutsIo>,
    pub in_flight: Vec<LayoutsIo>,
    /// End of the last file on the device (the LBA strip's extent).
    pub device_extent_bytes: u64,
}

#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct LayoutsColumn {
    pub name: String,
    pub width_bytes: u64,
}

#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct LayoutsPredicateInfo {
    pub column: u64,
    pub from: u64,
    pub to: u64,
}

#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct LayoutsQueryInfo {
    pub columns: Vec<u64>,
    pub predicate: LayoutsPredicateInfo,
}

#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct LayoutsKnobs {
    pub layout: String,
    pub page_bytes: u64,
    pub io_unit_bytes: u64,
    pub read_ahead_bytes: u64,
    pub scheduler: String,
    pub compression_ratio: f64,
    /// Pages packed by the codec (`codec.rs`), their size from the data.
    pub compression_codec: bool,
    pub index: bool,
}

/// The time-vs-projectivity sweep (sweep.rs), k = 1..N at index k − 1.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct LayoutsSweepInfo {
    pub rows: u64,
    pub io_unit_bytes: u64,
    pub read_ahead_bytes: u64,
    pub selectivity: f64,
    pub fractions: Vec<f64>,
    pub row_s: f64,
    pub row_cpu_s: f64,
    pub row_seeks: u64,
    pub column_s: Vec<f64>,
    pub column_cpu_s: Vec<f64>,
    pub column_seeks: Vec<u64>,
    pub row_model_s: f64,
    pub column_model_s: Vec<f64>,
    /// PAX (digest §4.8 extension) at k = 1..N, simulated: the paper's Eq. 1–5 have no PAX
    /// term, so there is no model series for it.
    pub pax_s: Vec<f64>,
    pub pax_cpu_s: Vec<f64>,
    pub pax_seeks: Vec<u64>,
    pub crossover_k: Option<f64>,
    pub crossover_fraction: Option<f64>,
    pub model_crossover_fraction: Option<f64>,
}

/// A number the paper states for this table and device (digest §5), drawn as a marker.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct LayoutsPaperPoint {
    pub id: String,
    pub what: String,
    /// Crossover as a projected-byte fraction, if the point is a crossover.
    pub fraction: Option<f64>,
    /// A stated value (seeks, fraction…) with its unit.
    pub value: Option<f64>,
    pub unit: String,
    /// The paper's scale: 60 M rows (seek counts scale with rows).
    pub rows: u64,
    /// True when the paper's authors flagged the number FIXME.
    pub fixme: bool,
    /// For a seek count: the sweep's simulated seeks at the same k and read-ahead, scaled
    /// linearly to the paper's 60 M rows (seeks grow with the bytes read); `None` when the
    /// sweep is off or its read-ahead is not the one the paper's number was measured with.
    pub simulated: Option<f64>,
}

#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct LayoutsInfo {
    pub table: String,
    pub rows: u64,
    pub columns: Vec<LayoutsColumn>,
    pub tuple_bytes: u64,
    pub device: String,
    pub device_is_disk: bool,
    pub bandwidth_mb_s: f64,
    pub latency_ms: f64,
    pub knobs: LayoutsKnobs,
    pub queries: Vec<LayoutsQueryInfo>,
    pub sweep: Option<LayoutsSweepInfo>,
    pub paper_points: Vec<LayoutsPaperPoint>,
    /// The constants the run uses, with their sources: the device preset's, Table 2's B and l,
    /// the scan knobs and the CPU costs (`lab/constants.rs`).
    pub constants: Vec<ConstantPayload>,
}
