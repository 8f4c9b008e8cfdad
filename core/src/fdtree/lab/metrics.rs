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
    out.push(last_lookup_first_block(lab));
    out.push(wavefront_key(lab));
    out.extend(compare_metrics(lab));
    out
}

/// The first block on disk read by the latest answered lookup (−1 while none has read one): the
/// block the levels view outlines first on the latest lookup's path, so a lesson can ask which
/// side of the wavefront (old or new level) a lookup will read.
fn last_lookup_first_block(lab: &FdLab) -> Metric {
    let first = lab
        .recent
        .iter()
        .rev()
        .filter(|r| r.kind == OpKind::Lookup)
        .find_map(|r| r.path.first())
        .map_or(-1.0, |&b| f64::from(b));
    Metric::new(
        "last_lookup_first_block",
        first,
        "first block read by the latest lookup (id; −1: none yet)",
        "block",
    )
}

/// The running merge's wavefront key, as the levels view labels it (−1 while no merge runs or
/// before its first m-delete, when the wavefront is at −∞).
fn wavefront_key(lab: &FdLab) -> Metric {
    let key = lab
        .run
        .tree
        .merge
        .as_ref()
        .and_then(|m| m.wf_key)
        .map_or(-1.0, |k| k as f64);
    Metric::new(
        "wavefront_key",
        key,
        "wavefront key of the running merge (−1: none or −∞)",
        "key",
    )
}

/// The compare runs' worst insertion R_p and peak space per scheme (runs to their end when the
/// lab is built, so constant over the steps): what the Compare tab's table shows. FD+FC's own
/// are left out: the lab view runs FD+FC, whose `insert_worst_ms` reaches the same value at the
/// end (a lesson can ask for it without the answer already in the metrics panel).
fn compare_metrics(lab: &FdLab) -> Vec<Metric> {
    let Some(cmp) = lab.compare.as_deref() else {
        return Vec::new();
    };
    // (scheme, worst name, worst label, peak name, peak label)
    const NAMES: [(&str, &str, &str, &str, &str); 4] = [
        (
            "xm",
            "cmp_xm_insert_worst_ms",
            "FD+XM worst insertion R_p (Compare tab)",
            "cmp_xm_peak_live_blocks",
            "FD+XM peak live blocks (Compare tab)",
        ),
        (
            "ds",
            "cmp_ds_insert_worst_ms",
            "FD+DS worst insertion R_p (Compare tab)",
            "cmp_ds_peak_live_blocks",
            "FD+DS peak live blocks (Compare tab)",
        ),
        (
            "li",
            "cmp_li_insert_worst_ms",
            "FD-tree (Li) worst insertion R_p (Compare tab)",
            "cmp_li_peak_live_blocks",
            "FD-tree (Li) peak live blocks (Compare tab)",
        ),
        (
            "btree",
            "cmp_btree_insert_worst_ms",
            "B+tree worst insertion R_p (Compare tab)",
            "cmp_btree_peak_live_blocks",
            "B+tree peak live blocks (Compare tab)",
        ),
    ];
    let mut out = Vec::new();
    for run in &cmp.runs {
        let Some(&(_, worst, worst_label, peak, peak_label)) = NAMES.iter().find(|n| n.0 == run.id)
        else {
            continue;
        };
        let ins = run.report.stats(OpKind::Insert);
        out.push(Metric::new(
            worst,
            ins.max_ns as f64 / 1e6,
            worst_label,
            "ms",
        ));
        out.push(Metric::new(
            peak,
            run.report.peak_live_blocks() as f64,
            peak_label,
            "blocks",
        ));
    }
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
