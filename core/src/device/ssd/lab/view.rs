//! What the UI draws: small JSON meta plus flat numeric series (one `Float64Array` each).
//!
//! Series (all f64):
//! - `page_state`: one value per physical page in ppn order (block-major, `pages_per_block` per
//!   block): 0 free, 1 valid, 2 invalid. Empty when the device has more than 65,536 pages
//!   (`meta.page_state_shown` is then false).
//! - `block_state`: per block, 0 free, 1 open (write point), 2 closed, 3 being collected.
//! - `erase_count`, `valid_count`: per block.
//! - `die_timeline`: rows of 4 `[die, start_us, end_us, kind]` (kind 1 read, 2 program, 3 GC
//!   copy, 4 erase), the last 16 operations of every die, oldest first, unused slots omitted.
//! - `die_busy_until_us` (per die), `channel_busy_until_us` (per channel).
//! - `wa_over_time`: pairs `[bin_end_us, write_amplification]`; `latency_over_time`: pairs
//!   `[bin_end_us, mean_latency_us]`; at most 128 bins, merged pairwise as time grows.

use serde_json::Value;

use super::events::EVENT_KINDS;
use super::payload::{
    LastGc, PairFields, SsdCounts, SsdGeometry, SsdInfo, SsdMeta, SsdPolicy, WritePoint,
};
use super::{SsdLab, TIMELINE_DEPTH};
use crate::device::ssd::config::VIEW_MAX_PAGES;
use crate::payload::to_value;
use crate::sim::{LabView, NamedSeries};

fn strings(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| (*s).to_string()).collect()
}

pub fn view(lab: &SsdLab) -> LabView {
    let ftl = &lab.ftl;
    let g = ftl.geometry;
    let t = &ftl.blocks;
    let page_state_shown = g.physical_pages() <= VIEW_MAX_PAGES;
    let write_points = (0..g.dies())
        .map(|die| {
            let block = ftl.active[die as usize];
            let open = block != crate::device::ssd::blocks::NIL;
            WritePoint {
                die,
                channel: g.channel_of_die(die),
                block: open.then_some(block),
                next_page: open.then(|| t.write_ptr[block as usize]),
                free_blocks: t.free_count(die),
            }
        })
        .collect();
    let last_gc = ftl.last_victim.map(|(die, v)| LastGc {
        die,
        block: v.block,
        valid_pages: v.valid_pages,
        reason_code: v.reason.code(),
        reason: v.reason.name().to_string(),
        score: v.score.is_finite().then_some(v.score),
    });
    let c = lab.measured();
    let fc = &lab.config.ftl;
    let meta = SsdMeta {
        preset: lab.config.preset.to_string(),
        label: lab.config.label.to_string(),
        now_ns: lab.now_ns(),
        geometry: SsdGeometry {
            channels: g.channels,
            dies_per_channel: g.dies_per_channel,
            planes_per_die: g.planes_per_die,
            blocks_per_plane: g.blocks_per_plane,
            pages_per_block: g.pages_per_block,
            page_bytes: g.page_bytes,
            dies: g.dies(),
            blocks: g.blocks(),
            physical_pages: g.physical_pages(),
            logical_pages: g.logical_pages,
            over_provisioning: g.spare_factor(),
        },
        policy: SsdPolicy {
            gc_policy: fc.policy,
            gc_low_watermark_blocks: fc.gc_low_watermark,
            gc_high_watermark_blocks: fc.gc_high_watermark,
            dynamic_wear_leveling: fc.dynamic_wear_leveling,
            static_wear_threshold: fc.static_wear_threshold,
        },
        write_points,
        last_gc,
        counts: SsdCounts {
            host_writes_pages: c.host_writes,
            flash_programs_pages: c.flash_programs,
            relocated_pages: c.relocations,
            erases: c.erases,
            gc_victims: c.gc_victims,
            wear_level_moves: c.wear_moves,
            trimmed_pages: c.trimmed,
            mapped_pages: ftl.mapped_pages(),
            free_blocks: ftl.free_blocks(),
            outstanding_requests: lab.outstanding as u64,
            completed_requests: lab.completed,
        },
        write_amplification: if c.host_writes == 0 {
            1.0
        } else {
            c.flash_programs as f64 / c.host_writes as f64
        },
        page_state_shown,
        page_state_codes: strings(&["free", "valid", "invalid"]),
        block_state_codes: strings(&["free", "open", "closed", "collecting"]),
        timeline_fields: strings(&["die", "start_us", "end_us", "kind"]),
        timeline_kinds: strings(&["", "read", "program", "gc_copy", "erase"]),
        pair_fields: PairFields {
            wa_over_time: ["end_us".to_string(), "write_amplification".to_string()],
            latency_over_time: ["end_us".to_string(), "mean_latency_us".to_string()],
        },
    };
    let page_state = if page_state_shown {
        (0..g.physical_pages())
            .map(|p| f64::from(ftl.page_state(p)))
            .collect()
    } else {
        Vec::new()
    };
    let mut timeline = Vec::new();
    for die in 0..g.dies() as usize {
        let ring = &lab.timeline[die * TIMELINE_DEPTH..(die + 1) * TIMELINE_DEPTH];
        let mut ops: Vec<_> = ring.iter().filter(|op| op.kind != 0).collect();
        ops.sort_by_key(|op| (op.start_ns, op.end_ns));
        for op in ops {
            timeline.extend([
                die as f64,
                op.start_ns as f64 / 1e3,
                op.end_ns as f64 / 1e3,
                f64::from(op.kind),
            ]);
        }
    }
    let to_us = |v: &[u64]| v.iter().map(|&ns| ns as f64 / 1e3).collect::<Vec<f64>>();
    let series = vec![
        NamedSeries {
            name: "page_state",
            data: page_state,
        },
        NamedSeries {
            name: "block_state",
            data: t.state.iter().map(|s| f64::from(s.code())).collect(),
        },
        NamedSeries {
            name: "erase_count",
            data: t.erase_count.iter().map(|&e| f64::from(e)).collect(),
        },
        NamedSeries {
            name: "valid_count",
            data: t.valid.iter().map(|&v| f64::from(v)).collect(),
        },
        NamedSeries {
            name: "die_timeline",
            data: timeline,
        },
        NamedSeries {
            name: "die_busy_until_us",
            data: to_us(&lab.timing.die_free_ns),
        },
        NamedSeries {
            name: "channel_busy_until_us",
            data: to_us(&lab.timing.channel_busy_until_ns()),
        },
        NamedSeries {
            name: "wa_over_time",
            data: lab.bins.write_amplification_pairs(),
        },
        NamedSeries {
            name: "latency_over_time",
            data: lab.bins.latency_pairs(),
        },
    ];
    LabView {
        meta: to_value(&meta),
        series,
    }
}

/// Static information: the device's constants with sources, and the event vocabulary.
pub fn info(lab: &SsdLab) -> Value {
    to_value(&info_payload(lab))
}

/// The typed `info()` of the SSD lab.
pub fn info_payload(lab: &SsdLab) -> SsdInfo {
    let config = &lab.config;
    SsdInfo {
        preset: config.preset.to_string(),
        label: config.label.to_string(),
        constants: config.constants.iter().map(|c| c.payload()).collect(),
        presets: strings(crate::device::ssd::presets::PRESET_IDS),
        gc_reasons: strings(&["", "greedy", "cost_benefit", "fifo", "wear_level"]),
        request_kinds: strings(&["", "read", "write", "trim"]),
        event_kinds: EVENT_KINDS.len() as u64,
        view_max_pages: VIEW_MAX_PAGES,
        lab_max_physical_pages: crate::device::ssd::config::LAB_MAX_PHYSICAL_PAGES,
    }
}
