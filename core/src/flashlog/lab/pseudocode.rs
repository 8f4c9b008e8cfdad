//! The flashlog lab's pseudo-code listings (`plugin::pseudocode`): FlashLogging's dispatch of log
//! writes to ready flash devices and the re-issue of outliers (seed 003 §2.1; `dispatch.rs`
//! steps 1–3), lit by the trace events of `logging.rs`, and Append/Pack's write, read and pack
//! step (seed 003 §2.2; `appendpack/layout.rs`), lit by those of `apmode.rs`. The single-device
//! and striped logging baselines have none: they run other algorithms.
//!
//! 1. `fl.commit`: a transaction's log record joins the in-memory log (`commit_request`).
//! 2. `fl.dispatch`: unissued log goes to a ready flash device, or to the archival HDD when
//!    every flash device is busy (`write_issued`).
//! 3. `fl.outlier` / `fl.reissue`: a write outstanding longer than factor × its device's
//!    average is an outlier, and its log is re-issued to a ready device (`outlier_detected`,
//!    `reissued`).
//! 4. `fl.complete` / `fl.ack`: a completed write extends the durable prefix, and the commits
//!    inside it are acknowledged (`write_done`, `acknowledged`).
//! 5. Append/Pack: `ap.write` a page joins the write buffer (`ap_write`); `ap.append` a full
//!    write buffer is appended as one erase block at the append log's head (`ap_append`, log
//!    0); `ap.pack` with free blocks at the low watermark, the append log's tail block (or the
//!    pack log's, when it holds fewer valid pages: `policy.rs`) is reclaimed: its valid pages
//!    move to the pack buffer and it is erased (`ap_pack`);
//!    `ap.pack_append` a full pack buffer is appended at the pack log's head (`ap_append`, log
//!    1); `ap.read` a read is answered from a buffer or the page's slot (`ap_read`).

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

pub const AP_LISTINGS: &[PseudoListing] = &[PseudoListing {
    id: "appendpack",
    lines: &[
        "ap.write",
        "ap.append",
        "ap.pack",
        "ap.pack_append",
        "ap.read",
    ],
}];

/// The listing of a FlashLogging or an Append/Pack run; none for the logging baselines.
pub fn listings(lab: &FlashLogLab) -> &'static [PseudoListing] {
    match &lab.plan {
        LabPlan::Logging(plan) if is_flashlogging(&plan.config.scheduler) => LISTINGS,
        LabPlan::AppendPack(_) => AP_LISTINGS,
        _ => &[],
    }
}

fn is_flashlogging(scheduler: &Scheduler) -> bool {
    matches!(scheduler, Scheduler::FlashLogging { .. })
}

/// The line `event` executes (steps 1–5), or none.
pub fn line_of(lab: &FlashLogLab, event: &TraceEvent) -> Option<&'static str> {
    match &lab.plan {
        LabPlan::AppendPack(_) => ap_line_of(event),
        LabPlan::Logging(plan) if is_flashlogging(&plan.config.scheduler) => logging_line_of(event),
        LabPlan::Logging(_) => None,
    }
}

/// Steps 1–4.
fn logging_line_of(event: &TraceEvent) -> Option<&'static str> {
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

/// Step 5.
fn ap_line_of(event: &TraceEvent) -> Option<&'static str> {
    match event.kind {
        events::AP_WRITE => Some("ap.write"),
        events::AP_APPEND if event.args[1] == 0 => Some("ap.append"),
        events::AP_APPEND => Some("ap.pack_append"),
        events::AP_PACK => Some("ap.pack"),
        events::AP_READ | events::AP_READ_BUFFERED | events::AP_READ_UNWRITTEN => Some("ap.read"),
        _ => None,
    }
}
