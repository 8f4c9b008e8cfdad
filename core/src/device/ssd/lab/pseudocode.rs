//! The SSD lab's pseudo-code listing (`plugin::pseudocode`): a host write and the foreground
//! GC it may trigger, lit by the trace events of `service.rs`.
//!
//! 1. `gc.write`: the host page is programmed out of place at the die's write point (`host_write`).
//! 2. `gc.pick`: the die is below its low watermark, so GC asks the policy for a victim until the
//!    high watermark is reached (`gc_start`, `gc.rs` step 1).
//! 3. `gc.copy`: each valid page of the block is copied to the write point (`relocate`).
//! 4. `gc.erase`: the block is erased and returns to the free pool (`erase`).
//! 5. `gc.level`: static wear levelling moves a cold block out (`wear_level`, `gc.rs` step 3);
//!    its pages then go through lines 3 and 4.

use super::events;
use crate::plugin::PseudoListing;
use crate::sim::TraceEvent;

pub const LISTINGS: &[PseudoListing] = &[PseudoListing {
    id: "gc",
    lines: &["gc.write", "gc.pick", "gc.copy", "gc.erase", "gc.level"],
}];

/// The line `event` executes (steps 1–5), or none for reads, TRIM and request bookkeeping.
pub fn line_of(event: &TraceEvent) -> Option<&'static str> {
    match event.kind {
        events::HOST_WRITE => Some("gc.write"),
        events::GC_START => Some("gc.pick"),
        events::RELOCATE => Some("gc.copy"),
        events::ERASE => Some("gc.erase"),
        events::WEAR_LEVEL => Some("gc.level"),
        _ => None,
    }
}
