//! Validation: a parsed body becomes an `SsdConfig` (device constants with provenance, geometry,
//! timing, FTL policy, workload plan), or a `ScenarioError` naming the exact JSON path.
//!
//! 1. Start from the preset's constants; each `device.<key>` override is range-checked and
//!    re-tagged `override`.
//! 2. Geometry checks: at most `LAB_MAX_PHYSICAL_PAGES` pages (keyframes clone the state), and
//!    enough spare for GC: spare pages > dies × (high watermark + 1) × pages per block (the
//!    guarantee argued in `ftl.rs`).
//! 3. Workload checks: exactly one of `ops` / `generator`; every op inside the logical space
//!    (`workload.ops[2].lba: must be between 0 and 14744 (got 20000)`); caps from
//!    `crate::scenario::limits`.

use serde_json::{Map, Value};

use super::ftl::FtlConfig;
use super::geometry::Geometry;
use super::lab::body::{SsdBody, SsdGenerator, SsdOp, SsdOpKind, SsdPattern, SsdWorkload};
use super::presets::preset;
use super::provenance::{Constant, Tag};
use super::timing::TimingParams;
use crate::scenario::limits::{MAX_GENERATED_OPS, MAX_OPS, MAX_SIM_TIME_NS};
use crate::scenario::{ScenarioError, check_range, parse_body};

/// Physical pages a lab run may have (its state is cloned at every keyframe).
pub const LAB_MAX_PHYSICAL_PAGES: u32 = 262_144;
/// Pages up to which the view carries one value per page.
pub const VIEW_MAX_PAGES: u32 = 65_536;
/// Pages in one request.
pub const MAX_REQUEST_PAGES: u32 = 1024;
/// Bulk warm-up writes allowed (they run untraced inside the first step).
pub const MAX_WARMUP_WRITES: u64 = 20_000_000;

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GeneratorSpec {
    pub pattern: SsdPattern,
    pub requests: u64,
    pub request_pages: u32,
    pub read_fraction: f64,
    pub trim_fraction: f64,
    pub span_pages: u32,
    pub hot_pages: u32,
    pub hot_access_fraction: f64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlannedOp {
    pub kind: SsdOpKind,
    pub lba: u32,
    pub count: u32,
    pub at_ns: u64,
}

#[derive(Debug, Clone, PartialEq)]
pub enum SourceSpec {
    Ops(Vec<PlannedOp>),
    Generator(GeneratorSpec),
}

#[derive(Debug, Clone, PartialEq)]
pub struct WorkloadPlan {
    pub fill_pages: u32,
    pub warmup_writes: u64,
    pub queue_depth: u32,
    pub source: SourceSpec,
}

/// Everything a lab is built from.
#[derive(Debug, Clone, PartialEq)]
pub struct SsdConfig {
    pub preset: &'static str,
    pub label: &'static str,
    pub constants: Vec<Constant>,
    pub geometry: Geometry,
    pub timing: TimingParams,
    pub ftl: FtlConfig,
    pub plan: WorkloadPlan,
}

/// The value of a constant by key (0 if absent, which presets rule out by test).
pub fn value(constants: &[Constant], key: &str) -> f64 {
    constants
        .iter()
        .find(|c| c.key == key)
        .map_or(0.0, |c| c.value)
}

fn ns(us: f64) -> u64 {
    let x = (us * 1000.0).round();
    if x.is_finite() && x > 0.0 {
        x as u64
    } else {
        0
    }
}

/// Geometry and timing from (validated) constants.
pub fn device_model(constants: &[Constant]) -> (Geometry, TimingParams) {
    let get = |k: &str| value(constants, k);
    let whole = |k: &str| get(k) as u32;
    let geometry = Geometry::with_spare_factor(
        whole("channels"),
        whole("dies_per_channel"),
        whole("planes_per_die"),
        whole("blocks_per_plane"),
        whole("pages_per_block"),
        whole("page_bytes"),
        get("over_provisioning"),
    );
    let transfer = |rate: f64| ns(get("page_bytes") / rate);
    let timing = TimingParams {
        read_ns: ns(get("read_us")),
        read_msb_ns: ns(get("read_msb_us")),
        program_ns: ns(get("program_us")),
        program_msb_ns: ns(get("program_msb_us")),
        erase_ns: ns(get("erase_us")),
        channel_page_ns: transfer(get("channel_mb_s")),
        host_page_ns: transfer(get("host_mb_s")),
        command_ns: ns(get("command_us")),
        write_buffer_pages: whole("write_buffer_pages"),
    };
    (geometry, timing)
}

/// Parses and validates a scenario body.
pub fn parse(body: Map<String, Value>) -> Result<SsdConfig, ScenarioError> {
    let body: SsdBody = parse_body(body)?;
    build(&body, LAB_MAX_PHYSICAL_PAGES)
}

/// Validates a parsed body; `max_pages` is the physical-page cap (the lab's, or larger for the
/// native reproductions).
pub fn build(body: &SsdBody, max_pages: u32) -> Result<SsdConfig, ScenarioError> {
    let preset = preset(body.device.preset.id())
        .ok_or_else(|| ScenarioError::new("device.preset", "unknown preset"))?;
    let mut constants = preset.constants;
    apply_overrides(body, &mut constants)?;
    let (geometry, timing) = device_model(&constants);
    let physical = u64::from(geometry.channels)
        * u64::from(geometry.dies_per_channel)
        * u64::from(geometry.planes_per_die)
        * u64::from(geometry.blocks_per_plane)
        * u64::from(geometry.pages_per_block);
    if physical > u64::from(max_pages) {
        return Err(ScenarioError::new(
            "device.blocks_per_plane",
            format!(
                "the device has {physical} physical pages (channels × dies × planes × blocks × \
                 pages), over the limit of {max_pages}"
            ),
        ));
    }
    let ftl = ftl_config(body, &geometry)?;
    let need = u64::from(geometry.dies())
        * u64::from(ftl.gc_high_watermark + 1)
        * u64::from(geometry.pages_per_block);
    if u64::from(geometry.spare_pages()) <= need || geometry.logical_pages == 0 {
        return Err(ScenarioError::new(
            "device.over_provisioning",
            format!(
                "leaves {} spare pages; GC needs more than {need} (dies × (high watermark + 1) \
                 blocks × pages per block): raise over_provisioning or blocks_per_plane",
                geometry.spare_pages()
            ),
        ));
    }
    let plan = plan(&body.workload, &geometry)?;
    Ok(SsdConfig {
        preset: preset.id,
        label: preset.label,
        constants,
        geometry,
        timing,
        ftl,
        plan,
    })
}

fn apply_overrides(body: &SsdBody, constants: &mut [Constant]) -> Result<(), ScenarioError> {
    let d = &body.device;
    let whole = |v: Option<u32>| v.map(f64::from);
    let fields: [(&str, Option<f64>, f64, f64); 16] = [
        ("channels", whole(d.channels), 1.0, 64.0),
        ("dies_per_channel", whole(d.dies_per_channel), 1.0, 16.0),
        ("planes_per_die", whole(d.planes_per_die), 1.0, 8.0),
        ("blocks_per_plane", whole(d.blocks_per_plane), 2.0, 65_536.0),
        ("pages_per_block", whole(d.pages_per_block), 4.0, 1024.0),
        ("page_bytes", whole(d.page_bytes), 512.0, 65_536.0),
        ("over_provisioning", d.over_provisioning, 0.0, 0.9),
        ("read_us", d.read_us, 0.1, 100_000.0),
        ("read_msb_us", d.read_msb_us, 0.1, 100_000.0),
        ("program_us", d.program_us, 1.0, 100_000.0),
        ("program_msb_us", d.program_msb_us, 1.0, 100_000.0),
        ("erase_us", d.erase_us, 1.0, 1_000_000.0),
        ("channel_mb_s", d.channel_mb_s, 1.0, 100_000.0),
        ("host_mb_s", d.host_mb_s, 1.0, 100_000.0),
        ("command_us", d.command_us, 0.0, 100_000.0),
        (
            "write_buffer_pages",
            whole(d.write_buffer_pages),
            0.0,
            65_536.0,
        ),
    ];
    for (key, value, min, max) in fields {
        let Some(value) = value else { continue };
        check_range(&format!("device.{key}"), value, min, max)?;
        if let Some(c) = constants.iter_mut().find(|c| c.key == key) {
            c.overridden(value);
        }
    }
    // An override of the LSB time alone also sets MSB pages unless they are given.
    for (lsb, msb, given) in [
        ("read_us", "read_msb_us", d.read_msb_us.is_some()),
        ("program_us", "program_msb_us", d.program_msb_us.is_some()),
    ] {
        let lsb_value = constants
            .iter()
            .find(|c| c.key == lsb)
            .map(|c| (c.value, c.tag));
        if let (Some((v, Tag::Override)), false) = (lsb_value, given)
            && let Some(c) = constants.iter_mut().find(|c| c.key == msb)
        {
            c.overridden(v);
        }
    }
    Ok(())
}

fn ftl_config(body: &SsdBody, g: &Geometry) -> Result<FtlConfig, ScenarioError> {
    let p = &body.params;
    let half = (g.blocks_per_die() / 2).max(2);
    let low = p.gc_low_watermark_blocks.unwrap_or(2);
    check_range("params.gc_low_watermark_blocks", low, 2, half)?;
    let high = p.gc_high_watermark_blocks.unwrap_or(low);
    check_range("params.gc_high_watermark_blocks", high, low, half)?;
    let threshold = p.static_wear_threshold.unwrap_or(8);
    check_range("params.static_wear_threshold", threshold, 1, 1_000_000)?;
    Ok(FtlConfig {
        policy: p.gc_policy.unwrap_or_default(),
        allocation: p.write_allocation.unwrap_or_default(),
        gc_low_watermark: low,
        gc_high_watermark: high,
        dynamic_wear_leveling: p.dynamic_wear_leveling.unwrap_or(true),
        static_wear_threshold: p.static_wear_leveling.unwrap_or(false).then_some(threshold),
    })
}

fn plan(w: &SsdWorkload, g: &Geometry) -> Result<WorkloadPlan, ScenarioError> {
    let fill = w.fill_fraction.unwrap_or(0.0);
    check_range("workload.fill_fraction", fill, 0.0, 1.0)?;
    let fill_pages = ((f64::from(g.logical_pages) * fill).floor() as u32).min(g.logical_pages);
    let warmup_writes = w.warmup_writes.unwrap_or(0);
    let max_warmup = (20 * u64::from(g.logical_pages)).min(MAX_WARMUP_WRITES);
    check_range("workload.warmup_writes", warmup_writes, 0, max_warmup)?;
    if warmup_writes > 0 && fill_pages == 0 {
        return Err(ScenarioError::new(
            "workload.warmup_writes",
            "needs workload.fill_fraction > 0 (warm-up overwrites the filled range)",
        ));
    }
    let queue_depth = w.queue_depth.unwrap_or(1);
    check_range("workload.queue_depth", queue_depth, 1, 256)?;
    let source = match (&w.ops, &w.generator) {
        (Some(ops), None) => SourceSpec::Ops(plan_ops(ops, g)?),
        (None, Some(generator)) => SourceSpec::Generator(plan_generator(generator, g)?),
        _ => {
            return Err(ScenarioError::new(
                "workload",
                "give exactly one of `ops` and `generator`",
            ));
        }
    };
    Ok(WorkloadPlan {
        fill_pages,
        warmup_writes,
        queue_depth,
        source,
    })
}

fn plan_ops(ops: &[SsdOp], g: &Geometry) -> Result<Vec<PlannedOp>, ScenarioError> {
    if ops.len() > MAX_OPS {
        return Err(ScenarioError::new(
            "workload.ops",
            format!("{} ops is over the limit of {MAX_OPS}", ops.len()),
        ));
    }
    let last = u64::from(g.logical_pages) - 1;
    let mut planned = Vec::with_capacity(ops.len());
    for (i, op) in ops.iter().enumerate() {
        let path = format!("workload.ops[{i}]");
        check_range(&format!("{path}.lba"), op.lba, 0, last)?;
        let room = (u64::from(g.logical_pages) - op.lba).min(u64::from(MAX_REQUEST_PAGES));
        let count = match (op.op, op.count) {
            (SsdOpKind::Read, Some(_)) => {
                return Err(ScenarioError::new(
                    format!("{path}.count"),
                    "a read takes one page: remove count",
                ));
            }
            (_, Some(count)) => {
                check_range(&format!("{path}.count"), count, 1, room)?;
                count
            }
            (_, None) => 1,
        };
        let at_ns = op.at_ns.unwrap_or(0);
        check_range(&format!("{path}.at_ns"), at_ns, 0, MAX_SIM_TIME_NS)?;
        planned.push(PlannedOp {
            kind: op.op,
            lba: op.lba as u32,
            count: count as u32,
            at_ns,
        });
    }
    Ok(planned)
}

fn plan_generator(s: &SsdGenerator, g: &Geometry) -> Result<GeneratorSpec, ScenarioError> {
    let path = |f: &str| format!("workload.generator.{f}");
    check_range(&path("requests"), s.requests, 1, MAX_GENERATED_OPS)?;
    let span = s.span_fraction.unwrap_or(1.0);
    check_range(&path("span_fraction"), span, 0.0, 1.0)?;
    let span_pages = (f64::from(g.logical_pages) * span).floor() as u32;
    let request_pages = s.request_pages.unwrap_or(1);
    let max_request = MAX_REQUEST_PAGES.min(span_pages.max(1));
    check_range(&path("request_pages"), request_pages, 1, max_request)?;
    if span_pages < request_pages {
        return Err(ScenarioError::new(
            path("span_fraction"),
            format!("the span of {span_pages} pages is smaller than one request"),
        ));
    }
    let read_fraction = s.read_fraction.unwrap_or(0.0);
    check_range(&path("read_fraction"), read_fraction, 0.0, 1.0)?;
    let trim_fraction = s.trim_fraction.unwrap_or(0.0);
    check_range(
        &path("trim_fraction"),
        trim_fraction,
        0.0,
        1.0 - read_fraction,
    )?;
    let hot_fraction = s.hot_fraction.unwrap_or(0.2);
    check_range(&path("hot_fraction"), hot_fraction, 0.0, 1.0)?;
    let hot_access_fraction = s.hot_access_fraction.unwrap_or(0.8);
    check_range(&path("hot_access_fraction"), hot_access_fraction, 0.0, 1.0)?;
    let slots = span_pages / request_pages;
    let hot_slots = ((f64::from(slots) * hot_fraction).round() as u32).clamp(1, slots);
    if s.pattern == SsdPattern::HotCold && hot_slots == slots && hot_access_fraction < 1.0 {
        return Err(ScenarioError::new(
            path("hot_fraction"),
            "leaves no cold requests: lower it or widen the span",
        ));
    }
    Ok(GeneratorSpec {
        pattern: s.pattern,
        requests: s.requests,
        request_pages,
        read_fraction,
        trim_fraction,
        span_pages,
        hot_pages: hot_slots * request_pages,
        hot_access_fraction,
    })
}
