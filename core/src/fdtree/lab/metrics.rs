//! Metrics of an FD+tree run, each with its unit in its name: R_p of insertions and lookups
//! (mean, worst, σ), throughput, block I/O, space and contention.

use super::FdLab;
use crate::fdtree::conc::OpKind;
use crate::sim::Metric;

pub fn metrics(lab: &FdLab) -> Vec<Metric> {
    let r = &lab.run.report;
    let tree = &lab.run.tree;
    let ins = r.stats(OpKind::Insert);
    let look = r.stats(OpKind::Lookup);
    let now_s = lab.now_ns() as f64 / 1e9;
    let throughput = if now_s > 0.0 {
        r.completed.len() as f64 / now_s
    } else {
        0.0
    };
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
