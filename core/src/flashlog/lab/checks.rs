//! The lab's invariants, checked after every step in O(devices) (the simulator's own
//! `FlashLogSim::check_invariants` walks every record and is kept for the tests).
//!
//! Logging (digest §5):
//! 1. `durable_before_ack`: the last acknowledged commit ends inside the durable prefix. On the
//!    "ideal" disk this is false by design (acknowledged from a volatile cache): the check
//!    passes there and the metric `unsafe_acks` counts the exposure instead.
//! 2. `acks_in_lsn_order`: acknowledged commits are exactly the first ones in LSN order.
//! 3. `one_outstanding_write_per_device`: a plain count of issued minus completed writes.
//! 4. `main_area_lsn_non_decreasing`: each device's newest main-area record starts at or after
//!    the one before it (checked as records arrive, so over the run it covers all of them).
//! 5. `work_conserving`: FlashLogging without a window never leaves log unissued while a flash
//!    device is idle.
//! 6. `acked_commits_survive_crash` (after recovery; durable configurations): every commit
//!    acknowledged before the crash is in the recovered set; on the ideal disk the lost ones
//!    are reported by the metric `acked_commits_lost`, and the check says it does not apply.
//! 7. `recovery_is_a_gapless_prefix`: recovered transactions are the first n of the layout, in
//!    LSN order, each once, and their log lies inside the recovered range.
//!
//! Append/Pack: the layout's own invariants (`appendpack::checks`) plus
//! 8. `reads_return_last_written`: every read answered the plain model's version.
//!
//! Bounded flash (`log.flash_capacity_bytes`, `flashlog/archive.rs`):
//! 9. `flash_within_capacity`: no flash drive books more space than it has.
//! 10. `archive_before_free`: the archive never runs ahead of the durable prefix, and a flash
//!     drive's oldest main-area record is one the archive does not hold yet (freed exactly when archived; the
//!     simulator's `archive_safety` check, run by the crash sweep, proves none was freed early).

use super::FlashLogLab;
use super::apmode::ApState;
use super::logging::LogState;
use crate::flashlog::media::{Area, LOG_BLOCK_BYTES};
use crate::sim::InvariantCheck;

/// Full layout checks walk every slot: run them every `stride` steps on large devices.
const FULL_CHECK_SLOTS: u64 = 4096;

pub fn check_invariants(lab: &FlashLogLab, out: &mut Vec<InvariantCheck>) {
    match &lab.state {
        super::ModeState::Logging(s) => logging(s, out),
        super::ModeState::AppendPack(s) => append_pack(s, lab.steps, out),
    }
}

fn logging(s: &LogState, out: &mut Vec<InvariantCheck>) {
    let sim = &s.sim;
    let unsafe_config = sim.is_unsafe();
    let acked_end = sim.acked_end_lsn();
    let durable = sim.durable.prefix();
    let acked = sim.txns.len() - sim.waiting.len();
    out.extend([
        InvariantCheck::check(
            "durable_before_ack",
            unsafe_config || acked_end <= durable,
            || {
                format!(
                    "a commit ending at LSN {acked_end} was acknowledged with only [0, {durable}) durable"
                )
            },
        ),
        InvariantCheck::check(
            "acks_in_lsn_order",
            sim.waiting.front().is_none_or(|&t| t == acked)
                && sim.waiting.back().is_none_or(|&t| t + 1 == sim.txns.len())
                && (acked == 0 || sim.txns[acked - 1].ack_ns.is_some()),
            || "acknowledged commits are not the first ones in LSN order".into(),
        ),
        InvariantCheck::check(
            "one_outstanding_write_per_device",
            s.outstanding.iter().all(|&n| n <= 1),
            || format!("writes outstanding per device: {:?}", s.outstanding),
        ),
    ]);
    let mut monotone = Ok(());
    for d in &sim.devices {
        let mut main = d.media.iter().rev().filter(|r| r.area == Area::Main);
        if let (Some(last), Some(before)) = (main.next(), main.next())
            && last.header.start_lsn < before.header.start_lsn
        {
            monotone = Err(format!(
                "{}: a main-area record starts at {} after one at {}",
                d.name, last.header.start_lsn, before.header.start_lsn
            ));
        }
    }
    out.push(InvariantCheck::check(
        "main_area_lsn_non_decreasing",
        monotone.is_ok(),
        || monotone.clone().err().unwrap_or_default(),
    ));
    // A full device is not ready: it waits for the archive (`flashlog/archive.rs` step 4).
    let idle_flash = sim
        .devices
        .iter()
        .any(|d| d.is_flash() && d.busy.is_none() && d.free_bytes() >= 2 * LOG_BLOCK_BYTES);
    let conserving = sim.flashlogging().is_none()
        || sim.config.workload.group_commit_window_ns > 0
        || sim.issued_upto >= sim.next_lsn
        || !idle_flash
        || s.phase != super::logging::Phase::Running;
    out.push(InvariantCheck::check("work_conserving", conserving, || {
        format!(
            "log [{}, {}) unissued while a flash device is idle",
            sim.issued_upto, sim.next_lsn
        )
    }));
    if sim.config.flash_capacity_bytes.is_some() {
        bounded_flash(s, out);
    }
    if let (Some(j), Some(image)) = (&s.judged, &s.image) {
        out.push(InvariantCheck::check(
            "acked_commits_survive_crash",
            unsafe_config || j.acked_lost.is_empty(),
            || {
                format!(
                    "{} acknowledged commits are missing after recovery (first: txn {})",
                    j.acked_lost.len(),
                    j.acked_lost.first().copied().unwrap_or(0)
                )
            },
        ));
        let end = j.result.recovered.1;
        let prefix = j
            .result
            .committed
            .iter()
            .enumerate()
            .all(|(i, &t)| t == i as u64 && image.layout[i].2 <= end);
        let complete = image
            .layout
            .get(j.result.committed.len())
            .is_none_or(|&(_, _, e)| e > end);
        out.push(InvariantCheck::check(
            "recovery_is_a_gapless_prefix",
            prefix && complete && j.result.recovered.0 == 0,
            || "the recovered transactions are not the first n in LSN order".into(),
        ));
    }
}

/// Checks 9–10 (bounded flash only, so other scenarios' reports are unchanged).
fn bounded_flash(s: &LogState, out: &mut Vec<InvariantCheck>) {
    let sim = &s.sim;
    let over = sim
        .devices
        .iter()
        .find(|d| d.capacity_bytes.is_some_and(|c| d.used_bytes > c));
    out.push(InvariantCheck::check(
        "flash_within_capacity",
        over.is_none(),
        || {
            over.map(|d| {
                format!(
                    "{}: {} B in use of {:?}",
                    d.name, d.used_bytes, d.capacity_bytes
                )
            })
            .unwrap_or_default()
        },
    ));
    let durable = sim.durable.prefix();
    // The oldest main-area record is the first one (main-area LSNs are non-decreasing): O(1).
    let unarchived_on_flash = sim.devices.iter().filter(|d| d.is_flash()).all(|d| {
        d.media
            .iter()
            .find(|r| r.area == Area::Main)
            .is_none_or(|r| r.header.end_lsn() > sim.archived_upto)
    });
    out.push(InvariantCheck::check(
        "archive_before_free",
        sim.archived_upto <= durable && unarchived_on_flash,
        || {
            format!(
                "archive holds [0, {}) of durable [0, {durable}); flash still holds archived log",
                sim.archived_upto
            )
        },
    ));
}

fn append_pack(s: &ApState, steps: u64, out: &mut Vec<InvariantCheck>) {
    let c = s.plan.config;
    let slots = u64::from(c.blocks) * u64::from(c.eb_pages);
    let stride = slots.div_ceil(FULL_CHECK_SLOTS).max(1);
    if steps.is_multiple_of(stride) {
        out.extend(s.ap.check_invariants());
    }
    out.push(InvariantCheck::check(
        "reads_return_last_written",
        s.wrong_reads == 0,
        || {
            format!(
                "{} reads did not return the last written version",
                s.wrong_reads
            )
        },
    ));
}
