//! What the flashlog lab view draws, as typed payloads (`payload.rs`); its metrics are in
//! `metrics.rs`.
//!
//! 1. Logging: the LSN ruler (generated, issued, durable prefix, acknowledged), one lane per
//!    device with its write in flight and its latest records, the latest commits; after a
//!    crash, the crash image and the recovery merge's streams with their cursors.
//! 2. Append/Pack: the blocks with their log (free / append / pack) and valid counts, the two
//!    logs tail → head, both buffers, and write amplification measured against 1/(1 − u).
//! 3. Info: the devices, the throughput-vs-devices curve (logging), the constants.

use serde_json::Value;

use super::apmode::{ApAction, ApState};
use super::logging::{LogState, Phase};
use super::payload::*;
use super::{FlashLogLab, ModeState, curve};
use crate::flashlog::appendpack::LogId;
use crate::flashlog::appendpack::layout::NO_PAGE;
use crate::flashlog::devices::DeviceKind;
use crate::flashlog::media::{Area, StoredRecord};
use crate::flashlog::recover::MergeStep;
use crate::flashlog::sim::{Purpose, WriteRequest};
use crate::payload::to_value;
use crate::sim::{LabView, NamedSeries};

const RECENT_RECORDS: usize = 12;
const RECENT_COMMITS: usize = 16;
const STREAM_WINDOW: usize = 48;

pub fn view(lab: &FlashLogLab) -> LabView {
    match &lab.state {
        ModeState::Logging(s) => LabView {
            meta: to_value(&FlashlogMeta {
                mode: "logging".into(),
                logging: Some(log_meta(s)),
                append_pack: None,
            }),
            series: Vec::new(),
        },
        ModeState::AppendPack(s) => LabView {
            meta: to_value(&FlashlogMeta {
                mode: "append_pack".into(),
                logging: None,
                append_pack: Some(ap_meta(s)),
            }),
            series: vec![NamedSeries {
                name: "slot_page",
                data: s
                    .ap
                    .slot_page
                    .iter()
                    .map(|&p| if p == u32::MAX { -1.0 } else { f64::from(p) })
                    .collect(),
            }],
        },
    }
}

fn purpose(p: Purpose) -> &'static str {
    match p {
        Purpose::Log => "log",
        Purpose::Reissue { .. } => "reissue",
        Purpose::StripePiece => "stripe",
        Purpose::Archive => "archive",
        Purpose::CacheAck => "cache_ack",
        Purpose::Destage => "destage",
    }
}

fn area(a: Area) -> &'static str {
    match a {
        Area::Main => "main",
        Area::OutlierHiding => "outlier_hiding",
        Area::Archive => "archive",
    }
}

fn in_flight(id: usize, r: &WriteRequest) -> LaneWrite {
    LaneWrite {
        request: Some(id as u64),
        start_lsn: r.start_lsn,
        end_lsn: r.end_lsn,
        purpose: purpose(r.purpose).into(),
        issued_ns: r.issued_ns,
        due_ns: r.due_ns,
        outlier: r.outlier,
        hiding_area: r.area == Area::OutlierHiding,
        torn: false,
    }
}

fn record(r: &StoredRecord) -> LaneWrite {
    LaneWrite {
        request: None,
        start_lsn: r.header.start_lsn,
        end_lsn: r.header.end_lsn(),
        purpose: area(r.area).into(),
        issued_ns: r.written_ns,
        due_ns: r.written_ns,
        outlier: false,
        hiding_area: r.area == Area::OutlierHiding,
        torn: !r.is_intact(),
    }
}

fn kind(k: &DeviceKind) -> &'static str {
    match k {
        DeviceKind::Hdd(_) => "hdd",
        DeviceKind::WriteCacheHdd { .. } => "ideal",
        DeviceKind::Usb { .. } => "usb",
        DeviceKind::SsdPartition { .. } => "ssd",
    }
}

fn log_meta(s: &LogState) -> LogMeta {
    let sim = &s.sim;
    let crashed = s.image.is_some();
    let lanes = sim
        .devices
        .iter()
        .enumerate()
        .map(|(i, d)| {
            let media: &[StoredRecord] = match &s.image {
                Some(img) => &img.devices[i].records,
                None => &d.media,
            };
            let from = media.len().saturating_sub(RECENT_RECORDS);
            LaneMeta {
                name: d.name.clone(),
                kind: kind(&d.kind).into(),
                in_flight: if crashed {
                    None
                } else {
                    d.busy.map(|id| in_flight(id, &sim.requests[id]))
                },
                recent: media[from..].iter().map(record).collect(),
                records: media.len() as u64,
                writes: d.writes,
                avg_latency_us: d.expected_ns(1024) as f64 / 1e3,
                outliers_suffered: d.outliers_suffered,
                capacity_bytes: d.capacity_bytes,
                used_bytes: d.used_bytes,
                freed_bytes: d.freed_bytes,
                oldest_lsn: media.iter().map(|r| r.header.start_lsn).min(),
            }
        })
        .collect();
    let from = sim.txns.len().saturating_sub(RECENT_COMMITS);
    let commits = sim.txns[from..]
        .iter()
        .map(|t| CommitMeta {
            txn: s.labels.get(t.id as usize).copied().unwrap_or(t.id),
            start_lsn: t.start_lsn,
            end_lsn: t.end_lsn,
            commit_ns: t.commit_ns,
            ack_ns: t.ack_ns,
        })
        .collect();
    let phase = match s.phase {
        Phase::Running if sim.queue.is_empty() => "finished",
        Phase::Running => "running",
        Phase::Crashed => "crashed",
        Phase::Recovering => "recovering",
        Phase::Done if s.judged.is_some() => "recovered",
        Phase::Done => "finished",
    };
    LogMeta {
        config: sim.config.name.clone(),
        phase: phase.into(),
        unsafe_config: sim.is_unsafe(),
        next_lsn: sim.next_lsn,
        issued_upto: sim.issued_upto,
        durable_prefix: sim.durable.prefix(),
        acked_end_lsn: sim.acked_end_lsn(),
        archived_upto: sim.archived_upto,
        archive_writes: sim.stats.archive_writes,
        space_stalls: sim.stats.space_stalls,
        waiting_commits: sim.waiting.len() as u64,
        acked_commits: sim.stats.acked,
        transactions: s.plan.transactions(),
        lanes,
        commits,
        last_request: s.last_request.map(|r| r as u64),
        last_event: super::events::EVENT_KINDS
            .iter()
            .find(|k| k.code == s.last_kind)
            .map_or("", |k| k.name)
            .into(),
        crash: s.image.as_ref().map(|img| CrashMeta {
            crash_ns: img.crash_ns,
            acked_before_crash: img.acked.len() as u64,
            acked_end_lsn: img.acked_end_lsn,
            generated_lsn: img.generated_lsn,
            torn_writes: img.torn_writes,
        }),
        merge: merge_meta(s),
        recovered: s.judged.as_ref().map(|j| RecoveredMeta {
            recovered_end: j.result.recovered.1,
            committed: j.committed_labels.len() as u64,
            acked_lost: j.acked_lost.len() as u64,
            lost_txns: j.acked_lost.iter().take(16).copied().collect(),
            from_archive_bytes: j.result.from_archive_bytes,
        }),
    }
}

fn merge_meta(s: &LogState) -> Option<MergeMeta> {
    let r = s.recovery.as_ref()?;
    let names: Vec<&str> = s
        .image
        .as_ref()
        .map(|img| img.devices.iter().map(|d| d.device.as_str()).collect())
        .unwrap_or_default();
    let streams = r
        .streams
        .iter()
        .enumerate()
        .map(|(i, st)| {
            let cursor = r.cursor(i);
            let from = cursor.saturating_sub(STREAM_WINDOW / 2);
            let to = (from + STREAM_WINDOW).min(st.records.len());
            StreamMeta {
                device: st.device as u64,
                device_name: names.get(st.device).copied().unwrap_or("").into(),
                area: area(st.area).into(),
                records: st.records[from..to].iter().map(record).collect(),
                cursor: (cursor - from) as u64,
                total: st.records.len() as u64,
            }
        })
        .collect();
    let (last_step, last_stream) = match s.last_merge {
        None => ("", None),
        Some(MergeStep::Extended { stream, .. }) => ("extended", Some(stream as u64)),
        Some(MergeStep::Duplicate { stream, .. }) => ("duplicate", Some(stream as u64)),
        Some(MergeStep::RejectedTorn { stream, .. }) => ("torn", Some(stream as u64)),
        Some(MergeStep::Gap { .. }) => ("gap", None),
        Some(MergeStep::Exhausted) => ("exhausted", None),
    };
    Some(MergeMeta {
        streams,
        recovered_end: r.recovered_end,
        last_step: last_step.into(),
        last_stream,
        duplicates: r.duplicates,
        torn_rejected: r.torn_rejected,
        gap_at: r.stopped_at_gap,
        done: r.done,
    })
}

fn ap_meta(s: &ApState) -> ApMeta {
    let ap = &s.ap;
    let c = ap.counters;
    let (u, model) = ap.model_write_amplification();
    let (last_action, last_page, last_block) = match s.last {
        None => ("", None, None),
        Some(ApAction::Write { page, .. }) => ("write", Some(page), None),
        Some(ApAction::Read { page, .. }) => ("read", Some(page), None),
        Some(ApAction::Pack { block, .. }) => ("pack", None, Some(block)),
    };
    ApMeta {
        eb_pages: ap.config.eb_pages,
        blocks: ap.config.blocks,
        logical_pages: ap.config.logical_pages,
        block_log: ap
            .block_log
            .iter()
            .map(|l| match l {
                None => "free".into(),
                Some(LogId::Append) => "append".into(),
                Some(LogId::Pack) => "pack".into(),
            })
            .collect(),
        block_valid: ap.block_valid.clone(),
        append_log: ap.append_log.iter().copied().collect(),
        pack_log: ap.pack_log.iter().copied().collect(),
        free_blocks: ap.free.len() as u32,
        write_buffer: ap.wbuf.iter().map(|e| e.0).collect(),
        pack_buffer: ap
            .pbuf
            .iter()
            .map(|e| (e.0 != NO_PAGE).then_some(e.0))
            .collect(),
        user_writes: c.user_writes,
        device_pages_written: c.device_pages_written,
        packed_pages: c.packed_pages,
        pack_steps: c.pack_steps,
        erases: c.erases,
        write_amplification: ap.write_amplification(),
        victim_valid_fraction: u,
        model_write_amplification: model,
        pack_due: ap.pack_due(),
        last_action: last_action.into(),
        last_page,
        last_block,
        appended: s.last_appends.iter().map(|a| a.0).collect(),
        device_busy_ns: s.device_busy_ns,
    }
}

pub fn info(lab: &FlashLogLab) -> Value {
    let (mode, devices, curve) = match &lab.state {
        ModeState::Logging(s) => (
            "logging",
            s.sim.devices.iter().map(|d| d.name.clone()).collect(),
            curve::curve(&s.plan).ok(),
        ),
        ModeState::AppendPack(_) => ("append_pack", vec!["course SSD".into()], None),
    };
    to_value(&FlashlogInfo {
        mode: mode.into(),
        title: match &lab.state {
            ModeState::Logging(s) => s.sim.config.name.clone(),
            ModeState::AppendPack(_) => "Append/Pack".into(),
        },
        devices,
        curve,
        constants: super::constants::payloads(),
    })
}
