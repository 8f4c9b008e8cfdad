//! The FD+tree lab's pseudo-code listings (`plugin::pseudocode`): a client's op and FD+FC's
//! wavefront merge as the concurrent run executes them (seed 002 §4.3–4.4; `conc/client.rs`
//! steps 1–5 and `conc/merge_proc.rs` steps 1–5), lit by the lab's trace events. Only an FD+FC
//! run under the paper's protocol has them: FD+XM and FD+DS merge differently, and with a rule
//! dropped (`params.drop_rule`) the listing's latch lines would not be true of the run.
//!
//! 1. `op.start` / `op.slot` / `op.wait` / `op.answer` / `op.done`: an op is issued, a write
//!    may find L0 full and wait for m-delete to free slots, an actor may wait for a latch, the
//!    op answers from L0 or from the blocks it read down one side of the wavefront under lock
//!    coupling, and it completes (`op_start`, `slot_wait`, `lock_wait`, `answer`, `op_done`).
//! 2. `merge.begin` … `merge.finalize`: merge-prepare, m-stage's reads and staging, m-insert,
//!    m-delete moving the wavefront, a reclaim under X-latch (and the merge waiting for one),
//!    the switch and finalize (`merge_begin`, `stage_read`, `staged`, `m_insert`, `wavefront`,
//!    `reclaim`, `lock_wait` by the merge actor, `switch`, `finalize`).

use super::FdLab;
use super::events;
use crate::fdtree::lab::body::FdtreeScheme;
use crate::plugin::PseudoListing;
use crate::sim::TraceEvent;

pub const LISTINGS: &[PseudoListing] = &[
    PseudoListing {
        id: "fdfc-op",
        lines: &["op.start", "op.slot", "op.wait", "op.answer", "op.done"],
    },
    PseudoListing {
        id: "fdfc-merge",
        lines: &[
            "merge.begin",
            "merge.read",
            "merge.stage",
            "merge.insert",
            "merge.wavefront",
            "merge.wait",
            "merge.reclaim",
            "merge.switch",
            "merge.finalize",
        ],
    },
];

/// The listings of an FD+FC run under the paper's protocol; none otherwise.
pub fn listings(lab: &FdLab) -> &'static [PseudoListing] {
    let cfg = lab.config();
    if cfg.scheme_id == FdtreeScheme::Fc && cfg.protocol.is_paper() {
        LISTINGS
    } else {
        &[]
    }
}

/// The line `event` executes (steps 1–2), or none.
pub fn line_of(lab: &FdLab, event: &TraceEvent) -> Option<&'static str> {
    if listings(lab).is_empty() {
        return None;
    }
    let merge_actor = lab.config().clients.len() as u32;
    match event.kind {
        events::OP_START => Some("op.start"),
        events::SLOT_WAIT => Some("op.slot"),
        events::LOCK_WAIT if event.args[0] == merge_actor => Some("merge.wait"),
        events::LOCK_WAIT => Some("op.wait"),
        events::ANSWER => Some("op.answer"),
        events::OP_DONE => Some("op.done"),
        events::MERGE_BEGIN => Some("merge.begin"),
        events::STAGE_READ => Some("merge.read"),
        events::STAGED => Some("merge.stage"),
        events::M_INSERT => Some("merge.insert"),
        events::WAVEFRONT => Some("merge.wavefront"),
        events::RECLAIM => Some("merge.reclaim"),
        events::SWITCH => Some("merge.switch"),
        events::FINALIZE => Some("merge.finalize"),
        _ => None,
    }
}
