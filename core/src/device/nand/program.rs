//! Programming a page: the rules that decide whether a program may start, then ISPP.
//!
//! `begin_program(page, bits)` checks, in this order, and refuses with a typed `NandError`:
//! 1. the page exists and the data has one bit per cell;
//! 2. page steps of a wordline go in order: an upper page needs the lower pages of its wordline
//!    (`LowerPageFirst`); on multi-bit cells the first program of step s ≥ 1 on wordline n also
//!    needs step s − 1 on wordline n + 1 (`ShadowOrder`, the pairing of seed 004 §4 / FEMU), and
//!    step s on wordline n − 1 (`OutOfOrder`, in-order programming);
//! 3. a page programmed before may be programmed again (an in-place append or re-program) only
//!    within the NOP limit (`NopExceeded`), and on multi-bit cells only on the LSB page
//!    (`AppendOnlyOnLsbPages`, seed 004 App. C.2: odd-MLC and pSLC modes);
//! 4. charge only rises: every cell's new state must sit at or above its current one on the
//!    Vth axis (`WouldLowerCharge` names the first cell and both states). Cells still erased can
//!    take any data; that is the append of seed 004 §4.
//!
//! Then it commits the page's data and NOP count, moves cells whose state does not change
//! physically, and returns an `IsppRun` whose `pulse` calls (via `Block::pulse`) do the rest.

use super::block::Block;
use super::error::NandError;
use super::ispp::{CellTarget, IsppRun, ProgramKind, ProgramOutcome, PulseReport};
use super::page_map::PageMap;
use super::preset::NandConfig;
use crate::sim::Rng;

/// The end of a program run to completion.
#[derive(Debug, Clone, PartialEq)]
pub struct ProgramReport {
    pub outcome: ProgramOutcome,
    pub staircase_v: Vec<f64>,
    pub cells_targeted: usize,
}

impl ProgramReport {
    pub fn loops(&self) -> u32 {
        match self.outcome {
            ProgramOutcome::Completed { loops, .. } | ProgramOutcome::Failed { loops, .. } => loops,
        }
    }

    pub fn latency_ns(&self) -> u64 {
        match self.outcome {
            ProgramOutcome::Completed { latency_ns, .. }
            | ProgramOutcome::Failed { latency_ns, .. } => latency_ns,
        }
    }

    pub fn failed(&self) -> bool {
        matches!(self.outcome, ProgramOutcome::Failed { .. })
    }
}

impl Block {
    /// Checks the rules above and starts a program of `page` with `bits` (one per cell).
    pub fn begin_program(
        &mut self,
        page: usize,
        bits: &[bool],
        kind: ProgramKind,
    ) -> Result<IsppRun, NandError> {
        let (wl, step) = self.address(page)?;
        if bits.len() != self.page_bits() {
            return Err(NandError::DataLength {
                expected_bits: self.page_bits(),
                got_bits: bits.len(),
            });
        }
        let fresh = self.check_order(page, wl, step)?;
        let config = self.config.clone();
        let layout = &config.layout;
        let wordline = &self.wordlines[wl];
        let new_steps = if fresh {
            step + 1
        } else {
            wordline.steps_programmed()
        };
        let mut targets = Vec::with_capacity(bits.len());
        let mut lowered: Option<(usize, usize, usize)> = None;
        let mut lowered_cells = 0;
        for (cell, &bit) in bits.iter().enumerate() {
            let mut prefix = 0u8;
            for j in 0..new_steps {
                let b = if j == step {
                    bit
                } else {
                    wordline.page_data(j).get(cell).copied().unwrap_or(true)
                };
                prefix |= u8::from(b) << j;
            }
            let from = wordline.placement(layout, cell);
            let to = layout.placement_of(new_steps, prefix);
            if to < from {
                lowered_cells += 1;
                lowered.get_or_insert((cell, from, to));
            }
            targets.push(CellTarget {
                steps: new_steps,
                prefix,
                placement: to,
                verify_v: layout.placement(to).verify_v,
            });
        }
        if let Some(first) = lowered {
            return Err(NandError::would_lower_charge(
                layout,
                page,
                first,
                lowered_cells,
            ));
        }
        // Commit: data, counts, and cells whose placement does not change.
        let pe_cycles = self.pe_cycles;
        let wordline = &mut self.wordlines[wl];
        let index = usize::from(step);
        wordline.page_data[index] = bits.to_vec();
        wordline.page_programs[index] += 1;
        wordline.steps_programmed = new_steps;
        wordline.programmed_at_pe = pe_cycles;
        let mut run_targets = Vec::with_capacity(targets.len());
        for (cell, target) in targets.into_iter().enumerate() {
            if target.placement == wordline.placement(layout, cell) {
                wordline.cell_steps[cell] = target.steps;
                wordline.cell_prefix[cell] = target.prefix;
                run_targets.push(None);
            } else {
                run_targets.push(Some(target));
            }
        }
        Ok(IsppRun::new(
            page,
            wl,
            step,
            kind,
            (
                config.ispp.vpgm_start_v,
                self.delta_vpgm_v,
                config.ispp.max_loops,
            ),
            run_targets,
            config.timing.program_overhead_ns,
        ))
    }

    /// Rules 2 and 3. Returns whether this is the first program of the page step.
    fn check_order(&self, page: usize, wl: usize, step: u8) -> Result<bool, NandError> {
        let programs = self.wordlines[wl].page_programs(step);
        let steps = |w: usize| self.wordlines.get(w).map(|line| line.steps_programmed());
        page_order(
            &self.config,
            &self.page_map,
            steps,
            programs,
            page,
            wl,
            step,
        )
    }

    /// One ISPP loop of `run` (which must come from this block's `begin_program`).
    pub fn pulse(&mut self, run: &mut IsppRun, rng: &mut Rng) -> PulseReport {
        let config = &self.config;
        let jitter_sigma_v = config.wear.pulse_jitter_sigma_v(
            self.pe_cycles,
            run.delta_vpgm_v,
            config.ispp.jitter_fraction,
        );
        match self.wordlines.get_mut(run.wordline) {
            Some(wordline) => run.pulse(wordline, jitter_sigma_v, &config.timing, rng),
            None => {
                run.abort();
                run.idle_report()
            }
        }
    }

    /// Programs `page` with `bits` to completion.
    pub fn program(
        &mut self,
        page: usize,
        bits: &[bool],
        rng: &mut Rng,
    ) -> Result<ProgramReport, NandError> {
        let run = self.begin_program(page, bits, ProgramKind::Program)?;
        Ok(self.finish(run, rng))
    }

    /// Appends `bits` at `offset_bits` of `page`, keeping the rest of the page's data: an
    /// in-place append when the target cells are still erased.
    pub fn append(
        &mut self,
        page: usize,
        offset_bits: usize,
        bits: &[bool],
        rng: &mut Rng,
    ) -> Result<ProgramReport, NandError> {
        let full = self.page_with(page, offset_bits, bits)?;
        let run = self.begin_program(page, &full, ProgramKind::Append)?;
        Ok(self.finish(run, rng))
    }

    /// The page's current data with `bits` written over `offset_bits..`.
    pub fn page_with(
        &self,
        page: usize,
        offset_bits: usize,
        bits: &[bool],
    ) -> Result<Vec<bool>, NandError> {
        let mut full = self.page_data(page)?;
        let end = offset_bits.saturating_add(bits.len());
        if end > full.len() {
            return Err(NandError::DataLength {
                expected_bits: full.len().saturating_sub(offset_bits),
                got_bits: bits.len(),
            });
        }
        full[offset_bits..end].copy_from_slice(bits);
        Ok(full)
    }

    fn finish(&mut self, mut run: IsppRun, rng: &mut Rng) -> ProgramReport {
        while !run.is_done() {
            self.pulse(&mut run, rng);
        }
        ProgramReport {
            outcome: run.outcome.unwrap_or(ProgramOutcome::Completed {
                loops: run.loops,
                latency_ns: run.latency_ns,
            }),
            staircase_v: run.staircase_v,
            cells_targeted: run.cells_targeted,
        }
    }
}
/// Rules 2 and 3 over any record of a block's programming state (the cell model's wordlines,
/// IPA's byte-level model): `steps(w)` is how many page steps wordline `w` has programmed
/// (`None` past the block), `programs` how often `page` was programmed since the erase.
/// Returns whether this is the first program of the page step.
pub fn page_order(
    config: &NandConfig,
    page_map: &PageMap,
    steps: impl Fn(usize) -> Option<u8>,
    programs: u32,
    page: usize,
    wl: usize,
    step: u8,
) -> Result<bool, NandError> {
    let cell_type = config.cell_type;
    let multi_bit = cell_type.bits_per_cell() > 1;
    let page_name = cell_type.page_name(step);
    let done = steps(wl).unwrap_or(0);
    let page_of = |w: usize, s: u8| page_map.page_of(w, s).unwrap_or(usize::MAX);
    if step > done {
        return Err(NandError::LowerPageFirst {
            page,
            page_name,
            wordline: wl,
            needs_page: page_of(wl, done),
        });
    }
    if step < done {
        if multi_bit && step != 0 {
            return Err(NandError::AppendOnlyOnLsbPages { page, page_name });
        }
        if programs >= config.nop {
            return Err(NandError::NopExceeded {
                page,
                programs,
                nop: config.nop,
            });
        }
        return Ok(false);
    }
    if multi_bit
        && step >= 1
        && let Some(next) = steps(wl + 1)
        && next < step
    {
        return Err(NandError::ShadowOrder {
            page,
            page_name,
            wordline: wl,
            next_wordline: wl + 1,
            needs_page: page_of(wl + 1, next),
        });
    }
    if multi_bit && wl >= 1 {
        let before = steps(wl - 1).unwrap_or(0);
        if before <= step {
            return Err(NandError::OutOfOrder {
                page,
                wordline_before: wl - 1,
                needs_page: page_of(wl - 1, before),
            });
        }
    }
    Ok(true)
}
