//! What the UI draws: `view()` (state at `now_ns`, refreshed every step) and `info()` (static:
//! preset constants with sources, zones, seek curve, workload).
//!
//! Angle convention: `platter_angle` in [0, 1) is the platter's rotation at `now_ns`:
//! `((now + phase) mod revolution) / revolution`, with the phase drawn from the seed. A sector
//! whose angle is θ (`busy.target_angle`) is under the head when `platter_angle == θ`, so the UI
//! can draw the target sector (θ − platter_angle) of a turn ahead of the head and spin the
//! platter at `rpm`.
//!
//! The busy request's phases are contiguous: seek [start_ns, seek_end_ns) (including a
//! same-cylinder head switch), rotate [seek_end_ns, rotation_end_ns), transfer
//! [rotation_end_ns, end_ns) (including track switches). `head_cylinder` is interpolated
//! linearly during the seek (for display only; the model charges the seek-curve time).

use serde_json::Value;

use super::HddLab;
use super::payload::{
    BusyRequest, Decision, DerivedPayload, HddCounts, HddInfo, HddMeta, Phase, PresetInfo,
    QueuedRequest, SchedulerInfo, SeekCurve, WorkloadInfo, Zone,
};
use super::stats::LatencyHistogram;
use super::workload::{GeneratorKind, WorkloadPlan};
use crate::payload::to_value;
use crate::sim::{LabView, NamedSeries};

/// Queue entries included in the view (the UI shows the rest as a count).
pub const VIEW_QUEUE_CAP: usize = 64;
/// Points of the seek curve in `info()`.
const SEEK_CURVE_POINTS: u32 = 64;

pub fn view(lab: &HddLab) -> LabView {
    let cfg = &lab.setup;
    let disk = &cfg.disk;
    let now = lab.now_ns();
    let mut head_cylinder = f64::from(lab.head.cylinder);
    let busy = lab.busy.map(|b| {
        let r = b.queued.request;
        let s = b.breakdown;
        let seek_end_ns = b.start_ns + s.seek_ns + s.pre_switch_ns;
        let rotation_end_ns = seek_end_ns + s.rotation_ns;
        let end_ns = b.start_ns + s.total_ns();
        let progress = |from: u64, to: u64| {
            if to > from {
                (now.saturating_sub(from) as f64 / (to - from) as f64).clamp(0.0, 1.0)
            } else {
                1.0
            }
        };
        let (phase, phase_progress) = if now < seek_end_ns {
            (Phase::Seek, progress(b.start_ns, seek_end_ns))
        } else if now < rotation_end_ns {
            (Phase::Rotate, progress(seek_end_ns, rotation_end_ns))
        } else {
            (Phase::Transfer, progress(rotation_end_ns, end_ns))
        };
        let from = f64::from(b.from.cylinder);
        let to = f64::from(s.start.cylinder);
        head_cylinder = if phase == Phase::Seek {
            from + (to - from) * phase_progress
        } else {
            to
        };
        BusyRequest {
            id: r.id,
            is_write: r.is_write,
            bytes: r.bytes(),
            lba: r.lba,
            from_cylinder: b.from.cylinder,
            cylinder: s.start.cylinder,
            head: s.start.head,
            end_cylinder: s.end.cylinder,
            target_angle: disk.sector_angle_ns(s.start) as f64 / disk.spindle.revolution_ns as f64,
            phase,
            phase_progress,
            start_ns: b.start_ns,
            seek_end_ns,
            rotation_end_ns,
            end_ns,
            seek_ns: s.seek_ns,
            rotation_ns: s.rotation_ns,
            transfer_ns: s.transfer_ns,
            switch_ns: s.switch_ns,
        }
    });
    let queue = lab
        .queue
        .iter()
        .take(VIEW_QUEUE_CAP)
        .map(|q| QueuedRequest {
            id: q.request.id,
            cylinder: q.request.cylinder,
            is_write: q.request.is_write,
            bytes: q.request.bytes(),
        })
        .collect();
    let ledger = &lab.ledger;
    let meta = HddMeta {
        preset: cfg.preset_name.to_string(),
        label: cfg.preset_label.to_string(),
        now_ns: now,
        cylinder_count: disk.geometry.cylinder_count,
        head_count: disk.geometry.head_count,
        rpm: cfg.params.rpm.value,
        revolution_ns: disk.spindle.revolution_ns,
        platter_angle: disk.spindle.angle_fraction_at(now + lab.phase_ns),
        head_cylinder,
        head: lab.head.head,
        scheduler: cfg.policy.name().to_string(),
        queue_depth: cfg.queue_depth,
        busy,
        queue,
        queue_length: lab.queue.len() as u64,
        last_decision: lab.last_decision.map(|d| Decision {
            request: d.request,
            policy: cfg.policy.name().to_string(),
            distance_cylinders: d.distance_cylinders,
            candidates: d.candidates as u64,
        }),
        counts: HddCounts {
            admitted: ledger.admitted,
            completed: ledger.completed,
            outstanding: ledger.outstanding.len() as u64,
            total: cfg.workload.total_requests(),
            reads_completed: ledger.reads_completed,
            writes_completed: ledger.writes_completed,
        },
        done: lab.is_finished(),
    };
    let (throughput_time_ms, throughput_mb_s) = lab.throughput.series(now);
    LabView {
        meta: to_value(&meta),
        series: vec![
            NamedSeries {
                name: "latency_histogram_counts",
                data: lab.histogram.view_counts(),
            },
            NamedSeries {
                name: "latency_histogram_edges_ms",
                data: LatencyHistogram::view_edges_ms(),
            },
            NamedSeries {
                name: "throughput_time_ms",
                data: throughput_time_ms,
            },
            NamedSeries {
                name: "throughput_mb_s",
                data: throughput_mb_s,
            },
            NamedSeries {
                name: "recent_cylinder",
                data: lab.recent.cylinders(),
            },
            NamedSeries {
                name: "recent_latency_ms",
                data: lab.recent.latencies_ms(),
            },
        ],
    }
}

pub fn info(lab: &HddLab) -> Value {
    to_value(&info_payload(lab))
}

/// The typed `info()` of the HDD lab.
pub fn info_payload(lab: &HddLab) -> HddInfo {
    let cfg = &lab.setup;
    let disk = &cfg.disk;
    let g = &disk.geometry;
    let zones = g
        .zones
        .iter()
        .map(|z| Zone {
            first_cylinder: z.first_cylinder,
            cylinder_count: z.cylinder_count,
            sectors_per_track: z.sectors_per_track,
            first_lba: z.first_lba,
            media_rate_mb_s: disk.media_rate_mb_s(z.first_cylinder),
        })
        .collect();
    let distances: Vec<u32> = (0..=SEEK_CURVE_POINTS)
        .map(|i| {
            let d = u64::from(g.cylinder_count - 1) * u64::from(i) / u64::from(SEEK_CURVE_POINTS);
            d as u32
        })
        .collect();
    let seek_ms: Vec<f64> = distances
        .iter()
        .map(|&d| disk.seek.time_ns(d, g.cylinder_count) as f64 / 1e6)
        .collect();
    HddInfo {
        preset: PresetInfo {
            name: cfg.preset_name.to_string(),
            label: cfg.preset_label.to_string(),
            description: cfg.preset_description.to_string(),
        },
        constants: cfg.params.all().iter().map(|c| c.payload()).collect(),
        derived: disk.derived().iter().map(DerivedPayload::from).collect(),
        sector_bytes: crate::device::hdd::geometry::SECTOR_BYTES,
        capacity_sectors: g.capacity_sectors,
        zones,
        seek_curve: SeekCurve {
            distance_cylinders: distances,
            seek_ms,
        },
        scheduler: SchedulerInfo {
            name: cfg.policy.name().to_string(),
            description: cfg.policy.description().to_string(),
        },
        queue_depth: cfg.queue_depth,
        workload: workload_info(&cfg.workload, cfg.queue_depth),
        angle_convention: "platter_angle = ((now + phase) mod revolution) / revolution; a \
                           sector with target_angle θ is under the head when platter_angle = θ"
            .to_string(),
        platter_phase_ns: lab.phase_ns,
    }
}

fn workload_info(plan: &WorkloadPlan, queue_depth: u32) -> WorkloadInfo {
    let arrivals = |mean: Option<u64>| match mean {
        Some(ns) => format!("open-loop arrivals every {} µs on average", ns / 1000),
        None => format!("closed loop: the host keeps {queue_depth} outstanding"),
    };
    match plan {
        WorkloadPlan::Ops(ops) => {
            let reads = ops.iter().filter(|o| !o.is_write).count();
            WorkloadInfo {
                kind: "ops".to_string(),
                total_requests: ops.len() as u64,
                request_bytes: None,
                description: format!(
                    "{} explicit ops ({reads} reads, {} writes), at most {queue_depth} outstanding",
                    ops.len(),
                    ops.len() - reads
                ),
            }
        }
        WorkloadPlan::Generator(g) => {
            let bytes = g.request_sectors * 512;
            let span = format!(
                "bytes {}..{}",
                g.span_start_lba * 512,
                (g.span_start_lba + g.span_sectors) * 512
            );
            let description = match g.kind {
                GeneratorKind::Random => format!(
                    "{} random {bytes}-byte requests ({:.0}% reads) over {span}; {}",
                    g.requests,
                    g.read_fraction * 100.0,
                    arrivals(g.mean_interarrival_ns)
                ),
                GeneratorKind::SequentialScan => format!(
                    "a sequential scan of {} {bytes}-byte requests from byte {}; {}",
                    g.requests,
                    g.span_start_lba * 512,
                    arrivals(g.mean_interarrival_ns)
                ),
                GeneratorKind::ScanWithUpdates => format!(
                    "a sequential scan of {} {bytes}-byte requests with an in-place update \
                     (read then write {} bytes at a random place in {span}) after every {} scan \
                     requests: {} updates; {}",
                    g.requests,
                    g.update_sectors * 512,
                    g.update_every,
                    g.update_count(),
                    arrivals(g.mean_interarrival_ns)
                ),
            };
            WorkloadInfo {
                kind: g.kind.name().to_string(),
                total_requests: g.total_requests(),
                request_bytes: Some(bytes),
                description,
            }
        }
    }
}
