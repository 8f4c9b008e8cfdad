//! The MaSM lab's pseudo-code listing (`plugin::pseudocode`): MaSM-αM's update path, flush, the
//! merge of runs into a range scan and migration (seed 000 §3.2–3.4, Fig. 9 and Alg. 1–2), lit
//! by the trace events of `engine.rs`, `scans.rs` and `migration.rs`. The compare tab's
//! baselines (in-place, IU, LSM) run other algorithms and light nothing.
//!
//! 1. `masm.update`: an update is logged, then appended unsorted to the buffer (`update`).
//! 2. `masm.steal`: a full buffer borrows an idle query page instead of flushing (Fig. 9 lines
//!    2–3; `steal_page`); `masm.stall`: an update waits for a flush or for space (`update_stall`).
//! 3. `masm.flush`: a full buffer is sorted by (key, ts) into a 1-pass run written sequentially
//!    with its run index (`flush_begin`, `flush_page`, `flush_done`); `masm.truncate`: the redo
//!    log drops what is on the SSD (`log_truncate`).
//! 4. `masm.scan_open`: a scan takes its timestamp, flushing a buffer of S pages or more first
//!    (Fig. 9 lines 1–4; `scan_open`, `scan_wait_flush`); `masm.merge2`: while K1 + K2 > Q the
//!    earliest 1-pass runs merge into a 2-pass run (lines 5–8; `merge_2pass`, and the alarm
//!    `three_pass_needed`).
//! 5. `masm.scan_io`: the table range is read from the HDD, overlapped with each run's granules
//!    in the range from the SSD (`scan_io`); `masm.scan_merge`: they merge by key with the
//!    buffer, updates older than the scan's timestamp applied in ts order (`scan_done`).
//! 6. `masm.migrate`: migration rewrites the table page by page with every run applied, after
//!    older queries finish, then deletes the runs (`migration_*`).

use super::events;
use crate::plugin::PseudoListing;
use crate::sim::TraceEvent;

pub const LISTINGS: &[PseudoListing] = &[PseudoListing {
    id: "masm",
    lines: &[
        "masm.update",
        "masm.steal",
        "masm.stall",
        "masm.flush",
        "masm.truncate",
        "masm.scan_open",
        "masm.merge2",
        "masm.scan_io",
        "masm.scan_merge",
        "masm.migrate",
    ],
}];

/// The line `event` executes (steps 1–6), or none.
pub fn line_of(event: &TraceEvent) -> Option<&'static str> {
    match event.kind {
        events::UPDATE => Some("masm.update"),
        events::STEAL_PAGE => Some("masm.steal"),
        events::UPDATE_STALL => Some("masm.stall"),
        events::FLUSH_BEGIN | events::FLUSH_PAGE | events::FLUSH_DONE => Some("masm.flush"),
        events::LOG_TRUNCATE => Some("masm.truncate"),
        events::SCAN_OPEN | events::SCAN_WAIT_FLUSH => Some("masm.scan_open"),
        events::MERGE_2PASS | events::THREE_PASS_NEEDED => Some("masm.merge2"),
        events::SCAN_IO => Some("masm.scan_io"),
        events::SCAN_DONE => Some("masm.scan_merge"),
        events::MIGRATION_WAIT
        | events::MIGRATION_START
        | events::MIGRATION_PAGE
        | events::MIGRATION_DONE => Some("masm.migrate"),
        _ => None,
    }
}
