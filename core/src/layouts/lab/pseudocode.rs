//! The row/column lab's pseudo-code listing (`plugin::pseudocode`): the scan plan of a query on
//! the stored layout (seed 001 §4.2; `scan.rs` steps 1–5), lit by the trace events of
//! `lab/mod.rs`.
//!
//! 1. `lc.index`: an index scan reads its index range first (`io_done_index`).
//! 2. `lc.read_row`: NSM or PAX: one stream over the table file, each request bringing whole
//!    rows, every attribute (`io_done` on a row or PAX file, no seek).
//! 3. `lc.read_column`: DSM: one stream per projected or predicate column, each request
//!    bringing one column's values (`io_done` on a column file, no seek).
//! 4. `lc.seek`: a request that starts ≥ 63 sectors from where the previous one ended is a
//!    seek: the disk moved to another stream's file (`io_done` with its seek flag).
//! 5. `lc.done`: the consumer tests the predicate and decodes the projected values of the
//!    qualifying rows block by block; the query ends when its cursor has passed every row
//!    (`query_done`).

use super::LayoutsLab;
use super::events;
use crate::layouts::pages::Layout;
use crate::plugin::PseudoListing;
use crate::sim::TraceEvent;

pub const LISTINGS: &[PseudoListing] = &[PseudoListing {
    id: "scan-plan",
    lines: &[
        "lc.index",
        "lc.read_row",
        "lc.read_column",
        "lc.seek",
        "lc.done",
    ],
}];

/// The line `event` executes (steps 1–5), or none.
pub fn line_of(lab: &LayoutsLab, event: &TraceEvent) -> Option<&'static str> {
    match event.kind {
        events::IO_DONE_INDEX => Some("lc.index"),
        events::IO_DONE if event.args[3] == 1 => Some("lc.seek"),
        events::IO_DONE if lab.config().layout == Layout::Dsm => Some("lc.read_column"),
        events::IO_DONE => Some("lc.read_row"),
        events::QUERY_DONE => Some("lc.done"),
        _ => None,
    }
}
