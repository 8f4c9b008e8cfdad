//! The HDD lab's metrics. Every name carries its unit. Means are over completed requests;
//! percentiles come from the 2.3%-wide log histogram (`stats.rs`).
//!
//! Latency = completion − the moment the host issued the request to the disk (queue wait plus
//! service). Host wait (open-loop or `at_ns` arrivals held back by the queue depth) is reported
//! separately as `mean_host_wait_ms`.
//!
//! Scan workloads add `scan_time_ms` (until the last scan request completes, or the elapsed time
//! so far) and, for `scan_with_updates`, `isolated_scan_time_ms` (the same scan requests alone,
//! back to back) and `scan_slowdown` = the ratio of the two: the interference of in-place
//! updates that motivates MaSM (MaSM §5.2 measures 1.7–3.7x).
//!
//! `last_picked_request` (present once the scheduler has picked) is the id of the request it
//! dispatched last, the `#id` of the queue's chips: a lesson's "which request will SSTF serve
//! next?" question is answered by it.

use super::HddLab;
use super::workload::{GeneratorKind, WorkloadPlan};
use crate::device::hdd::geometry::SECTOR_BYTES;
use crate::sim::Metric;

/// Requests and their latency, mean per phase of service, over completed requests.
fn latency_metrics(lab: &HddLab) -> [Metric; 12] {
    let ledger = &lab.ledger;
    let completed = ledger.completed;
    let mean_ms = |sum_ns: u128| {
        if completed == 0 {
            0.0
        } else {
            sum_ns as f64 / completed as f64 / 1e6
        }
    };
    let sums = &lab.sums;
    [
        Metric::new(
            "requests_completed",
            completed as f64,
            "requests completed",
            "requests",
        ),
        Metric::new(
            "requests_total",
            lab.setup.workload.total_requests() as f64,
            "requests in the workload",
            "requests",
        ),
        Metric::new(
            "mean_latency_ms",
            mean_ms(sums.latency_ns),
            "mean latency",
            "ms",
        ),
        Metric::new(
            "p50_latency_ms",
            lab.histogram.quantile_ms(0.5),
            "median latency",
            "ms",
        ),
        Metric::new(
            "p99_latency_ms",
            lab.histogram.quantile_ms(0.99),
            "99th percentile latency",
            "ms",
        ),
        Metric::new(
            "max_latency_ms",
            ledger.max_latency_ns as f64 / 1e6,
            "maximum latency",
            "ms",
        ),
        Metric::new(
            "mean_queue_wait_ms",
            mean_ms(sums.latency_ns.saturating_sub(sums.service_ns)),
            "mean wait in the disk queue",
            "ms",
        ),
        Metric::new(
            "mean_service_ms",
            mean_ms(sums.service_ns),
            "mean service time",
            "ms",
        ),
        Metric::new("mean_seek_ms", mean_ms(sums.seek_ns), "mean seek", "ms"),
        Metric::new(
            "mean_rotation_ms",
            mean_ms(sums.rotation_ns),
            "mean rotational latency",
            "ms",
        ),
        Metric::new(
            "mean_transfer_ms",
            mean_ms(sums.transfer_ns),
            "mean media transfer",
            "ms",
        ),
        Metric::new(
            "mean_switch_ms",
            mean_ms(sums.switch_ns),
            "mean head/cylinder switching",
            "ms",
        ),
    ]
}

/// Host wait, and the rates over the simulated time so far.
fn rate_metrics(lab: &HddLab) -> [Metric; 5] {
    let ledger = &lab.ledger;
    let completed = ledger.completed;
    let seconds = lab.now_ns() as f64 / 1e9;
    let per_second = |x: f64| if seconds > 0.0 { x / seconds } else { 0.0 };
    let host_wait_ms = if ledger.admitted == 0 {
        0.0
    } else {
        lab.sums.host_wait_ns as f64 / ledger.admitted as f64 / 1e6
    };
    [
        Metric::new(
            "mean_host_wait_ms",
            host_wait_ms,
            "mean wait in the host (queue full)",
            "ms",
        ),
        Metric::new(
            "throughput_mb_s",
            per_second(ledger.bytes_transferred as f64) / 1e6,
            "throughput",
            "MB/s",
        ),
        Metric::new(
            "requests_per_s",
            per_second(completed as f64),
            "requests per second",
            "1/s",
        ),
        Metric::new(
            "bytes_transferred",
            ledger.bytes_transferred as f64,
            "bytes transferred",
            "B",
        ),
        Metric::new(
            "utilization",
            per_second(ledger.busy_ns as f64 / 1e9),
            "fraction of time the disk is busy",
            "fraction",
        ),
    ]
}

/// Scan workloads: the scan's time and throughput, and beside an isolated run its slowdown.
fn scan_metrics(lab: &HddLab, out: &mut Vec<Metric>) {
    let ledger = &lab.ledger;
    let scan_plan = match &lab.setup.workload {
        WorkloadPlan::Generator(plan) if plan.kind != GeneratorKind::Random => Some(plan),
        _ => None,
    };
    if let Some(plan) = scan_plan {
        let scan_ns = lab.scan_done_ns.unwrap_or(lab.now_ns());
        let scan_bytes = (plan.requests * plan.request_sectors * SECTOR_BYTES) as f64;
        out.push(Metric::new(
            "scan_time_ms",
            scan_ns as f64 / 1e6,
            "scan time (so far, until it ends)",
            "ms",
        ));
        if let Some(done_ns) = lab.scan_done_ns {
            out.push(Metric::new(
                "scan_throughput_mb_s",
                if done_ns > 0 {
                    scan_bytes / (done_ns as f64 / 1e9) / 1e6
                } else {
                    0.0
                },
                "scan throughput",
                "MB/s",
            ));
        }
        if let Some(isolated_ns) = lab.setup.isolated_scan_ns {
            out.push(Metric::new(
                "isolated_scan_time_ms",
                isolated_ns as f64 / 1e6,
                "the same scan alone",
                "ms",
            ));
            if let (Some(done_ns), true) = (lab.scan_done_ns, isolated_ns > 0) {
                out.push(Metric::new(
                    "scan_slowdown",
                    done_ns as f64 / isolated_ns as f64,
                    "scan time / isolated scan time",
                    "x",
                ));
            }
            out.push(Metric::new(
                "updates_completed",
                ledger.writes_completed as f64,
                "in-place updates completed",
                "updates",
            ));
        }
    }
}

pub fn metrics(lab: &HddLab) -> Vec<Metric> {
    let mut out = Vec::new();
    out.extend(latency_metrics(lab));
    out.extend(rate_metrics(lab));
    scan_metrics(lab, &mut out);
    if let Some(decision) = &lab.last_decision {
        out.push(Metric::new(
            "last_picked_request",
            f64::from(decision.request),
            "request the scheduler picked last (#id)",
            "request",
        ));
    }
    out
}
