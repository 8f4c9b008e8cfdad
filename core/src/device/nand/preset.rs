//! SLC, MLC and TLC presets with the source of every constant (calibration.md A1–A4, E).
//!
//! 1. Quoted numbers: ΔVpgm 0.5 V (SLC) / 0.15 V (MLC) from Cho et al., JSSC 2001; page size,
//!    tR, tPROG, tBERS, NOP and endurance from the calibration.md E rows; endurance per seed 004
//!    §8.4 (SLC 100k, MLC 10k, TLC 4k), with the datasheet alternatives in the source text.
//! 2. Model choices (no retrieved source): placements in volts, the coupling offset K and its
//!    spread, pulse jitter, loop limit, program overhead, t_verify = t_pulse.
//! 3. Derived: Vpgm_start by the start-voltage rule (`IsppParams::start_for`); t_pulse fitted so
//!    the nominal LSB program takes the quoted LSB tPROG; read base/sense times from two quoted
//!    page-type read times.

use super::coding::CellType;
use super::layout::VthLayout;
use super::provenance::{Provenance, Tag};
use super::timing::{IsppParams, NominalStep, Timing};
use super::wear::WearParams;

/// Quoted device numbers the model is compared against (not all drive the cell model).
#[derive(Debug, Clone, PartialEq)]
pub struct Datasheet {
    pub page_bytes: u32,
    pub spare_bytes: u32,
    pub pages_per_block: u32,
    /// Quoted program time per page step (LSB, CSB, MSB), ns.
    pub tprog_ns: Vec<u64>,
    /// Quoted read time per page step, ns.
    pub tr_ns: Vec<u64>,
}

/// Everything the cell model needs, plus where each number came from.
#[derive(Debug, Clone, PartialEq)]
pub struct NandConfig {
    pub cell_type: CellType,
    pub layout: VthLayout,
    pub ispp: IsppParams,
    pub timing: Timing,
    pub wear: WearParams,
    /// Programs allowed per page between erases (first program + appends).
    pub nop: u32,
    pub endurance_pe: u64,
    pub datasheet: Datasheet,
    pub provenance: Vec<Provenance>,
}

pub(super) struct Spec {
    pub(super) cell_type: CellType,
    pub(super) verify_v: Vec<f64>,
    pub(super) delta_vpgm_v: f64,
    pub(super) delta_tag: Tag,
    pub(super) delta_source: &'static str,
    pub(super) datasheet: Datasheet,
    pub(super) tprog_source: &'static str,
    pub(super) tr_source: &'static str,
    pub(super) erase_ns: u64,
    pub(super) erase_source: &'static str,
    pub(super) nop: u32,
    pub(super) nop_tag: Tag,
    pub(super) nop_source: &'static str,
    pub(super) endurance_pe: u64,
    pub(super) endurance_source: &'static str,
    pub(super) geometry_source: &'static str,
}

const ERASED: (f64, f64, f64) = (-2.5, 0.7, 3.5);
const COUPLING: (f64, f64, f64) = (15.0, 0.25, 3.0);
const JITTER_FRACTION: f64 = 0.05;
const OVERHEAD_NS: u64 = 10_000;
const VERIFY_RATIO: f64 = 1.0;

impl NandConfig {
    pub fn preset(cell_type: CellType) -> Self {
        match cell_type {
            CellType::Slc => Self::slc(),
            CellType::Mlc => Self::mlc(),
            CellType::Tlc => Self::tlc(),
        }
    }

    pub fn slc() -> Self {
        Self::build(Spec {
            cell_type: CellType::Slc,
            verify_v: vec![1.0],
            delta_vpgm_v: 0.5,
            delta_tag: Tag::Quoted,
            delta_source: "\"the 0.5-V incremental step pulse\" (SLC mode)",
            datasheet: Datasheet {
                page_bytes: 2048,
                spare_bytes: 64,
                pages_per_block: 64,
                tprog_ns: vec![200_000],
                tr_ns: vec![25_000],
            },
            tprog_source: "Numonyx NAND02G-B2D datasheet, typ (calibration.md E)",
            tr_source: "Numonyx NAND02G-B2D datasheet, max (calibration.md E)",
            erase_ns: 1_500_000,
            erase_source: "Numonyx NAND02G-B2D datasheet, typ (calibration.md E)",
            nop: 4,
            nop_tag: Tag::Quoted,
            nop_source: "Samsung K9F1G08U0A datasheet: 4 partial programs per page, main array (calibration.md E)",
            endurance_pe: 100_000,
            endurance_source: "seed 004 §8.4; same as Numonyx NAND02G-B2D (100,000 with ECC)",
            geometry_source: "Numonyx NAND02G-B2D datasheet (calibration.md E)",
        })
    }

    pub fn mlc() -> Self {
        Self::build(Spec {
            cell_type: CellType::Mlc,
            verify_v: vec![0.6, 1.8, 3.0],
            delta_vpgm_v: 0.15,
            delta_tag: Tag::Quoted,
            delta_source: "\"the MLC mode uses 0.15-V incremental step pulse\"",
            datasheet: Datasheet {
                page_bytes: 8192,
                spare_bytes: 448,
                pages_per_block: 256,
                tprog_ns: vec![850_000, 2_300_000],
                tr_ns: vec![48_000, 64_000],
            },
            tprog_source: "FEMU hw/femu/nand/nand.h (MoatLab/FEMU @19b55004), profiled from Micron L95B MLC (calibration.md E)",
            tr_source: "FEMU hw/femu/nand/nand.h (MoatLab/FEMU @19b55004), profiled from Micron L95B MLC (calibration.md E)",
            erase_ns: 3_800_000,
            erase_source: "Micron MT29F64G08CBAAA datasheet, typ (calibration.md E)",
            nop: 4,
            nop_tag: Tag::Derived,
            nop_source: "1 program + N = 3 in-place appends, the largest N of seed 004 §8.4 on MLC; datasheet MLC NOP is commonly 1 [R, calibration.md F7]: set device.nop = 1 for that",
            endurance_pe: 10_000,
            endurance_source: "seed 004 §8.4 (also the MQSim limit); Micron MT29F64G08CBAAA datasheet says 3,000",
            geometry_source: "Micron MT29F64G08CBAAA datasheet (calibration.md E)",
        })
    }

    pub fn tlc() -> Self {
        Self::build(Spec {
            cell_type: CellType::Tlc,
            verify_v: (1..8).map(|k| 0.5 * f64::from(k)).collect(),
            delta_vpgm_v: 0.125,
            delta_tag: Tag::Design,
            delta_source: "model choice: state pitch ÷ 4 = 0.5 V ÷ 4; no TLC source found (calibration.md A1-11)",
            datasheet: Datasheet {
                page_bytes: 16_384,
                spare_bytes: 2048,
                pages_per_block: 1152,
                tprog_ns: vec![820_500, 2_225_000, 5_734_000],
                tr_ns: vec![56_500, 77_500, 106_000],
            },
            tprog_source: "FEMU hw/femu/nand/nand.h (@19b55004), taken from SimpleSSD (Jung et al., IEEE CAL 2018) (calibration.md E)",
            tr_source: "FEMU hw/femu/nand/nand.h (@19b55004), taken from SimpleSSD (calibration.md E)",
            erase_ns: 3_000_000,
            erase_source: "FEMU nand.h (calibration.md E); HP white paper says ~4.5 ms",
            nop: 4,
            nop_tag: Tag::Derived,
            nop_source: "as MLC: 1 program + N = 3 appends (seed 004 §8.4, App. C.3); datasheet NOP unconfirmed",
            endurance_pe: 4_000,
            endurance_source: "seed 004 §8.4; HP white paper Table 1 says 1,000, Centon 5,000 (calibration.md D)",
            geometry_source: "FCC nfc_param.vh (calibration.md E; third-party, no TLC datasheet found)",
        })
    }

    fn build(spec: Spec) -> Self {
        let cell_type = spec.cell_type;
        let layout = VthLayout::new(
            cell_type,
            ERASED,
            &spec.verify_v,
            spec.delta_vpgm_v,
            JITTER_FRACTION,
        );
        let lowest = spec.verify_v.first().copied().unwrap_or(0.0);
        let mut ispp = IsppParams {
            vpgm_start_v: IsppParams::start_for(lowest, spec.delta_vpgm_v, COUPLING),
            delta_vpgm_v: spec.delta_vpgm_v,
            coupling_mean_v: COUPLING.0,
            coupling_sigma_v: COUPLING.1,
            coupling_limit_sigmas: COUPLING.2,
            jitter_fraction: JITTER_FRACTION,
            max_loops: 0,
        };
        let steps: Vec<NominalStep> = (0..cell_type.bits_per_cell())
            .map(|s| NominalStep::compute(&layout, &ispp, s, spec.delta_vpgm_v))
            .collect();
        let top_loops = steps.iter().map(|s| s.loops).max().unwrap_or(1);
        ispp.max_loops = top_loops + top_loops.div_ceil(2) + 2;
        let lsb_ns = spec.datasheet.tprog_ns.first().copied().unwrap_or(0);
        let pulse_ns = steps
            .first()
            .map_or(0, |s| s.fit_pulse_ns(lsb_ns, OVERHEAD_NS, VERIFY_RATIO));
        let tr = &spec.datasheet.tr_ns;
        let (read_base_ns, read_sense_ns) = match (tr.first(), tr.get(1)) {
            (Some(&one), Some(&two)) => (one.saturating_sub(two - one), two - one),
            (Some(&one), None) => (0, one),
            _ => (0, 0),
        };
        let timing = Timing {
            pulse_ns,
            verify_ns: (pulse_ns as f64 * VERIFY_RATIO).round() as u64,
            program_overhead_ns: OVERHEAD_NS,
            read_base_ns,
            read_sense_ns,
            erase_ns: spec.erase_ns,
        };
        let mut config = Self {
            cell_type,
            layout,
            ispp,
            timing,
            wear: WearParams::dong_li_zhang(),
            nop: spec.nop,
            endurance_pe: spec.endurance_pe,
            datasheet: spec.datasheet.clone(),
            provenance: Vec::new(),
        };
        config.provenance = config.sourced_provenance(&spec);
        config
    }

    /// Preset name as used in scenarios: `slc`, `mlc`, `tlc`.
    pub fn preset_name(&self) -> &'static str {
        match self.cell_type {
            CellType::Slc => "slc",
            CellType::Mlc => "mlc",
            CellType::Tlc => "tlc",
        }
    }

    /// Nominal (slowest-cell) program latency of page step `step` at the current ΔVpgm.
    pub fn nominal_program_ns(&self, step: u8) -> u64 {
        NominalStep::compute(&self.layout, &self.ispp, step, self.ispp.delta_vpgm_v)
            .latency_ns(&self.timing)
    }

    /// Read latency of page step `step` on a fully programmed wordline.
    pub fn nominal_read_ns(&self, step: u8) -> u64 {
        let senses = self
            .layout
            .read_refs_v(self.cell_type.bits_per_cell(), step)
            .len();
        self.timing.read_ns(senses)
    }

    /// Applies a scenario override of a provenance-tracked constant.
    pub fn override_value(&mut self, key: &'static str, value: f64) {
        match key {
            "delta_vpgm_v" => self.ispp.delta_vpgm_v = value,
            "max_loops" => self.ispp.max_loops = value as u32,
            "nop" => self.nop = value as u32,
            "endurance_pe" => self.endurance_pe = value as u64,
            _ => return,
        }
        if let Some(p) = self.provenance.iter_mut().find(|p| p.key == key) {
            p.overridden(value);
        }
    }

    /// Markdown rows of every constant for `docs/CALIBRATION.md`.
    pub fn markdown_rows(&self) -> Vec<String> {
        let model = format!("NAND {}", self.cell_type.name());
        self.provenance
            .iter()
            .map(|p| p.markdown_row(&model))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fitted_lsb_program_time_matches_the_quoted_one() {
        for config in [NandConfig::slc(), NandConfig::mlc(), NandConfig::tlc()] {
            let quoted = config.datasheet.tprog_ns[0] as f64;
            let model = config.nominal_program_ns(0) as f64;
            assert!(
                (model - quoted).abs() / quoted < 0.01,
                "{:?}",
                config.cell_type
            );
        }
    }

    #[test]
    fn read_times_follow_the_sense_count() {
        let mlc = NandConfig::mlc();
        assert_eq!(mlc.nominal_read_ns(0), 48_000);
        assert_eq!(mlc.nominal_read_ns(1), 64_000);
        let slc = NandConfig::slc();
        assert_eq!(slc.nominal_read_ns(0), 25_000);
    }

    #[test]
    fn every_constant_has_a_tagged_source() {
        for config in [NandConfig::slc(), NandConfig::mlc(), NandConfig::tlc()] {
            assert!(config.provenance.len() > 25);
            for p in &config.provenance {
                assert!(!p.source.is_empty(), "{}", p.key);
            }
            let keys: Vec<&str> = config.provenance.iter().map(|p| p.key).collect();
            for key in [
                "delta_vpgm_v",
                "endurance_pe",
                "nop",
                "pulse_ns",
                "vpgm_start_v",
            ] {
                assert!(keys.contains(&key), "{key}");
            }
        }
    }
}
