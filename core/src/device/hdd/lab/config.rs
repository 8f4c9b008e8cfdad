//! Validation: an untrusted `hdd` body becomes an `HddConfig` or a `ScenarioError` naming the
//! field (`device.rpm`, `workload.ops[3].lba`, ...).
//!
//! 1. Parse `device` and `params` with exact paths; keep `workload` as raw JSON.
//! 2. Parse `workload` as explicit ops if it has an `ops` key, else as a generator, prefixing
//!    error paths with `workload.` (one untagged parse would lose the paths).
//! 3. Look up the preset (an unknown name lists the known ones), apply overrides with ranges,
//!    build the disk (derived geometry must make sense).
//! 4. Check the workload against the disk (positions inside it) and against
//!    `scenario::limits` (op counts, generated requests, simulated time), always quoting the limit.
//! 5. Simulated-time guard: an upper bound (requests × worst-case service + last arrival) must
//!    stay under `MAX_SIM_TIME_NS`; the lab also stops at that limit while running.

use serde::Deserialize;
use serde_json::{Map, Value};

use super::body::{DeviceSpec, GeneratorSpec, OpsWorkload, ParamsSpec};
use super::validate_workload::{generator_plan, ops_plan};
use super::workload::WorkloadPlan;
use crate::device::hdd::disk::Disk;
use crate::device::hdd::presets::{DiskParams, PRESET_NAMES, preset};
use crate::device::hdd::provenance::Constant;
use crate::device::hdd::scheduler::Policy;
use crate::scenario::{ScenarioError, check_range, parse_body};

pub const MAX_QUEUE_DEPTH: u32 = 1024;

/// Everything a run needs, validated.
#[derive(Debug, Clone)]
pub struct HddConfig {
    pub preset_name: &'static str,
    pub preset_label: &'static str,
    pub preset_description: &'static str,
    pub params: DiskParams,
    pub disk: Disk,
    pub policy: Policy,
    pub queue_depth: u32,
    pub workload: WorkloadPlan,
    /// scan_with_updates: the scan's time alone, back to back from cylinder 0 at t = 0 (set by
    /// the lab, which knows the platter's starting angle).
    pub isolated_scan_ns: Option<u64>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawBody {
    device: DeviceSpec,
    #[serde(default)]
    params: ParamsSpec,
    workload: Map<String, Value>,
}

pub fn parse(body: Map<String, Value>) -> Result<HddConfig, ScenarioError> {
    let raw: RawBody = parse_body(body)?;
    let chosen = preset(&raw.device.preset).ok_or_else(|| {
        ScenarioError::new(
            "device.preset",
            format!(
                "unknown preset \"{}\" (known: {})",
                raw.device.preset,
                PRESET_NAMES.join(", ")
            ),
        )
    })?;
    let mut params = chosen.params.clone();
    apply_overrides(&raw.device, &mut params)?;
    let disk =
        Disk::from_params(&params).map_err(|message| ScenarioError::new("device", message))?;
    check_range(
        "params.queue_depth",
        raw.params.queue_depth,
        1,
        MAX_QUEUE_DEPTH,
    )?;
    let workload = if raw.workload.contains_key("ops") {
        let ops: OpsWorkload = parse_workload(raw.workload)?;
        ops_plan(&ops, &disk)?
    } else {
        let spec: GeneratorSpec = parse_workload(raw.workload)?;
        WorkloadPlan::Generator(generator_plan(&spec, &disk)?)
    };
    Ok(HddConfig {
        preset_name: chosen.name,
        preset_label: chosen.label,
        preset_description: chosen.description,
        params,
        disk,
        policy: raw.params.scheduler,
        queue_depth: raw.params.queue_depth,
        workload,
        isolated_scan_ns: None,
    })
}

fn parse_workload<T: serde::de::DeserializeOwned>(
    workload: Map<String, Value>,
) -> Result<T, ScenarioError> {
    parse_body(workload).map_err(|error| {
        let path = if error.path == "scenario" {
            "workload".to_string()
        } else {
            format!("workload.{}", error.path)
        };
        ScenarioError::new(path, error.message)
    })
}

fn apply_overrides(device: &DeviceSpec, p: &mut DiskParams) -> Result<(), ScenarioError> {
    fn real(c: &mut Constant, v: Option<f64>, min: f64, max: f64) -> Result<(), ScenarioError> {
        if let Some(v) = v {
            check_range(&format!("device.{}", c.key), v, min, max)?;
            c.overridden(v);
        }
        Ok(())
    }
    fn whole(c: &mut Constant, v: Option<u32>, min: u32, max: u32) -> Result<(), ScenarioError> {
        if let Some(v) = v {
            check_range(&format!("device.{}", c.key), v, min, max)?;
            c.overridden(f64::from(v));
        }
        Ok(())
    }
    real(&mut p.capacity_gb, device.capacity_gb, 0.001, 100_000.0)?;
    whole(&mut p.rpm, device.rpm, 1000, 20_000)?;
    whole(&mut p.head_count, device.head_count, 1, 64)?;
    whole(&mut p.zone_count, device.zone_count, 1, 256)?;
    real(&mut p.outer_rate_mb_s, device.outer_rate_mb_s, 0.01, 5000.0)?;
    real(
        &mut p.inner_to_outer_rate,
        device.inner_to_outer_rate,
        0.1,
        1.0,
    )?;
    real(
        &mut p.seek_short_base_ms,
        device.seek_short_base_ms,
        0.0,
        100.0,
    )?;
    real(
        &mut p.seek_short_sqrt_ms,
        device.seek_short_sqrt_ms,
        0.0,
        500.0,
    )?;
    real(
        &mut p.seek_join_fraction,
        device.seek_join_fraction,
        0.001,
        1.0,
    )?;
    real(
        &mut p.seek_long_slope_ms,
        device.seek_long_slope_ms,
        0.0,
        500.0,
    )?;
    real(&mut p.write_settle_ms, device.write_settle_ms, 0.0, 20.0)?;
    real(&mut p.head_switch_ms, device.head_switch_ms, 0.0, 50.0)?;
    real(
        &mut p.cylinder_switch_ms,
        device.cylinder_switch_ms,
        0.0,
        50.0,
    )?;
    Ok(())
}
