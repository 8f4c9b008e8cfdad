//! What the UI draws: `LayoutsMeta` every step (device, files on the LBA strip, queries, the
//! last and in-flight requests, SSD channel activity) plus one series, and `LayoutsInfo` once
//! (table, device, knobs, sweep, paper points).
//!
//! Series (f64): `recent_io`, rows of 7 `[issued_us, done_us, query, file, offset_kb, kb,
//! seek]` for the last 128 completed requests (file = index into `files`, −1 if unknown).
//!
//! Paper points (digest §5): the disk crossover at 90 % of LINEITEM's bytes (E1) and 75 % of
//! ORDERS' (E9); no crossover on any SSD (E1, E2, E9); the disk's column seeks 867 at 100 % and
//! 83 at 10 % projectivity and the row store's ≈ 87 (LINEITEM, E1), 182 vs 19 (ORDERS, E9),
//! 2,941 vs 182 with 256 KB vs 6 MB read-ahead (E7). All at 60 M rows.

use serde_json::Value;

use super::payload::{
    LayoutsColumn, LayoutsDeviceNow, LayoutsFile, LayoutsInfo, LayoutsIo, LayoutsKnobs,
    LayoutsMeta, LayoutsPaperPoint, LayoutsPredicateInfo, LayoutsQueryInfo, LayoutsQueryNow,
    LayoutsSweepInfo,
};
use super::sweep::Sweep;
use super::{LayoutsLab, query_times, sweep_of};
use crate::layouts::device::{DeviceId, ScanDevice};
use crate::layouts::io::{Request, device_span};
use crate::layouts::schema::{PAPER_ROWS, TableKind};
use crate::layouts::settings::{AccessPath, KB, MB, Scheduler};
use crate::payload::to_value;
use crate::sim::{LabView, NamedSeries};

fn file_label(lab: &LayoutsLab, s: usize) -> (String, Option<u64>, bool) {
    let st = &lab.run.streams[s];
    if st.file == usize::MAX {
        return ("index".into(), None, true);
    }
    let table = &lab.run.queries[st.query].spec.table;
    match table.files.get(st.file).and_then(|f| f.column) {
        Some(c) => (
            table.schema.columns[c].name.to_string(),
            Some(c as u64),
            false,
        ),
        None => (format!("{} file", table.layout.name()), None, false),
    }
}

fn io_of(r: &Request, done_ns: u64, seek: bool) -> LayoutsIo {
    LayoutsIo {
        query: r.query as u64,
        file: r.stream as u64,
        offset: r.offset,
        bytes: r.bytes,
        seek,
        issued_ns: r.issued_ns,
        done_ns,
    }
}

fn device_now(lab: &LayoutsLab) -> LayoutsDeviceNow {
    let d = &lab.run.devices[0];
    let (channel_busy, dies_per_channel) = match &d.device {
        ScanDevice::Hdd(_) | ScanDevice::Raid0(_) => (Vec::new(), 0),
        ScanDevice::Ssd(s) => {
            let g = &s.geometry;
            let mut busy = vec![0u64; g.channels as usize];
            let page = u64::from(g.page_bytes);
            let dies = u64::from(g.dies()).max(1);
            for (_, r) in &d.in_flight {
                let first = r.offset / page;
                let last = (r.offset + r.bytes.max(1) - 1) / page;
                let mut seen = vec![false; busy.len()];
                for p in first..=last.min(first + dies) {
                    let ch = g.channel_of_die((p % dies) as u32) as usize;
                    if let Some(flag) = seen.get_mut(ch) {
                        *flag = true;
                    }
                }
                for (b, s) in busy.iter_mut().zip(seen) {
                    *b += u64::from(s);
                }
            }
            (busy, u64::from(g.dies_per_channel))
        }
    };
    LayoutsDeviceNow {
        name: d.id.name().into(),
        is_disk: d.id.is_disk(),
        head_offset: d.last_end,
        queued: d.queue.len() as u64,
        in_flight: d.in_flight.len() as u64,
        seeks: d.seeks,
        requests: d.requests,
        bytes: d.bytes,
        channel_busy,
        dies_per_channel,
        member_heads: match &d.device {
            ScanDevice::Raid0(r) => (0..r.members.len()).map(|m| r.head_on_array(m)).collect(),
            _ => Vec::new(),
        },
    }
}

pub fn view(lab: &LayoutsLab) -> LabView {
    let run = &lab.run;
    let s = &run.settings;
    let files: Vec<LayoutsFile> = run
        .streams
        .iter()
        .enumerate()
        .map(|(i, st)| {
            let (label, column, is_index) = file_label(lab, i);
            LayoutsFile {
                query: st.query as u64,
                label,
                column,
                is_index,
                device_base: st.device_base,
                device_bytes: device_span(st.file_bytes, s.fragment_bytes, s.fragment_gap_bytes),
                unit_bytes: st.unit_bytes,
                needed_units: st.units.len() as u64,
                issued_units: st.issued as u64,
                delivered_units: st.delivered as u64,
                consumed_units: st.consumed as u64,
            }
        })
        .collect();
    let queries = (0..run.queries.len())
        .map(|q| {
            let qs = &run.queries[q];
            let (elapsed_ns, cpu_ns, io_wait_ns) = query_times(lab, q);
            LayoutsQueryNow {
                layout: qs.spec.table.layout.name().into(),
                cursor_row: qs.cursor_row,
                rows: qs.spec.table.rows,
                elapsed_ns,
                cpu_ns,
                io_wait_ns,
                seeks: qs.seeks,
                requests: qs.requests,
                bytes_read: qs.bytes_read,
                answer_rows: qs.answer.len() as u64,
                finished_ns: qs.finished_ns,
            }
        })
        .collect();
    let dev = &run.devices[0];
    let meta = LayoutsMeta {
        now_ns: lab.now_ns(),
        steps: run.steps,
        done: run.queries.iter().all(|q| q.finished_ns.is_some()),
        device: device_now(lab),
        files,
        queries,
        last: lab.recent.back().map(|r| LayoutsIo {
            query: r.query as u64,
            file: r.stream as u64,
            offset: r.offset,
            bytes: r.bytes,
            seek: r.seek,
            issued_ns: r.issued_ns,
            done_ns: r.done_ns,
        }),
        in_flight: dev
            .in_flight
            .iter()
            .take(64)
            .map(|(t, r)| io_of(r, *t, false))
            .collect(),
        device_extent_bytes: dev.next_free_offset,
    };
    let recent = lab
        .recent
        .iter()
        .flat_map(|r| {
            [
                r.issued_ns as f64 / 1e3,
                r.done_ns as f64 / 1e3,
                r.query as f64,
                r.stream as f64,
                r.offset as f64 / 1024.0,
                r.bytes as f64 / 1024.0,
                f64::from(u8::from(r.seek)),
            ]
        })
        .collect();
    LabView {
        meta: to_value(&meta),
        series: vec![NamedSeries {
            name: "recent_io",
            data: recent,
        }],
    }
}

fn point(
    id: &str,
    what: &str,
    fraction: Option<f64>,
    value: Option<f64>,
    unit: &str,
) -> LayoutsPaperPoint {
    LayoutsPaperPoint {
        id: id.into(),
        what: what.into(),
        fraction,
        value,
        unit: unit.into(),
        rows: PAPER_ROWS,
        fixme: false,
        simulated: None,
    }
}

/// The sweep's seeks for a paper seek point (`LayoutsPaperPoint::simulated`): (read-ahead the
/// paper measured it with, the sweep's count) for each seek point id.
fn sweep_seeks(id: &str, sweep: &Sweep, read_ahead_bytes: u64) -> Option<f64> {
    let last = sweep.column_seeks.last().copied();
    let (needs, seeks) = match id {
        "E1.seeks_100" | "E9.seeks_column" => (6 * MB, last),
        // 10 % projectivity of LINEITEM: 4 attributes, 16 of 150 B.
        "E1.seeks_10" => (6 * MB, sweep.column_seeks.get(3).copied()),
        "E9.seeks_row" => (6 * MB, Some(sweep.row_seeks)),
        "E7.seeks_256k" => (256 * KB, last),
        _ => return None,
    };
    (read_ahead_bytes == needs)
        .then(|| seeks.map(|s| s as f64 * PAPER_ROWS as f64 / sweep.rows.max(1) as f64))
        .flatten()
}

/// The paper's stated points for this table and device (module header). The RAID-0 gets §5.1.2's
/// own sentence, not the single disk's numbers or the SSDs' "no crossover".
pub fn paper_points(kind: TableKind, device: DeviceId) -> Vec<LayoutsPaperPoint> {
    match (kind, device) {
        (TableKind::Lineitem, DeviceId::Raid0) => vec![point(
            "E2.raid0.crossover_fraction",
            "on a RAID-0 of two disks the column store is worse above 90 % of the tuple (§5.1.2, in a FIXME)",
            Some(0.9),
            None,
            "fraction",
        )],
        (_, DeviceId::Raid0) => Vec::new(),
        (TableKind::Lineitem, DeviceId::Disk) => vec![
            point(
                "E1.crossover",
                "column store worse above 90 % of the tuple (Fig. 2(a))",
                Some(0.9),
                None,
                "fraction",
            ),
            point(
                "E1.seeks_100",
                "column-store seeks at 100 % projectivity",
                None,
                Some(867.0),
                "seeks",
            ),
            point(
                "E1.seeks_10",
                "column-store seeks at 10 % projectivity",
                None,
                Some(83.0),
                "seeks",
            ),
        ],
        (TableKind::Orders, DeviceId::Disk) => vec![
            point(
                "E9.crossover",
                "column store worse above 75 % of the tuple (Fig. 6(a))",
                Some(0.75),
                None,
                "fraction",
            ),
            point(
                "E9.seeks_column",
                "column-store seeks (6 MB read-ahead)",
                None,
                Some(182.0),
                "seeks",
            ),
            point("E9.seeks_row", "row-store seeks", None, Some(19.0), "seeks"),
            point(
                "E7.seeks_256k",
                "column-store seeks with 256 KB read-ahead (Fig. 4)",
                None,
                Some(2941.0),
                "seeks",
            ),
        ],
        (_, _) => vec![point(
            "E1.E2.E9.no_crossover",
            "no crossover on any SSD: the column store wins at every projectivity",
            None,
            None,
            "",
        )],
    }
}

pub fn info(lab: &LayoutsLab) -> Value {
    let cfg = lab.config();
    let schema = &lab.table.schema;
    let s = &cfg.settings;
    let (b, l) = cfg.device.table2_bandwidth_latency();
    let sweep = sweep_of(lab).map(|w| {
        let sw = cfg.sweep.as_ref();
        LayoutsSweepInfo {
            rows: w.rows,
            io_unit_bytes: sw.map_or(0, |c| c.settings.io_unit_bytes),
            read_ahead_bytes: sw.map_or(0, |c| c.settings.read_ahead_bytes),
            selectivity: w.selectivity,
            fractions: w.fractions.clone(),
            row_s: w.row_s,
            row_cpu_s: w.row_cpu_s,
            row_seeks: w.row_seeks,
            column_s: w.column_s.clone(),
            column_cpu_s: w.column_cpu_s.clone(),
            column_seeks: w.column_seeks.clone(),
            row_model_s: w.row_model_s,
            column_model_s: w.column_model_s.clone(),
            pax_s: w.pax_s.clone(),
            pax_cpu_s: w.pax_cpu_s.clone(),
            pax_seeks: w.pax_seeks.clone(),
            crossover_k: w.crossover.map(|c| c.0),
            crossover_fraction: w.crossover.map(|c| c.1),
            model_crossover_fraction: w.model_crossover_fraction,
        }
    });
    let info = LayoutsInfo {
        table: schema.name.into(),
        rows: cfg.rows,
        columns: schema
            .columns
            .iter()
            .map(|c| LayoutsColumn {
                name: c.name.into(),
                width_bytes: u64::from(c.width_bytes),
            })
            .collect(),
        tuple_bytes: u64::from(schema.tuple_bytes()),
        device: cfg.device.name().into(),
        device_is_disk: cfg.device.is_disk(),
        bandwidth_mb_s: b,
        latency_ms: l,
        knobs: LayoutsKnobs {
            layout: cfg.layout.name().into(),
            page_bytes: u64::from(cfg.page_bytes),
            io_unit_bytes: s.io_unit_bytes,
            read_ahead_bytes: s.read_ahead_bytes,
            scheduler: match s.scheduler {
                Scheduler::Noop => "noop".into(),
                Scheduler::Cfq => "cfq".into(),
            },
            compression_ratio: s.compression.ratio,
            compression_codec: s.compression.codec,
            index: matches!(s.access, AccessPath::Index { .. }),
        },
        queries: cfg
            .queries
            .iter()
            .map(|q| LayoutsQueryInfo {
                columns: q.columns.iter().map(|&c| c as u64).collect(),
                predicate: LayoutsPredicateInfo {
                    column: q.predicate.column as u64,
                    from: q.predicate.low,
                    to: q.predicate.high.saturating_sub(1),
                },
            })
            .collect(),
        sweep,
        paper_points: paper_points(cfg.kind, cfg.device)
            .into_iter()
            .map(|mut p| {
                p.simulated = sweep_of(lab)
                    .zip(cfg.sweep.as_ref())
                    .and_then(|(w, c)| sweep_seeks(&p.id, w, c.settings.read_ahead_bytes));
                p
            })
            .collect(),
        constants: super::constants::payloads(cfg.device, &cfg.settings),
    };
    to_value(&info)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_device_quotes_its_own_paper_sentence() {
        let ids = |kind, device| -> Vec<String> {
            paper_points(kind, device)
                .into_iter()
                .map(|p| p.id)
                .collect()
        };
        assert_eq!(
            ids(TableKind::Lineitem, DeviceId::Raid0),
            vec!["E2.raid0.crossover_fraction"]
        );
        assert!(ids(TableKind::Orders, DeviceId::Raid0).is_empty());
        assert!(ids(TableKind::Lineitem, DeviceId::Disk).contains(&"E1.crossover".to_string()));
        for ssd in [DeviceId::SsdFast, DeviceId::SsdMedium, DeviceId::SsdSlow] {
            assert_eq!(ids(TableKind::Lineitem, ssd), vec!["E1.E2.E9.no_crossover"]);
        }
    }
}
