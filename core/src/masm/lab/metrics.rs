//! Metrics of a MaSM run, each with its unit in its name. With `compare`, each available
//! baseline adds its mean scan time and SSD writes per update.

use super::MasmLab;
use super::view::theorem_writes;
use crate::masm::baseline::SchemeKind;
use crate::sim::Metric;

fn metric(name: &'static str, value: f64, label: &'static str, unit: &'static str) -> Metric {
    Metric {
        name,
        value,
        label,
        unit,
    }
}

fn mean_ms(values: &[u64]) -> f64 {
    if values.is_empty() {
        0.0
    } else {
        values.iter().sum::<u64>() as f64 / values.len() as f64 / 1e6
    }
}

pub fn metrics(lab: &MasmLab) -> Vec<Metric> {
    let m = lab.masm.metrics();
    let s = &lab.stats;
    let capacity = lab.masm.layout().ssd_capacity_pages.max(1);
    let max_scan = lab.scan_ns.iter().copied().max().unwrap_or(0);
    let mut out = vec![
        metric(
            "ops_total",
            lab.cfg.ops.len() as f64,
            "ops in the workload",
            "ops",
        ),
        metric(
            "ops_completed",
            s.ops_completed as f64,
            "ops completed",
            "ops",
        ),
        metric(
            "updates_committed",
            s.updates as f64,
            "updates committed",
            "updates",
        ),
        metric(
            "update_stalls",
            s.stalls as f64,
            "updates that had to wait",
            "updates",
        ),
        metric(
            "pages_stolen",
            s.steals as f64,
            "query pages stolen by the buffer",
            "pages",
        ),
        metric("flushes", s.flushes as f64, "flushes (1-pass runs)", "runs"),
        metric(
            "two_pass_merges",
            s.merges as f64,
            "2-pass merges",
            "merges",
        ),
        metric(
            "runs_live",
            lab.masm.runs().len() as f64,
            "runs on the SSD",
            "runs",
        ),
        metric(
            "one_pass_runs",
            lab.masm.one_pass_runs() as f64,
            "1-pass runs (K1)",
            "runs",
        ),
        metric(
            "two_pass_runs",
            lab.masm.two_pass_runs() as f64,
            "2-pass runs (K2)",
            "runs",
        ),
        metric(
            "ssd_fill_fraction",
            lab.masm.ssd_live_pages() as f64 / capacity as f64,
            "SSD space in live runs",
            "fraction",
        ),
        metric(
            "ssd_pages_written",
            m.ssd_pages_written() as f64,
            "SSD pages written (flushes + merges)",
            "pages",
        ),
        metric(
            "ssd_writes_per_update",
            m.writes_per_update(),
            "mean SSD writes per flushed update",
            "writes",
        ),
        metric(
            "theorem_writes_per_update",
            theorem_writes(lab),
            "worst case of Thm 3.1/3.2 (1 for MaSM-2M)",
            "writes",
        ),
        metric(
            "max_record_writes",
            f64::from(m.max_record_writes),
            "most SSD writes of one update",
            "writes",
        ),
        metric(
            "scans_completed",
            s.scans_done as f64,
            "scans answered",
            "scans",
        ),
        metric(
            "scans_aborted",
            s.scans_aborted as f64,
            "scans aborted by a crash",
            "scans",
        ),
        metric(
            "mean_scan_ms",
            mean_ms(&lab.scan_ns),
            "mean scan time",
            "ms",
        ),
        metric("max_scan_ms", max_scan as f64 / 1e6, "longest scan", "ms"),
        metric(
            "granules_read",
            m.granules_read as f64,
            "run granules read by scans",
            "granules",
        ),
        metric(
            "migrations_completed",
            s.migrations as f64,
            "migrations completed",
            "migrations",
        ),
        metric(
            "migration_pages_written",
            s.migration_pages as f64,
            "table pages written by migrations",
            "pages",
        ),
        metric(
            "migration_records_applied",
            m.migration_records_applied as f64,
            "update records migrated into the table",
            "records",
        ),
        metric("crashes", s.crashes as f64, "crashes", "crashes"),
        metric(
            "log_records_replayed",
            s.replayed_total as f64,
            "redo-log records replayed by recoveries",
            "records",
        ),
        metric(
            "log_records",
            lab.log.len() as f64,
            "redo-log records now",
            "records",
        ),
        metric(
            "hdd_busy_ms",
            lab.dev.hdd.busy_ns as f64 / 1e6,
            "main disk busy time",
            "ms",
        ),
        metric(
            "sim_time_ms",
            lab.now_ns() as f64 / 1e6,
            "simulated time",
            "ms",
        ),
    ];
    if let Some(compare) = &lab.compare {
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
            out.push(metric(scan_name, mean_ms(&slot.scan_ns), scan_label, "ms"));
            out.push(metric(
                writes_name,
                b.ssd_writes_per_update,
                writes_label,
                "writes",
            ));
        }
    }
    out
}
