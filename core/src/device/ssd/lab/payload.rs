//! The SSD lab's typed payloads: `SsdMeta` (the view's meta, every step) and `SsdInfo` (static,
//! once per load). `view.rs` fills them; `web/src/labs/ssd/payload.gen.ts` is generated from
//! their schemas (see `crate::payload`).

use schemars::JsonSchema;
use serde::Serialize;

use crate::device::ssd::gc_policy::VictimPolicy;
use crate::payload::ConstantPayload;

#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct SsdGeometry {
    pub channels: u32,
    pub dies_per_channel: u32,
    pub planes_per_die: u32,
    pub blocks_per_plane: u32,
    pub pages_per_block: u32,
    pub page_bytes: u32,
    pub dies: u32,
    pub blocks: u32,
    pub physical_pages: u32,
    pub logical_pages: u32,
    /// Spare factor actually realised: spare / physical pages.
    pub over_provisioning: f64,
}

#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct SsdPolicy {
    pub gc_policy: VictimPolicy,
    pub gc_low_watermark_blocks: u32,
    pub gc_high_watermark_blocks: u32,
    pub dynamic_wear_leveling: bool,
    pub static_wear_threshold: Option<u32>,
}

/// A die's open block and the next page it programs (null when no block is open).
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct WritePoint {
    pub die: u32,
    pub channel: u32,
    pub block: Option<u32>,
    pub next_page: Option<u32>,
    pub free_blocks: u32,
}

/// The latest garbage-collection victim.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct LastGc {
    pub die: u32,
    pub block: u32,
    pub valid_pages: u32,
    pub reason_code: u32,
    pub reason: String,
    /// The policy's score; null when not finite.
    pub score: Option<f64>,
}

#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct SsdCounts {
    pub host_writes_pages: u64,
    pub flash_programs_pages: u64,
    pub relocated_pages: u64,
    pub erases: u64,
    pub gc_victims: u64,
    pub wear_level_moves: u64,
    pub trimmed_pages: u64,
    pub mapped_pages: u32,
    pub free_blocks: u32,
    pub outstanding_requests: u64,
    pub completed_requests: u64,
}

/// Column names of the pair series.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct PairFields {
    pub wa_over_time: [String; 2],
    pub latency_over_time: [String; 2],
}

/// `view().meta` of the SSD lab.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct SsdMeta {
    pub preset: String,
    pub label: String,
    pub now_ns: u64,
    pub geometry: SsdGeometry,
    pub policy: SsdPolicy,
    pub write_points: Vec<WritePoint>,
    pub last_gc: Option<LastGc>,
    pub counts: SsdCounts,
    pub write_amplification: f64,
    /// False when the device has too many pages for the `page_state` series.
    pub page_state_shown: bool,
    pub page_state_codes: Vec<String>,
    pub block_state_codes: Vec<String>,
    pub timeline_fields: Vec<String>,
    pub timeline_kinds: Vec<String>,
    pub pair_fields: PairFields,
}

/// `info()` of the SSD lab.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct SsdInfo {
    pub preset: String,
    pub label: String,
    pub constants: Vec<ConstantPayload>,
    pub presets: Vec<String>,
    pub gc_reasons: Vec<String>,
    pub request_kinds: Vec<String>,
    pub event_kinds: u64,
    pub view_max_pages: u32,
    pub lab_max_physical_pages: u32,
}
