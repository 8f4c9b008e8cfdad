//! A wordline: one row of cells that share a control gate, holding one page per bit of a cell.
//!
//! Per cell the model keeps (units: model volts):
//! 1. `vth_v`, the threshold set by the charge programmed since the last erase. Programming only
//!    ever raises it (invariant `charge_only_rises_between_erases`).
//! 2. `leak_v` ≥ 0, charge lost during retention bakes; the sensed threshold is vth − leak.
//! 3. `coupling_v` K, the cell's program speed (Vth ≈ Vpgm − K in the ISPP tracking regime), a
//!    fixed property of the cell drawn once when the block is made.
//! 4. The state it has *reached* (`cell_steps` pages done, their bits `cell_prefix`), which maps
//!    to a placement of `VthLayout`. A cell whose program failed keeps its older state.
//!
//! Per page step the wordline keeps the data last written (`page_data`, for counting bit errors
//! on read), how often it was programmed since the erase (NOP) and whether a program failed.
//! `steps_programmed` plays the role of the chip's flag cells: it tells a read which references
//! to use, and makes unprogrammed pages read as all ones.

use super::layout::VthLayout;
use super::random::{laplace, truncated_normal, truncated_standard_normal};
use super::timing::IsppParams;
use super::wear::WearParams;
use crate::sim::Rng;

#[derive(Debug, Clone, PartialEq)]
pub struct Wordline {
    pub(super) vth_v: Vec<f64>,
    pub(super) leak_v: Vec<f64>,
    pub(super) coupling_v: Vec<f64>,
    pub(super) retention_z: Vec<f64>,
    pub(super) cell_steps: Vec<u8>,
    pub(super) cell_prefix: Vec<u8>,
    pub(super) steps_programmed: u8,
    pub(super) page_programs: Vec<u32>,
    pub(super) page_data: Vec<Vec<bool>>,
    pub(super) page_failed: Vec<bool>,
    pub(super) programmed_at_pe: u64,
    pub(super) retention_hours: f64,
}

impl Wordline {
    /// A freshly erased wordline of `cells` cells; draws each cell's program speed.
    pub fn new(cells: usize, layout: &VthLayout, ispp: &IsppParams, rng: &mut Rng) -> Self {
        let coupling_v = (0..cells)
            .map(|_| {
                truncated_normal(
                    rng,
                    ispp.coupling_mean_v,
                    ispp.coupling_sigma_v,
                    ispp.coupling_limit_sigmas,
                )
            })
            .collect();
        let bits = usize::from(layout.cell_type.bits_per_cell());
        let mut wordline = Self {
            vth_v: vec![0.0; cells],
            leak_v: vec![0.0; cells],
            coupling_v,
            retention_z: vec![0.0; cells],
            cell_steps: vec![0; cells],
            cell_prefix: vec![0; cells],
            steps_programmed: 0,
            page_programs: vec![0; bits],
            page_data: vec![vec![true; cells]; bits],
            page_failed: vec![false; bits],
            programmed_at_pe: 0,
            retention_hours: 0.0,
        };
        wordline.erase(layout, rng);
        wordline
    }

    /// Resets every cell to the erased distribution and forgets every page.
    pub fn erase(&mut self, layout: &VthLayout, rng: &mut Rng) {
        for cell in 0..self.vth_v.len() {
            self.vth_v[cell] = truncated_normal(
                rng,
                layout.erased_mean_v,
                layout.erased_sigma_v,
                layout.erased_limit_sigmas,
            );
            self.retention_z[cell] = truncated_standard_normal(rng, 4.0);
        }
        self.leak_v.fill(0.0);
        self.cell_steps.fill(0);
        self.cell_prefix.fill(0);
        self.steps_programmed = 0;
        self.page_programs.fill(0);
        for page in &mut self.page_data {
            page.fill(true);
        }
        self.page_failed.fill(false);
        self.programmed_at_pe = 0;
        self.retention_hours = 0.0;
    }

    pub fn cells(&self) -> usize {
        self.vth_v.len()
    }

    /// Programmed threshold per cell (before retention loss), volts.
    pub fn programmed_vth_v(&self) -> &[f64] {
        &self.vth_v
    }

    /// Threshold a sense amplifier sees without noise: vth − leak.
    pub fn effective_vth_v(&self, cell: usize) -> f64 {
        self.vth_v[cell] - self.leak_v[cell]
    }

    /// Index into `layout.placements()` of the state `cell` has reached.
    pub fn placement(&self, layout: &VthLayout, cell: usize) -> usize {
        layout.placement_of(self.cell_steps[cell], self.cell_prefix[cell])
    }

    /// Page steps programmed so far (0 = erased wordline).
    pub fn steps_programmed(&self) -> u8 {
        self.steps_programmed
    }

    /// Programs of page step `step` since the last erase.
    pub fn page_programs(&self, step: u8) -> u32 {
        self.page_programs
            .get(usize::from(step))
            .copied()
            .unwrap_or(0)
    }

    pub fn page_failed(&self, step: u8) -> bool {
        self.page_failed
            .get(usize::from(step))
            .copied()
            .unwrap_or(false)
    }

    /// The data last written to page step `step` (all ones if never).
    pub fn page_data(&self, step: u8) -> &[bool] {
        self.page_data
            .get(usize::from(step))
            .map_or(&[], Vec::as_slice)
    }

    /// Hours of retention bake since the wordline was last programmed.
    pub fn retention_hours(&self) -> f64 {
        self.retention_hours
    }

    /// Senses every cell against `refs_v` with read noise of Laplace scale `rtn_scale_v`.
    pub fn sense(&self, refs_v: &[f64], rtn_scale_v: f64, rng: &mut Rng) -> Vec<bool> {
        if refs_v.is_empty() {
            return vec![true; self.cells()];
        }
        (0..self.cells())
            .map(|cell| {
                let vth = self.effective_vth_v(cell) + laplace(rng, rtn_scale_v);
                VthLayout::decode_bit(refs_v, vth)
            })
            .collect()
    }

    /// Applies `hours` more of retention to every programmed cell (charge loss only grows).
    /// Returns how many cells lost charge.
    pub fn bake(&mut self, layout: &VthLayout, wear: &WearParams, hours: f64) -> usize {
        // The per-cell spread comes from `retention_z`, drawn at erase.
        self.retention_hours += hours;
        let top_verify_v = layout.verify_v.last().copied().unwrap_or(1.0);
        let window_v = (top_verify_v - layout.erased_mean_v).max(1e-9);
        let mut shifted = 0;
        for cell in 0..self.cells() {
            let placement = layout.placement(self.placement(layout, cell));
            if placement.final_level == Some(0) {
                continue; // Erased cells: RTN only (calibration.md A4).
            }
            let window_fraction = (self.vth_v[cell] - layout.erased_mean_v) / window_v;
            let (mean_v, sigma_v) =
                wear.retention_loss_v(self.programmed_at_pe, window_fraction, self.retention_hours);
            let loss_v = (mean_v + sigma_v * self.retention_z[cell]).max(0.0);
            if loss_v > self.leak_v[cell] {
                self.leak_v[cell] = loss_v;
                shifted += 1;
            }
        }
        shifted
    }
}
