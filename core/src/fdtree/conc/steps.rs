//! FD+XM's modifications and the merge's start and reclaims (see `engine` for the protocol;
//! digest §3.1, §8 items 24, 26).
//!
//! 1. `xm_write`: an FD+XM modification holds the global lock exclusively: it applies at once,
//!    and a merge it triggers runs whole under the same lock (its I/O is the op's delay).
//! 2. `start_merge_if_wanted`: after a write in FD+FC / FD+DS, a wanted merge is begun at once
//!    (merge-prepare, digest §8 item 24) and the merge process runs it in the background.
//! 3. `reclaim`: the merge process frees a block (X-latched by it unless a rule is dropped);
//!    on the SSD its pages are TRIMmed.

use super::super::error::FdError;
use super::super::prepare::MergeWhy;
use super::super::store::IoCount;
use super::super::workload::Op;
use super::engine::{ConcurrentRun, Micro};
use super::latch::{Actor, Mode, Res};
use super::log::{Outcome, RunEvent};

impl ConcurrentRun {
    pub(super) fn io_ns(&self, io: IoCount) -> u64 {
        io.blocks_read * self.cost.read_block_ns + io.blocks_written * self.cost.write_block_ns
    }

    pub(super) fn begin_merge(&mut self, why: MergeWhy) -> Result<(), FdError> {
        self.tree.merge_begin(why)?;
        let m = self.tree.merge.as_ref().map_or(0, |m| m.plan.m);
        if self.record {
            let plan = self.tree.merge.as_ref().map(|m| Box::new(m.plan.clone()));
            self.note(RunEvent::MergeBegun { why, m, plan });
        }
        Ok(())
    }

    pub(super) fn start_merge_if_wanted(&mut self) -> Result<(), FdError> {
        if let (false, Some(why)) = (self.merge_running, self.tree.merge_wanted()) {
            // Begun at spawn (digest §8 item 24); it runs in the background.
            self.begin_merge(why)?;
            self.merge_running = true;
            self.merge_started_ns = self.sched.now_ns();
            let m = self.merge_actor();
            self.sched.schedule(self.sched.now_ns(), m);
        }
        Ok(())
    }

    pub(super) fn xm_write(&mut self, actor: Actor) -> Result<(), FdError> {
        let Some((op, _)) = self.clients[actor].current else {
            return Ok(());
        };
        let cpu = self.cost.cpu_ns;
        self.io_at_answer = self.tree.store.io;
        let side = self.tree.side_for(op.key());
        let outcome = match op {
            Op::Insert { key, value } => self.tree.insert(key, value)?,
            Op::Delete { key } => self.tree.delete(key)?,
            _ => return Ok(()),
        };
        self.after_write(actor, op, outcome);
        self.clients[actor].outcome = Some(Outcome::Mod(outcome));
        let now = self.sched.now_ns();
        // On the device: the presence check's reads, then each merge step's I/O after its
        // CPU time, one after the other, while the global lock is held (nobody else does I/O).
        let mut merge_ns = self.issue_logged(now)? - now;
        while let Some(why) = self.tree.merge_wanted() {
            let start = self.sched.now_ns() + merge_ns;
            self.begin_merge(why)?;
            while self.tree.merge_active() {
                let before = self.tree.store.io;
                let event = self.tree.merge_step()?;
                self.note(RunEvent::MergeStep(event));
                merge_ns += cpu;
                if self.device.is_some() {
                    merge_ns = self.issue_logged(now + merge_ns)? - now;
                } else {
                    merge_ns += self.io_ns(self.tree.store.io.since(before));
                }
            }
            let end = self.sched.now_ns() + merge_ns;
            self.report.merges.push((start, end));
            let live = self.tree.store.live_blocks();
            self.report.space.push((end, live));
        }
        if self.record {
            let index = self.clients[actor].issued.saturating_sub(1);
            let io = self.tree.store.io.since(self.io_at_answer);
            self.note(RunEvent::Answered {
                client: actor,
                index,
                outcome: Outcome::Mod(outcome),
                side,
                path: Vec::new(),
                io,
            });
        }
        let program = &mut self.clients[actor].program;
        program.push_front(Micro::Release(Res::Global, Mode::X));
        program.push_front(Micro::Delay(merge_ns));
        Ok(())
    }

    pub(super) fn reclaim(&mut self, b: super::super::entry::BlockId) -> Result<(), FdError> {
        self.tree.store.reclaim(b)?;
        self.issue_logged(self.sched.now_ns())?;
        self.note(RunEvent::Reclaimed { block: b });
        let live = self.tree.store.live_blocks();
        self.report.space.push((self.sched.now_ns(), live));
        Ok(())
    }
}
