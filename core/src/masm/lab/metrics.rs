//! Metrics of a MaSM run, each with its unit in its name. With `compare`, each available
//! baseline adds its mean scan time and SSD writes per update.

use super::MasmLab;
use super::view::theorem_writes;
use crate::masm::baseline::SchemeKind;
use crate::sim::Metric;

fn mean_ms(values: &[u64]) -> f64 {
    if values.is_empty() {
        0.0
    } else {
        values.iter().sum::<u64>() as f64 / values.len() as f64 / 1e6
    }
}

/// The workload panel: ops and updates, and what waited.
fn workload_metrics(lab: &MasmLab) -> [Metric; 5] {
    let s = &lab.stats;
    [
        Metric::new(
            "ops_total",
            lab.cfg.ops.len() as f64,
            "ops in the workload",
            "ops",
        ),
        Metric::new(
            "ops_completed",
            s.ops_completed as f64,
            "ops completed",
            "ops",
        ),
        Metric::new(
            "updates_committed",
            s.updates as f64,
            "updates committed",
            "updates",
        ),
        Metric::new(
            "update_stalls",
            s.stalls as f64,
            "updates that had to wait",
            "updates",
        ),
        Metric::new(
            "pages_stolen",
            s.steals as f64,
            "query pages stolen by the buffer",
            "pages",
        ),
    ]
}

/// The runs and the SSD: flushes, merges, runs and the writes per update.
fn run_metrics(lab: &MasmLab) -> [Metric; 10] {
    let m = lab.masm.metrics();
    let s = &lab.stats;
    let capacity = lab.masm.layout().ssd_capacity_pages.max(1);
    [
        Metric::new("flushes", s.flushes as f64, "flushes (1-pass runs)", "runs"),
        Metric::new(
            "two_pass_merges",
            s.merges as f64,
            "2-pass merges",
            "merges",
        ),
        Metric::new(
            "runs_live",
            lab.masm.runs().len() as f64,
            "runs on the SSD",
            "runs",
        ),
        Metric::new(
            "one_pass_runs",
            lab.masm.one_pass_runs() as f64,
            "1-pass runs (K1)",
            "runs",
        ),
        Metric::new(
            "two_pass_runs",
            lab.masm.two_pass_runs() as f64,
            "2-pass runs (K2)",
            "runs",
        ),
        Metric::new(
            "ssd_fill_fraction",
            lab.masm.ssd_live_pages() as f64 / capacity as f64,
            "SSD space in live runs",
            "fraction",
        ),
        Metric::new(
            "ssd_pages_written",
            m.ssd_pages_written() as f64,
            "SSD pages written (flushes + merges)",
            "pages",
        ),
        Metric::new(
            "ssd_writes_per_update",
            m.writes_per_update(),
            "SSD record writes per update accepted (as the baselines count)",
            "writes",
        ),
        Metric::new(
            "theorem_writes_per_update",
            theorem_writes(lab),
            "worst case of Thm 3.1/3.2 (1 for MaSM-2M)",
            "writes",
        ),
        Metric::new(
            "max_record_writes",
            f64::from(m.max_record_writes),
            "most SSD writes of one update",
            "writes",
        ),
    ]
}

/// The scans: answered, aborted, how long, and granules read.
fn scan_metrics(lab: &MasmLab) -> [Metric; 5] {
    let m = lab.masm.metrics();
    let s = &lab.stats;
    let max_scan = lab.scan_ns.iter().copied().max().unwrap_or(0);
    [
        Metric::new(
            "scans_completed",
            s.scans_done as f64,
            "scans answered",
            "scans",
        ),
        Metric::new(
            "scans_aborted",
            s.scans_aborted as f64,
            "scans aborted by a crash",
            "scans",
        ),
        Metric::new(
            "mean_scan_ms",
            mean_ms(&lab.scan_ns),
            "mean scan time",
            "ms",
        ),
        Metric::new("max_scan_ms", max_scan as f64 / 1e6, "longest scan", "ms"),
        Metric::new(
            "granules_read",
            m.granules_read as f64,
            "run granules read by scans",
            "granules",
        ),
    ]
}

/// Migrations, crashes and the redo log, and the simulated time.
fn migration_metrics(lab: &MasmLab) -> [Metric; 8] {
    let m = lab.masm.metrics();
    let s = &lab.stats;
    [
        Metric::new(
            "migrations_completed",
            s.migrations as f64,
            "migrations completed",
            "migrations",
        ),
        Metric::new(
            "migration_pages_written",
            s.migration_pages as f64,
            "table pages written by migrations",
            "pages",
        ),
        Metric::new(
            "migration_records_applied",
            m.migration_records_applied as f64,
            "update records migrated into the table",
            "records",
        ),
        Metric::new("crashes", s.crashes as f64, "crashes", "crashes"),
        Metric::new(
            "log_records_replayed",
            s.replayed_total as f64,
            "redo-log records replayed by recoveries",
            "records",
        ),
        Metric::new(
            "log_records",
            lab.log.len() as f64,
            "redo-log records now",
            "records",
        ),
        Metric::new(
            "hdd_busy_ms",
            lab.dev.hdd.busy_ns as f64 / 1e6,
            "main disk busy time",
            "ms",
        ),
        Metric::new(
            "sim_time_ms",
            lab.now_ns() as f64 / 1e6,
            "simulated time",
            "ms",
        ),
    ]
}

/// With `compare`, each available baseline's mean scan time and SSD writes per update.
fn compare_metrics(lab: &MasmLab, out: &mut Vec<Metric>) {
    let Some(compare) = &lab.compare else {
        return;
    };
    for slot in &compare.slots {
        let (scan_name, writes_name, scan_label, writes_label) = match slot.kind {
            SchemeKind::InPlace => (
                "in_place_mean_scan_ms",
                "in_place_ssd_writes_per_update",
                "in-place: mean scan time",
                "in-place: SSD writes per update",
            ),
            SchemeKind::Iu => (
                "iu_mean_scan_ms",
                "iu_ssd_writes_per_update",
                "IU: mean scan time",
                "IU: SSD writes per update",
            ),
            SchemeKind::Lsm => (
                "lsm_mean_scan_ms",
                "lsm_ssd_writes_per_update",
                "LSM: mean scan time",
                "LSM: SSD writes per update (logical)",
            ),
        };
        let Some(b) = slot.baseline.as_ref().map(|b| b.metrics()) else {
            continue;
        };
        out.push(Metric::new(
            scan_name,
            mean_ms(&slot.scan_ns),
            scan_label,
            "ms",
        ));
        out.push(Metric::new(
            writes_name,
            b.ssd_writes_per_update,
            writes_label,
            "writes",
        ));
    }
}

pub fn metrics(lab: &MasmLab) -> Vec<Metric> {
    let mut out = Vec::new();
    out.extend(workload_metrics(lab));
    out.extend(run_metrics(lab));
    out.extend(scan_metrics(lab));
    out.extend(migration_metrics(lab));
    out.push(Metric::new(
        "last_merge_first_input_run",
        lab.stats
            .last_merge_first_input
            .map_or(-1.0, |id| id as f64),
        "oldest run taken by the latest 2-pass merge (id; −1: none yet)",
        "run",
    ));
    compare_metrics(lab, &mut out);
    out
}
