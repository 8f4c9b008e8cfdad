//! The HDD lab's pseudo-code listing (`plugin::pseudocode`): a request's path through the queue,
//! the scheduler's pick and the mechanical service (`lab/mod.rs` steps 2–4; `scheduler.rs`), lit
//! by the trace events of `lab/mod.rs`.
//!
//! 1. `hdd.arrive`: a request joins the queue (`arrive_read`, `arrive_write`).
//! 2. `hdd.pick`: when the disk is free, the scheduler picks the next request and the arm seeks
//!    to its cylinder (`dispatch`).
//! 3. `hdd.service`: the head waits for the first sector to rotate under it, then transfers
//!    (`service`).
//! 4. `hdd.complete`: the request completes; its latency is queue wait plus service
//!    (`complete`, and a scan's summary, `scan_done`).

use super::events;
use crate::plugin::PseudoListing;
use crate::sim::TraceEvent;

pub const LISTINGS: &[PseudoListing] = &[PseudoListing {
    id: "hdd",
    lines: &["hdd.arrive", "hdd.pick", "hdd.service", "hdd.complete"],
}];

/// The line `event` executes (steps 1–4), or none.
pub fn line_of(event: &TraceEvent) -> Option<&'static str> {
    match event.kind {
        events::ARRIVE_READ | events::ARRIVE_WRITE => Some("hdd.arrive"),
        events::DISPATCH => Some("hdd.pick"),
        events::SERVICE => Some("hdd.service"),
        events::COMPLETE | events::SCAN_DONE => Some("hdd.complete"),
        _ => None,
    }
}
