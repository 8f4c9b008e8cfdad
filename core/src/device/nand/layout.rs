//! Where the states of a cell sit on the Vth axis, and the read references between them.
//!
//! Units: **model volts** (V). ΔVpgm is in physical volts (Cho et al., JSSC 2001); the level
//! placements are a model choice, because no retrieved source gives per-state Vth in volts
//! (calibration.md A2: "do not invent volts" — so every placement is labelled "model choice").
//!
//! 1. The erased state ER is a normal distribution (mean, σ) truncated at ±`erased_limit_sigmas`.
//! 2. Programmed level k has program-verify voltage PV_k. ISPP stops a cell at the first pulse
//!    that lifts it past PV_k, so the level occupies [PV_k, PV_k + ΔVpgm·(1 + 6·jitter)]
//!    (`top_v`; the 6·jitter term is the worst case of two truncated ±3σ pulse jitters).
//! 3. Multi-bit cells are programmed one page at a time. After s of b page steps a cell's bits so
//!    far select a range of levels lo..=hi (`coding::level_range`); it then sits in a
//!    *placement*: ER if lo = 0, the final level if s = b, else an intermediate state with
//!    verify voltage midway between PV_(lo−1) and PV_lo ("LM" of MLC lower-middle programming).
//!    Every later step then only raises the cell: intermediate < PV_lo ≤ every level of its range.
//! 4. Read references sit midway between the top of one present placement and the verify voltage
//!    of the next. Page step j needs a reference wherever bit j changes between neighbours: that
//!    is 1 (SLC), 1/2 (MLC LSB/MSB) and 1/2/4 (TLC LSB/CSB/MSB) senses, the "1-2-4" scheme.

use super::coding::{CellType, level_bits_label, level_range};

/// One place a cell can be on the Vth axis between erases.
#[derive(Debug, Clone, PartialEq)]
pub struct Placement {
    /// "ER", "P1".."P7", or an intermediate: "LM" (MLC), "IM2"/"IM4"/"IM6" (TLC).
    pub name: String,
    /// Program-verify voltage; for ER the top of the truncated erased distribution.
    pub verify_v: f64,
    /// Highest Vth a fresh cell in this placement can have.
    pub top_v: f64,
    /// The final level, when this is one.
    pub final_level: Option<u8>,
    /// Levels reachable from here by later page steps (lo, hi).
    pub level_range: (u8, u8),
    /// Page bits of a final level as in calibration.md A2 ("10"), or of the steps so far.
    pub bits_label: String,
}

#[derive(Debug, Clone, PartialEq)]
pub struct VthLayout {
    pub cell_type: CellType,
    pub erased_mean_v: f64,
    pub erased_sigma_v: f64,
    pub erased_limit_sigmas: f64,
    /// PV_1..PV_(L−1).
    pub verify_v: Vec<f64>,
    /// The ΔVpgm the read references were placed for.
    pub design_delta_vpgm_v: f64,
    pub jitter_fraction: f64,
    /// Sorted by `verify_v`.
    placements: Vec<Placement>,
    /// `[steps][prefix]` → index into `placements`.
    state_table: Vec<Vec<usize>>,
}

impl VthLayout {
    pub fn new(
        cell_type: CellType,
        erased: (f64, f64, f64),
        verify_v: &[f64],
        design_delta_vpgm_v: f64,
        jitter_fraction: f64,
    ) -> Self {
        let (erased_mean_v, erased_sigma_v, erased_limit_sigmas) = erased;
        let mut layout = Self {
            cell_type,
            erased_mean_v,
            erased_sigma_v,
            erased_limit_sigmas,
            verify_v: verify_v.to_vec(),
            design_delta_vpgm_v,
            jitter_fraction,
            placements: Vec::new(),
            state_table: Vec::new(),
        };
        layout.build_placements();
        layout
    }

    /// Width above PV that a programmed state may occupy: ΔV·(1 + 6·jitter).
    pub fn programmed_width_v(&self, delta_vpgm_v: f64) -> f64 {
        delta_vpgm_v * (1.0 + 6.0 * self.jitter_fraction)
    }

    pub fn erased_top_v(&self) -> f64 {
        self.erased_mean_v + self.erased_limit_sigmas * self.erased_sigma_v
    }

    /// PV of final level `level` (≥ 1).
    pub fn level_verify_v(&self, level: u8) -> f64 {
        let index = usize::from(level.max(1)) - 1;
        self.verify_v.get(index).copied().unwrap_or(f64::INFINITY)
    }

    fn build_placements(&mut self) {
        let b = self.cell_type.bits_per_cell();
        let width = self.programmed_width_v(self.design_delta_vpgm_v);
        // Keys: (kind, lo) with kind 0 = ER, 1 = intermediate, 2 = final.
        let mut keyed: Vec<((u8, u8), Placement)> = Vec::new();
        let mut table = Vec::new();
        for steps in 0..=b {
            let mut row = Vec::new();
            for prefix in 0..(1u8 << steps) {
                let (lo, hi) = level_range(self.cell_type, steps, prefix);
                let (key, placement) = if lo == 0 {
                    let p = Placement {
                        name: "ER".into(),
                        verify_v: self.erased_top_v(),
                        top_v: self.erased_top_v(),
                        final_level: Some(0),
                        level_range: (0, self.cell_type.level_count() as u8 - 1),
                        bits_label: level_bits_label(self.cell_type, 0),
                    };
                    ((0, 0), p)
                } else if steps == b {
                    let pv = self.level_verify_v(lo);
                    let p = Placement {
                        name: format!("P{lo}"),
                        verify_v: pv,
                        top_v: pv + width,
                        final_level: Some(lo),
                        level_range: (lo, lo),
                        bits_label: level_bits_label(self.cell_type, lo),
                    };
                    ((2, lo), p)
                } else {
                    let below = if lo >= 2 {
                        self.level_verify_v(lo - 1)
                    } else {
                        self.erased_top_v()
                    };
                    let verify = 0.5 * (below + self.level_verify_v(lo));
                    let name = match self.cell_type {
                        CellType::Mlc => "LM".to_string(),
                        _ => format!("IM{lo}"),
                    };
                    let bits: String = (0..steps)
                        .map(|j| if (prefix >> j) & 1 == 1 { '1' } else { '0' })
                        .collect();
                    let p = Placement {
                        name,
                        verify_v: verify,
                        top_v: verify + width,
                        final_level: None,
                        level_range: (lo, hi),
                        bits_label: bits,
                    };
                    ((1, lo), p)
                };
                let index = match keyed.iter().position(|(k, _)| *k == key) {
                    Some(i) => i,
                    None => {
                        keyed.push((key, placement));
                        keyed.len() - 1
                    }
                };
                row.push(index);
            }
            table.push(row);
        }
        // Sort by verify voltage and remap the table.
        let mut order: Vec<usize> = (0..keyed.len()).collect();
        order.sort_by(|&a, &b| keyed[a].1.verify_v.total_cmp(&keyed[b].1.verify_v));
        let mut new_index = vec![0; keyed.len()];
        for (new, &old) in order.iter().enumerate() {
            new_index[old] = new;
        }
        self.placements = order.iter().map(|&i| keyed[i].1.clone()).collect();
        self.state_table = table
            .into_iter()
            .map(|row| row.into_iter().map(|i| new_index[i]).collect())
            .collect();
    }

    pub fn placements(&self) -> &[Placement] {
        &self.placements
    }

    /// The placement of a cell that has completed `steps` page steps with bits `prefix`.
    pub fn placement_of(&self, steps: u8, prefix: u8) -> usize {
        let steps = usize::from(steps.min(self.cell_type.bits_per_cell()));
        let mask = (1usize << steps) - 1;
        self.state_table
            .get(steps)
            .and_then(|row| row.get(usize::from(prefix) & mask))
            .copied()
            .unwrap_or(0)
    }

    pub fn placement(&self, index: usize) -> &Placement {
        &self.placements[index.min(self.placements.len() - 1)]
    }

    /// Distinct placements present on a wordline whose first `steps` pages are programmed,
    /// in rising Vth, each with its prefix bits.
    fn present(&self, steps: u8) -> Vec<(usize, u8)> {
        let mut present: Vec<(usize, u8)> = Vec::new();
        for prefix in 0..(1u8 << steps) {
            let index = self.placement_of(steps, prefix);
            if !present.iter().any(|(i, _)| *i == index) {
                present.push((index, prefix));
            }
        }
        present.sort_by_key(|(i, _)| *i);
        present
    }

    /// Read references for page step `page_step` of a wordline with `steps` programmed pages.
    /// Empty when that page is not programmed yet (it reads as erased, all ones).
    pub fn read_refs_v(&self, steps: u8, page_step: u8) -> Vec<f64> {
        if page_step >= steps {
            return Vec::new();
        }
        let present = self.present(steps);
        present
            .windows(2)
            .filter(|pair| ((pair[0].1 ^ pair[1].1) >> page_step) & 1 == 1)
            .map(|pair| {
                let low = self.placement(pair[0].0);
                let high = self.placement(pair[1].0);
                0.5 * (low.top_v + high.verify_v)
            })
            .collect()
    }

    /// References between all final levels (a fully programmed wordline), L0|L1 first.
    pub fn final_refs_v(&self) -> Vec<f64> {
        let steps = self.cell_type.bits_per_cell();
        let present = self.present(steps);
        present
            .windows(2)
            .map(|pair| {
                0.5 * (self.placement(pair[0].0).top_v + self.placement(pair[1].0).verify_v)
            })
            .collect()
    }

    /// The largest ΔVpgm for which every programmed placement still stays below the read
    /// reference above it (the references were placed for `design_delta_vpgm_v`).
    pub fn max_safe_delta_vpgm_v(&self) -> f64 {
        let mut limit = f64::INFINITY;
        for steps in 1..=self.cell_type.bits_per_cell() {
            let present = self.present(steps);
            for pair in present.windows(2) {
                let low = self.placement(pair[0].0);
                if low.final_level == Some(0) {
                    continue;
                }
                let high = self.placement(pair[1].0);
                let reference = 0.5 * (low.top_v + high.verify_v);
                limit = limit.min((reference - low.verify_v) / (1.0 + 6.0 * self.jitter_fraction));
            }
        }
        limit
    }

    /// Decodes one page bit from a sensed Vth: starting from ER's bit (1), each reference below
    /// the Vth flips the bit.
    pub fn decode_bit(refs_v: &[f64], vth_v: f64) -> bool {
        refs_v.iter().filter(|&&r| vth_v >= r).count() % 2 == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mlc() -> VthLayout {
        VthLayout::new(
            CellType::Mlc,
            (-2.5, 0.7, 3.5),
            &[0.6, 1.8, 3.0],
            0.15,
            0.05,
        )
    }

    fn tlc() -> VthLayout {
        let pv: Vec<f64> = (1..8).map(|k| 0.5 * k as f64).collect();
        VthLayout::new(CellType::Tlc, (-2.5, 0.7, 3.5), &pv, 0.125, 0.05)
    }

    #[test]
    fn reads_need_one_two_and_four_senses() {
        let m = mlc();
        assert_eq!(m.read_refs_v(2, 0).len(), 1);
        assert_eq!(m.read_refs_v(2, 1).len(), 2);
        let t = tlc();
        let senses: Vec<usize> = (0..3).map(|s| t.read_refs_v(3, s).len()).collect();
        assert_eq!(senses, [1, 2, 4]);
        assert!(
            t.read_refs_v(1, 1).is_empty(),
            "unprogrammed page needs no sense"
        );
    }

    #[test]
    fn references_sit_strictly_between_neighbouring_states() {
        for layout in [mlc(), tlc()] {
            for steps in 1..=layout.cell_type.bits_per_cell() {
                let present = layout.present(steps);
                for pair in present.windows(2) {
                    let low = layout.placement(pair[0].0);
                    let high = layout.placement(pair[1].0);
                    assert!(
                        low.top_v < high.verify_v,
                        "{} overlaps {}",
                        low.name,
                        high.name
                    );
                }
            }
        }
    }

    #[test]
    fn every_later_page_step_only_raises_a_cell() {
        for layout in [mlc(), tlc()] {
            let b = layout.cell_type.bits_per_cell();
            for steps in 0..b {
                for prefix in 0..(1u8 << steps) {
                    let from = layout.placement_of(steps, prefix);
                    for bit in 0..2u8 {
                        let to = layout.placement_of(steps + 1, prefix | (bit << steps));
                        assert!(to >= from, "steps {steps} prefix {prefix} bit {bit}");
                    }
                }
            }
        }
    }

    #[test]
    fn mlc_lsb_program_places_lower_middle_between_p1_and_p2() {
        let m = mlc();
        let lm = m.placement(m.placement_of(1, 0));
        assert_eq!(lm.name, "LM");
        assert!((lm.verify_v - 1.2).abs() < 1e-12);
        let names: Vec<&str> = m.placements().iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, ["ER", "P1", "LM", "P2", "P3"]);
    }
}
