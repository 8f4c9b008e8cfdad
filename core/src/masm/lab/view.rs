//! What the UI draws (`/work/plan/masm-contract.md`): small JSON meta plus flat numeric series.
//! Beyond the contract, meta has `down` (between a crash and its recovery) and each `compare`
//! row has `available` and `error` (a baseline that could not run is shown, not hidden).
//!
//! Series (all f64): `table_page_ts`, `table_page_rows` (per table page); `hdd_ops` and
//! `cache_ops`, rows of 4 `[start_us, end_us, kind, page or run id]` (last 64; disk kinds 1 scan
//! read, 2 migrate read, 3 migrate write; cache kinds 1 flush write, 2 granule read, 3 merge
//! read, 4 merge write); `scan_ns_masm`, `scan_ns_in_place`, `scan_ns_iu`, `scan_ns_lsm`, one
//! value per scan (empty unless `compare`); `writes_per_update`, pairs `[updates, mean writes]`.

use serde_json::{Value, json};

use super::events::EVENT_KINDS;
use super::scans::ScanTrack;
use super::{IoRow, MasmLab, RECOVERY_NS, UPDATE_NS};
use crate::device::provenance::{Constant, Tag};
use crate::masm::baseline::SchemeKind;
use crate::masm::config::Variant;
use crate::masm::io::{CacheKind, constants};
use crate::masm::record::UpdateRecord;
use crate::sim::{LabView, NamedSeries};

/// Records listed per buffer or flush, runs' index entries listed per run.
const LIST_RECORDS: usize = 512;
const LIST_GRANULES: usize = 256;
/// HDD pages in the counters are 4 KB.
const HDD_PAGE_BYTES: u64 = 4096;

fn records_json(records: &[UpdateRecord]) -> Value {
    json!(
        records
            .iter()
            .take(LIST_RECORDS)
            .map(|r| json!({"ts": r.ts, "key": r.key, "kind": r.change.kind_name()}))
            .collect::<Vec<_>>()
    )
}

fn span_json(start_ns: u64, end_ns: u64) -> Value {
    json!({"start_ns": start_ns, "end_ns": end_ns})
}

fn scan_json(lab: &MasmLab, s: &ScanTrack) -> Value {
    json!({
        "op": s.op,
        "query_ts": s.query_ts,
        "from": s.from,
        "to": s.to,
        "state": s.state.name(),
        "start_ns": s.start_ns,
        "end_ns": s.end_ns,
        "hdd": span_json(s.hdd.start_ns, s.hdd.end_ns),
        "ssd": s.ssd.map(|c| span_json(c.start_ns, c.end_ns)),
        "runs": s.granules.iter().map(|&(run_id, start, count)| json!({
            "run_id": run_id, "granule_start": start, "granule_count": count,
        })).collect::<Vec<_>>(),
        "table_page_first": lab.table.table_page_of(s.from),
        "table_page_last": lab.table.table_page_of(s.to),
        "rows": s.rows,
        "update_records_merged": s.update_records_merged,
    })
}

/// "MaSM-2M", "MaSM-M" or "MaSM-αM".
pub fn variant_label(variant_name: &str) -> String {
    match variant_name {
        "alphaM" => "MaSM-αM".to_string(),
        other => format!("MaSM-{other}"),
    }
}

/// The theorem's writes per update: 1 for MaSM-2M, the integer recipe for MaSM-αM.
pub fn theorem_writes(lab: &MasmLab) -> f64 {
    lab.masm
        .layout()
        .plan
        .map_or(1.0, |p| p.writes_per_update_exact)
}

fn memory_budget(lab: &MasmLab) -> u64 {
    match lab.cfg.masm.variant {
        Variant::TwoM => 2 * lab.cfg.masm.m_pages,
        Variant::AlphaM { .. } => lab.masm.layout().memory_pages(),
    }
}

fn io_rows(ring: &std::collections::VecDeque<IoRow>) -> Vec<f64> {
    ring.iter()
        .flat_map(|r| {
            [
                r.start_ns as f64 / 1e3,
                r.end_ns as f64 / 1e3,
                f64::from(r.kind),
                r.id as f64,
            ]
        })
        .collect()
}

fn compare_json(lab: &MasmLab) -> Value {
    let Some(compare) = &lab.compare else {
        return Value::Null;
    };
    let m = lab.masm.metrics();
    let p = lab.cfg.io.page_bytes;
    let mean = |v: &[u64]| {
        if v.is_empty() {
            0
        } else {
            v.iter().sum::<u64>() / v.len() as u64
        }
    };
    let mut rows = vec![json!({
        "scheme": "masm",
        "label": variant_label(lab.cfg.variant_name),
        "available": true,
        "error": null,
        "updates": lab.stats.updates,
        "scans": lab.stats.scans_done,
        "last_scan_ns": lab.scan_ns.last().copied().unwrap_or(0),
        "mean_scan_ns": mean(&lab.scan_ns),
        "ssd_writes_per_update": m.writes_per_update(),
        "ssd_pages_written": m.ssd_pages_written() * p / HDD_PAGE_BYTES,
        "hdd_busy_ns": lab.dev.hdd.busy_ns,
        "answers_match": lab.checks.answers.failure.is_none(),
    })];
    for slot in &compare.slots {
        let b = slot.baseline.as_ref().map(|b| b.metrics());
        rows.push(json!({
            "scheme": slot.kind.name(),
            "label": slot.kind.label(),
            "available": slot.baseline.is_some(),
            "error": slot.error,
            "updates": b.as_ref().map_or(0, |b| b.updates),
            "scans": slot.scan_ns.len(),
            "last_scan_ns": slot.scan_ns.last().copied().unwrap_or(0),
            "mean_scan_ns": mean(&slot.scan_ns),
            "ssd_writes_per_update": b.as_ref().map_or(0.0, |b| b.ssd_writes_per_update),
            "ssd_pages_written": b.as_ref().map_or(0, |b| b.ssd_pages_written),
            "hdd_busy_ns": b.as_ref().map_or(0, |b| b.hdd_busy_ns),
            "answers_match": slot.answers_match,
        }));
    }
    json!(rows)
}

pub fn view(lab: &MasmLab) -> LabView {
    let masm = &lab.masm;
    let layout = masm.layout();
    let cfg = &lab.cfg;
    let buffer = masm.buffer();
    let rpp = cfg.masm.records_per_page;
    let m = masm.metrics();
    let frozen = masm.migration().map_or(0, |s| s.run_ids.len());
    let runs: Vec<Value> = masm
        .runs()
        .iter()
        .enumerate()
        .map(|(i, r)| {
            json!({
                "id": r.id,
                "pass": r.pass,
                "min_ts": r.min_ts,
                "max_ts": r.max_ts,
                "min_key": r.records.first().map_or(0, |x| x.key),
                "max_key": r.records.last().map_or(0, |x| x.key),
                "records": r.records.len(),
                "pages": r.pages,
                "granule_first_keys": r.index.first_keys.iter().take(LIST_GRANULES).collect::<Vec<_>>(),
                "frozen": i < frozen,
                "created_ns": lab.run_created_ns.get(&r.id).copied().unwrap_or(0),
            })
        })
        .collect();
    let flush = masm.flush_job().map(|job| {
        let track = lab.flush;
        let left = job.pages_total.saturating_sub(job.pages_written + 1);
        json!({
            "records": records_json(&job.records),
            "count": job.records.len(),
            "pages_written": job.pages_written,
            "pages_total": job.pages_total,
            "start_ns": track.map_or(lab.now_ns(), |t| t.start_ns),
            "end_ns": track.map_or(lab.now_ns(), |t| t.page_end_ns + left * t.page_ns),
        })
    });
    let scans: Vec<Value> = lab
        .scans
        .iter()
        .chain(lab.finished_scans.iter())
        .map(|s| scan_json(lab, s))
        .collect();
    let migration = lab.migration.as_ref().map(|t| {
        json!({
            "ts": t.ts,
            "state": if t.start_ns.is_some() { "running" } else { "waiting" },
            "next_page": masm.migration().map_or(0, |s| s.next_page),
            "pages_total": masm.table().pages.len(),
            "run_ids": t.run_ids,
            "waiting_for": if t.start_ns.is_some() { &[][..] } else { masm.queries_blocking_migration() },
            "start_ns": t.start_ns.unwrap_or(t.request_ns),
        })
    });
    let in_use = lab.query_pages_in_use();
    let theorem = theorem_writes(lab);
    let hist = m.write_histogram;
    let meta = json!({
        "variant": cfg.variant_name,
        "alpha": cfg.alpha,
        "m_pages": cfg.masm.m_pages,
        "buffer_pages": layout.buffer_pages,
        "query_pages": layout.query_pages,
        "fan_in": layout.fan_in,
        "ssd_capacity_pages": layout.ssd_capacity_pages,
        "records_per_page": rpp,
        "records_per_granule": layout.records_per_granule,
        "granularity": match cfg.masm.granularity {
            crate::masm::Granularity::Coarse => "coarse",
            crate::masm::Granularity::Fine => "fine",
        },
        "page_bytes": cfg.io.page_bytes,
        "record_bytes": cfg.record_bytes,
        "key_space": cfg.masm.key_space,
        "keys_per_table_page": cfg.masm.keys_per_table_page,
        "table_pages": masm.table().pages.len(),
        "cache_device": match cfg.io.cache { CacheKind::Ssd { .. } => "ssd", CacheKind::Hdd { .. } => "hdd" },
        "theorem_writes_per_update": theorem,
        "migration_threshold": cfg.migration_threshold,
        "now_ns": lab.now_ns(),
        "clock_ts": masm.now_ts(),
        "buffer": {
            "records": records_json(buffer.records()),
            "count": buffer.len(),
            "capacity_records": buffer.capacity_pages() * rpp,
            "pages_used": buffer.pages_used(),
            "base_pages": buffer.base_capacity_pages,
            "stolen_pages": buffer.stolen_pages,
            "sorted": buffer.is_sorted(),
        },
        "flush": flush,
        "runs": runs,
        "scans": scans,
        "migration": migration,
        "memory": {
            "budget_pages": memory_budget(lab),
            "buffer_pages": layout.buffer_pages,
            "stolen_pages": buffer.stolen_pages,
            "query_pages_in_use": in_use,
            "total_pages": layout.buffer_pages + buffer.stolen_pages + in_use,
        },
        "writes": {
            "histogram": hist,
            "mean_per_update": m.writes_per_update(),
            "theorem": theorem,
            "max": m.max_record_writes,
        },
        "log": {
            "records": lab.log.len(),
            "truncated_ts": lab.log.truncated_ts,
            "replayed_last_recovery": lab.log.replayed_last_recovery,
        },
        "counts": {
            "updates": lab.stats.updates,
            "flushes": lab.stats.flushes,
            "merges": lab.stats.merges,
            "scans": lab.stats.scans_done,
            "migrations": lab.stats.migrations,
            "crashes": lab.stats.crashes,
            "ssd_pages_written": m.ssd_pages_written(),
            "ssd_pages_read": lab.dev.cache.bytes_read / cfg.io.page_bytes.max(1),
            "hdd_pages_read": lab.dev.hdd.bytes_read / HDD_PAGE_BYTES,
            "hdd_pages_written": lab.dev.hdd.bytes_written / HDD_PAGE_BYTES,
        },
        "compare": compare_json(lab),
        "down": lab.down,
    });
    let pages = &masm.table().pages;
    let scan_series = |kind: Option<SchemeKind>| -> Vec<f64> {
        let Some(compare) = &lab.compare else {
            return Vec::new();
        };
        let values = match kind {
            None => &lab.scan_ns,
            Some(k) => match compare.slots.iter().find(|s| s.kind == k) {
                Some(slot) => &slot.scan_ns,
                None => return Vec::new(),
            },
        };
        values.iter().map(|&v| v as f64).collect()
    };
    let series = vec![
        NamedSeries {
            name: "table_page_ts",
            data: pages.iter().map(|p| p.page_ts as f64).collect(),
        },
        NamedSeries {
            name: "table_page_rows",
            data: pages.iter().map(|p| p.rows.len() as f64).collect(),
        },
        NamedSeries {
            name: "hdd_ops",
            data: io_rows(&lab.hdd_ops),
        },
        NamedSeries {
            name: "cache_ops",
            data: io_rows(&lab.cache_ops),
        },
        NamedSeries {
            name: "scan_ns_masm",
            data: scan_series(None),
        },
        NamedSeries {
            name: "scan_ns_in_place",
            data: scan_series(Some(SchemeKind::InPlace)),
        },
        NamedSeries {
            name: "scan_ns_iu",
            data: scan_series(Some(SchemeKind::Iu)),
        },
        NamedSeries {
            name: "scan_ns_lsm",
            data: scan_series(Some(SchemeKind::Lsm)),
        },
        NamedSeries {
            name: "writes_per_update",
            data: lab
                .writes_points
                .iter()
                .flat_map(|&(u, w)| [u as f64, w])
                .collect(),
        },
    ];
    LabView { meta, series }
}

/// Static information: device constants with sources, the lab's own design constants, and the
/// theorem plan (null for MaSM-2M).
pub fn info(lab: &MasmLab) -> Value {
    let mut list = constants(&lab.cfg.io).unwrap_or_default();
    for c in [
        Constant::new(
            "update_ns",
            "time to log and buffer one update",
            UPDATE_NS as f64,
            "ns",
            Tag::Design,
            "lab choice: memory speed, so a closed-loop update stream outruns the flushes",
        ),
        Constant::new(
            "recovery_ns",
            "time from a crash to the end of recovery",
            RECOVERY_NS as f64,
            "ns",
            Tag::Design,
            "lab choice: restart and read the redo-log tail",
        ),
    ] {
        let mut v = c.to_json();
        if let Value::Object(map) = &mut v {
            map.insert("key".into(), Value::from(format!("masm.{}", c.key)));
        }
        list.push(v);
    }
    let theorem = lab.masm.layout().plan.map(|p| {
        json!({
            "S": p.buffer_pages,
            "Q": p.query_pages,
            "N": p.fan_in,
            "K2": p.two_pass_runs,
            "writes_per_update": p.writes_per_update_exact,
            "writes_per_update_paper": p.writes_per_update_paper,
        })
    });
    json!({
        "event_kinds": EVENT_KINDS.len(),
        "constants": list,
        "theorem": theorem,
        "update_kinds": ["", "insert", "delete", "modify", "replace"],
        "hdd_op_kinds": ["", "scan_read", "migrate_read", "migrate_write", "in_place_rmw"],
        "cache_op_kinds": ["", "flush_write", "granule_read", "merge_read", "merge_write"],
    })
}
