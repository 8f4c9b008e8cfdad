//! The linearization of client ops and the merge process's steps (see `engine` for the
//! protocol; digest §3.4, §3.6, §8 items 21, 22, 26).

use super::super::entry::BlockId;
use super::super::error::FdError;
use super::super::lookup::Side;
use super::super::merge::{MergeEvent, MergePhase};
use super::super::prepare::MergeWhy;
use super::super::store::IoCount;
use super::super::tree::ModOutcome;
use super::super::workload::Op;
use super::engine::{ConcurrentRun, Micro, Scheme};
use super::latch::{Actor, Mode, Res};
use super::log::{Outcome, RunEvent};

impl ConcurrentRun {
    fn io_ns(&self, io: IoCount) -> u64 {
        io.blocks_read * self.cost.read_block_ns + io.blocks_written * self.cost.write_block_ns
    }

    fn check(&mut self, got: Option<u64>, key: u64) {
        self.report.answers += 1;
        if got != self.map.get(&key).copied() {
            self.report.mismatches += 1;
        }
    }

    /// Applies a modification to the tree and the map at the same instant. A rejected op
    /// (`Uniqueness::Check`: insert of a present key, delete of a missing one) changes neither,
    /// and its answer is checked against the map.
    fn apply(&mut self, op: Op) -> Result<Option<ModOutcome>, FdError> {
        let outcome = match op {
            Op::Insert { key, value } => {
                let before = self.map.get(&key).copied();
                let outcome = self.tree.insert(key, value)?;
                match outcome {
                    ModOutcome::Inserted => {
                        self.map.insert(key, value);
                    }
                    ModOutcome::RejectedPresent { value } => self.check(Some(value), key),
                    _ => {}
                }
                if outcome == ModOutcome::Inserted
                    && before.is_some()
                    && self.tree.cfg.uniqueness == super::super::config::Uniqueness::Check
                {
                    self.report.mismatches += 1;
                }
                outcome
            }
            Op::Delete { key } => {
                let outcome = self.tree.delete(key)?;
                match outcome {
                    ModOutcome::Deleted => {
                        self.map.remove(&key);
                    }
                    ModOutcome::RejectedMissing => self.check(None, key),
                    _ => {}
                }
                outcome
            }
            _ => return Ok(None),
        };
        Ok(Some(outcome))
    }

    fn note_linearized(&mut self, actor: Actor, outcome: Outcome, side: Side, path: Vec<BlockId>) {
        let io = self.tree.store.io.since(self.io_at_linearize);
        // The op being linearized was issued: `issued` counts it.
        debug_assert!(
            self.clients[actor].issued > 0,
            "client {actor}: nothing issued"
        );
        let index = self.clients[actor].issued - 1;
        self.note(RunEvent::Linearized {
            client: actor,
            index,
            outcome,
            side,
            path,
            io,
        });
    }

    fn begin_merge(&mut self, why: MergeWhy) -> Result<(), FdError> {
        self.tree.merge_begin(why)?;
        let m = self.tree.merge.as_ref().map_or(0, |m| m.plan.m);
        self.note(RunEvent::MergeBegun { why, m });
        Ok(())
    }

    pub(super) fn linearize(&mut self, actor: Actor) -> Result<(), FdError> {
        let Some((op, _)) = self.clients[actor].current else {
            return Ok(());
        };
        let cpu = self.cost.cpu_ns;
        self.io_at_linearize = self.tree.store.io;
        let mut todo: Vec<Micro> = Vec::new();
        match (self.scheme, op) {
            (_, Op::Lookup { key }) => {
                let trace = self.tree.lookup_traced(key)?;
                self.check(trace.value, key);
                let path = trace.path;
                if self.record {
                    self.note_linearized(
                        actor,
                        Outcome::Value(trace.value),
                        trace.side,
                        path.clone(),
                    );
                }
                if self.scheme == Scheme::Xm {
                    let read = path.len() as u64 * self.cost.read_block_ns;
                    todo.extend([
                        Micro::Delay(cpu + read),
                        Micro::Release(Res::Global, Mode::S),
                    ]);
                } else {
                    todo.push(Micro::Delay(cpu));
                    let mut held = Res::L0;
                    let mut held_mode = Mode::X;
                    for &b in &path {
                        // Lock coupling: latch the child before releasing the parent.
                        todo.push(Micro::Acquire(Res::Block(b), Mode::S));
                        todo.push(Micro::Release(held, held_mode));
                        todo.push(Micro::Delay(self.cost.read_block_ns));
                        held = Res::Block(b);
                        held_mode = Mode::S;
                    }
                    todo.push(Micro::Release(held, held_mode));
                }
            }
            (_, Op::Range { from, to }) => {
                let before = self.tree.store.io;
                let side = self.tree.side_for(from);
                let rows = self.tree.range(from, to)?;
                let want: Vec<(u64, u64)> =
                    self.map.range(from..=to).map(|(k, v)| (*k, *v)).collect();
                self.report.answers += 1;
                if rows != want {
                    self.report.mismatches += 1;
                }
                if self.record {
                    self.note_linearized(actor, Outcome::Rows(rows), side, Vec::new());
                }
                let read = self.io_ns(self.tree.store.io.since(before));
                let lock = if self.scheme == Scheme::Xm {
                    (Res::Global, Mode::S)
                } else {
                    (Res::L0, Mode::X)
                };
                // Simplification: a range holds no block latches while it reads.
                todo.extend([
                    Micro::Delay(cpu),
                    Micro::Release(lock.0, lock.1),
                    Micro::Delay(read),
                ]);
            }
            (Scheme::Xm, _) => {
                let side = self.tree.side_for(op.key());
                let outcome = self.apply(op)?;
                let mut merge_ns = 0;
                while let Some(why) = self.tree.merge_wanted() {
                    let start = self.sched.now_ns() + cpu + merge_ns;
                    self.begin_merge(why)?;
                    while self.tree.merge_active() {
                        let before = self.tree.store.io;
                        let event = self.tree.merge_step()?;
                        self.note(RunEvent::MergeStep(event));
                        merge_ns += cpu + self.io_ns(self.tree.store.io.since(before));
                    }
                    self.report
                        .merges
                        .push((start, self.sched.now_ns() + cpu + merge_ns));
                    let live = self.tree.store.live_blocks();
                    self.report
                        .space
                        .push((self.sched.now_ns() + cpu + merge_ns, live));
                }
                if let Some(o) = outcome.filter(|_| self.record) {
                    self.note_linearized(actor, Outcome::Mod(o), side, Vec::new());
                }
                todo.extend([
                    Micro::Delay(cpu + merge_ns),
                    Micro::Release(Res::Global, Mode::X),
                ]);
            }
            (_, _) => {
                if !self.tree.has_free_slot() {
                    self.report.slot_waits += 1;
                    todo.extend([
                        Micro::Release(Res::L0, Mode::X),
                        Micro::WaitSlot,
                        Micro::Acquire(Res::L0, Mode::X),
                        Micro::Linearize,
                    ]);
                } else {
                    let side = self.tree.side_for(op.key());
                    let outcome = self.apply(op)?;
                    if let Some(o) = outcome.filter(|_| self.record) {
                        self.note_linearized(actor, Outcome::Mod(o), side, Vec::new());
                    }
                    todo.extend([Micro::Delay(cpu), Micro::Release(Res::L0, Mode::X)]);
                    if let (false, Some(why)) = (self.merge_running, self.tree.merge_wanted()) {
                        // Begun at spawn (digest §8 item 24); it runs in the background.
                        self.begin_merge(why)?;
                        self.merge_running = true;
                        self.merge_started_ns = self.sched.now_ns();
                        let m = self.merge_actor();
                        self.sched.schedule(self.sched.now_ns(), m);
                    }
                }
            }
        }
        let program = &mut self.clients[actor].program;
        for m in todo.into_iter().rev() {
            program.push_front(m);
        }
        Ok(())
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
        if matches!(phase, Some(MergePhase::Stage | MergePhase::Insert)) {
            self.merge_program.push_back(Micro::MergeStep);
        } else {
            self.merge_program
                .extend([Micro::Acquire(Res::L0, Mode::X), Micro::MergeStep]);
        }
        Ok(true)
    }

    pub(super) fn merge_step(&mut self) -> Result<(), FdError> {
        let cpu = self.cost.cpu_ns;
        // Old blocks m-delete passes through or reclaims, top-down, before the step.
        let passed: Vec<Vec<BlockId>> = self
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
        let tail: Option<BlockId> = self.tree.merge.as_ref().and_then(|m| {
            m.new
                .last()
                .filter(|l| l.tail_open)
                .and_then(|l| l.blocks.last().copied())
        });
        let before = self.tree.store.io;
        let event = self.tree.merge_step()?;
        if self.record {
            self.note(RunEvent::MergeStep(event.clone()));
        }
        let io_ns = self.io_ns(self.tree.store.io.since(before));
        let mut todo: Vec<Micro> = Vec::new();
        match &event {
            MergeEvent::Inserted { .. } => {
                if let Some(t) = tail {
                    todo.extend([
                        Micro::Acquire(Res::Block(t), Mode::X),
                        Micro::Delay(cpu),
                        Micro::Release(Res::Block(t), Mode::X),
                    ]);
                }
                // Finished tails are immutable: written without a latch (digest §8 item 22).
                todo.push(Micro::Delay(io_ns));
            }
            MergeEvent::Wavefront {
                reclaimed,
                freed_slots,
                ..
            } => {
                todo.extend([Micro::Delay(cpu), Micro::Release(Res::L0, Mode::X)]);
                if *freed_slots > 0 || !self.tree.cfg.policy.share_l0_memory {
                    let w = std::mem::take(&mut self.slot_waiters);
                    self.wake(w);
                }
                for level in &passed {
                    for (i, &b) in level.iter().enumerate() {
                        if i == 0 || reclaimed.contains(&b) {
                            todo.extend([
                                Micro::Acquire(Res::Block(b), Mode::X),
                                Micro::Release(Res::Block(b), Mode::X),
                            ]);
                        }
                    }
                }
            }
            MergeEvent::Switched { reclaimed, .. } => {
                todo.extend([Micro::Delay(cpu + io_ns), Micro::Release(Res::L0, Mode::X)]);
                for &b in reclaimed {
                    todo.extend([
                        Micro::Acquire(Res::Block(b), Mode::X),
                        Micro::Release(Res::Block(b), Mode::X),
                    ]);
                }
            }
            MergeEvent::Finalized { .. } => {
                todo.extend([Micro::Delay(cpu), Micro::Release(Res::L0, Mode::X)]);
                self.report
                    .merges
                    .push((self.merge_started_ns, self.sched.now_ns() + cpu));
                let w = std::mem::take(&mut self.slot_waiters);
                self.wake(w);
            }
            MergeEvent::StageRead { .. } | MergeEvent::Staged { .. } => {
                todo.push(Micro::Delay(cpu + io_ns));
            }
        }
        let live = self.tree.store.live_blocks();
        self.report.space.push((self.sched.now_ns(), live));
        for m in todo.into_iter().rev() {
            self.merge_program.push_front(m);
        }
        Ok(())
    }
}
