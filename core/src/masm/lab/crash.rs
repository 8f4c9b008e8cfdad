//! Crash and recovery in the lab (§3.6; digest §2.12, invariants 16 and 20).
//!
//! 1. A `crash` op leaves the intake only after every earlier update has committed. Memory is
//!    lost: the buffer, the flush in flight (its run was never published; its cache space is
//!    trimmed), the open scans (answered `aborted: "crash"`), the migration's progress. Pending
//!    device completions are dropped; only op arrivals stay scheduled. The system is down for
//!    `RECOVERY_NS`: ops arriving meanwhile wait in the intake.
//! 2. Recovery (`Masm::recover`): the records of the redo log newer than the SSD are replayed
//!    through the update path, which may start a flush again (its pages are then written as
//!    usual); an open `MigrationStart` restarts the migration from page 0.
//! 3. The crash op completes; the intake resumes.

use serde_json::json;

use super::events;
use super::scans::ScanState;
use super::{Event, MasmLab, RECOVERY_NS};
use crate::masm::io::masm_cost::release_run;
use crate::sim::units::word;
use crate::sim::{SimError, TraceSink};

use crate::sim::units::model;

impl MasmLab {
    /// Step 1.
    pub(crate) fn crash(&mut self, op: usize, trace: &mut TraceSink) -> Result<(), SimError> {
        let lost = self.masm.lose_memory();
        if let Some(run_id) = lost.flush_run_id {
            release_run(&mut self.dev, &mut self.space, run_id);
        }
        self.flush = None;
        let open = std::mem::take(&mut self.scans);
        trace.emit(
            self.queue.now_ns(),
            events::CRASH,
            [
                word(lost.buffer_records + lost.flush_records),
                word(open.len() as u64),
                0,
                0,
            ],
        );
        for mut scan in open {
            self.answers.insert(
                scan.op,
                json!({"op": scan.op, "kind": "scan", "rows": null, "aborted": "crash"}),
            );
            trace.emit(
                self.queue.now_ns(),
                events::SCAN_ABORT,
                [word(scan.op as u64), word(scan.query_ts), 0, 0],
            );
            scan.state = ScanState::Aborted;
            scan.end_ns = self.queue.now_ns();
            self.stats.scans_aborted += 1;
            let index = scan.op;
            self.retire_scan(scan);
            self.complete(index, self.queue.now_ns());
        }
        if let Some(track) = self.migration.as_mut() {
            track.start_ns = None;
        }
        // Memory is lost: only op arrivals (the clients) outlive the crash.
        self.queue.retain(|event| matches!(event, Event::Arrive(_)));
        self.down = true;
        self.stats.crashes += 1;
        self.queue
            .schedule(self.queue.now_ns() + RECOVERY_NS, Event::Recover(op));
        Ok(())
    }

    /// Steps 2 and 3.
    pub(crate) fn recover(&mut self, op: usize, trace: &mut TraceSink) -> Result<(), SimError> {
        let report = self.masm.recover(&self.log).map_err(model)?;
        self.log.replayed_last_recovery = report.replayed;
        self.stats.replayed_total += report.replayed;
        trace.emit(
            self.queue.now_ns(),
            events::RECOVERY,
            [
                word(report.replayed),
                u32::from(report.migration_restarted),
                0,
                0,
            ],
        );
        self.down = false;
        if self.masm.flush_job().is_some() {
            self.flush_started(trace);
        }
        if report.migration_restarted {
            self.try_start_migration(trace)?;
        }
        self.complete(op, self.queue.now_ns());
        self.drain_intake(trace)
    }
}
