//! The discrete-event run of FD+XM, FD+DS and FD+FC under closed-loop clients (§3–4;
//! digest §3.1–3.8). Each actor (client or merge process) runs a small program of micro-steps:
//! acquire / release a lock, wait a simulated time, read L0, read a block, act on the tree.
//!
//! 1. Clients: each issues its ops in order, the next when the previous completes. R_p is
//!    completion − start, so it holds every lock wait, I/O and CPU cost.
//! 2. An op runs through the tree over time (`client`): take the L0 mutex (FD+FC, FD+DS) or the
//!    global lock (FD+XM), read L0 and pick a side of the wavefront, S-latch the child block,
//!    release the parent (lock coupling), wait the block's read I/O (on the SSD, `device`:
//!    issued when the actor reaches it, queued with every other actor's), read what the block
//!    holds *then*, on to the next level. The answer is built from those reads. A write applies to
//!    L0 under the mutex (its uniqueness check, if any, reads down the tree holding it).
//! 3. FD+XM: lookups hold the global lock shared, modifications exclusive; a modification that
//!    finds |L0| > β·κ0 (Alg. 1's trigger, `Scheme::config`) runs the whole merge holding it
//!    (digest §8 item 26).
//! 4. FD+FC and FD+DS: a background merge process (`merge_proc`) takes its latches before it
//!    changes or reclaims what they protect (§4.4): m-insert X-latches the open tails it
//!    appends to (and the L0 mutex when a fence may reach L0^new); m-delete, the switch and
//!    finalize take the L0 mutex, then X-latch each old block before reclaiming it. A writer
//!    finding no free slot waits until a merge step frees one (FD+FC) or the merge ends.
//! 5. Block ids are reused after a reclaim (`store`): a reader that reaches a reclaimed block
//!    reads whatever the slot holds now. `protocol` drops one rule at a time; the run then
//!    counts and logs each use after reclaim and each wrong answer (`answers`) where it happens.
//! 6. The run ends when the event queue is empty; a client not done then is a deadlock.
//! 7. `step_event` pops ONE event and runs its actor until it waits again (a lab's step);
//!    `run` is that in a loop. An op with an arrival time (`at_ns`) starts then, not before
//!    its client's previous op completed; its R_p counts from the arrival. With `record` on,
//!    every event's effects are appended to `log` (see `log`); with `keep_history` on, every
//!    op's issue, completion and answer go to `report.history`.
//! 8. With the paper's harness (`harness`), the clients are worker threads taking requests
//!    from the bounded queues Q_r / Q_w instead of lists of their own; R_p counts from the
//!    dequeue and each completion's queue wait goes to `report.queue_waits`.

use std::collections::{BTreeMap, VecDeque};

use super::super::config::FdConfig;
use super::super::entry::BlockId;
use super::super::error::FdError;
use super::super::store::{BlockOp, IoCount};
use super::super::tree::FdTree;
use super::super::workload::Op;
use super::answers::{HistoryEntry, ReadWindow};
use super::cost::SsdCost;
use super::cursor::Cursor;
use super::device::{BlockDevice, capacity_for};
use super::latch::{Actor, Latches, Mode, Res};
use super::log::{Outcome, RunEvent};
use super::protocol::Protocol;
use super::queues::{Harness, QueueWait};
use super::report::{Completion, OpKind, SimReport};
use crate::sim::Scheduler;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scheme {
    Xm,
    Ds,
    Fc,
}

impl Scheme {
    /// `cfg` with this scheme's overflow trigger: FD+XM merges inside the insert that finds
    /// |L0| > β·κ0 (Alg. 1: nothing runs beside its merge, so no L0 slots are kept for the
    /// merge's fences); FD+DS and FD+FC keep the trigger they were given (β·κ0 − κ1, §4.2).
    pub fn config(self, mut cfg: FdConfig) -> FdConfig {
        if self == Scheme::Xm {
            cfg.overflow_trigger_entries = cfg.l0_entries() + 1;
        }
        cfg
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Micro {
    Acquire(Res, Mode),
    Release(Res, Mode),
    Delay(u64),
    /// Read block b: issued to the device now, the actor waits until it completes (a constant
    /// `read_block_ns` without a device).
    ReadIo(BlockId),
    /// Merge process: the block operations of its current step (`merge_io`), issued to the
    /// device now; it waits until the last completes.
    MergeIo,
    /// Client: the op is issued now (its answer window opens).
    Invoke,
    /// Client: read L0 (holding the L0 mutex or the global lock).
    OpenL0,
    /// Client: the read I/O of a block on the path ended: read what it holds now. The u32 is
    /// the slot's generation when the pointer to it was read.
    ReadBlock(BlockId, u32),
    /// Client (range): the read of the next block of the same level ended.
    ReadSibling(BlockId, u32),
    /// Client: an FD+XM modification (and any merge it triggers) under the global X lock.
    XmWrite,
    /// Client: wait until a merge step frees an L0 slot.
    WaitSlot,
    /// Merge process: run one merge step.
    MergeStep,
    /// Merge process: reclaim a block (held X-latched unless the protocol says otherwise).
    Reclaim(BlockId),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Client {
    pub(super) ops: VecDeque<Op>,
    /// Arrival time of each op still in `ops` (None: when the previous op completes).
    pub(super) arrivals: VecDeque<Option<u64>>,
    pub(super) program: VecDeque<Micro>,
    pub(super) current: Option<(Op, u64)>,
    pub(super) issued: u64,
    pub(super) done: bool,
    /// Where the op in flight is in the tree.
    pub(super) cursor: Cursor,
    /// The answer window of the read in flight (see `answers`).
    pub(super) window: Option<ReadWindow>,
    pub(super) invoked_ns: u64,
    pub(super) outcome: Option<Outcome>,
    /// Harness runs: the workload-file position of each op taken, and the queue wait of the
    /// op in flight (`harness`).
    pub(super) requests: Vec<u64>,
    pub(super) queued: Option<QueueWait>,
}

#[derive(Debug, Clone)]
pub struct ConcurrentRun {
    pub scheme: Scheme,
    pub cost: SsdCost,
    pub tree: FdTree,
    pub(super) map: BTreeMap<u64, u64>,
    pub(super) clients: Vec<Client>,
    pub(super) merge_program: VecDeque<Micro>,
    pub(super) merge_running: bool,
    pub(super) merge_started_ns: u64,
    pub(super) latches: Latches,
    pub(super) slot_waiters: Vec<Actor>,
    pub(super) sched: Scheduler<Actor>,
    pub report: SimReport,
    /// Append every event's effects to `log` (off for the paper-scale runs).
    pub record: bool,
    pub log: Vec<RunEvent>,
    pub(super) finished: bool,
    /// Block I/O counters when the current FD+XM write took the global lock (its per-op I/O).
    pub(super) io_at_answer: IoCount,
    /// The latch protocol (all rules on unless a teaching scenario drops one).
    pub protocol: Protocol,
    /// Append every op to `report.history` (off for the paper-scale runs).
    pub keep_history: bool,
    /// Latches the merge process holds across its current step (m-insert's tails).
    pub(super) merge_held: Vec<(Res, Mode)>,
    /// The SSD the blocks live on (`with_device`); None: the constant costs of `cost`.
    pub device: Option<Box<BlockDevice>>,
    /// The block operations of the merge step in flight, for its `MergeIo`.
    pub(super) merge_io: Vec<BlockOp>,
    /// The paper's injection thread and bounded queues (`harness`), when the run uses them.
    pub(super) harness: Option<Harness>,
}

/// One client as a view shows it: the op in flight (its index and start) and whether it is done.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClientState {
    pub current: Option<(Op, u64, u64)>,
    pub issued: u64,
    pub remaining: usize,
    pub done: bool,
}

impl ConcurrentRun {
    /// `preload` is applied directly (settled, untimed); `clients[i]` is client i's op list.
    pub fn new(
        scheme: Scheme,
        cfg: FdConfig,
        cost: SsdCost,
        preload: &[Op],
        clients: Vec<Vec<Op>>,
    ) -> Result<Self, FdError> {
        let clients = clients
            .into_iter()
            .map(|ops| ops.into_iter().map(|op| (op, None)).collect())
            .collect();
        Self::with_arrivals(scheme, cfg, cost, preload, clients)
    }

    /// As `new`, with an optional arrival time per op (`at_ns`).
    pub fn with_arrivals(
        scheme: Scheme,
        cfg: FdConfig,
        cost: SsdCost,
        preload: &[Op],
        clients: Vec<Vec<(Op, Option<u64>)>>,
    ) -> Result<Self, FdError> {
        let mut tree = FdTree::new(scheme.config(cfg))?;
        let mut map = BTreeMap::new();
        for op in preload {
            if let Op::Insert { key, value } = *op {
                tree.insert(key, value)?;
                map.insert(key, value);
                tree.settle(64)?;
            }
        }
        Self::from_state(scheme, tree, map, cost, clients)
    }

    /// Starts the timed run from a tree built elsewhere (untimed) and the map of its contents;
    /// no merge may be active.
    pub fn from_state(
        scheme: Scheme,
        tree: FdTree,
        map: BTreeMap<u64, u64>,
        cost: SsdCost,
        clients: Vec<Vec<(Op, Option<u64>)>>,
    ) -> Result<Self, FdError> {
        if tree.merge_active() {
            return Err(FdError::MergeActive);
        }
        let mut sched = Scheduler::new();
        let clients: Vec<Client> = clients
            .into_iter()
            .enumerate()
            .map(|(i, ops)| {
                sched.schedule(0, i);
                Client {
                    arrivals: ops.iter().map(|o| o.1).collect(),
                    ops: ops.into_iter().map(|o| o.0).collect(),
                    program: VecDeque::new(),
                    current: None,
                    issued: 0,
                    done: false,
                    cursor: Cursor::default(),
                    window: None,
                    invoked_ns: 0,
                    outcome: None,
                    requests: Vec::new(),
                    queued: None,
                }
            })
            .collect();
        let mut tree = tree;
        tree.cfg = scheme.config(tree.cfg);
        tree.defer_reclaim = scheme != Scheme::Xm;
        let live = tree.store.live_blocks();
        let mut report = SimReport::default();
        report.space.push((0, live));
        Ok(Self {
            scheme,
            cost,
            tree,
            map,
            clients,
            merge_program: VecDeque::new(),
            merge_running: false,
            merge_started_ns: 0,
            latches: Latches::default(),
            slot_waiters: Vec::new(),
            sched,
            report,
            record: false,
            log: Vec::new(),
            finished: false,
            io_at_answer: IoCount::default(),
            protocol: Protocol::PAPER,
            keep_history: false,
            merge_held: Vec::new(),
            device: None,
            merge_io: Vec::new(),
            harness: None,
        })
    }

    /// Serves every block read and write on the SSD preset `preset` (see `device`), sized for
    /// what this run can allocate (a harness run's requests included: attach the harness
    /// first); the live blocks are written to it first, untimed. `cost` then gives only the
    /// CPU time.
    pub fn with_device(mut self, preset: &str) -> Result<Self, FdError> {
        let mods = self
            .clients
            .iter()
            .flat_map(|c| c.ops.iter())
            .filter(|op| op.is_modification())
            .count() as u64
            + self.harness_modifications();
        let store = &self.tree.store;
        let capacity = capacity_for(
            store.slot_count(),
            store.live_blocks(),
            mods,
            self.tree.cfg.beta_entries,
        );
        let mut device = BlockDevice::new(preset, self.tree.cfg.beta_entries, capacity)?;
        for b in store.live_ids() {
            device.write_untimed(b)?;
        }
        self.tree.store.log_ops = true;
        self.tree.store.ops.clear();
        self.device = Some(Box::new(device));
        Ok(self)
    }

    /// The micro-step that does a merge step's block I/O: on the device, the logged operations
    /// (kept in `merge_io`); without one, a delay of `io` at the constant costs.
    pub(super) fn io_micro(&mut self, io: IoCount) -> Micro {
        if self.device.is_some() {
            let mut ops = std::mem::take(&mut self.tree.store.ops);
            std::mem::swap(&mut self.merge_io, &mut ops);
            // The previous step's buffer, emptied, becomes the store's log (no allocation).
            ops.clear();
            self.tree.store.ops = ops;
            Micro::MergeIo
        } else {
            Micro::Delay(self.io_ns(io))
        }
    }

    /// Issues the block operations the tree logged since the last call at `at_ns` on the
    /// device; returns when they end (`at_ns` without a device).
    pub(super) fn issue_logged(&mut self, at_ns: u64) -> Result<u64, FdError> {
        let Some(d) = self.device.as_mut() else {
            return Ok(at_ns);
        };
        let done = d.batch(&self.tree.store.ops, at_ns)?;
        self.tree.store.ops.clear();
        Ok(done)
    }

    /// Runs under `protocol` (a teaching scenario drops one rule; see `protocol`).
    pub fn with_protocol(mut self, protocol: Protocol) -> Self {
        protocol.apply(&mut self.tree.cfg.policy);
        self.tree.defer_reclaim = self.scheme != Scheme::Xm && protocol.reclaim_latch;
        self.protocol = protocol;
        self
    }

    pub fn now_ns(&self) -> u64 {
        self.sched.now_ns()
    }

    pub fn merge_running(&self) -> bool {
        self.merge_running
    }

    pub fn client_states(&self) -> Vec<ClientState> {
        self.clients
            .iter()
            .map(|c| ClientState {
                current: c
                    .current
                    .map(|(op, start)| (op, c.issued.saturating_sub(1), start)),
                issued: c.issued,
                remaining: c.ops.len(),
                done: c.done,
            })
            .collect()
    }

    pub fn latch_waits(&self) -> u64 {
        self.latches.waits
    }

    pub(super) fn note(&mut self, event: RunEvent) {
        if self.record {
            self.log.push(event);
        }
    }

    /// Pops one event and runs its actor until it waits. False once the run is over (and the
    /// report closed); Err on a deadlock or a tree error.
    pub fn step_event(&mut self) -> Result<bool, FdError> {
        if self.finished {
            return Ok(false);
        }
        match self.sched.pop().map_err(|e| FdError::Sim(e.to_string()))? {
            Some((_, actor)) => {
                self.advance(actor)?;
                Ok(true)
            }
            None => {
                self.finish()?;
                Ok(false)
            }
        }
    }

    fn finish(&mut self) -> Result<(), FdError> {
        self.finished = true;
        let stuck = self.clients.iter().filter(|c| !c.done).count() + self.waiting_requests();
        if stuck > 0 || self.merge_running {
            return Err(FdError::Impossible(format!(
                "deadlock: {stuck} clients and merge={} waiting with no event left",
                self.merge_running
            )));
        }
        self.report.end_ns = self.sched.now_ns();
        self.report.latch_waits = self.latches.waits;
        self.report.latches_idle = self.latches.is_idle();
        Ok(())
    }

    pub(super) fn merge_actor(&self) -> Actor {
        self.clients.len()
    }

    /// Runs to the end; Err on a deadlock or a tree error.
    pub fn run(mut self) -> Result<SimReport, FdError> {
        while self.step_event()? {}
        Ok(self.report)
    }

    fn program(&mut self, actor: Actor) -> &mut VecDeque<Micro> {
        if actor == self.clients.len() {
            &mut self.merge_program
        } else {
            &mut self.clients[actor].program
        }
    }

    pub(super) fn wake(&mut self, actors: Vec<Actor>) {
        for a in actors {
            self.sched.schedule(self.sched.now_ns(), a);
        }
    }

    fn advance(&mut self, actor: Actor) -> Result<(), FdError> {
        loop {
            if actor < self.clients.len()
                && self.clients[actor].program.is_empty()
                && !self.next_op(actor)
            {
                return Ok(());
            }
            let Some(micro) = self.program(actor).pop_front() else {
                if actor == self.merge_actor() && self.merge_next()? {
                    continue;
                }
                return Ok(());
            };
            match micro {
                Micro::Acquire(res, mode) => {
                    if !self.latches.acquire(res, actor, mode) {
                        self.note(RunEvent::Queued { actor, res, mode });
                        return Ok(()); // woken when granted
                    }
                }
                Micro::Release(res, mode) => {
                    let woken = self.latches.release(res, actor, mode);
                    self.wake(woken);
                }
                Micro::Delay(ns) => {
                    self.sched.schedule_after(ns, actor);
                    return Ok(());
                }
                Micro::ReadIo(b) => {
                    let now = self.sched.now_ns();
                    let done = match self.device.as_mut() {
                        Some(d) => d.read(b, now)?,
                        None => now + self.cost.read_block_ns,
                    };
                    self.sched.schedule(done, actor);
                    return Ok(());
                }
                Micro::MergeIo => {
                    let now = self.sched.now_ns();
                    let done = match self.device.as_mut() {
                        Some(d) => d.batch(&self.merge_io, now)?,
                        None => now,
                    };
                    self.merge_io.clear();
                    self.sched.schedule(done, actor);
                    return Ok(());
                }
                Micro::WaitSlot => {
                    self.note(RunEvent::SlotWait { client: actor });
                    self.slot_waiters.push(actor);
                    return Ok(());
                }
                Micro::Invoke => self.invoke(actor),
                Micro::OpenL0 => self.open_l0(actor)?,
                Micro::ReadBlock(b, epoch) => self.read_block(actor, b, epoch)?,
                Micro::ReadSibling(b, epoch) => self.read_sibling(actor, b, epoch),
                Micro::XmWrite => self.xm_write(actor)?,
                Micro::MergeStep => self.merge_step()?,
                Micro::Reclaim(b) => self.reclaim(b)?,
            }
        }
    }

    /// Starts the client's next op; false when it has none left.
    fn next_op(&mut self, actor: Actor) -> bool {
        let now = self.sched.now_ns();
        self.complete(actor, now);
        let Some((op, arrival)) = self.take_op(actor) else {
            self.clients[actor].done = true;
            return false;
        };
        let c = &mut self.clients[actor];
        c.current = Some((op, arrival.unwrap_or(now)));
        c.issued += 1;
        c.cursor.reset();
        let index = c.issued - 1;
        if let Some(at) = arrival.filter(|&at| at > now) {
            // Not arrived yet: the client idles until `at_ns`, then the op starts.
            c.program.push_back(Micro::Delay(at - now));
        }
        self.note(RunEvent::Started {
            client: actor,
            index,
        });
        let cpu = self.cost.cpu_ns;
        let c = &mut self.clients[actor];
        let (lock, then) = match (self.scheme, op.is_modification()) {
            (Scheme::Xm, true) => (Micro::Acquire(Res::Global, Mode::X), Micro::XmWrite),
            (Scheme::Xm, false) => (Micro::Acquire(Res::Global, Mode::S), Micro::OpenL0),
            _ => (Micro::Acquire(Res::L0, Mode::X), Micro::OpenL0),
        };
        c.program.extend([Micro::Invoke, lock]);
        if cpu > 0 {
            // The in-memory work on L0, done holding its lock (before `OpenL0` / `XmWrite`).
            c.program.push_back(Micro::Delay(cpu));
        }
        c.program.push_back(then);
        true
    }

    /// The client's next op and its arrival: from its own list, or (a harness worker) from its
    /// queue, its R_p counting from the dequeue.
    fn take_op(&mut self, actor: Actor) -> Option<(Op, Option<u64>)> {
        if self.harness.is_none() {
            let c = &mut self.clients[actor];
            let op = c.ops.pop_front()?;
            return Some((op, c.arrivals.pop_front().flatten()));
        }
        let item = self.dequeue(actor)?;
        let wait = self.queue_wait(&item);
        let c = &mut self.clients[actor];
        c.requests.push(item.request);
        c.queued = Some(wait);
        Some((item.op, None))
    }

    /// The op in flight was issued now: its R_p and its answer window start.
    fn invoke(&mut self, actor: Actor) {
        let now = self.sched.now_ns();
        let c = &mut self.clients[actor];
        c.invoked_ns = c.current.map_or(now, |(_, start)| start);
        c.window = match c.current {
            Some((Op::Lookup { key }, _)) => Some(ReadWindow::open(&self.map, key, key)),
            Some((Op::Range { from, to }, _)) => Some(ReadWindow::open(&self.map, from, to)),
            _ => None,
        };
    }

    /// Closes the op in flight, if any: its completion and its history entry.
    fn complete(&mut self, actor: Actor, now: u64) {
        let c = &mut self.clients[actor];
        let Some((op, start)) = c.current.take() else {
            return;
        };
        let done = Completion {
            client: actor,
            index: c.issued - 1,
            kind: OpKind::of(op),
            start_ns: start,
            end_ns: now,
        };
        let outcome = c.outcome.take();
        c.window = None;
        if let Some(wait) = c.queued.take() {
            self.report.queue_waits.push(wait);
        }
        let invoked_ns = c.invoked_ns;
        self.report.completed.push(done);
        if let (true, Some(outcome)) = (self.keep_history, outcome) {
            self.report.history.push(HistoryEntry {
                client: actor,
                index: done.index,
                op,
                invoked_ns,
                completed_ns: now,
                outcome,
            });
        }
        self.note(RunEvent::Completed {
            client: actor,
            index: done.index,
            r_p_ns: done.r_p_ns(),
        });
    }
}
