//! The HDD lab's invariants, checked by the run after every step (DESIGN principle 4). Each is
//! O(1) over counters the lab keeps as it goes, so checking every step stays cheap.
//!
//! 1. `every_request_completes_exactly_once`: ids are admitted in order, each is outstanding
//!    exactly once until it completes, admitted = completed + outstanding, and at the end every
//!    request of the workload has completed.
//! 2. `time_never_goes_backwards`: the clock after a step is not before the clock before it.
//! 3. `head_stays_on_the_disk`: the head's cylinder and surface exist.
//! 4. `bytes_transferred_equal_bytes_requested`: summed over completed requests, the sectors the
//!    transfer model counted equal the sectors the requests asked for.
//! 5. `queue_within_bound`: queued + in service ≤ queue depth.

use super::HddLab;
use crate::device::hdd::geometry::SECTOR_BYTES;
use crate::sim::InvariantCheck;

pub fn check_invariants(lab: &HddLab, out: &mut Vec<InvariantCheck>) {
    let ledger = &lab.ledger;
    let disk = &lab.setup.disk;
    let outstanding = lab.queue.len() + usize::from(lab.busy.is_some());
    let total = lab.setup.workload.total_requests();
    let finished = lab.is_finished();
    let exactly_once = ledger.violation.is_none()
        && ledger.admitted == ledger.completed + ledger.outstanding.len() as u64
        && ledger.outstanding.len() == outstanding
        && (!finished || ledger.completed == total);
    let queue_depth = lab.setup.queue_depth as usize;
    out.extend([
        InvariantCheck::check("every_request_completes_exactly_once", exactly_once, || {
            ledger.violation.clone().unwrap_or_else(|| {
                format!(
                    "admitted {}, completed {}, outstanding ids {}, queued + in service {}, \
                     finished {finished} with {total} requests in the workload",
                    ledger.admitted,
                    ledger.completed,
                    ledger.outstanding.len(),
                    outstanding
                )
            })
        }),
        InvariantCheck::check(
            "time_never_goes_backwards",
            lab.previous_now_ns <= lab.now_ns(),
            || {
                format!(
                    "clock moved from {} ns back to {} ns",
                    lab.previous_now_ns,
                    lab.now_ns()
                )
            },
        ),
        InvariantCheck::check(
            "head_stays_on_the_disk",
            lab.head.cylinder < disk.geometry.cylinder_count
                && lab.head.head < disk.geometry.head_count,
            || {
                format!(
                    "head at cylinder {} head {} on a disk of {} cylinders and {} heads",
                    lab.head.cylinder,
                    lab.head.head,
                    disk.geometry.cylinder_count,
                    disk.geometry.head_count
                )
            },
        ),
        InvariantCheck::check(
            "bytes_transferred_equal_bytes_requested",
            ledger.bytes_transferred == ledger.bytes_requested
                && ledger.bytes_transferred.is_multiple_of(SECTOR_BYTES),
            || {
                format!(
                    "completed requests asked for {} bytes but {} were transferred",
                    ledger.bytes_requested, ledger.bytes_transferred
                )
            },
        ),
        InvariantCheck::check("queue_within_bound", outstanding <= queue_depth, || {
            format!("{outstanding} requests outstanding with a queue depth of {queue_depth}")
        }),
    ]);
}
