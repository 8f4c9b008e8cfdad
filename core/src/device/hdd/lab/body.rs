//! The `hdd` scenario body: serde types whose doc comments become `scenarios/schema.json`
//! descriptions. Validation (ranges, limits, paths) is in `config.rs`.
//!
//! ```json
//! "device":   {"preset": "barracuda-7200-200gb", "rpm": 5400},
//! "params":   {"scheduler": "sstf", "queue_depth": 16},
//! "workload": {"kind": "random", "requests": 1000, "request_bytes": 4096}
//!          or {"ops": [{"op": "read", "lba": 0, "count": 8}, {"op": "write", "lba": 64, "count": 8}]}
//! ```

use schemars::JsonSchema;
use schemars::SchemaGenerator;
use schemars::schema::{InstanceType, Metadata, Schema, SchemaObject};
use serde::Deserialize;
use serde_json::Value;

use crate::device::hdd::presets::PRESET_NAMES;
use crate::device::hdd::scheduler::Policy;

/// An HDD lab scenario: a disk, a scheduling policy and a workload.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HddBody {
    pub device: DeviceSpec,
    #[serde(default)]
    pub params: ParamsSpec,
    pub workload: WorkloadSpec,
}

/// The disk: a named preset, optionally with single constants overridden. Every constant has a
/// source, shown in the lab's provenance panel; an override is shown as such.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[schemars(rename = "HddDevice")]
#[serde(deny_unknown_fields)]
pub struct DeviceSpec {
    /// Preset name: barracuda-7200-200gb (MaSM testbed), hdd-1980 and hdd-2010 (Table 1 of
    /// "Flash in a DBMS"), desktop-7200-2tb (zoned 2 TB desktop drive).
    #[schemars(schema_with = "preset_schema")]
    pub preset: String,
    /// Capacity in GB (10^9 bytes).
    pub capacity_gb: Option<f64>,
    /// Spindle speed, revolutions per minute.
    pub rpm: Option<u32>,
    /// Heads, one per recording surface.
    pub head_count: Option<u32>,
    /// Recording zones (1 = the same number of sectors on every track).
    pub zone_count: Option<u32>,
    /// Sustained sequential rate at the outer zone in MB/s (10^6 B/s), switches included.
    pub outer_rate_mb_s: Option<f64>,
    /// Rate of the innermost zone divided by the outermost's (1 = constant).
    pub inner_to_outer_rate: Option<f64>,
    /// Seek curve a, ms: short seeks take a + b·√x (x = distance / cylinders).
    pub seek_short_base_ms: Option<f64>,
    /// Seek curve b, ms.
    pub seek_short_sqrt_ms: Option<f64>,
    /// Seek curve x₀: fraction of the full stroke where the √ branch ends.
    pub seek_join_fraction: Option<f64>,
    /// Seek curve e, ms per full stroke: long seeks take c + e·x, c chosen for continuity.
    pub seek_long_slope_ms: Option<f64>,
    /// Extra settle time for a write after a seek, ms.
    pub write_settle_ms: Option<f64>,
    /// Head switch time (track skew), ms.
    pub head_switch_ms: Option<f64>,
    /// Cylinder switch time (cylinder skew), ms.
    pub cylinder_switch_ms: Option<f64>,
}

fn preset_schema(_: &mut SchemaGenerator) -> Schema {
    Schema::Object(SchemaObject {
        instance_type: Some(InstanceType::String.into()),
        enum_values: Some(PRESET_NAMES.iter().map(|n| Value::from(*n)).collect()),
        metadata: Some(Box::new(Metadata {
            description: Some("Preset name.".into()),
            ..Default::default()
        })),
        ..Default::default()
    })
}

/// How requests are scheduled and how many the host keeps outstanding.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[schemars(rename = "HddParams")]
#[serde(deny_unknown_fields)]
pub struct ParamsSpec {
    /// Scheduling policy: `fcfs` or `sstf` (default `fcfs`).
    #[serde(default)]
    pub scheduler: Policy,
    /// Most requests outstanding at the disk (queued plus in service), 1 to 1024; default 1.
    /// Without arrival times the host keeps exactly this many outstanding (closed loop).
    #[serde(default = "default_queue_depth")]
    pub queue_depth: u32,
}

fn default_queue_depth() -> u32 {
    1
}

impl Default for ParamsSpec {
    fn default() -> Self {
        Self {
            scheduler: Policy::default(),
            queue_depth: default_queue_depth(),
        }
    }
}

/// A generator, or an explicit list of ops at `workload.ops`.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[schemars(rename = "HddWorkload")]
#[serde(untagged)]
pub enum WorkloadSpec {
    Ops(OpsWorkload),
    Generator(GeneratorSpec),
}

/// Explicit requests, served in order of arrival; each `read` gets an answer.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[schemars(rename = "HddOpsWorkload")]
#[serde(deny_unknown_fields)]
pub struct OpsWorkload {
    pub ops: Vec<OpSpec>,
}

/// What an explicit op does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
#[schemars(rename = "HddOpKind")]
#[serde(rename_all = "lowercase")]
pub enum OpKind {
    /// Read `count` sectors from `lba` (answered with its latency).
    Read,
    /// Write `count` sectors at `lba`.
    Write,
}

// A flat struct rather than an enum tagged by `op`: serde buffers tagged enums, which loses the
// path of a bad field; flat, the error names it exactly (`workload.ops[3].lba`).
/// One explicit request: read or write `count` sectors at `lba`.
#[derive(Debug, Clone, Copy, Deserialize, JsonSchema)]
#[schemars(rename = "HddOp")]
#[serde(deny_unknown_fields)]
pub struct OpSpec {
    /// `read` or `write`.
    pub op: OpKind,
    /// First 512-byte sector.
    pub lba: u64,
    /// Sectors of 512 bytes; default 8 (4 KiB).
    pub count: Option<u64>,
    /// Arrival time in ns; without it the op is issued as soon as the queue depth allows,
    /// after the op before it. Must not decrease along the list.
    pub at_ns: Option<u64>,
}

const DEFAULT_COUNT: u64 = 8;

impl OpSpec {
    /// (is_write, lba, count, at_ns)
    pub fn fields(&self) -> (bool, u64, u64, Option<u64>) {
        (
            self.op == OpKind::Write,
            self.lba,
            self.count.unwrap_or(DEFAULT_COUNT),
            self.at_ns,
        )
    }
}

/// Which request stream a generator produces.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
#[schemars(rename = "HddGeneratorKind")]
#[serde(rename_all = "snake_case")]
pub enum GeneratorKindSpec {
    /// Uniformly random, request-aligned positions in the span.
    Random,
    /// Consecutive requests from the start of the span.
    SequentialScan,
    /// A sequential scan with a random in-place update (read, then write of the same sectors)
    /// after every `update_every` scan requests: the interference MaSM removes.
    ScanWithUpdates,
}

/// A request generator.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[schemars(rename = "HddGenerator")]
#[serde(deny_unknown_fields)]
pub struct GeneratorSpec {
    pub kind: GeneratorKindSpec,
    /// Requests to generate (scan requests, for the scan kinds).
    pub requests: u64,
    /// Bytes per request, a multiple of 512; default 4096.
    pub request_bytes: Option<u64>,
    /// `random` only: fraction of requests that are reads, 0 to 1; default 1.
    pub read_fraction: Option<f64>,
    /// First byte of the region the workload touches, a multiple of 512; default 0 (outer edge).
    pub span_start_bytes: Option<u64>,
    /// Size of that region in bytes; default: to the end of the disk.
    pub span_bytes: Option<u64>,
    /// Open-loop arrivals with this mean gap in µs (exponential); default: closed loop.
    pub mean_interarrival_us: Option<u64>,
    /// `scan_with_updates` only: scan requests between updates; default 10.
    pub update_every: Option<u64>,
    /// `scan_with_updates` only: bytes read and rewritten per update, multiple of 512; default 4096.
    pub update_bytes: Option<u64>,
}
