//! Metrics of an FD+tree run, each with its unit in its name: R_p of insertions and lookups
//! (mean, worst, σ), R_q and R_o (mean, worst; equal to R_p unless the paper's harness queues
//! the requests, §5, Rem. A.9), throughput, block I/O, space and contention.

use super::FdLab;
use crate::fdtree::conc::{OpKind, Response};
use crate::sim::Metric;

pub fn metrics(lab: &FdLab) -> Vec<Metric> {
    let r = &lab.run.report;
    let now_s = lab.now_ns() as f64 / 1e9;
    let throughput = if now_s > 0.0 {
        r.completed.len() as f64 / now_s
    } else {
        0.0
    };
    let mut out = base(lab, throughput);
    // (kind, response, mean name, mean label, worst name, worst label)
    const QUEUED: [(OpKind, Response, &str, &str, &str, &str); 4] = [
        (
            OpKind::Insert,
            Response::Rq,
            "insert_rq_mean_ms",
            "mean insertion R_q",
            "insert_rq_worst_ms",
            "worst insertion R_q",
        ),
        (
            OpKind::Lookup,
            Response::Rq,
            "lookup_rq_mean_ms",
            "mean lookup R_q",
            "lookup_rq_worst_ms",
            "worst lookup R_q",
        ),
        (
            OpKind::Insert,
            Response::Ro,
            "insert_ro_mean_ms",
            "mean insertion R_o",
            "insert_ro_worst_ms",
            "worst insertion R_o",
        ),
        (
            OpKind::Lookup,
            Response::Ro,
            "lookup_ro_mean_ms",
            "mean lookup R_o",
            "lookup_ro_worst_ms",
            "worst lookup R_o",
        ),
    ];
    for (kind, what, mean, mean_label, worst, worst_label) in QUEUED {
        let s = r.response_stats(kind, what);
        out.push(Metric::new(mean, s.mean_ns / 1e6, mean_label, "ms"));
        out.push(Metric::new(worst, s.max_ns as f64 / 1e6, worst_label, "ms"));
    }
    out.push(Metric::new(
        "queued_requests",
        lab.run.waiting_requests() as f64,
        "requests not yet taken by a worker",
        "requests",
    ));
    out
}

fn base(lab: &FdLab, throughput: f64) -> Vec<Metric> {
    let r = &lab.run.report;
    let tree = &lab.run.tree;
    let ins = r.stats(OpKind::Insert);
    let look = r.stats(OpKind::Lookup);
    vec![
        Metric::new(
            "ops_total",
            lab.cfg.total_ops as f64,
            "ops in the workload",
            "ops",
        ),
        Metric::new(
            "ops_completed",
            r.completed.len() as f64,
            "ops completed",
            "ops",
        ),
        Metric::new("throughput_ops_per_s", throughput, "throughput", "ops/s"),
        Metric::new(
            "insert_mean_ms",
            ins.mean_ns / 1e6,
            "mean insertion R_p",
            "ms",
        ),
        Metric::new(
            "insert_worst_ms",
            ins.max_ns as f64 / 1e6,
            "worst insertion R_p",
            "ms",
        ),
        Metric::new(
            "insert_std_ms",
            ins.std_ns / 1e6,
            "σ of insertion R_p",
            "ms",
        ),
        Metric::new(
            "lookup_mean_ms",
            look.mean_ns / 1e6,
            "mean lookup R_p",
            "ms",
        ),
        Metric::new(
            "lookup_worst_ms",
            look.max_ns as f64 / 1e6,
            "worst lookup R_p",
            "ms",
        ),
        Metric::new(
            "blocks_read",
            lab.timed_io().blocks_read as f64,
            "blocks read (timed run)",
            "blocks",
        ),
        Metric::new(
            "blocks_written",
            lab.timed_io().blocks_written as f64,
            "blocks written (timed run)",
            "blocks",
        ),
        Metric::new(
            "live_blocks",
            tree.store.live_blocks() as f64,
            "live blocks",
            "blocks",
        ),
        Metric::new(
            "peak_live_blocks",
            r.peak_live_blocks() as f64,
            "peak live blocks",
            "blocks",
        ),
        Metric::new(
            "merges",
            lab.timed_merges() as f64,
            "merges (timed run)",
            "merges",
        ),
        Metric::new(
            "preload_merges",
            lab.preload_merges as f64,
            "merges of the untimed preload",
            "merges",
        ),
        Metric::new(
            "longest_merge_ms",
            r.longest_merge_ns() as f64 / 1e6,
            "longest merge",
            "ms",
        ),
        Metric::new(
            "lock_waits",
            lab.run.latch_waits() as f64,
            "lock waits",
            "waits",
        ),
        Metric::new("slot_waits", r.slot_waits as f64, "L0 slot waits", "waits"),
        Metric::new(
            "entries",
            tree.len() as f64,
            "entries in the index",
            "entries",
        ),
    ]
}
