//! A client's op run through the tree over simulated time (§4.3; digest §3.4).
//!
//! 1. `open_l0` (holding the L0 mutex, or the global lock in FD+XM): pick the side of the
//!    wavefront, look in L0^new and L0^old; an answer there ends the op, else the fence gives
//!    the first disk block. A range takes the L0 sources and one start block per side.
//! 2. `enter`: with lock coupling, S-latch the next block, then release the parent (the L0
//!    mutex or the previous block), then wait the block's read I/O (`Micro::ReadIo`: issued
//!    to the SSD now, queued there behind other clients' reads and the merge's I/O). Without it (a dropped
//!    rule), release first, probe (CPU), then latch. FD+XM readers hold the global lock and
//!    take no block latches.
//! 3. `read_block`: the I/O ended; read what the slot holds NOW. If the slot was reclaimed
//!    since the pointer to it was read (its generation moved, or it is free), that is a use
//!    after reclaim: counted, logged, and the op goes on with whatever it read.
//! 4. A lookup probes the block: a data entry answers, else the fence leads a level down. A
//!    range keeps the block's entries in its window, reads the following blocks of the level
//!    that may hold keys ≤ to (each S-latched while read), then goes down from the path block.
//! 5. A write (FD+FC, FD+DS) holds the L0 mutex: no free slot → release, wait, retry; with
//!    `Uniqueness::Check` it reads down the tree for the key's presence still holding it, then
//!    applies to L0 (the linearization point of a write), updates the map and every open read
//!    window, and may start the merge. A read's answer is checked against its window.

use std::collections::VecDeque;

use super::super::config::Uniqueness;
use super::super::entry::{BlockId, Entry, Key};
use super::super::lookup::{Side, Start, combine, probe, window, window_iter};
use super::super::tree::ModOutcome;
use super::super::workload::Op;
use super::engine::{ConcurrentRun, Micro, Scheme};
use super::latch::{Actor, Mode, Res};
use super::log::{Outcome, RunEvent};
use crate::fdtree::error::FdError;

/// A path longer than this is following garbage (a reused block after a broken protocol).
const MAX_HOPS: u32 = 64;

impl ConcurrentRun {
    fn first_lock(&self, op: Op) -> (Res, Mode) {
        match (self.scheme, op.is_modification()) {
            (Scheme::Xm, true) => (Res::Global, Mode::X),
            (Scheme::Xm, false) => (Res::Global, Mode::S),
            _ => (Res::L0, Mode::X),
        }
    }

    /// Puts `micros` at the front of the actor's program, in their order.
    fn push<I>(&mut self, actor: Actor, micros: I)
    where
        I: IntoIterator<Item = Micro>,
        I::IntoIter: DoubleEndedIterator,
    {
        let p = &mut self.clients[actor].program;
        for m in micros.into_iter().rev() {
            p.push_front(m);
        }
    }

    fn op_of(&self, actor: Actor) -> Option<Op> {
        self.clients[actor].current.map(|(op, _)| op)
    }

    pub(super) fn open_l0(&mut self, actor: Actor) -> Result<(), FdError> {
        let Some(op) = self.op_of(actor) else {
            return Ok(());
        };
        let c = &mut self.clients[actor].cursor;
        c.lock_held = true;
        c.lock_whole_op = self.scheme == Scheme::Xm;
        match op {
            Op::Lookup { key } => {
                let side = self.tree.side_for(key);
                let c = &mut self.clients[actor].cursor;
                c.side = Some(side);
                c.part = (key, key);
                match self.tree.start(key, side) {
                    Start::Answer(a) => self.finish_read(actor, Outcome::Value(a)),
                    Start::Descend(None) => self.finish_read(actor, Outcome::Value(None)),
                    Start::Descend(Some(b)) => self.enter(actor, b),
                }
            }
            Op::Range { from, to } => self.open_range(actor, from, to),
            Op::Insert { .. } | Op::Delete { .. } => self.open_write(actor, op)?,
        }
        Ok(())
    }

    /// The release that leaves the op's current place (its block, or its first lock).
    fn leave_parent(&mut self, actor: Actor) -> Option<Micro> {
        let lock = self.op_of(actor).map(|op| self.first_lock(op));
        let c = &mut self.clients[actor].cursor;
        if let Some(p) = c.held.take() {
            Some(Micro::Release(Res::Block(p), Mode::S))
        } else if c.lock_held && !c.lock_whole_op {
            c.lock_held = false;
            lock.map(|(r, m)| Micro::Release(r, m))
        } else {
            None
        }
    }

    /// Goes to block `b` (its pointer is read now): latch it (coupled or not), read it.
    pub(super) fn enter(&mut self, actor: Actor, b: BlockId) {
        let epoch = self.tree.store.gen_of(b);
        if self.scheme == Scheme::Xm {
            self.push(actor, [Micro::ReadIo(b), Micro::ReadBlock(b, epoch)]);
            return;
        }
        let leave = self.leave_parent(actor);
        self.clients[actor].cursor.held = Some(b);
        let latch = Micro::Acquire(Res::Block(b), Mode::S);
        let tail = [Micro::ReadIo(b), Micro::ReadBlock(b, epoch)];
        if self.protocol.lock_coupling {
            self.push(actor, tail);
            self.push(actor, leave);
            self.push(actor, [latch]);
        } else {
            // Broken protocol: the parent goes before the child is latched.
            self.push(actor, tail);
            self.push(actor, [Micro::Delay(self.cost.cpu_ns.max(1)), latch]);
            self.push(actor, leave);
        }
    }

    /// Counts a block read and checks the pointer was still good (the caller then reads the
    /// slot in place, as it is now).
    fn read_slot(&mut self, actor: Actor, b: BlockId, epoch: u32) {
        self.tree.store.count_read();
        let c = &mut self.clients[actor].cursor;
        c.reads += 1;
        c.hops += 1;
        c.path.push(b);
        let live = self.tree.store.peek_slot(b);
        if live.is_none() || self.tree.store.gen_of(b) != epoch {
            self.report.use_after_reclaim += 1;
            let index = self.clients[actor].issued.saturating_sub(1);
            self.note(RunEvent::UseAfterReclaim {
                client: actor,
                index,
                block: b,
                reused: live.is_some(),
            });
        }
    }

    /// What slot `b` holds now (a reclaimed slot reads as empty).
    fn slot_entries(&self, b: BlockId) -> &[Entry] {
        self.tree
            .store
            .peek_slot(b)
            .map_or(&[], |blk| blk.entries.as_slice())
    }

    pub(super) fn read_block(
        &mut self,
        actor: Actor,
        b: BlockId,
        epoch: u32,
    ) -> Result<(), FdError> {
        self.read_slot(actor, b, epoch);
        let Some(op) = self.op_of(actor) else {
            return Ok(());
        };
        if let Op::Range { .. } = op {
            let (from, to) = self.clients[actor].cursor.part;
            let entries = self.slot_entries(b);
            let (_, fence) = probe(entries, from);
            let level = window(entries, from, to);
            let next = self.tree.store.peek_slot(b).and_then(|blk| blk.next);
            let c = &mut self.clients[actor].cursor;
            c.level = level;
            c.child = fence.map(|f| (f, 0));
            if let Some((f, g)) = c.child.as_mut() {
                *g = self.tree.store.gen_of(*f);
            }
            self.scan_next(actor, next);
            return Ok(());
        }
        let key = op.key();
        let (found, fence) = probe(self.slot_entries(b), key);
        let hops = self.clients[actor].cursor.hops;
        match (found.answer(), fence) {
            (Some(a), _) => self.found(actor, op, a)?,
            (None, Some(next)) if hops < MAX_HOPS => self.enter(actor, next),
            (None, _) => self.found(actor, op, None)?,
        }
        Ok(())
    }

    /// A lookup or a write's presence check reached its answer.
    fn found(&mut self, actor: Actor, op: Op, a: Option<u64>) -> Result<(), FdError> {
        if op.is_modification() {
            self.apply_write(actor, op, Some(a))
        } else {
            self.finish_read(actor, Outcome::Value(a));
            Ok(())
        }
    }

    /// Range: read the level's next block if it may hold keys ≤ to, else go down.
    fn scan_next(&mut self, actor: Actor, link: Option<BlockId>) {
        let to = self.clients[actor].cursor.part.1;
        let next = link.filter(|&n| {
            self.tree
                .store
                .peek_slot(n)
                .is_some_and(|blk| blk.first_key().is_some_and(|k| k <= to))
        });
        if let Some(n) = next {
            let epoch = self.tree.store.gen_of(n);
            let read = Micro::ReadIo(n);
            if self.scheme == Scheme::Xm {
                self.push(actor, [read, Micro::ReadSibling(n, epoch)]);
            } else {
                let latch = Micro::Acquire(Res::Block(n), Mode::S);
                self.push(actor, [latch, read, Micro::ReadSibling(n, epoch)]);
            }
            return;
        }
        let c = &mut self.clients[actor].cursor;
        let level = std::mem::take(&mut c.level);
        c.sources.push(level);
        match c.child.take() {
            Some((child, _)) if c.hops < MAX_HOPS => self.enter(actor, child),
            _ => self.next_part(actor),
        }
    }

    pub(super) fn read_sibling(&mut self, actor: Actor, b: BlockId, epoch: u32) {
        self.read_slot(actor, b, epoch);
        let (from, to) = self.clients[actor].cursor.part;
        let entries = self
            .tree
            .store
            .peek_slot(b)
            .map_or(&[][..], |blk| blk.entries.as_slice());
        let c = &mut self.clients[actor].cursor;
        c.level.extend(window_iter(entries, from, to));
        let next = self.tree.store.peek_slot(b).and_then(|blk| blk.next);
        self.scan_next(actor, next);
        if self.scheme != Scheme::Xm {
            // Released before the scan goes on.
            let release = Micro::Release(Res::Block(b), Mode::S);
            self.clients[actor].program.push_front(release);
        }
    }

    fn open_range(&mut self, actor: Actor, from: Key, to: Key) {
        let tree = &self.tree;
        let mut sources: Vec<Vec<Entry>> = vec![tree.l0.iter_range(from, to).collect()];
        let routing = tree.routing_merge();
        let wf = routing.and_then(|m| m.wf_key);
        let routed = routing.is_some() && tree.cfg.policy.wavefront_routing;
        let mut parts: VecDeque<(Key, Key, BlockId, u32)> = VecDeque::new();
        let mut part = |a: Key, b: Key, start: Option<BlockId>| {
            if let Some(s) = start {
                parts.push_back((a, b, s, tree.store.gen_of(s)));
            }
        };
        if let (Some(w), true) = (wf, routed)
            && from <= to.min(w)
        {
            let start = tree.l0.max_fence_at_or_below(from).map(|(_, id)| id);
            part(from, to.min(w), start);
        }
        let old_from = match wf {
            Some(w) if routed => w.checked_add(1).map(|f| f.max(from)),
            _ => Some(from),
        };
        if let Some(a) = old_from.filter(|&a| a <= to) {
            let start = match routing {
                Some(m) => {
                    sources.push(m.l0_old.iter_range(a, to).collect());
                    m.l0_old
                        .max_fence_at_or_below(a)
                        .map(|(_, b)| b)
                        .or(m.wf_ptr)
                }
                None => tree.l0.max_fence_at_or_below(a).map(|(_, b)| b),
            };
            part(a, to, start);
        }
        let side = tree.side_for(from);
        let c = &mut self.clients[actor].cursor;
        c.side = Some(side);
        c.sources = sources;
        if self.scheme != Scheme::Xm && self.protocol.lock_coupling && !parts.is_empty() {
            // Latch every part's start before the L0 mutex goes (coupling for both sides).
            let latches: Vec<Micro> = parts
                .iter()
                .map(|p| Micro::Acquire(Res::Block(p.2), Mode::S))
                .collect();
            let mut first = parts.pop_front();
            if let Some(f) = first.as_mut() {
                c.part = (f.0, f.1);
            }
            c.parked = parts;
            let leave = self.leave_parent(actor);
            let mut v = latches;
            v.extend(leave);
            if let Some((_, _, b, epoch)) = first {
                self.clients[actor].cursor.held = Some(b);
                v.extend([Micro::ReadIo(b), Micro::ReadBlock(b, epoch)]);
            }
            self.push(actor, v);
            return;
        }
        c.parked = parts;
        self.next_part(actor);
    }

    /// Range: the part (side) just descended is done; start the next one or answer.
    fn next_part(&mut self, actor: Actor) {
        let coupled = self.scheme != Scheme::Xm && self.protocol.lock_coupling;
        let c = &mut self.clients[actor].cursor;
        let Some((a, b, start, epoch)) = c.parked.pop_front() else {
            let rows = combine(&c.sources);
            self.finish_read(actor, Outcome::Rows(rows));
            return;
        };
        c.part = (a, b);
        if coupled {
            // Its start is already latched (since the L0 mutex was held).
            let leave = self.leave_parent(actor);
            self.clients[actor].cursor.held = Some(start);
            let read = [Micro::ReadIo(start), Micro::ReadBlock(start, epoch)];
            self.push(actor, read);
            self.push(actor, leave);
        } else {
            self.enter(actor, start);
        }
    }

    /// A read has its answer: check it against its window, release what it holds.
    pub(super) fn finish_read(&mut self, actor: Actor, outcome: Outcome) {
        self.report.answers += 1;
        let ok = self.clients[actor]
            .window
            .as_ref()
            .is_none_or(|w| w.accepts(&outcome));
        let index = self.clients[actor].issued.saturating_sub(1);
        if !ok {
            self.report.mismatches += 1;
            self.note(RunEvent::WrongAnswer {
                client: actor,
                index,
            });
        }
        if self.record {
            let c = &self.clients[actor].cursor;
            let (side, path, reads) = (c.side.unwrap_or(Side::Quiescent), c.path.clone(), c.reads);
            self.note(RunEvent::Answered {
                client: actor,
                index,
                outcome: outcome.clone(),
                side,
                path,
                io: super::super::store::IoCount {
                    blocks_read: reads,
                    blocks_written: 0,
                },
            });
        }
        self.tree.metrics.lookups += u64::from(matches!(outcome, Outcome::Value(_)));
        self.tree.metrics.ranges += u64::from(matches!(outcome, Outcome::Rows(_)));
        let reads = self.clients[actor].cursor.reads;
        match outcome {
            Outcome::Rows(_) => self.tree.metrics.range_io.blocks_read += reads,
            _ => self.tree.metrics.lookup_io.blocks_read += reads,
        }
        self.clients[actor].outcome = Some(outcome);
        self.release_all(actor);
    }

    /// Releases every latch and lock the op still holds.
    fn release_all(&mut self, actor: Actor) {
        let lock = self.op_of(actor).map(|op| self.first_lock(op));
        let latched = self.scheme != Scheme::Xm && self.protocol.lock_coupling;
        let c = &mut self.clients[actor].cursor;
        let mut v: Vec<Micro> = c
            .parked
            .drain(..)
            .filter(|_| latched)
            .map(|p| Micro::Release(Res::Block(p.2), Mode::S))
            .collect();
        if let Some(b) = c.held.take() {
            v.push(Micro::Release(Res::Block(b), Mode::S));
        }
        if c.lock_held {
            c.lock_held = false;
            if let Some((r, m)) = lock {
                v.push(Micro::Release(r, m));
            }
        }
        self.push(actor, v);
    }

    fn open_write(&mut self, actor: Actor, op: Op) -> Result<(), FdError> {
        if !self.tree.has_free_slot() {
            self.report.slot_waits += 1;
            self.clients[actor].cursor.lock_held = false;
            let cpu = self.cost.cpu_ns;
            self.push(
                actor,
                [
                    Micro::Release(Res::L0, Mode::X),
                    Micro::WaitSlot,
                    Micro::Acquire(Res::L0, Mode::X),
                    Micro::Delay(cpu),
                    Micro::OpenL0,
                ],
            );
            return Ok(());
        }
        if self.tree.cfg.uniqueness == Uniqueness::Trusted {
            return self.apply_write(actor, op, None);
        }
        let key = op.key();
        let side = self.tree.side_for(key);
        self.clients[actor].cursor.side = Some(side);
        match self.tree.start(key, side) {
            Start::Answer(a) => self.apply_write(actor, op, Some(a)),
            Start::Descend(None) => self.apply_write(actor, op, Some(None)),
            Start::Descend(Some(b)) => {
                // The presence check reads down the tree still holding the L0 mutex, so no
                // other write can slip in between the check and the apply.
                self.clients[actor].cursor.lock_whole_op = true;
                self.enter(actor, b);
                Ok(())
            }
        }
    }

    /// The write takes effect in L0 (holding the L0 mutex): its linearization point.
    fn apply_write(
        &mut self,
        actor: Actor,
        op: Op,
        presence: Option<Option<u64>>,
    ) -> Result<(), FdError> {
        let reads = self.clients[actor].cursor.reads;
        self.tree.metrics.check_io.blocks_read += reads;
        let key = op.key();
        let outcome = match op {
            Op::Insert { value, .. } => self.tree.insert_known(key, value, presence)?,
            _ => self.tree.delete_known(key, presence)?,
        };
        self.after_write(actor, op, outcome);
        self.clients[actor].outcome = Some(Outcome::Mod(outcome));
        if self.record {
            let c = &self.clients[actor].cursor;
            let index = self.clients[actor].issued.saturating_sub(1);
            let (side, path) = (c.side.unwrap_or(self.tree.side_for(key)), c.path.clone());
            self.note(RunEvent::Answered {
                client: actor,
                index,
                outcome: Outcome::Mod(outcome),
                side,
                path,
                io: super::super::store::IoCount {
                    blocks_read: reads,
                    blocks_written: 0,
                },
            });
        }
        self.release_all(actor);
        self.start_merge_if_wanted()
    }

    /// Updates the map and every read window after a write; checks a rejected write's answer.
    pub(super) fn after_write(&mut self, actor: Actor, op: Op, outcome: ModOutcome) {
        let key = op.key();
        let changed = match (op, outcome) {
            (Op::Insert { value, .. }, ModOutcome::Inserted) => {
                let before = self.map.insert(key, value);
                if before.is_some() && self.tree.cfg.uniqueness == Uniqueness::Check {
                    self.report.mismatches += 1;
                }
                Some(Some(value))
            }
            (_, ModOutcome::Deleted) => {
                self.map.remove(&key);
                Some(None)
            }
            (_, ModOutcome::RejectedPresent { value }) => {
                self.check_rejected(actor, key, Some(value));
                None
            }
            (_, _) => {
                self.check_rejected(actor, key, None);
                None
            }
        };
        if let Some(v) = changed {
            for c in &mut self.clients {
                if let Some(w) = c.window.as_mut() {
                    w.wrote(key, v);
                }
            }
        }
    }

    fn check_rejected(&mut self, actor: Actor, key: Key, got: Option<u64>) {
        self.report.answers += 1;
        if got != self.map.get(&key).copied() {
            self.report.mismatches += 1;
            let index = self.clients[actor].issued.saturating_sub(1);
            self.note(RunEvent::WrongAnswer {
                client: actor,
                index,
            });
        }
    }
}
