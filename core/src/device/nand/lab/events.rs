//! Trace events of the NAND lab: codes, argument names and narration (`{a}`..`{d}`).
//!
//! Encodings: every argument is a u32. Voltages are millivolts (Vpgm is always positive, 14–20 V
//! in the presets); ΔVpgm in mV; latencies in whole µs (rounded); P/E counts saturate at
//! u32::MAX; `state` arguments index `view().meta.states` (ER, P1, LM, …); `kind` of
//! `page_programmed` is 0 for a program, 1 for an append. Refusals have their own kinds,
//! 20 + `NandError::code()`, so each narrates its reason.

use crate::sim::EventKindInfo;

pub const PROGRAM_START: u32 = 1;
pub const APPEND_START: u32 = 2;
pub const PULSE: u32 = 3;
pub const VERIFY_PASS: u32 = 4;
pub const PAGE_PROGRAMMED: u32 = 5;
pub const PROGRAM_FAILED: u32 = 6;
pub const READ: u32 = 7;
pub const ERASE: u32 = 8;
pub const CYCLE: u32 = 9;
pub const RETENTION: u32 = 10;
pub const SET_ISPP: u32 = 11;
pub const WORN_OUT: u32 = 12;
/// Refusals: `REFUSED_BASE + NandError::code()`.
pub const REFUSED_BASE: u32 = 20;

const fn kind(
    code: u32,
    name: &'static str,
    args: [&'static str; 4],
    text: &'static str,
) -> EventKindInfo {
    EventKindInfo {
        code,
        name,
        args,
        text,
    }
}

pub const EVENT_KINDS: &[EventKindInfo] = &[
    kind(
        PROGRAM_START,
        "program_start",
        ["page", "wordline", "cells_to_program", "vpgm_start_mv"],
        "program page {a} (wordline {b}): {c:cell|cells} to raise, staircase starts at {d} mV",
    ),
    kind(
        APPEND_START,
        "append_start",
        ["page", "offset_bits", "len_bits", "cells_to_program"],
        "append {c:bit|bits} at bit {b} of page {a}: {d:cell|cells} to raise, every other cell inhibited",
    ),
    kind(
        PULSE,
        "pulse",
        ["loop", "vpgm_mv", "cells_programming", "cells_inhibited"],
        "pulse {a} at Vpgm {b} mV: {c:cell still programming|cells still programming}, {d} inhibited",
    ),
    kind(
        VERIFY_PASS,
        "verify_pass",
        ["loop", "state", "cells_passed", "cells_programming"],
        "verify after pulse {a}: {c:cell|cells} reached state {b}, now inhibited; {d} still programming",
    ),
    kind(
        PAGE_PROGRAMMED,
        "page_programmed",
        ["page", "loops", "latency_us", "kind"],
        "page {a} {d=0:programmed,1:appended to} in {b:ISPP loop|ISPP loops}, {c} µs",
    ),
    kind(
        PROGRAM_FAILED,
        "program_failed",
        ["page", "loops", "cells_unverified", "latency_us"],
        "program of page {a} FAILED after {b:loop|loops}: {c:cell never passed|cells never passed} verify ({d} µs)",
    ),
    kind(
        READ,
        "read",
        ["page", "bit_errors", "senses", "latency_us"],
        "read page {a}: {b:bit error|bit errors}, {c:read reference|read references} sensed, {d} µs",
    ),
    kind(
        ERASE,
        "erase",
        ["block", "pe_cycles", "latency_us", "worn_out"],
        "erase block {a}: every cell back to ER; P/E count now {b} ({c} µs; {d=0:still within its rated endurance,1:now worn out})",
    ),
    kind(
        CYCLE,
        "cycle",
        ["count", "pe_cycles", "", ""],
        "fast-forward {a} program/erase cycles of wear: P/E count now {b}",
    ),
    kind(
        RETENTION,
        "retention",
        ["hours", "cells_shifted", "pe_cycles", ""],
        "retention bake of {a} h: {b} programmed cells lost charge (block at {c} P/E)",
    ),
    kind(
        SET_ISPP,
        "set_ispp",
        ["delta_vpgm_mv", "max_safe_mv", "", ""],
        "ISPP step set to {a} mV (the read references allow up to {b} mV)",
    ),
    kind(
        WORN_OUT,
        "worn_out",
        ["pe_cycles", "endurance_pe", "", ""],
        "block is past its rated endurance: {a} P/E > {b}; it keeps working, with rising errors",
    ),
    kind(
        REFUSED_BASE + 1,
        "refused_page_out_of_range",
        ["page", "page_count", "", ""],
        "refused: page {a} does not exist ({b} pages)",
    ),
    kind(
        REFUSED_BASE + 2,
        "refused_data_length",
        ["expected_bits", "got_bits", "", ""],
        "refused: data has {b} bits, the page takes {a}",
    ),
    kind(
        REFUSED_BASE + 3,
        "refused_would_lower_charge",
        ["page", "cell", "from_state", "to_state"],
        "refused: page {a} would need to lower cell {b} from state {c} to state {d}; charge only rises between erases",
    ),
    kind(
        REFUSED_BASE + 4,
        "refused_lower_page_first",
        ["page", "wordline", "needs_page", ""],
        "refused: page {a} builds on page {c} of wordline {b}, which is not programmed yet",
    ),
    kind(
        REFUSED_BASE + 5,
        "refused_shadow_order",
        ["page", "wordline", "next_wordline", "needs_page"],
        "refused: page {a} (wordline {b}) must wait for page {d} on wordline {c} (shadow program order)",
    ),
    kind(
        REFUSED_BASE + 6,
        "refused_out_of_order",
        ["page", "wordline_before", "needs_page", ""],
        "refused: page {a} out of order; page {c} on wordline {b} comes first",
    ),
    kind(
        REFUSED_BASE + 7,
        "refused_append_not_lsb",
        ["page", "", "", ""],
        "refused: page {a} is not an LSB page; multi-bit cells take appends on LSB pages only",
    ),
    kind(
        REFUSED_BASE + 8,
        "refused_nop",
        ["page", "programs", "nop", ""],
        "refused: page {a} already programmed {b} times since the erase (NOP limit {c})",
    ),
    kind(
        REFUSED_BASE + 9,
        "refused_in_progress",
        ["page", "", "", ""],
        "refused: a program of page {a} is still in progress",
    ),
];

/// Millivolts of a voltage, clamped to u32.
pub fn mv(volts: f64) -> u32 {
    let mv = (volts * 1000.0).round();
    if mv.is_finite() && mv > 0.0 {
        mv.min(f64::from(u32::MAX)) as u32
    } else {
        0
    }
}
