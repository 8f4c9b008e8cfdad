//! What the UI draws: `view()` (meta + numeric series of the focused wordline) and `info()`.
//!
//! `meta` (small JSON):
//! - `cell_type` ("SLC"/"MLC"/"TLC"), `preset`, `bits_per_cell`, `vth_unit` ("V (model volts)"),
//!   `wordlines`, `cells_per_wordline`, `page_count`, `focus_wordline` (the wordline of the last
//!   program, append or read: every per-cell series below is about it);
//! - `states`: every placement a cell can be in, in rising Vth: `{index, name, bits, verify_v,
//!   top_v, final_level (null for intermediates), levels: [lo, hi]}`; `state` series index it;
//! - `levels`: final levels `{level, name, bits, verify_v (null for ER)}` and `read_refs_v`, the
//!   references between final levels;
//! - `page_refs`: per page `{page, wordline, step, name, refs_v}` with the references a read of
//!   that page uses now (empty: not programmed, reads all ones);
//! - `ispp`: `{vpgm_start_v, delta_vpgm_v, max_loops, max_safe_delta_vpgm_v, active, page,
//!   wordline, kind, loop, vpgm_v, cells_targeted, cells_programming, cells_inhibited, latency_us}`
//!   (page … latency describe the program in progress, else the last one, else null);
//! - `pages`: `{page, wordline, step, name, programmed, programs, failed}` per page;
//! - wear: `pe_cycles`, `endurance_pe`, `worn_out`, `rtn_scale_v`, `pulse_jitter_sigma_v`,
//!   `retention_hours` (focus wordline); `last_refusal` (message or null);
//! - `histogram`: `{min_v, max_v, bins, rows}`; row r of `hist_counts` is state r.
//!
//! `series` (f64 arrays): `vth_v` (sensed without noise: programmed − retention loss, one per
//! cell), `programmed_vth_v`, `state`, `target_state` (= `state` when not being programmed),
//! `target_verify_v`, `inhibited` (1 unless the cell is still programming), `hist_edges_v`
//! (bins + 1), `hist_counts` (rows × bins, values outside the axis counted in the edge bins),
//! `vpgm_staircase_v` (one per pulse of the current or last program), `rber_model_pe` and
//! `rber_model` (the model curve, see `curve`), `rber_measured_pe` and `rber_measured` (one per
//! read of this run).

use serde_json::Value;

use super::NandLab;
use super::events::EVENT_KINDS;
use super::payload::{
    NandHistogram, NandInfo, NandIspp, NandLevel, NandMeta, NandPage, NandPageRefs, NandState,
    NandUnits, RefusalCode, RunKind,
};
use crate::device::nand::error::NandError;
use crate::payload::to_value;
use crate::sim::{LabView, NamedSeries};

const HISTOGRAM_BINS: usize = 160;

/// The view at the current step: the meta and series described above.
pub fn view(lab: &NandLab) -> LabView {
    let config = lab.block.config();
    let layout = &config.layout;
    let cells = lab.block.page_bits();
    let wordline = lab.block.wordline(lab.focus_wordline);
    let running = lab
        .active
        .as_ref()
        .filter(|a| a.run.wordline == lab.focus_wordline)
        .map(|a| &a.run);
    let mut vth = Vec::with_capacity(cells);
    let mut programmed = Vec::with_capacity(cells);
    let mut state = Vec::with_capacity(cells);
    let mut target_state = Vec::with_capacity(cells);
    let mut target_verify = Vec::with_capacity(cells);
    let mut inhibited = Vec::with_capacity(cells);
    if let Some(w) = wordline {
        for cell in 0..cells {
            let placement = w.placement(layout, cell);
            vth.push(w.effective_vth_v(cell));
            programmed.push(w.programmed_vth_v()[cell]);
            state.push(placement as f64);
            let target = running.and_then(|r| r.target(cell));
            let target_index = target.map_or(placement, |t| t.placement);
            target_state.push(target_index as f64);
            target_verify.push(layout.placement(target_index).verify_v);
            let pending = running.is_some_and(|r| r.is_pending(cell));
            inhibited.push(if pending { 0.0 } else { 1.0 });
        }
    }
    let (min_v, max_v) = lab.histogram_range();
    let width = (max_v - min_v) / HISTOGRAM_BINS as f64;
    let edges: Vec<f64> = (0..=HISTOGRAM_BINS)
        .map(|i| min_v + width * i as f64)
        .collect();
    let rows = layout.placements().len();
    let mut counts = vec![0.0; rows * HISTOGRAM_BINS];
    for (v, s) in vth.iter().zip(&state) {
        let bin = ((v - min_v) / width)
            .floor()
            .clamp(0.0, (HISTOGRAM_BINS - 1) as f64) as usize;
        counts[*s as usize * HISTOGRAM_BINS + bin] += 1.0;
    }
    let staircase = lab
        .active
        .as_ref()
        .map(|a| &a.run)
        .or(lab.last_run.as_ref())
        .map_or_else(Vec::new, |r| r.staircase_v.clone());
    let curve = lab.rber_curve();
    let series = vec![
        NamedSeries {
            name: "vth_v",
            data: vth,
        },
        NamedSeries {
            name: "programmed_vth_v",
            data: programmed,
        },
        NamedSeries {
            name: "state",
            data: state,
        },
        NamedSeries {
            name: "target_state",
            data: target_state,
        },
        NamedSeries {
            name: "target_verify_v",
            data: target_verify,
        },
        NamedSeries {
            name: "inhibited",
            data: inhibited,
        },
        NamedSeries {
            name: "hist_edges_v",
            data: edges,
        },
        NamedSeries {
            name: "hist_counts",
            data: counts,
        },
        NamedSeries {
            name: "vpgm_staircase_v",
            data: staircase,
        },
        NamedSeries {
            name: "rber_model_pe",
            data: curve.iter().map(|p| p.0 as f64).collect(),
        },
        NamedSeries {
            name: "rber_model",
            data: curve.iter().map(|p| p.1).collect(),
        },
        NamedSeries {
            name: "rber_measured_pe",
            data: lab.measured.iter().map(|p| p.0 as f64).collect(),
        },
        NamedSeries {
            name: "rber_measured",
            data: lab.measured.iter().map(|p| p.1).collect(),
        },
    ];
    LabView {
        meta: to_value(&lab.view_meta(min_v, max_v, rows)),
        series,
    }
}

/// The static `info()` payload (`NandInfo`).
pub fn info(lab: &NandLab) -> Value {
    to_value(&lab.info_payload())
}

impl NandLab {
    fn histogram_range(&self) -> (f64, f64) {
        let layout = &self.block.config().layout;
        let min_v = layout.erased_mean_v - layout.erased_limit_sigmas * layout.erased_sigma_v - 0.1;
        let max_v = layout.verify_v.last().copied().unwrap_or(1.0) + 1.0;
        (min_v, max_v)
    }

    fn view_meta(&self, min_v: f64, max_v: f64, rows: usize) -> NandMeta {
        let config = self.block.config();
        let layout = &config.layout;
        let cell_type = config.cell_type;
        let states = layout
            .placements()
            .iter()
            .enumerate()
            .map(|(index, p)| NandState {
                index: index as u64,
                name: p.name.clone(),
                bits: p.bits_label.clone(),
                verify_v: p.verify_v,
                top_v: p.top_v,
                final_level: p.final_level,
                levels: [p.level_range.0, p.level_range.1],
            })
            .collect();
        let levels = layout
            .placements()
            .iter()
            .filter_map(|p| p.final_level.map(|level| (level, p)))
            .map(|(level, p)| NandLevel {
                level,
                name: p.name.clone(),
                bits: p.bits_label.clone(),
                verify_v: (level != 0).then_some(p.verify_v),
            })
            .collect();
        let map = self.block.page_map();
        let mut page_refs = Vec::new();
        let mut pages = Vec::new();
        for page in 0..self.block.page_count() {
            let Some((wl, step)) = map.address(page) else {
                continue;
            };
            let Some(w) = self.block.wordline(wl) else {
                continue;
            };
            let name = cell_type.page_name(step).to_string();
            page_refs.push(NandPageRefs {
                page: page as u64,
                wordline: wl as u64,
                step,
                name: name.clone(),
                refs_v: layout.read_refs_v(w.steps_programmed(), step),
            });
            pages.push(NandPage {
                page: page as u64,
                wordline: wl as u64,
                step,
                name,
                programmed: w.steps_programmed() > step,
                programs: w.page_programs(step),
                failed: w.page_failed(step),
            });
        }
        let run = self
            .active
            .as_ref()
            .map(|a| &a.run)
            .or(self.last_run.as_ref());
        let pe = self.block.pe_cycles();
        let ispp = NandIspp {
            vpgm_start_v: config.ispp.vpgm_start_v,
            delta_vpgm_v: self.block.delta_vpgm_v(),
            max_loops: config.ispp.max_loops,
            max_safe_delta_vpgm_v: layout.max_safe_delta_vpgm_v(),
            active: self.active.is_some(),
            page: run.map(|r| r.page as u64),
            wordline: run.map(|r| r.wordline as u64),
            kind: run.map(|r| {
                if r.kind == crate::device::nand::ProgramKind::Append {
                    RunKind::Append
                } else {
                    RunKind::Program
                }
            }),
            loop_count: run.map(|r| r.loops),
            vpgm_v: run.map(|r| r.vpgm_v()),
            cells_targeted: run.map(|r| r.cells_targeted as u64),
            cells_programming: run.map(|r| r.pending_count() as u64),
            cells_inhibited: run.map(|r| (self.block.page_bits() - r.pending_count()) as u64),
            latency_us: run.map(|r| r.latency_ns as f64 / 1e3),
        };
        NandMeta {
            cell_type: cell_type.name().to_string(),
            preset: config.preset_name().to_string(),
            bits_per_cell: cell_type.bits_per_cell(),
            vth_unit: "V (model volts)".to_string(),
            wordlines: self.block.wordlines().len() as u64,
            cells_per_wordline: self.block.page_bits() as u64,
            page_count: self.block.page_count() as u64,
            focus_wordline: self.focus_wordline as u64,
            states,
            levels,
            read_refs_v: layout.final_refs_v(),
            page_refs,
            ispp,
            pages,
            pe_cycles: pe,
            endurance_pe: config.endurance_pe,
            worn_out: self.block.worn_out(),
            rtn_scale_v: config.wear.rtn_scale_v(pe),
            pulse_jitter_sigma_v: config.wear.pulse_jitter_sigma_v(
                pe,
                self.block.delta_vpgm_v(),
                config.ispp.jitter_fraction,
            ),
            retention_hours: self
                .block
                .wordline(self.focus_wordline)
                .map_or(0.0, |w| w.retention_hours()),
            last_refusal: self.last_refusal.clone(),
            histogram: NandHistogram {
                min_v,
                max_v,
                bins: HISTOGRAM_BINS as u64,
                rows: rows as u64,
            },
        }
    }

    /// The typed `info()` of the NAND lab.
    pub fn info_payload(&self) -> NandInfo {
        let config = self.block.config();
        let map = self.block.page_map();
        let page_map = (0..map.page_count())
            .filter_map(|page| map.address(page))
            .map(|(wl, step)| {
                (
                    wl as u64,
                    step,
                    config.cell_type.page_name(step).to_string(),
                )
            })
            .collect();
        let refusal_codes = NandError::code_names()
            .iter()
            .map(|&(code, name)| RefusalCode {
                code,
                event_kind: super::events::REFUSED_BASE + code,
                name: name.to_string(),
            })
            .collect();
        NandInfo {
            preset: config.preset_name().to_string(),
            cell_type: config.cell_type.name().to_string(),
            units: NandUnits {
                vth: "model volts (V); placements are model choices, ΔVpgm is physical (Cho 2001)"
                    .to_string(),
                time: "ns of simulated time; event latencies in µs".to_string(),
                event_voltages: "millivolts as u32 (Vpgm is always positive)".to_string(),
                event_states: "indices into view().meta.states".to_string(),
            },
            step: "one ISPP pulse + verify while a program runs, else one op".to_string(),
            constants: config.provenance.iter().map(|p| p.payload()).collect(),
            page_map,
            refusal_codes,
            event_kinds: EVENT_KINDS.len() as u64,
            wear_model: "model illustration: Dong/Li/Zhang-form RTN and retention (calibration.md A4), program-noise factor fitted to the A4 power-law lead (TLC, 4,000 P/E); see docs/CALIBRATION.md".to_string(),
        }
    }
}
