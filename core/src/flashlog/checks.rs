//! The paper's and the digest's invariants (digest §5, FlashLogging) as checks over the state.
//!
//! 1. `durable_before_ack`: every acknowledged commit's log prefix `[0, end)` is durable. The
//!    ideal disk (write cache on) breaks it by design, which the tests assert.
//! 2. `acks_in_lsn_order`: acknowledged commits are exactly a prefix of the commits in LSN order.
//! 3. `main_area_lsn_non_decreasing`: on every device, start LSNs in the main area are
//!    non-decreasing in address order.
//! 4. `one_outstanding_write_per_device`.
//! 5. `work_conserving`: under FlashLogging without a group-commit window, unissued log never
//!    waits while a flash device is idle.
//! 6. `stored_copies_match_headers`: every completed record's payload matches its header, so
//!    two copies of an LSN range are identical.
//! 7. `flash_within_capacity`: each flash device's records and write in flight fit its space,
//!    and the space booked equals the blocks of what it holds (`archive.rs` step 1).
//! 8. `archive_safety` (digest §5 invariant 9): the archive's records tile `[0, archived_upto)`
//!    without gap, and every durable byte is on some medium: no flash was freed before the
//!    archive held it.

use super::devices::DeviceKind;
use super::media::{Area, LOG_BLOCK_BYTES};
use super::schedule::space_of;
use super::sim::{FlashLogSim, Purpose};
use crate::sim::InvariantCheck;

impl FlashLogSim {
    pub fn check_invariants(&self) -> Vec<InvariantCheck> {
        let acked_end = self.acked_end_lsn();
        let durable = self.durable.prefix();
        let acked = self.txns.len() - self.waiting.len();
        let mut checks = vec![
            InvariantCheck::check("durable_before_ack", acked_end <= durable, || {
                format!(
                    "a commit ending at LSN {acked_end} was acknowledged with only [0, {durable}) durable"
                )
            }),
            InvariantCheck::check(
                "acks_in_lsn_order",
                self.txns[..acked].iter().all(|t| t.ack_ns.is_some())
                    && self.waiting.iter().all(|&t| self.txns[t].ack_ns.is_none())
                    && self.waiting.iter().copied().eq(acked..self.txns.len()),
                || "acknowledged commits are not a prefix in LSN order".into(),
            ),
        ];
        let mut monotone = Ok(());
        for d in &self.devices {
            let mut last = 0;
            for r in d.media.iter().filter(|r| r.area == Area::Main) {
                if r.header.start_lsn < last {
                    monotone = Err(format!(
                        "{}: start {} after {last}",
                        d.name, r.header.start_lsn
                    ));
                }
                last = r.header.start_lsn;
            }
        }
        checks.push(InvariantCheck::check(
            "main_area_lsn_non_decreasing",
            monotone.is_ok(),
            || monotone.clone().err().unwrap_or_default(),
        ));
        let mut outstanding = vec![0u32; self.devices.len()];
        for r in self.requests.iter().filter(|r| r.done_ns.is_none()) {
            if r.purpose != Purpose::Destage {
                outstanding[r.dev] += 1;
            }
        }
        checks.push(InvariantCheck::check(
            "one_outstanding_write_per_device",
            outstanding.iter().all(|&n| n <= 1),
            || format!("outstanding writes per device: {outstanding:?}"),
        ));
        // A full device is not ready: it waits for the archive (`archive.rs` step 4).
        let idle_flash = self.devices.iter().any(|d| {
            d.is_flash() && d.busy.is_none() && d.free_bytes() >= space_of(LOG_BLOCK_BYTES * 2)
        });
        let conserving = self.flashlogging().is_none()
            || self.config.workload.group_commit_window_ns > 0
            || self.issued_upto >= self.next_lsn
            || !idle_flash;
        checks.push(InvariantCheck::check("work_conserving", conserving, || {
            format!(
                "log [{}, {}) unissued while a flash device is idle",
                self.issued_upto, self.next_lsn
            )
        }));
        let intact = self
            .devices
            .iter()
            .all(|d| d.media.iter().all(|r| r.is_intact()));
        checks.push(InvariantCheck::check(
            "stored_copies_match_headers",
            intact,
            || "a completed record does not match its header".into(),
        ));
        checks.push(self.check_space());
        checks.push(self.check_archive_safety());
        checks
    }

    /// Whether this configuration acknowledges from a volatile cache (the "ideal" disk).
    pub fn is_unsafe(&self) -> bool {
        self.devices
            .iter()
            .any(|d| matches!(d.kind, DeviceKind::WriteCacheHdd { .. }))
    }
}
