//! The FD+FC / FD+DS merge process: each merge step with the latches it takes before it
//! changes or reclaims what they protect (§4.4; digest §3.6, §8 items 21, 22).
//!
//! 1. m-stage reads old blocks without latches: nothing else writes them (§4.4.2).
//! 2. m-insert X-latches every open tail of the generated levels top-down (after the L0 mutex
//!    when a new top block's fence may go into L0^new), appends, releases, then writes the
//!    finished blocks, which no lookup can reach yet (bottom-up writing, digest §8 item 22).
//!    The paper releases each tail before writing the level above; one step is one instant
//!    here, so holding them across it (in the lookups' top-down order, so no deadlock) is a
//!    conservative equivalent.
//! 3. m-delete takes the L0 mutex, moves the wavefront, deletes the processed L0^old entries
//!    and picks the blocks to reclaim; then it passes top-down through the old levels,
//!    X-latching and reclaiming those picked, then X-latching the head that stays (Lem. 8:
//!    no reader still directed by it is overtaken, `head_pass`).
//! 4. The switch takes the L0 mutex, makes L0^new the L0, then reclaims the remaining old chain
//!    under X-latch coupling: X(next) before releasing the current one (§4.4.2 end).
//! 5. Finalize takes the L0 mutex, relabels; a skipped level's blocks are reclaimed one at a
//!    time under their X-latch, top-down.
//! 6. A step's block I/O is what the tree logged for it (`store::BlockOp`): on the SSD those
//!    reads and writes are issued when the process reaches them and it waits until the device
//!    completes them, so merge I/O and lookups queue on the same dies and channels.
//! 7. With `reclaim_latch` dropped, the tree reclaims at once inside the step and no X-latch is
//!    taken; a reader still on the block then reads a freed or reused slot.

use super::super::entry::BlockId;
use super::super::error::FdError;
use super::super::merge::{MergeEvent, MergePhase};
use super::super::store::IoCount;
use super::engine::{ConcurrentRun, Micro};
use super::latch::{Mode, Res};

impl ConcurrentRun {
    /// The locks an m-insert step takes before it appends (see the module header, 2).
    fn insert_latches(&self) -> Vec<(Res, Mode)> {
        let Some(m) = self.tree.merge.as_ref() else {
            return Vec::new();
        };
        let beta = self.tree.cfg.beta_entries;
        let top_has_room = m.new.first().is_some_and(|l| {
            l.tail_open
                && l.blocks.last().is_some_and(|&t| {
                    self.tree
                        .store
                        .peek_slot(t)
                        .is_some_and(|b| b.entries.len() < beta)
                })
        });
        let mut v = Vec::new();
        if !top_has_room {
            v.push((Res::L0, Mode::X));
        }
        for level in m.new.iter().filter(|l| l.tail_open) {
            if let Some(&t) = level.blocks.last() {
                v.push((Res::Block(t), Mode::X));
            }
        }
        v
    }

    /// The merge process has nothing queued: plan its next step. False when it goes idle.
    pub(super) fn merge_next(&mut self) -> Result<bool, FdError> {
        if !self.tree.merge_active() {
            // Re-check the triggers after a merge (digest §8 item 24).
            match self.tree.merge_wanted() {
                Some(why) => {
                    self.merge_started_ns = self.sched.now_ns();
                    self.begin_merge(why)?;
                }
                None => {
                    self.merge_running = false;
                    return Ok(false);
                }
            }
        }
        let phase = self.tree.merge.as_ref().map(|m| m.phase);
        match phase {
            Some(MergePhase::Stage) => self.merge_program.push_back(Micro::MergeStep),
            Some(MergePhase::Insert) => {
                let held = self.insert_latches();
                for &(r, mode) in &held {
                    self.merge_program.push_back(Micro::Acquire(r, mode));
                }
                self.merge_held = held;
                self.merge_program.push_back(Micro::MergeStep);
            }
            _ => self
                .merge_program
                .extend([Micro::Acquire(Res::L0, Mode::X), Micro::MergeStep]),
        }
        Ok(true)
    }

    /// A step's CPU time, then its block I/O: one delay at the constant costs (as one event),
    /// or the CPU delay and then the logged operations issued to the device.
    fn cpu_then_io(&mut self, cpu: u64, io: IoCount) -> Vec<Micro> {
        if self.device.is_some() {
            vec![Micro::Delay(cpu), self.io_micro(io)]
        } else {
            vec![Micro::Delay(cpu + self.io_ns(io))]
        }
    }

    /// m-delete's pass through one old level, top-down (Lem. 8): X-latch and reclaim the
    /// picked blocks (a prefix of the level), then pass through the level's head that stays.
    /// That head may still direct a reader holding its S-latch to a block reclaimed one level
    /// down, so the pass waits until the reader has coupled onto that block (its X-latch there
    /// then waits for the read); a reader right of the head only needs blocks whose keys
    /// are beyond the wavefront, which stay.
    fn head_pass(&self, level: &[BlockId], pending: &[BlockId]) -> Vec<Micro> {
        let mut todo = Vec::new();
        for &b in level.iter().filter(|b| pending.contains(b)) {
            todo.extend([
                Micro::Acquire(Res::Block(b), Mode::X),
                Micro::Reclaim(b),
                Micro::Release(Res::Block(b), Mode::X),
            ]);
        }
        if let Some(&h) = level.iter().find(|b| !pending.contains(b)) {
            todo.extend([
                Micro::Acquire(Res::Block(h), Mode::X),
                Micro::Release(Res::Block(h), Mode::X),
            ]);
        }
        todo
    }

    pub(super) fn merge_step(&mut self) -> Result<(), FdError> {
        let cpu = self.cost.cpu_ns;
        // The old heads m-delete passes through, per level, top-down, before the step.
        let heads: Vec<Vec<BlockId>> = self
            .tree
            .merge
            .as_ref()
            .map(|m| {
                m.old
                    .iter()
                    .map(|l| l.live.iter().take(l.read.max(1)).copied().collect())
                    .collect()
            })
            .unwrap_or_default();
        let before = self.tree.store.io;
        let event = self.tree.merge_step()?;
        if self.record {
            self.note(super::log::RunEvent::MergeStep(event.clone()));
        }
        let pending = std::mem::take(&mut self.tree.pending_reclaim);
        let io = self.tree.store.io.since(before);
        let mut todo: Vec<Micro> = Vec::new();
        match &event {
            MergeEvent::StageRead { .. } | MergeEvent::Staged { .. } => {
                todo.extend(self.cpu_then_io(cpu, io));
            }
            MergeEvent::Inserted { .. } => {
                todo.push(Micro::Delay(cpu));
                for (r, mode) in std::mem::take(&mut self.merge_held).into_iter().rev() {
                    todo.push(Micro::Release(r, mode));
                }
                // Finished blocks are unreachable until fenced: written without a latch.
                todo.push(self.io_micro(io));
            }
            MergeEvent::Wavefront { freed_slots, .. } => {
                todo.extend([Micro::Delay(cpu), Micro::Release(Res::L0, Mode::X)]);
                if *freed_slots > 0 || !self.tree.cfg.policy.share_l0_memory {
                    let w = std::mem::take(&mut self.slot_waiters);
                    self.wake(w);
                }
                if self.protocol.reclaim_latch {
                    for level in &heads {
                        todo.extend(self.head_pass(level, &pending));
                    }
                }
            }
            MergeEvent::Switched { .. } => {
                todo.extend(self.cpu_then_io(cpu, io));
                // Coupling down the old chain: X(next) before the current one is let go.
                let mut prev = Res::L0;
                for &b in &pending {
                    todo.extend([
                        Micro::Acquire(Res::Block(b), Mode::X),
                        Micro::Release(prev, Mode::X),
                        Micro::Reclaim(b),
                    ]);
                    prev = Res::Block(b);
                }
                todo.push(Micro::Release(prev, Mode::X));
            }
            MergeEvent::Finalized { .. } => {
                todo.extend([Micro::Delay(cpu), Micro::Release(Res::L0, Mode::X)]);
                for &b in &pending {
                    todo.extend([
                        Micro::Acquire(Res::Block(b), Mode::X),
                        Micro::Reclaim(b),
                        Micro::Release(Res::Block(b), Mode::X),
                    ]);
                }
                self.report
                    .merges
                    .push((self.merge_started_ns, self.sched.now_ns() + cpu));
                let w = std::mem::take(&mut self.slot_waiters);
                self.wake(w);
            }
        }
        // What the step logged and did not wait for (a broken protocol's immediate reclaims):
        // TRIMmed now.
        self.issue_logged(self.sched.now_ns())?;
        let live = self.tree.store.live_blocks();
        self.report.space.push((self.sched.now_ns(), live));
        for m in todo.into_iter().rev() {
            self.merge_program.push_front(m);
        }
        Ok(())
    }
}
