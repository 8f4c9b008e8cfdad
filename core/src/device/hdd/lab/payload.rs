//! The HDD lab's typed payloads: `HddMeta` (the view's meta, every step) and `HddInfo` (static,
//! once per load). `view.rs` fills them; `web/src/labs/hdd/payload.gen.ts` is generated from
//! their schemas (see `crate::payload`).

use schemars::JsonSchema;
use serde::Serialize;

use crate::payload::ConstantPayload;

/// The phase of the request being served.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    Seek,
    Rotate,
    Transfer,
}

/// The request the disk is serving. Phases are contiguous: seek `[start_ns, seek_end_ns)`,
/// rotate `[seek_end_ns, rotation_end_ns)`, transfer `[rotation_end_ns, end_ns)`.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct BusyRequest {
    pub id: u32,
    pub is_write: bool,
    pub bytes: u64,
    pub lba: u64,
    pub from_cylinder: u32,
    pub cylinder: u32,
    pub head: u32,
    pub end_cylinder: u32,
    /// Fraction of a turn; under the head when `platter_angle` equals it.
    pub target_angle: f64,
    pub phase: Phase,
    pub phase_progress: f64,
    pub start_ns: u64,
    pub seek_end_ns: u64,
    pub rotation_end_ns: u64,
    pub end_ns: u64,
    pub seek_ns: u64,
    pub rotation_ns: u64,
    pub transfer_ns: u64,
    pub switch_ns: u64,
}

/// A request waiting in the queue.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct QueuedRequest {
    pub id: u32,
    pub cylinder: u32,
    pub is_write: bool,
    pub bytes: u64,
}

/// The scheduler's latest pick.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Decision {
    pub request: u32,
    pub policy: String,
    pub distance_cylinders: u32,
    pub candidates: u64,
}

#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct HddCounts {
    pub admitted: u64,
    pub completed: u64,
    pub outstanding: u64,
    pub total: u64,
    pub reads_completed: u64,
    pub writes_completed: u64,
}

/// `view().meta` of the HDD lab.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct HddMeta {
    pub preset: String,
    pub label: String,
    pub now_ns: u64,
    pub cylinder_count: u32,
    pub head_count: u32,
    pub rpm: f64,
    pub revolution_ns: u64,
    /// Platter rotation at `now_ns`, fraction of a turn in [0, 1).
    pub platter_angle: f64,
    pub head_cylinder: f64,
    pub head: u32,
    pub scheduler: String,
    pub queue_depth: u32,
    pub busy: Option<BusyRequest>,
    /// The first `VIEW_QUEUE_CAP` queued requests.
    pub queue: Vec<QueuedRequest>,
    pub queue_length: u64,
    pub last_decision: Option<Decision>,
    pub counts: HddCounts,
    pub done: bool,
}

/// A value the disk model derives from constants, with its formula instead of a source.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct DerivedPayload {
    pub key: String,
    pub label: String,
    pub value: f64,
    pub unit: String,
    pub tag: String,
    pub formula: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct PresetInfo {
    pub name: String,
    pub label: String,
    pub description: String,
}

/// One recording zone.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Zone {
    pub first_cylinder: u32,
    pub cylinder_count: u32,
    pub sectors_per_track: u32,
    pub first_lba: u64,
    pub media_rate_mb_s: f64,
}

/// Seek time over distance, sampled.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct SeekCurve {
    pub distance_cylinders: Vec<u32>,
    pub seek_ms: Vec<f64>,
}

#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct SchedulerInfo {
    pub name: String,
    pub description: String,
}

/// The workload in one sentence.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct WorkloadInfo {
    /// `ops`, or the generator's kind.
    pub kind: String,
    pub total_requests: u64,
    /// The generator's request size; null for explicit ops (their sizes vary).
    pub request_bytes: Option<u64>,
    pub description: String,
}

/// `info()` of the HDD lab.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct HddInfo {
    pub preset: PresetInfo,
    pub constants: Vec<ConstantPayload>,
    pub derived: Vec<DerivedPayload>,
    pub sector_bytes: u64,
    pub capacity_sectors: u64,
    pub zones: Vec<Zone>,
    pub seek_curve: SeekCurve,
    pub scheduler: SchedulerInfo,
    pub queue_depth: u32,
    pub workload: WorkloadInfo,
    pub angle_convention: String,
    pub platter_phase_ns: u64,
}
