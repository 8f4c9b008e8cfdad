//! The IPA lab's pseudo-code listing (`plugin::pseudocode`): an update and the write-back
//! decision, append in place or out of place (seed 004 §6.2, §7; `frame.rs` `decide`,
//! `writeback.rs`), lit by the trace events of the lab's run.
//!
//! 1. `ipa.update`: an update is logged and applied to the page in the buffer (`update`).
//! 2. `ipa.writeback`: the page cleaner or a checkpoint writes a dirty page back (`write_back`).
//! 3. `ipa.append`: its changes fit the free delta records: `write_delta` appends them in place
//!    (`append`).
//! 4. `ipa.out_of_place`: else (a new page, or no room) the whole page is written out of place
//!    with a fresh delta area (`program`).

use super::events;
use crate::plugin::PseudoListing;
use crate::sim::TraceEvent;

pub const LISTINGS: &[PseudoListing] = &[PseudoListing {
    id: "writeback",
    lines: &[
        "ipa.update",
        "ipa.writeback",
        "ipa.append",
        "ipa.out_of_place",
    ],
}];

/// The line `event` executes (steps 1–4), or none for inserts, gets, GC and recovery.
pub fn line_of(event: &TraceEvent) -> Option<&'static str> {
    match event.kind {
        events::UPDATE => Some("ipa.update"),
        events::WRITE_BACK => Some("ipa.writeback"),
        events::APPEND => Some("ipa.append"),
        events::PROGRAM => Some("ipa.out_of_place"),
        _ => None,
    }
}
