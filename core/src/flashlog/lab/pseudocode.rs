//! The flashlog lab's pseudo-code listing (`plugin::pseudocode`): FlashLogging's dispatch of log
//! writes to ready flash devices and the re-issue of outliers (seed 003; `dispatch.rs` steps
//! 1–3), lit by the trace events of `logging.rs`. Only a FlashLogging run has it: the
//! single-device and striped baselines and the Append/Pack mode run other algorithms.
//!
//! 1. `fl.commit`: a transaction's log record joins the in-memory log (`commit_request`).
//! 2. `fl.dispatch`: unissued log goes to a ready flash device, or to the archival HDD when
//!    every flash device is busy (`write_issued`).
//! 3. `fl.outlier` / `fl.reissue`: a write outstanding longer than factor × its device's
//!    average is an outlier, and its log is re-issued to a ready device (`outlier_detected`,
//!    `reissued`).
//! 4. `fl.complete` / `fl.ack`: a completed write extends the durable prefix, and the commits
//!    inside it are acknowledged (`write_done`, `acknowledged`).

use super::FlashLogLab;
use super::config::LabPlan;
use super::events;
use crate::flashlog::config::Scheduler;
use crate::plugin::PseudoListing;
use crate::sim::TraceEvent;

pub const LISTINGS: &[PseudoListing] = &[PseudoListing {
    id: "flashlogging",
    lines: &[
        "fl.commit",
        "fl.dispatch",
        "fl.outlier",
        "fl.reissue",
        "fl.complete",
        "fl.ack",
    ],
}];

/// The listing of a FlashLogging run; none for the baselines and Append/Pack.
pub fn listings(lab: &FlashLogLab) -> &'static [PseudoListing] {
    match &lab.plan {
        LabPlan::Logging(plan) if is_flashlogging(&plan.config.scheduler) => LISTINGS,
        _ => &[],
    }
}

fn is_flashlogging(scheduler: &Scheduler) -> bool {
    matches!(scheduler, Scheduler::FlashLogging { .. })
}

/// The line `event` executes (steps 1–4) in a FlashLogging run, or none.
pub fn line_of(lab: &FlashLogLab, event: &TraceEvent) -> Option<&'static str> {
    if listings(lab).is_empty() {
        return None;
    }
    match event.kind {
        events::COMMIT_REQUEST => Some("fl.commit"),
        events::WRITE_ISSUED => Some("fl.dispatch"),
        events::OUTLIER_DETECTED => Some("fl.outlier"),
        events::REISSUED => Some("fl.reissue"),
        events::WRITE_DONE => Some("fl.complete"),
        events::ACKNOWLEDGED => Some("fl.ack"),
        _ => None,
    }
}
