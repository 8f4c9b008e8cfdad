//! The SSD scenario body (`device`, `params`, `workload`): serde types whose doc comments become
//! `scenarios/schema.json`. Every field is optional except the workload, so a scenario states
//! only what it changes; `config.rs` validates ranges with exact JSON paths.
//!
//! Type names carry an `Ssd` prefix because every lab's schema definitions share one namespace.

use schemars::JsonSchema;
use serde::Deserialize;

use crate::device::ssd::ftl::WriteAllocation;
use crate::device::ssd::gc_policy::VictimPolicy;

#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SsdBody {
    /// The drive: a preset and optional overrides of its constants.
    #[serde(default)]
    pub device: SsdDevice,
    /// FTL policies: GC victim selection, watermarks, wear levelling.
    #[serde(default)]
    pub params: SsdParams,
    /// What the host does: explicit `ops` or a `generator`, after optional preconditioning.
    pub workload: SsdWorkload,
}

/// Named devices (see `docs/CALIBRATION.md` for every constant and its source).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum SsdPresetId {
    /// Small SLC device with a readable block map (4 ch × 2 dies × 64 blocks × 32 pages).
    #[default]
    Course,
    /// Intel X25-E (seed 000: MaSM, FD+tree).
    X25e,
    /// Seed 001 Table 2, SSD-Fast.
    SsdFast,
    /// Seed 001 Table 2, SSD-Medium.
    SsdMedium,
    /// Seed 001 Table 2, SSD-Slow.
    SsdSlow,
    /// FusionIO ioDrive-class PCIe card (seed 003).
    Fusionio,
    /// One SLC die with calibration.md E defaults (for the IPA lab).
    SlcNand,
    /// One MLC die with calibration.md E defaults (for the IPA lab).
    MlcNand,
}

impl SsdPresetId {
    pub fn id(self) -> &'static str {
        match self {
            SsdPresetId::Course => "course",
            SsdPresetId::X25e => "x25e",
            SsdPresetId::SsdFast => "ssd_fast",
            SsdPresetId::SsdMedium => "ssd_medium",
            SsdPresetId::SsdSlow => "ssd_slow",
            SsdPresetId::Fusionio => "fusionio",
            SsdPresetId::SlcNand => "slc_nand",
            SsdPresetId::MlcNand => "mlc_nand",
        }
    }
}

/// A preset plus overrides. Physical pages (channels × dies × planes × blocks × pages) are
/// capped at 262,144 for a lab run; the page-level block map is drawn up to 65,536 pages.
#[derive(Debug, Clone, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SsdDevice {
    /// Which preset to start from (default `course`).
    #[serde(default)]
    pub preset: SsdPresetId,
    /// Flash channels (1..=64).
    pub channels: Option<u32>,
    /// Dies on each channel (1..=16).
    pub dies_per_channel: Option<u32>,
    /// Planes per die (1..=8); a die's planes share its GC pool and timing.
    pub planes_per_die: Option<u32>,
    /// Blocks per plane (2..=65,536).
    pub blocks_per_plane: Option<u32>,
    /// Pages per block (4..=1,024).
    pub pages_per_block: Option<u32>,
    /// Page size in bytes (512..=65,536).
    pub page_bytes: Option<u32>,
    /// Spare factor: the fraction of physical pages hidden from the host (0..=0.9).
    pub over_provisioning: Option<f64>,
    /// Page read time tR of LSB (or SLC) pages, µs.
    pub read_us: Option<f64>,
    /// Page read time of MSB pages (odd pages of a block), µs.
    pub read_msb_us: Option<f64>,
    /// Page program time tPROG of LSB (or SLC) pages, µs.
    pub program_us: Option<f64>,
    /// Page program time of MSB pages (odd pages of a block), µs.
    pub program_msb_us: Option<f64>,
    /// Block erase time tBERS, µs.
    pub erase_us: Option<f64>,
    /// Channel (flash bus) transfer rate, MB/s (10^6 bytes per second).
    pub channel_mb_s: Option<f64>,
    /// Host link rate, MB/s.
    pub host_mb_s: Option<f64>,
    /// Controller (firmware) time per command, µs; commands are handled one at a time.
    pub command_us: Option<f64>,
    /// Write buffer in pages (0 = write-through: a write completes when its pages are programmed).
    pub write_buffer_pages: Option<u32>,
}

/// FTL policies.
#[derive(Debug, Clone, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SsdParams {
    /// GC victim selection (default `greedy`).
    pub gc_policy: Option<VictimPolicy>,
    /// Which die a host page goes to: `dynamic` (the die free first, default) or `static`
    /// (round-robin striping).
    pub write_allocation: Option<WriteAllocation>,
    /// GC starts on a die when it has fewer free blocks than this (default 2, at least 2).
    pub gc_low_watermark_blocks: Option<u32>,
    /// GC stops once the die has this many free blocks (default = low watermark).
    pub gc_high_watermark_blocks: Option<u32>,
    /// Allocate the least-worn free block (default true).
    pub dynamic_wear_leveling: Option<bool>,
    /// Migrate cold data when a die's max − min erase count exceeds the threshold (default false).
    pub static_wear_leveling: Option<bool>,
    /// Erase-count spread that triggers static wear levelling (default 8).
    pub static_wear_threshold: Option<u32>,
}

/// The host workload.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SsdWorkload {
    /// Precondition: fill this fraction of the logical space sequentially before the run, in
    /// bulk and untraced (0..=1, default 0).
    pub fill_fraction: Option<f64>,
    /// Precondition: then this many uniformly random single-page writes over the filled range,
    /// in bulk and untraced, to reach GC steady state (default 0).
    pub warmup_writes: Option<u64>,
    /// Requests the host keeps outstanding (closed loop, 1..=256, default 1).
    pub queue_depth: Option<u32>,
    /// Explicit requests, issued in order. Give `ops` or `generator`, not both.
    pub ops: Option<Vec<SsdOp>>,
    /// Generated requests. Give `ops` or `generator`, not both.
    pub generator: Option<SsdGenerator>,
}

/// What an explicit request does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum SsdOpKind {
    /// Write `count` pages from `lba`; their version is this op's index.
    Write,
    /// Read one page; the answer is the version (op index) of the write that last covered it.
    Read,
    /// Invalidate `count` pages from `lba`.
    Trim,
}

/// One explicit request: `{"op": "write", "lba": 0, "count": 4}`, `{"op": "read", "lba": 3}`.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SsdOp {
    pub op: SsdOpKind,
    /// First logical page.
    pub lba: u64,
    /// Pages (write and trim; default 1, at most 1,024). Reads take one page.
    pub count: Option<u64>,
    /// Earliest issue time in ns (default: as soon as the queue allows).
    pub at_ns: Option<u64>,
}

/// Address pattern of generated requests.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum SsdPattern {
    /// Consecutive requests from LBA 0, wrapping at the span.
    Sequential,
    /// Uniformly random request-aligned addresses in the span.
    Uniform,
    /// `hot_access_fraction` of requests go to the first `hot_fraction` of the span.
    HotCold,
}

#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SsdGenerator {
    pub pattern: SsdPattern,
    /// Requests to issue (1..=1,000,000).
    pub requests: u64,
    /// Pages per request (1..=1,024, default 1).
    pub request_pages: Option<u32>,
    /// Fraction of requests that are reads (default 0).
    pub read_fraction: Option<f64>,
    /// Fraction of requests that are TRIMs (default 0).
    pub trim_fraction: Option<f64>,
    /// Fraction of the logical space addressed, from LBA 0 (default 1).
    pub span_fraction: Option<f64>,
    /// Hot/cold: fraction of the span that is hot (default 0.2).
    pub hot_fraction: Option<f64>,
    /// Hot/cold: fraction of requests that go to the hot part (default 0.8).
    pub hot_access_fraction: Option<f64>,
}
