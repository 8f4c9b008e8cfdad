//! The NAND lab's invariants, checked after every step.
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
use crate::sim::InvariantCheck;

/// The checks after the latest step, in their fixed order, appended to `out`.
pub fn check_invariants(lab: &NandLab, out: &mut Vec<InvariantCheck>) {
    let layout = &lab.block.config().layout;
    let mut lowered = None;
    let mut below_verify = None;
    let mut wrong_state = None;
    let mut flat = 0usize;
    for (wl, wordline) in lab.block.wordlines().iter().enumerate() {
        let running = lab.active.as_ref().is_some_and(|a| a.run.wordline == wl);
        let any_failed = (0..wordline.steps_programmed()).any(|s| wordline.page_failed(s));
        for (cell, &vth) in wordline.programmed_vth_v().iter().enumerate() {
            let before = lab.guard.prev_vth_v.get(flat).copied().unwrap_or(vth);
            flat += 1;
            if !lab.guard.erased_this_step && vth < before && lowered.is_none() {
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
    let pe = lab.block.pe_cycles();
    let endurance = lab.block.config().endurance_pe;
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
        InvariantCheck::check("erase_count_only_grows", pe >= lab.guard.prev_pe, || {
            format!("P/E count went from {} to {pe}", lab.guard.prev_pe)
        }),
        InvariantCheck::check(
            "no_bit_errors_without_wear",
            !matches!(lab.guard.last_read, Some((_, errors, true)) if errors > 0),
            || {
                let (page, errors, _) = lab.guard.last_read.unwrap_or_default();
                format!(
                    "page {page} read back {errors} bit errors at 0 P/E cycles with no retention"
                )
            },
        ),
        InvariantCheck::check(
            "worn_out_flagged_past_endurance",
            pe <= endurance || lab.block.worn_out(),
            || {
                format!(
                    "{pe} P/E cycles > endurance {endurance}, but the block is not flagged worn out"
                )
            },
        ),
    ]);
}
