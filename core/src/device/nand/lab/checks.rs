//! Invariants (checked after every step) and metrics of the NAND lab.
//!
//! 1. `charge_only_rises_between_erases`: no cell's programmed Vth went down in a step that did
//!    not erase (retention loss is kept apart as `leak`, it is not programming).
//! 2. `cells_at_or_above_their_verify_level`: every cell in a programmed state has a Vth at or
//!    above that state's verify voltage (ISPP only lets a cell into a state through verify).
//! 3. `completed_programs_hold_their_data`: on every wordline with no program running and no
//!    failed program, each cell's state is exactly the one its pages' data asks for; a program
//!    that could not get there reported failure instead.
//! 4. `erase_count_only_grows`.
//! 5. `no_bit_errors_without_wear`: a read at 0 P/E cycles, with no bake and no failed program
//!    on its wordline, returns exactly the data written.
//! 6. `worn_out_flagged_past_endurance`: P/E ≤ rated endurance, or the block is flagged.

use super::NandLab;
use crate::sim::units::us;
use crate::sim::{InvariantCheck, Metric};

impl NandLab {
    pub(crate) fn invariant_checks(&self, out: &mut Vec<InvariantCheck>) {
        let layout = &self.block.config().layout;
        let mut lowered = None;
        let mut below_verify = None;
        let mut wrong_state = None;
        let mut flat = 0usize;
        for (wl, wordline) in self.block.wordlines().iter().enumerate() {
            let running = self.active.as_ref().is_some_and(|a| a.run.wordline == wl);
            let any_failed = (0..wordline.steps_programmed()).any(|s| wordline.page_failed(s));
            for (cell, &vth) in wordline.programmed_vth_v().iter().enumerate() {
                let before = self.guard.prev_vth_v.get(flat).copied().unwrap_or(vth);
                flat += 1;
                if !self.guard.erased_this_step && vth < before && lowered.is_none() {
                    lowered = Some((wl, cell, before, vth));
                }
                let placement = layout.placement(wordline.placement(layout, cell));
                if placement.final_level != Some(0)
                    && vth < placement.verify_v
                    && below_verify.is_none()
                {
                    below_verify = Some((wl, cell, vth, placement.name.clone()));
                }
                if !running && !any_failed && wrong_state.is_none() {
                    let steps = wordline.steps_programmed();
                    let wanted = (0..steps).fold(0u8, |acc, s| {
                        let bit = wordline.page_data(s).get(cell).copied().unwrap_or(true);
                        acc | (u8::from(bit) << s)
                    });
                    if wordline.placement(layout, cell) != layout.placement_of(steps, wanted) {
                        wrong_state = Some((wl, cell));
                    }
                }
            }
        }
        let pe = self.block.pe_cycles();
        let endurance = self.block.config().endurance_pe;
        out.extend([
            InvariantCheck::check(
                "charge_only_rises_between_erases",
                lowered.is_none(),
                || {
                    let (wl, cell, before, after) = lowered.unwrap_or_default();
                    format!(
                        "wordline {wl} cell {cell}: Vth fell from {before:.4} V to {after:.4} V without an erase"
                    )
                },
            ),
            InvariantCheck::check(
                "cells_at_or_above_their_verify_level",
                below_verify.is_none(),
                || {
                    let (wl, cell, vth, name) = below_verify.clone().unwrap_or_default();
                    format!(
                        "wordline {wl} cell {cell} is in state {name} but its Vth {vth:.4} V is below that state's verify level"
                    )
                },
            ),
            InvariantCheck::check(
                "completed_programs_hold_their_data",
                wrong_state.is_none(),
                || {
                    let (wl, cell) = wrong_state.unwrap_or_default();
                    format!(
                        "wordline {wl} cell {cell} is not in the state its page data asks for, yet no program failed"
                    )
                },
            ),
            InvariantCheck::check("erase_count_only_grows", pe >= self.guard.prev_pe, || {
                format!("P/E count went from {} to {pe}", self.guard.prev_pe)
            }),
            InvariantCheck::check(
                "no_bit_errors_without_wear",
                !matches!(self.guard.last_read, Some((_, errors, true)) if errors > 0),
                || {
                    let (page, errors, _) = self.guard.last_read.unwrap_or_default();
                    format!(
                        "page {page} read back {errors} bit errors at 0 P/E cycles with no retention"
                    )
                },
            ),
            InvariantCheck::check(
                "worn_out_flagged_past_endurance",
                pe <= endurance || self.block.worn_out(),
                || {
                    format!(
                        "{pe} P/E cycles > endurance {endurance}, but the block is not flagged worn out"
                    )
                },
            ),
        ]);
    }

    pub(crate) fn metric_list(&self) -> Vec<Metric> {
        let s = &self.stats;
        let rber = if s.bits_read > 0 {
            s.bit_errors as f64 / s.bits_read as f64
        } else {
            0.0
        };
        let mut metrics = vec![
            Metric::new(
                "pe_cycles",
                self.block.pe_cycles() as f64,
                "P/E cycles",
                "cycles",
            ),
            Metric::new(
                "programs",
                s.programs as f64,
                "page programs completed",
                "ops",
            ),
            Metric::new(
                "appends",
                s.appends as f64,
                "in-place appends completed",
                "ops",
            ),
            Metric::new(
                "program_failures",
                s.failures as f64,
                "programs that hit the loop limit",
                "ops",
            ),
            Metric::new(
                "refused_ops",
                s.refused as f64,
                "ops refused by the cell model",
                "ops",
            ),
            Metric::new("reads", s.reads as f64, "page reads", "ops"),
            Metric::new("erases", s.erases as f64, "erase and cycle ops", "ops"),
            Metric::new("bits_read", s.bits_read as f64, "bits read", "bits"),
            Metric::new(
                "bit_errors",
                s.bit_errors as f64,
                "raw bit errors read",
                "bits",
            ),
            Metric::new(
                "raw_bit_error_rate",
                rber,
                "raw bit error rate of all reads",
                "",
            ),
            Metric::new(
                "last_program_loops",
                f64::from(s.last_loops),
                "ISPP loops of the last program",
                "loops",
            ),
            Metric::new(
                "last_program_latency_us",
                f64::from(us(s.last_latency_ns)),
                "latency of the last program",
                "µs",
            ),
        ];
        let cell_type = self.block.config().cell_type;
        for (step, stats) in s.per_step.iter().enumerate() {
            let (loops_name, latency_name, loops_label, latency_label) =
                match cell_type.page_name(u8::try_from(step).unwrap_or(0)) {
                    "LSB" => (
                        "mean_loops_lsb",
                        "mean_program_latency_us_lsb",
                        "mean ISPP loops, LSB pages",
                        "mean program latency, LSB pages",
                    ),
                    "CSB" => (
                        "mean_loops_csb",
                        "mean_program_latency_us_csb",
                        "mean ISPP loops, CSB pages",
                        "mean program latency, CSB pages",
                    ),
                    "MSB" => (
                        "mean_loops_msb",
                        "mean_program_latency_us_msb",
                        "mean ISPP loops, MSB pages",
                        "mean program latency, MSB pages",
                    ),
                    _ => (
                        "mean_loops",
                        "mean_program_latency_us",
                        "mean ISPP loops per page",
                        "mean program latency",
                    ),
                };
            let n = stats.programs.max(1) as f64;
            let (loops, latency) = if stats.programs == 0 {
                (0.0, 0.0)
            } else {
                (stats.loops as f64 / n, stats.latency_ns as f64 / n / 1e3)
            };
            metrics.push(Metric::new(loops_name, loops, loops_label, "loops"));
            metrics.push(Metric::new(latency_name, latency, latency_label, "µs"));
        }
        metrics
    }
}
