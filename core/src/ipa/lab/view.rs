//! The IPA lab's view and info: typed payloads (`payload.rs`) plus bulk series.
//!
//! Series: `page_raw` (the focus page's flash bytes), `page_image` (base + deltas, or the
//! buffered image), `page_state` (blocks × pages: 0 erased, 1 valid, 2 invalid, 3 valid with
//! appends), `page_programs`, `page_lba` (−1 = none), `erase_counts`, `page_is_lsb` (per page
//! of a block: 1 = an LSB page, the only kind odd-MLC appends to), `zoom_vth_before_v`,
//! `zoom_vth_after_v`, `zoom_vth_pulses_v` (every cell's Vth after each ISPP loop, loops ×
//! cells), `zoom_passed_at_pulse` (per cell, the loop it passed verify; 0 = never pulsed), and
//! with compare `oop_page_state`, `oop_erase_counts`, `ipl_page_state` (IPL's own blocks × 64
//! pages: 0 erased, 1 a DB page's flash page, 3 a log page holding sectors) and
//! `ipl_erase_counts`.

use serde_json::Value;

use super::IpaLab;
use super::payload::*;
use crate::ipa::baseline::ipl_flash::{IplFlash, PAGES_PER_BLOCK};
use crate::ipa::delta::apply;
use crate::ipa::layout::{CTRL_VALID, PAIR_BYTES, PageLayout, Scheme, UNUSED_OFFSET};
use crate::ipa::metrics::lifetime_multiplier;
use crate::ipa::noftl::{FlashOp, IpaMode, NoFtl};
use crate::ipa::page::NsmPage;
use crate::ipa::store::IpaStore;
use crate::payload::to_value;
use crate::sim::{LabView, NamedSeries};

pub use super::regionview::counters;

const LIST_MAX: usize = 256;

pub fn layout_payload(layout: &PageLayout) -> IpaLayout {
    IpaLayout {
        page_bytes: layout.page_bytes as u64,
        header_bytes: crate::ipa::layout::HEADER_BYTES as u64,
        area_start: layout.area_start as u64,
        record_bytes: if layout.scheme.n == 0 {
            0
        } else {
            layout.scheme.record_bytes() as u64
        },
        n: layout.scheme.n as u64,
        m: layout.scheme.m as u64,
        v: layout.scheme.v as u64,
        space_overhead_percent: layout.space_overhead() * 100.0,
    }
}

/// The delta records programmed on a raw page.
fn records(layout: &PageLayout, raw: &[u8]) -> Vec<IpaDeltaRecord> {
    let s = layout.scheme;
    let rec = s.record_bytes();
    (0..s.n)
        .map(|slot| (slot, layout.record_offset(slot)))
        .take_while(|&(_, at)| raw.get(at) == Some(&CTRL_VALID))
        .map(|(slot, at)| IpaDeltaRecord {
            slot: slot as u64,
            offset: at as u64,
            pairs: raw[at + 1..at + rec]
                .chunks_exact(PAIR_BYTES)
                .enumerate()
                .filter_map(|(i, p)| {
                    let off = u16::from_le_bytes([p[1], p[2]]);
                    (off != UNUSED_OFFSET).then_some(IpaPair {
                        value: u64::from(p[0]),
                        offset: u64::from(off),
                        meta: i >= s.m,
                    })
                })
                .collect(),
        })
        .collect()
}

/// Delta records on flash of the focused page (what the page map's δ1..δn rows show filled).
pub fn focus_records(lab: &IpaLab) -> Option<usize> {
    let lba = lab.focus_lba?;
    let raw = lab.store.ftl.peek(lba).ok()?;
    Some(records(&lab.store.layout, &raw).len())
}

fn focus(lab: &IpaLab) -> Option<(IpaFocus, Vec<u8>, Vec<u8>)> {
    let s = &lab.store;
    let lba = lab.focus_lba?;
    let ppa = s.ftl.ppa(lba).ok()?;
    let raw = s.ftl.peek(lba).ok()?.to_vec();
    let frame = s.frame_of.get(&lba).map(|&i| &s.frames[i]);
    let image = match frame {
        Some(f) => f.page.bytes.clone(),
        None => apply(&s.layout, &raw).map_or_else(|_| raw.clone(), |a| a.image),
    };
    let page = NsmPage {
        bytes: image.clone(),
    };
    let list = |set: Option<&crate::ipa::offsets::OffsetSet>| -> Vec<u64> {
        set.map_or_else(Vec::new, |x| {
            x.iter().take(LIST_MAX).map(|o| o as u64).collect()
        })
    };
    let recs = records(&s.layout, &raw);
    Some((
        IpaFocus {
            lba: u64::from(lba),
            block: ppa.block as u64,
            page: ppa.page as u64,
            tuple_end: page.tuple_end() as u64,
            slot_count: page.slot_count() as u64,
            records_on_flash: recs.len() as u64,
            records: recs,
            in_buffer: frame.is_some(),
            dirty: frame.is_some_and(|f| f.dirty),
            marked_out_of_place: frame.is_some_and(|f| f.oop),
            appendable: s.layout.scheme.n > 0 && s.ftl.can_append(lba),
            changed_body: list(frame.map(|f| &f.body_changed)),
            changed_meta: list(frame.map(|f| &f.meta_changed)),
            programs: u64::from(s.ftl.flash.programs(ppa.block, s.ftl.delta_page(ppa))),
        },
        raw,
        image,
    ))
}

fn page_states(ftl: &NoFtl) -> (Vec<f64>, Vec<f64>, Vec<f64>, Vec<f64>) {
    let (mut state, mut programs, mut lbas) = (Vec::new(), Vec::new(), Vec::new());
    let flash = &ftl.flash;
    for b in 0..flash.block_count() {
        for p in 0..flash.pages_per_block() {
            let n = flash.programs(b, p);
            let owner = ftl.p2l[b][p];
            state.push(match (n, owner) {
                (0, _) => 0.0,
                (1, Some(_)) => 1.0,
                (_, Some(_)) => 3.0,
                (_, None) => 2.0,
            });
            programs.push(f64::from(n));
            lbas.push(owner.map_or(-1.0, f64::from));
        }
    }
    let erases = (0..flash.block_count())
        .map(|b| flash.erase_count(b) as f64)
        .collect();
    (state, programs, lbas, erases)
}

/// IPL's own blocks (`baseline::ipl_flash`): SLC, 64 × 2 KB pages, no active block or GC.
fn ipl_blocks(flash: &IplFlash) -> IpaBlocks {
    let blocks = &flash.nand.blocks;
    IpaBlocks {
        blocks: blocks.len() as u64,
        pages_per_block: PAGES_PER_BLOCK as u64,
        active_block: None,
        gc_victim: None,
        free_blocks: flash.free_blocks() as u64,
        max_erase_count: blocks.iter().map(|b| b.erase_count).max().unwrap_or(0),
        endurance_pe: flash.nand.config.endurance_pe,
    }
}

fn flash_op(op: &FlashOp) -> IpaFlashOp {
    let (kind, lba, block, page, from, bytes) = match op {
        FlashOp::Program { lba, from, to } => {
            ("program", Some(*lba), to.block, Some(to.page), *from, 0)
        }
        FlashOp::Append { lba, at, after, .. } => (
            "append",
            Some(*lba),
            at.block,
            Some(at.page),
            None,
            after.len(),
        ),
        FlashOp::Migrate { lba, from, to } => (
            "migrate",
            Some(*lba),
            to.block,
            Some(to.page),
            Some(*from),
            0,
        ),
        FlashOp::Erase { block, .. } => ("erase", None, *block, None, None, 0),
    };
    IpaFlashOp {
        kind: kind.into(),
        lba: lba.map(u64::from),
        block: block as u64,
        page: page.map(|p| p as u64),
        from_block: from.map(|f| f.block as u64),
        from_page: from.map(|f| f.page as u64),
        bytes: bytes as u64,
    }
}

/// A key as the generators build it (`table << 40 | id`) reads as `t4:119`.
fn key_text(key: u64) -> String {
    if key >> 40 == 0 {
        key.to_string()
    } else {
        format!("t{}:{}", key >> 40, key & ((1 << 40) - 1))
    }
}

fn step_text(lab: &IpaLab) -> String {
    let writes = |kind: &str| {
        lab.last
            .flash_ops
            .iter()
            .filter(|o| flash_op(o).kind == kind)
            .count()
    };
    let tail = format!(
        "{} out-of-place, {} appends, {} migrations, {} erases",
        writes("program"),
        writes("append"),
        writes("migrate"),
        writes("erase")
    );
    match lab.last.op {
        Some(i) => {
            let text = match &lab.cfg.ops[i] {
                super::config::PlannedOp::Insert { key, .. } => {
                    format!("insert key {}", key_text(*key))
                }
                super::config::PlannedOp::Update { key, field, value } => {
                    format!("update key {} field {field} = {value}", key_text(*key))
                }
                super::config::PlannedOp::Get { key } => format!("get key {}", key_text(*key)),
                super::config::PlannedOp::Checkpoint => format!(
                    "checkpoint: {} dirty pages queued, written back one per step, then the log \
                     is truncated",
                    lab.store.pending.len()
                ),
                super::config::PlannedOp::Crash => "crash and recover".into(),
            };
            let cleaner = match &lab.cfg.ops[i] {
                super::config::PlannedOp::Checkpoint => String::new(),
                _ if lab.store.pending.is_empty() => String::new(),
                _ => format!(
                    "; the page cleaner queued {} write-backs",
                    lab.store.pending.len()
                ),
            };
            format!("op {i}: {text} — {tail}{cleaner}")
        }
        None if lab.steps == 0 => "nothing yet".into(),
        None => match lab.last.write_back {
            Some((lba, left)) => format!("write-back of page {lba} ({left} still queued) — {tail}"),
            None => format!("background GC — {tail}"),
        },
    }
}

fn sides(lab: &IpaLab) -> Option<Vec<IpaSide>> {
    let c = lab.compare.as_ref()?;
    let store_side = |name: &str, s: &IpaStore, base_epw: f64| {
        let k = counters(s);
        let epw = k.gc_erases_per_host_write;
        IpaSide {
            name: name.into(),
            host_writes: k.host_writes,
            read_ios: (k.page_fetches + k.gc_migrations) as f64,
            write_ios: (k.appends + k.out_of_place_writes + k.new_page_writes + k.gc_migrations)
                as f64,
            erases: k.erases,
            gc_migrations: k.gc_migrations,
            write_amplification: k.write_amplification,
            read_amplification: k.read_amplification,
            erases_per_host_write: epw,
            lifetime_vs_out_of_place: (epw > 0.0 && base_epw > 0.0)
                .then(|| lifetime_multiplier(base_epw, epw)),
        }
    };
    let base = counters(&c.oop).gc_erases_per_host_write;
    let ipl = &c.ipl;
    let ipl_writes = ipl.counters.page_evictions;
    let ipl_epw = if ipl_writes == 0 {
        0.0
    } else {
        ipl.erases() as f64 / ipl_writes as f64
    };
    Some(vec![
        store_side("out-of-place", &c.oop, base),
        IpaSide {
            name: "IPL".into(),
            host_writes: ipl_writes,
            // App. B counts flash-page I/Os (4 per DB page in §8.3's geometry); shown per DB
            // page like the store sides, so a 512 B log-sector write counts 1/4.
            read_ios: ipl.counters.read_ios as f64 / ipl.cfg.ios_per_page as f64,
            write_ios: ipl.counters.write_ios as f64 / ipl.cfg.ios_per_page as f64,
            erases: ipl.erases(),
            gc_migrations: 0,
            write_amplification: ipl.write_amplification(),
            read_amplification: ipl.read_amplification(),
            erases_per_host_write: ipl_epw,
            lifetime_vs_out_of_place: (ipl_epw > 0.0 && base > 0.0)
                .then(|| lifetime_multiplier(base, ipl_epw)),
        },
        store_side("IPA", &lab.store, base),
    ])
}

fn zoom(
    lab: &IpaLab,
    z: &super::zoomview::LastWrite,
    cells: &super::zoomview::ZoomState,
) -> IpaZoom {
    IpaZoom {
        lba: u64::from(z.lba),
        block: z.block as u64,
        page: z.page as u64,
        append: z.append,
        window_start: z.window_start as u64,
        written_from: z.written_from as u64,
        written_to: z.written_to as u64,
        bytes_before: z.bytes_before.iter().map(|&b| u64::from(b)).collect(),
        bytes_after: z.bytes_after.iter().map(|&b| u64::from(b)).collect(),
        programming_per_pulse: cells
            .programming_per_pulse
            .iter()
            .map(|&n| n as u64)
            .collect(),
        vpgm_per_pulse_v: cells.vpgm_per_pulse_v.clone(),
        refused: cells.refused.clone(),
        stale: z.step + 1 != lab.steps,
        cells: cells.vth_after_v.len() as u64,
        nop: u64::from(cells.nop),
        page_kind: match (cells.paired_page, cells.page_step) {
            (None, _) => "SLC",
            (Some(_), 0) => "LSB",
            _ => "MSB",
        }
        .to_string(),
        wordline: cells.wordline as u64,
        paired_page: cells.paired_page.map(|p| p as u64),
        paired_programmed: cells.paired_programmed,
        erase_count: z.erase_count,
        history: cells
            .page_programs
            .iter()
            .map(|p| IpaZoomProgram {
                append: p.append,
                from: p.from as u64,
                to: p.to as u64,
                loops: u64::from(p.loops),
            })
            .collect(),
        block_programs: cells.block_programs as u64,
        bit_errors: cells.bit_errors as u64,
    }
}

pub fn view(lab: &IpaLab) -> LabView {
    let s = &lab.store;
    let ftl = &s.ftl;
    let f = focus(lab);
    let (state, programs, lbas, erases) = page_states(ftl);
    let last_write = lab.last_write.as_ref();
    let cells = last_write.map(|w| w.zoom(s, lab.seed ^ w.step));
    let meta = IpaMeta {
        op_index: lab.last.op.map(|i| i as u64),
        ops_total: lab.cfg.ops.len() as u64,
        ops_done: lab.next_op as u64,
        step_text: step_text(lab),
        gc_step: lab.last.op.is_none() && lab.last.write_back.is_none() && lab.steps > 0,
        write_back_step: lab.last.write_back.is_some(),
        pending_write_backs: s.pending.len() as u64,
        layout: layout_payload(&s.layout),
        focus: f.as_ref().map(|x| x.0.clone()),
        flash_ops: lab.last.flash_ops.iter().take(64).map(flash_op).collect(),
        buffer: s
            .frames
            .iter()
            .map(|fr| IpaFrame {
                lba: u64::from(fr.lba),
                dirty: fr.dirty,
                is_new: fr.is_new,
                records_on_flash: fr.ne as u64,
                marked_out_of_place: fr.oop,
                changed_bytes: (fr.body_changed.len() + fr.meta_changed.len()) as u64,
            })
            .collect(),
        buffer_frames: s.cfg.buffer_frames as u64,
        counters: counters(s),
        blocks: IpaBlocks {
            blocks: ftl.flash.block_count() as u64,
            pages_per_block: ftl.flash.pages_per_block() as u64,
            active_block: ftl.active.map(|(b, _)| b as u64),
            gc_victim: ftl.victim.map(|b| b as u64),
            free_blocks: ftl.free_blocks.len() as u64,
            max_erase_count: (0..ftl.flash.block_count())
                .map(|b| ftl.flash.erase_count(b))
                .max()
                .unwrap_or(0),
            endurance_pe: ftl.flash.config().endurance_pe,
        },
        zoom: last_write.zip(cells.as_ref()).map(|(w, c)| zoom(lab, w, c)),
        compare: sides(lab),
        ipl_blocks: lab.compare.as_ref().map(|c| ipl_blocks(&c.ipl.flash)),
        log_records: s.wal.records.len() as u64,
        keys: lab.oracle.len() as u64,
        regions: super::regionview::regions(lab),
    };
    let bytes = |v: &[u8]| v.iter().map(|&b| f64::from(b)).collect::<Vec<f64>>();
    let mut series = vec![
        NamedSeries {
            name: "page_raw",
            data: f.as_ref().map_or_else(Vec::new, |x| bytes(&x.1)),
        },
        NamedSeries {
            name: "page_image",
            data: f.as_ref().map_or_else(Vec::new, |x| bytes(&x.2)),
        },
        NamedSeries {
            name: "page_state",
            data: state,
        },
        NamedSeries {
            name: "page_programs",
            data: programs,
        },
        NamedSeries {
            name: "page_lba",
            data: lbas,
        },
        NamedSeries {
            name: "erase_counts",
            data: erases,
        },
        NamedSeries {
            name: "page_is_lsb",
            data: (0..ftl.flash.pages_per_block())
                .map(|p| if ftl.flash.is_lsb(p) { 1.0 } else { 0.0 })
                .collect(),
        },
        NamedSeries {
            name: "zoom_vth_before_v",
            data: cells
                .as_ref()
                .map_or_else(Vec::new, |z| z.vth_before_v.clone()),
        },
        NamedSeries {
            name: "zoom_vth_after_v",
            data: cells
                .as_ref()
                .map_or_else(Vec::new, |z| z.vth_after_v.clone()),
        },
        NamedSeries {
            name: "zoom_vth_pulses_v",
            data: cells
                .as_ref()
                .map_or_else(Vec::new, |z| z.vth_per_pulse_v.clone()),
        },
        NamedSeries {
            name: "zoom_passed_at_pulse",
            data: cells.as_ref().map_or_else(Vec::new, |z| {
                z.passed_at_pulse.iter().map(|&k| f64::from(k)).collect()
            }),
        },
    ];
    if let Some(c) = &lab.compare {
        let (state, _, _, erases) = page_states(&c.oop.ftl);
        series.push(NamedSeries {
            name: "oop_page_state",
            data: state,
        });
        series.push(NamedSeries {
            name: "oop_erase_counts",
            data: erases,
        });
        let (state, erases) = c.ipl.flash.page_states();
        series.push(NamedSeries {
            name: "ipl_page_state",
            data: state,
        });
        series.push(NamedSeries {
            name: "ipl_erase_counts",
            data: erases,
        });
    }
    LabView {
        meta: to_value(&meta),
        series,
    }
}

/// Fig. 1's chain for a 10-byte update on this page size (the ×3.4 file-system factor is
/// quoted from Fig. 1, not simulated).
pub fn chain(page_bytes: usize, scheme: Scheme) -> Vec<IpaChainLink> {
    let link = |level: &str, bytes: f64| IpaChainLink {
        level: level.into(),
        bytes,
        amplification: bytes / 10.0,
    };
    let mut out = vec![
        link("the update (10 changed bytes)", 10.0),
        link("the DB page written out of place", page_bytes as f64),
        link(
            "ext3 journaling ×3.4 (quoted, Fig. 1)",
            page_bytes as f64 * 3.4,
        ),
    ];
    if scheme.n > 0 {
        let records = 10usize.div_ceil(scheme.m.max(1));
        if records <= scheme.n {
            out.push(link(
                &format!(
                    "IPA [{}×{}]: {records} delta records appended instead",
                    scheme.n, scheme.m
                ),
                (records * scheme.record_bytes()) as f64,
            ));
        } else {
            out.push(link(
                &format!(
                    "IPA [{}×{}]: 10 B need {records} records > N, so out of place",
                    scheme.n, scheme.m
                ),
                page_bytes as f64,
            ));
        }
    }
    out
}

pub fn info_payload(lab: &IpaLab) -> IpaInfo {
    let s = &lab.store;
    let nand = s.ftl.flash.config();
    let scheme = s.layout.scheme;
    IpaInfo {
        cell: nand.preset_name().into(),
        nop: u64::from(s.cfg.nop),
        mode: match s.cfg.mode {
            IpaMode::NoIpa => "no_ipa",
            IpaMode::Slc => "slc",
            IpaMode::PSlc => "pslc",
            IpaMode::OddMlc => "odd_mlc",
        }
        .into(),
        workload: lab.cfg.workload_name.into(),
        eviction: format!("{:?}", s.cfg.eviction),
        endurance_pe: nand.endurance_pe,
        read_ns: nand.nominal_read_ns(0),
        program_ns: nand.nominal_program_ns(0),
        erase_ns: nand.timing.erase_ns,
        layout: layout_payload(&s.layout),
        chain: chain(s.cfg.page_bytes, scheme),
        scheme_grid: super::explorer::scheme_grid(&lab.cfg),
        explorer_ops: lab.cfg.ops.len().min(super::explorer::EXPLORER_OPS) as u64,
        ops_total: lab.cfg.ops.len() as u64,
        compare: lab.compare.is_some(),
        constants: super::constants::payloads(nand, s.cfg.nop),
    }
}

pub fn info(lab: &IpaLab) -> Value {
    to_value(&info_payload(lab))
}
