//! Workload validation against the disk and `scenario::limits`, with exact JSON paths.
//!
//! 1. Explicit ops: count in range, positions on the disk (`workload.ops[i].lba` / `.count`),
//!    non-decreasing `at_ns`, at most `MAX_OPS`.
//! 2. Generators: sizes are whole sectors, the span lies on the disk, a scan fits its span,
//!    fields belong to their kind, at most `MAX_GENERATED_OPS` requests in all.
//! 3. Simulated time: requests × worst-case service (full stroke, settle, a revolution, every
//!    track switched) + the last arrival must stay under `MAX_SIM_TIME_NS`.

use std::sync::Arc;

use super::body::{GeneratorKindSpec, GeneratorSpec, OpsWorkload};
use super::workload::{GeneratorKind, GeneratorPlan, OpPlan, WorkloadPlan};
use crate::device::hdd::disk::Disk;
use crate::device::hdd::geometry::SECTOR_BYTES;
use crate::scenario::limits::{MAX_GENERATED_OPS, MAX_OPS, MAX_SIM_TIME_NS};
use crate::scenario::{ScenarioError, check_range};

/// Largest single request: 64 MiB (keeps sizes in u32 trace arguments).
pub const MAX_REQUEST_BYTES: u64 = 64 * 1024 * 1024;
pub const MAX_REQUEST_SECTORS: u64 = MAX_REQUEST_BYTES / SECTOR_BYTES;
const DEFAULT_REQUEST_BYTES: u64 = 4096;
const DEFAULT_UPDATE_EVERY: u64 = 10;

/// An upper bound on one request's service time: full stroke, settle, a full revolution and
/// every track of the transfer with a switch.
fn worst_service_ns(disk: &Disk, sectors: u64) -> f64 {
    let g = &disk.geometry;
    let full_stroke = disk.seek.time_ns(g.cylinder_count, g.cylinder_count) as f64;
    let rev = disk.spindle.revolution_ns as f64;
    let switch = disk.head_switch_ns.max(disk.cylinder_switch_ns) as f64;
    let tracks = (sectors / u64::from(g.min_sectors_per_track().max(1)) + 2) as f64;
    full_stroke + disk.write_settle_ns as f64 + rev + tracks * (rev + switch)
}

fn check_time_bound(path: &str, bound_ns: f64) -> Result<(), ScenarioError> {
    if bound_ns > MAX_SIM_TIME_NS as f64 {
        return Err(ScenarioError::new(
            path,
            format!(
                "could need up to {:.0} s of simulated time, over the limit of {} s \
                 (MAX_SIM_TIME_NS): use fewer or smaller requests",
                bound_ns / 1e9,
                MAX_SIM_TIME_NS / 1_000_000_000
            ),
        ));
    }
    Ok(())
}

pub fn ops_plan(workload: &OpsWorkload, disk: &Disk) -> Result<WorkloadPlan, ScenarioError> {
    let ops = &workload.ops;
    if ops.is_empty() {
        return Err(ScenarioError::new("workload.ops", "needs at least one op"));
    }
    if ops.len() > MAX_OPS {
        return Err(ScenarioError::new(
            "workload.ops",
            format!("{} ops is over the limit of {MAX_OPS} (MAX_OPS)", ops.len()),
        ));
    }
    let capacity = disk.geometry.capacity_sectors;
    let mut plans = Vec::with_capacity(ops.len());
    let mut bound_ns = 0.0;
    let mut last_at: Option<(usize, u64)> = None;
    for (index, op) in ops.iter().enumerate() {
        let path = |field: &str| format!("workload.ops[{index}].{field}");
        let (is_write, lba, count, at_ns) = op.fields();
        check_range(&path("count"), count, 1, MAX_REQUEST_SECTORS)?;
        if lba >= capacity {
            return Err(ScenarioError::new(
                path("lba"),
                format!(
                    "{lba} is beyond the end of the disk ({capacity} sectors: last lba {})",
                    capacity - 1
                ),
            ));
        }
        if lba + count > capacity {
            return Err(ScenarioError::new(
                path("count"),
                format!(
                    "{count} sectors from lba {lba} run past the end of the disk \
                     ({capacity} sectors)"
                ),
            ));
        }
        if let Some(at) = at_ns {
            check_range(&path("at_ns"), at, 0, MAX_SIM_TIME_NS)?;
            if let Some((previous, previous_at)) = last_at.filter(|&(_, t)| at < t) {
                return Err(ScenarioError::new(
                    path("at_ns"),
                    format!(
                        "{at} is earlier than ops[{previous}].at_ns = {previous_at}: \
                         arrival times must not decrease"
                    ),
                ));
            }
            last_at = Some((index, at));
        }
        bound_ns += worst_service_ns(disk, count);
        plans.push(OpPlan {
            lba,
            sector_count: count,
            is_write,
            at_ns,
        });
    }
    let last_arrival = last_at.map_or(0.0, |(_, t)| t as f64);
    check_time_bound("workload.ops", bound_ns + last_arrival)?;
    Ok(WorkloadPlan::Ops(Arc::new(plans)))
}

fn sectors_of(path: &str, bytes: u64, max: u64) -> Result<u64, ScenarioError> {
    check_range(path, bytes, SECTOR_BYTES, max)?;
    if !bytes.is_multiple_of(SECTOR_BYTES) {
        return Err(ScenarioError::new(
            path,
            format!("must be a multiple of {SECTOR_BYTES} bytes (got {bytes})"),
        ));
    }
    Ok(bytes / SECTOR_BYTES)
}

fn only_for(path: &str, present: bool, applies: bool, kind: &str) -> Result<(), ScenarioError> {
    if present && !applies {
        return Err(ScenarioError::new(
            path,
            format!("only applies to kind {kind}"),
        ));
    }
    Ok(())
}

pub fn generator_plan(spec: &GeneratorSpec, disk: &Disk) -> Result<GeneratorPlan, ScenarioError> {
    let kind = match spec.kind {
        GeneratorKindSpec::Random => GeneratorKind::Random,
        GeneratorKindSpec::SequentialScan => GeneratorKind::SequentialScan,
        GeneratorKindSpec::ScanWithUpdates => GeneratorKind::ScanWithUpdates,
    };
    let updates = kind == GeneratorKind::ScanWithUpdates;
    only_for(
        "workload.read_fraction",
        spec.read_fraction.is_some(),
        kind == GeneratorKind::Random,
        "random",
    )?;
    only_for(
        "workload.update_every",
        spec.update_every.is_some(),
        updates,
        "scan_with_updates",
    )?;
    only_for(
        "workload.update_bytes",
        spec.update_bytes.is_some(),
        updates,
        "scan_with_updates",
    )?;
    check_range("workload.requests", spec.requests, 1, MAX_GENERATED_OPS)?;
    let request_sectors = sectors_of(
        "workload.request_bytes",
        spec.request_bytes.unwrap_or(DEFAULT_REQUEST_BYTES),
        MAX_REQUEST_BYTES,
    )?;
    let read_fraction = spec.read_fraction.unwrap_or(1.0);
    check_range("workload.read_fraction", read_fraction, 0.0, 1.0)?;
    let capacity_bytes = disk.geometry.capacity_bytes();
    let start_bytes = spec.span_start_bytes.unwrap_or(0);
    if !start_bytes.is_multiple_of(SECTOR_BYTES) || start_bytes >= capacity_bytes {
        return Err(ScenarioError::new(
            "workload.span_start_bytes",
            format!(
                "must be a multiple of {SECTOR_BYTES} below the capacity of {capacity_bytes} \
                 bytes (got {start_bytes})"
            ),
        ));
    }
    let span_bytes = spec.span_bytes.unwrap_or(capacity_bytes - start_bytes);
    if start_bytes.saturating_add(span_bytes) > capacity_bytes {
        return Err(ScenarioError::new(
            "workload.span_bytes",
            format!(
                "the span ends at byte {}, past the disk's capacity of {capacity_bytes} bytes",
                start_bytes.saturating_add(span_bytes)
            ),
        ));
    }
    let span_sectors = span_bytes / SECTOR_BYTES;
    let update_sectors = sectors_of(
        "workload.update_bytes",
        spec.update_bytes.unwrap_or(DEFAULT_REQUEST_BYTES),
        MAX_REQUEST_BYTES,
    )?;
    let largest = if updates {
        request_sectors.max(update_sectors)
    } else {
        request_sectors
    };
    if span_sectors < largest {
        return Err(ScenarioError::new(
            "workload.span_bytes",
            format!("{span_bytes} bytes is smaller than one request"),
        ));
    }
    if kind != GeneratorKind::Random && spec.requests.saturating_mul(request_sectors) > span_sectors
    {
        return Err(ScenarioError::new(
            "workload.requests",
            format!(
                "{} requests of {} bytes scan past the end of the span ({span_bytes} bytes)",
                spec.requests,
                request_sectors * SECTOR_BYTES
            ),
        ));
    }
    let update_every = if updates {
        let every = spec.update_every.unwrap_or(DEFAULT_UPDATE_EVERY);
        check_range("workload.update_every", every, 1, MAX_GENERATED_OPS)?;
        every
    } else {
        0
    };
    let plan = GeneratorPlan {
        kind,
        requests: spec.requests,
        request_sectors,
        read_fraction,
        span_start_lba: start_bytes / SECTOR_BYTES,
        span_sectors,
        mean_interarrival_ns: None,
        update_every,
        update_sectors,
    };
    if plan.total_requests() > MAX_GENERATED_OPS {
        return Err(ScenarioError::new(
            "workload.update_every",
            format!(
                "{} scan requests plus 2 x {} update requests is over the limit of \
                 {MAX_GENERATED_OPS} generated requests (MAX_GENERATED_OPS)",
                plan.requests,
                plan.update_count()
            ),
        ));
    }
    let mean_interarrival_ns = match spec.mean_interarrival_us {
        Some(us) => {
            let max_us = MAX_SIM_TIME_NS / 1000 / plan.total_requests();
            check_range("workload.mean_interarrival_us", us, 1, max_us.max(1))?;
            Some(us * 1000)
        }
        None => None,
    };
    let arrivals_ns = mean_interarrival_ns.map_or(0.0, |m| m as f64 * plan.total_requests() as f64);
    let service_ns = plan.requests as f64 * worst_service_ns(disk, request_sectors)
        + 2.0 * plan.update_count() as f64 * worst_service_ns(disk, update_sectors);
    check_time_bound("workload", arrivals_ns + service_ns)?;
    Ok(GeneratorPlan {
        mean_interarrival_ns,
        ..plan
    })
}
