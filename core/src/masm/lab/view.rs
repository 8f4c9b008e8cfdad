//! What the UI draws (`/work/plan/masm-contract.md`): small JSON meta plus flat numeric series.
//! Beyond the contract, meta has `down` (between a crash and its recovery) and each `compare`
//! row has `available` and `error` (a baseline that could not run is shown, not hidden).
//!
//! Series (all f64): `table_page_ts`, `table_page_rows` (per table page); `hdd_ops` and
//! `cache_ops`, rows of 4 `[start_us, end_us, kind, page or run id]` (last 64; disk kinds 1 scan
//! read, 2 migrate read, 3 migrate write; cache kinds 1 flush write, 2 granule read, 3 merge
//! read, 4 merge write); `scan_ns_masm`, `scan_ns_in_place`, `scan_ns_iu`, `scan_ns_lsm`, one
//! value per scan (empty unless `compare`); `writes_per_update`, pairs `[updates, mean writes]`;
//! the disk-arm trace's `arm_in_place_scan`, `arm_in_place_other`, `arm_iu_scan`,
//! `arm_iu_other` (`arm_view`).

use serde_json::Value;

use super::arm_view::{arm_payload, arm_series};
use super::events::EVENT_KINDS;
use super::payload::{
    CacheDevice, GranularityName, Interval, MasmBuffer, MasmCounts, MasmFlush, MasmInfo, MasmLog,
    MasmMemory, MasmMeta, MasmMigration, MasmRun, MasmScan, MasmWrites, MigrationState, RecordKind,
    ScanRun, ScanStateName, SchemeId, SchemeSummary, TheoremPlan, ViewRecord,
};
use super::scans::{ScanState, ScanTrack};
use super::{IoRow, MasmLab, RECOVERY_NS, UPDATE_NS};
use crate::device::provenance::{Constant, Tag};
use crate::masm::baseline::SchemeKind;
use crate::masm::config::Variant;
use crate::masm::io::CacheKind;
use crate::masm::io::constants::constant_payloads;
use crate::masm::record::{Change, UpdateRecord};
use crate::payload::to_value;
use crate::sim::{LabView, NamedSeries};

/// Records listed per buffer or flush, runs' index entries listed per run.
const LIST_RECORDS: usize = 512;
const LIST_GRANULES: usize = 256;
/// HDD pages in the counters are 4 KB.
const HDD_PAGE_BYTES: u64 = 4096;

fn records_payload(records: &[UpdateRecord]) -> Vec<ViewRecord> {
    records
        .iter()
        .take(LIST_RECORDS)
        .map(|r| ViewRecord {
            ts: r.ts,
            key: r.key,
            kind: match r.change {
                Change::Insert(_) => RecordKind::Insert,
                Change::Delete => RecordKind::Delete,
                Change::Modify(_) => RecordKind::Modify,
                Change::Replace(_) => RecordKind::Replace,
            },
        })
        .collect()
}

fn scan_payload(lab: &MasmLab, s: &ScanTrack) -> MasmScan {
    MasmScan {
        op: s.op as u64,
        query_ts: s.query_ts,
        from: s.from,
        to: s.to,
        state: match s.state {
            ScanState::WaitFlush { .. } | ScanState::Running => ScanStateName::Running,
            ScanState::Done => ScanStateName::Done,
            ScanState::Aborted => ScanStateName::Aborted,
        },
        start_ns: s.start_ns,
        end_ns: s.end_ns,
        hdd: Interval {
            start_ns: s.hdd.start_ns,
            end_ns: s.hdd.end_ns,
        },
        ssd: s.ssd.map(|c| Interval {
            start_ns: c.start_ns,
            end_ns: c.end_ns,
        }),
        runs: s
            .granules
            .iter()
            .map(|&(run_id, granule_start, granule_count)| ScanRun {
                run_id,
                granule_start,
                granule_count,
            })
            .collect(),
        table_page_first: lab.table.table_page_of(s.from),
        table_page_last: lab.table.table_page_of(s.to),
        rows: s.rows,
        update_records_merged: s.update_records_merged,
    }
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

fn compare_payload(lab: &MasmLab) -> Option<Vec<SchemeSummary>> {
    let compare = lab.compare.as_ref()?;
    let m = lab.masm.metrics();
    let p = lab.cfg.io.page_bytes;
    let mean = |v: &[u64]| {
        if v.is_empty() {
            0
        } else {
            v.iter().sum::<u64>() / v.len() as u64
        }
    };
    let mut rows = vec![SchemeSummary {
        scheme: SchemeId::Masm,
        label: variant_label(lab.cfg.variant_name),
        available: true,
        error: None,
        updates: lab.stats.updates,
        scans: lab.stats.scans_done,
        last_scan_ns: lab.scan_ns.last().copied().unwrap_or(0),
        mean_scan_ns: mean(&lab.scan_ns),
        ssd_writes_per_update: m.writes_per_update(),
        ssd_pages_written: m.ssd_pages_written() * p / HDD_PAGE_BYTES,
        hdd_busy_ns: lab.dev.hdd.busy_ns,
        answers_match: lab.checks.answers.failure.is_none(),
    }];
    for slot in &compare.slots {
        let b = slot.baseline.as_ref().map(|b| b.metrics());
        rows.push(SchemeSummary {
            scheme: match slot.kind {
                SchemeKind::InPlace => SchemeId::InPlace,
                SchemeKind::Iu => SchemeId::Iu,
                SchemeKind::Lsm => SchemeId::Lsm,
            },
            label: slot.kind.label().to_string(),
            available: slot.baseline.is_some(),
            error: slot.error.clone(),
            updates: b.as_ref().map_or(0, |b| b.updates),
            scans: slot.scan_ns.len() as u64,
            last_scan_ns: slot.scan_ns.last().copied().unwrap_or(0),
            mean_scan_ns: mean(&slot.scan_ns),
            ssd_writes_per_update: b.as_ref().map_or(0.0, |b| b.ssd_writes_per_update),
            ssd_pages_written: b.as_ref().map_or(0, |b| b.ssd_pages_written),
            hdd_busy_ns: b.as_ref().map_or(0, |b| b.hdd_busy_ns),
            answers_match: slot.answers_match,
        });
    }
    Some(rows)
}

/// The runs panel: each run's time and key range, size and first granule keys; the runs a
/// migration froze come first.
fn runs_payload(lab: &MasmLab) -> Vec<MasmRun> {
    let masm = &lab.masm;
    let frozen = masm.migration().map_or(0, |s| s.run_ids.len());
    masm.runs()
        .iter()
        .enumerate()
        .map(|(i, r)| MasmRun {
            id: r.id,
            pass: r.pass,
            min_ts: r.min_ts,
            max_ts: r.max_ts,
            min_key: r.records.first().map_or(0, |x| x.key),
            max_key: r.records.last().map_or(0, |x| x.key),
            records: r.records.len() as u64,
            pages: r.pages,
            granule_first_keys: r
                .index
                .first_keys
                .iter()
                .take(LIST_GRANULES)
                .copied()
                .collect(),
            frozen: i < frozen,
            created_ns: lab.run_created_ns.get(&r.id).copied().unwrap_or(0),
        })
        .collect()
}

/// The flush in progress, if any: its records, pages written and expected end.
fn flush_payload(lab: &MasmLab) -> Option<MasmFlush> {
    lab.masm.flush_job().map(|job| {
        let track = lab.flush;
        let left = job.pages_total.saturating_sub(job.pages_written + 1);
        MasmFlush {
            records: records_payload(&job.records),
            count: job.records.len() as u64,
            pages_written: job.pages_written,
            pages_total: job.pages_total,
            start_ns: track.map_or(lab.now_ns(), |t| t.start_ns),
            end_ns: track.map_or(lab.now_ns(), |t| t.page_end_ns + left * t.page_ns),
        }
    })
}

/// The migration panel: waiting for older queries, or running page by page.
fn migration_payload(lab: &MasmLab) -> Option<MasmMigration> {
    let masm = &lab.masm;
    lab.migration.as_ref().map(|t| MasmMigration {
        ts: t.ts,
        state: if t.start_ns.is_some() {
            MigrationState::Running
        } else {
            MigrationState::Waiting
        },
        next_page: masm.migration().map_or(0, |s| s.next_page as u64),
        pages_total: masm.table().pages.len() as u64,
        run_ids: t.run_ids.clone(),
        waiting_for: if t.start_ns.is_some() {
            Vec::new()
        } else {
            masm.queries_blocking_migration().to_vec()
        },
        start_ns: t.start_ns.unwrap_or(t.request_ns),
    })
}

/// The buffer panel: the buffered records and the pages the buffer uses or stole.
fn buffer_payload(lab: &MasmLab) -> MasmBuffer {
    let buffer = lab.masm.buffer();
    MasmBuffer {
        records: records_payload(buffer.records()),
        count: buffer.len() as u64,
        capacity_records: buffer.capacity_pages() * lab.cfg.masm.records_per_page,
        pages_used: buffer.pages_used(),
        base_pages: buffer.base_capacity_pages,
        stolen_pages: buffer.stolen_pages,
        sorted: buffer.is_sorted(),
    }
}

/// The memory panel: the budget against the buffer, stolen and query pages.
fn memory_payload(lab: &MasmLab) -> MasmMemory {
    let layout = lab.masm.layout();
    let stolen_pages = lab.masm.buffer().stolen_pages;
    let in_use = lab.query_pages_in_use();
    MasmMemory {
        budget_pages: memory_budget(lab),
        buffer_pages: layout.buffer_pages,
        stolen_pages,
        query_pages_in_use: in_use,
        total_pages: layout.buffer_pages + stolen_pages + in_use,
    }
}

/// The counters panel: ops done and pages moved on each device.
fn counts_payload(lab: &MasmLab) -> MasmCounts {
    MasmCounts {
        updates: lab.stats.updates,
        flushes: lab.stats.flushes,
        merges: lab.stats.merges,
        scans: lab.stats.scans_done,
        migrations: lab.stats.migrations,
        crashes: lab.stats.crashes,
        ssd_pages_written: lab.masm.metrics().ssd_pages_written(),
        ssd_pages_read: lab.dev.cache.bytes_read / lab.cfg.io.page_bytes.max(1),
        hdd_pages_read: lab.dev.hdd.bytes_read / HDD_PAGE_BYTES,
        hdd_pages_written: lab.dev.hdd.bytes_written / HDD_PAGE_BYTES,
    }
}

/// The view's meta: the configuration, then one part per panel.
fn meta_payload(lab: &MasmLab) -> MasmMeta {
    let masm = &lab.masm;
    let layout = masm.layout();
    let cfg = &lab.cfg;
    let m = masm.metrics();
    let theorem = theorem_writes(lab);
    MasmMeta {
        variant: cfg.variant_name.to_string(),
        alpha: cfg.alpha,
        m_pages: cfg.masm.m_pages,
        buffer_pages: layout.buffer_pages,
        query_pages: layout.query_pages,
        fan_in: layout.fan_in,
        ssd_capacity_pages: layout.ssd_capacity_pages,
        records_per_page: cfg.masm.records_per_page,
        records_per_granule: layout.records_per_granule,
        granularity: match cfg.masm.granularity {
            crate::masm::Granularity::Coarse => GranularityName::Coarse,
            crate::masm::Granularity::Fine => GranularityName::Fine,
        },
        page_bytes: cfg.io.page_bytes,
        record_bytes: cfg.record_bytes,
        key_space: cfg.masm.key_space,
        keys_per_table_page: cfg.masm.keys_per_table_page,
        table_pages: masm.table().pages.len() as u64,
        cache_device: match cfg.io.cache {
            CacheKind::Ssd { .. } => CacheDevice::Ssd,
            CacheKind::Hdd { .. } => CacheDevice::Hdd,
        },
        theorem_writes_per_update: theorem,
        migration_threshold: cfg.migration_threshold,
        now_ns: lab.now_ns(),
        clock_ts: masm.now_ts(),
        buffer: buffer_payload(lab),
        flush: flush_payload(lab),
        runs: runs_payload(lab),
        scans: lab
            .scans
            .iter()
            .chain(lab.finished_scans.iter())
            .map(|s| scan_payload(lab, s))
            .collect(),
        migration: migration_payload(lab),
        memory: memory_payload(lab),
        writes: MasmWrites {
            histogram: m.write_histogram,
            mean_per_update: m.writes_per_flushed_record(),
            theorem,
            max: u64::from(m.max_record_writes),
        },
        log: MasmLog {
            records: lab.log.len() as u64,
            truncated_ts: lab.log.truncated_ts,
            replayed_last_recovery: lab.log.replayed_last_recovery,
        },
        counts: counts_payload(lab),
        compare: compare_payload(lab),
        disk_arm: arm_payload(lab),
        down: lab.down,
    }
}

/// One value per scan of a scheme (MaSM for `None`), empty without the compare mode.
fn scan_series(lab: &MasmLab, kind: Option<SchemeKind>) -> Vec<f64> {
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
}

/// The bulk series of the module header, in its order.
fn view_series(lab: &MasmLab) -> Vec<NamedSeries> {
    let pages = &lab.masm.table().pages;
    let series = |name, data| NamedSeries { name, data };
    vec![
        series(
            "table_page_ts",
            pages.iter().map(|p| p.page_ts as f64).collect(),
        ),
        series(
            "table_page_rows",
            pages.iter().map(|p| p.rows.len() as f64).collect(),
        ),
        series("hdd_ops", io_rows(&lab.hdd_ops)),
        series("cache_ops", io_rows(&lab.cache_ops)),
        series("scan_ns_masm", scan_series(lab, None)),
        series(
            "scan_ns_in_place",
            scan_series(lab, Some(SchemeKind::InPlace)),
        ),
        series("scan_ns_iu", scan_series(lab, Some(SchemeKind::Iu))),
        series("scan_ns_lsm", scan_series(lab, Some(SchemeKind::Lsm))),
        series(
            "writes_per_update",
            lab.writes_points
                .iter()
                .flat_map(|&(u, w)| [u as f64, w])
                .collect(),
        ),
    ]
}

pub fn view(lab: &MasmLab) -> LabView {
    let mut series = view_series(lab);
    series.extend(arm_series(lab));
    LabView {
        meta: to_value(&meta_payload(lab)),
        series,
    }
}

/// Static information: device constants with sources, the lab's own design constants, and the
/// theorem plan (null for MaSM-2M).
pub fn info(lab: &MasmLab) -> Value {
    to_value(&info_payload(lab))
}

/// The typed `info()` of the MaSM lab.
pub fn info_payload(lab: &MasmLab) -> MasmInfo {
    let mut constants = constant_payloads(&lab.cfg.io).unwrap_or_default();
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
        let mut payload = c.payload();
        payload.key = format!("masm.{}", c.key);
        constants.push(payload);
    }
    let theorem = lab.masm.layout().plan.map(|p| TheoremPlan {
        s: p.buffer_pages,
        q: p.query_pages,
        n: p.fan_in,
        k2: p.two_pass_runs,
        writes_per_update: p.writes_per_update_exact,
        writes_per_update_paper: p.writes_per_update_paper,
    });
    let kinds = |list: &[&str]| list.iter().map(|s| (*s).to_string()).collect();
    MasmInfo {
        event_kinds: EVENT_KINDS.len() as u64,
        constants,
        theorem,
        update_kinds: kinds(&["", "insert", "delete", "modify", "replace"]),
        hdd_op_kinds: kinds(&[
            "",
            "scan_read",
            "migrate_read",
            "migrate_write",
            "in_place_rmw",
        ]),
        cache_op_kinds: kinds(&[
            "",
            "flush_write",
            "granule_read",
            "merge_read",
            "merge_write",
        ]),
    }
}
