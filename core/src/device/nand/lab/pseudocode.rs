//! The NAND lab's pseudo-code listing (`plugin::pseudocode`): the ISPP program-and-verify loop
//! (`ispp.rs`; seed 004 §3), lit by the trace events of `exec.rs`.
//!
//! 1. `ispp.start` / `ispp.append`: a program (or an append into part of a page) picks the cells
//!    to raise and inhibits the rest (`program_start`, `append_start`).
//! 2. `ispp.pulse`: loop n pulses Vpgm = Vstart + (n − 1)·ΔVpgm on every pending cell (`pulse`).
//! 3. `ispp.verify`: cells past their target's verify voltage take their state and are
//!    inhibited (`verify_pass`).
//! 4. `ispp.end`: the loop ends when no cell is pending (`page_programmed`) or, first, at the
//!    loop limit (`program_failed`). One line for both: no bundled scenario fails a program, and
//!    every listed line must be reached by one.

use super::events;
use crate::plugin::PseudoListing;
use crate::sim::TraceEvent;

pub const LISTINGS: &[PseudoListing] = &[PseudoListing {
    id: "ispp",
    lines: &[
        "ispp.start",
        "ispp.append",
        "ispp.pulse",
        "ispp.verify",
        "ispp.end",
    ],
}];

/// The line `event` executes (steps 1–4), or none for reads, erases, wear and settings.
pub fn line_of(event: &TraceEvent) -> Option<&'static str> {
    match event.kind {
        events::PROGRAM_START => Some("ispp.start"),
        events::APPEND_START => Some("ispp.append"),
        events::PULSE => Some("ispp.pulse"),
        events::VERIFY_PASS => Some("ispp.verify"),
        events::PAGE_PROGRAMMED | events::PROGRAM_FAILED => Some("ispp.end"),
        _ => None,
    }
}
