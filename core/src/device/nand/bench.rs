//! The NAND benchmark case (`flashlab bench`): ISPP-program every page of an MLC block with
//! random data, then erase it, over and over, through the full lab (one ISPP pulse and verify
//! per step over a 1,024-cell wordline, the cell-model invariants after every step).
//!
//! 1. Build the lab from a scenario body, as a file would: `ROUNDS_PER_LAB` rounds of "program
//!    pages 0..P in programming order, then erase" (the erase adds a P/E cycle, so wear grows
//!    through the run as it would on a device).
//! 2. Step it to the end, checking invariants after every step as `Run` does (no keyframes).
//! 3. Larger sizes build more labs, each with the next seed (new random data).
//!
//! The unit is a page programmed by ISPP; a page costs about 16 (LSB) to 28 (MSB) pulses.

use serde_json::{Value, json};

use super::NandLab;
use crate::plugin::{BenchCase, LabSpec};
use crate::sim::{Lab, TraceSink};

/// The NAND lab's bench cases.
pub fn cases() -> Vec<BenchCase> {
    vec![BenchCase {
        name: "nand: ISPP program and erase, MLC, 8 × 1024 cells",
        unit: "ISPP-programmed pages",
        run: program_erase_mlc,
        default_size: DEFAULT_PAGES,
    }]
}

/// About a second natively in a release build on the reference 2-core machine.
pub const DEFAULT_PAGES: u64 = 320;

const WORDLINES: u64 = 8;
/// The largest block the lab allows (8,192 cells).
const CELLS_PER_WORDLINE: u64 = 1024;
/// MLC: two pages per wordline.
const PAGES_PER_ROUND: u64 = WORDLINES * 2;
/// Program/erase rounds in one lab (one scenario): far below the op limit and the endurance.
const ROUNDS_PER_LAB: u64 = 16;

/// Programs about `pages` pages (whole rounds, at least one) and erases after each round;
/// returns how many pages were programmed while every invariant held.
pub fn program_erase_mlc(pages: u64) -> u64 {
    let mut done = 0u64;
    let mut seed = 1u64;
    while done < pages.max(1) {
        let rounds = (pages.max(1) - done)
            .div_ceil(PAGES_PER_ROUND)
            .min(ROUNDS_PER_LAB);
        let Some(mut lab) = build(rounds, seed) else {
            return done;
        };
        let mut trace = TraceSink::default();
        let mut checks = Vec::new();
        let mut checks_ok = true;
        while let Ok(true) = lab.step(&mut trace) {
            checks.clear();
            lab.check_invariants(&mut checks);
            checks_ok &= checks.iter().all(|c| c.ok);
        }
        if !checks_ok {
            return done;
        }
        done += rounds * PAGES_PER_ROUND;
        seed += 1;
    }
    done
}

/// A lab of `rounds` rounds of "program every page, then erase".
fn build(rounds: u64, seed: u64) -> Option<NandLab> {
    let round = (0..PAGES_PER_ROUND)
        .map(|page| json!({"op": "program", "page": page, "data": {"pattern": "random"}}))
        .chain(std::iter::once(json!({"op": "erase"})));
    let ops: Vec<Value> = (0..rounds).flat_map(|_| round.clone()).collect();
    let body = json!({
        "device": {"preset": "mlc", "wordlines": WORDLINES, "cells_per_wordline": CELLS_PER_WORDLINE},
        "workload": {"ops": ops},
    });
    let Value::Object(map) = body else {
        return None;
    };
    NandLab::from_body(map, seed).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_round_programs_every_page_and_keeps_every_invariant() {
        assert_eq!(program_erase_mlc(1), PAGES_PER_ROUND);
        assert_eq!(program_erase_mlc(PAGES_PER_ROUND + 1), 2 * PAGES_PER_ROUND);
    }
}
