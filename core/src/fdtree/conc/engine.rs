//! The discrete-event run of FD+XM, FD+DS and FD+FC under closed-loop clients (§3–4;
//! digest §3.1–3.8). Each actor (client or merge process) runs a small program of micro-steps:
//! acquire / release a lock, wait a simulated time, wait for a free L0 slot, or act on the tree.
//!
//! 1. Clients: each issues its ops in order, the next when the previous completes. R_p is
//!    completion − start, so it holds every lock wait, I/O and CPU cost.
//! 2. Linearization: the tree is read or changed atomically at the moment the client holds
//!    the L0 mutex (FD+FC, FD+DS) or the global lock (FD+XM), and the answer is compared with
//!    a reference map updated at the same instant. The lookup's path (one block per level) is
//!    then read under lock coupling: S(child) is taken before S(parent) / the mutex is released.
//! 3. FD+XM: lookups take the global lock shared, modifications exclusive; a modification that
//!    triggers a merge runs the whole merge holding it (digest §8 item 26).
//! 4. FD+FC and FD+DS: a background merge process steps the tree's merge: a read step costs a
//!    block read; an insert step X-latches the tail it appends to, then writes its finished
//!    blocks; m-delete, the switch and finalize take the L0 mutex, then X-latch every old
//!    block they pass through or reclaim, top-down, one at a time (digest §3.6 item 21), so a
//!    lookup still reading a block delays its reclaim. A writer finding no free slot waits
//!    until a merge step frees one (FD+FC) or the merge ends (FD+DS: L0^old is pinned).
//! 5. The run ends when the event queue is empty; a client not done then is a deadlock.
//! 6. `step_event` pops ONE event and runs its actor until it waits again (a lab's step);
//!    `run` is that in a loop. An op with an arrival time (`at_ns`) starts then, not before
//!    its client's previous op completed; its R_p counts from the arrival. With `record` on,
//!    every event's effects are appended to `log` (see `log`).

use std::collections::{BTreeMap, VecDeque};

use super::super::config::FdConfig;
use super::super::error::FdError;
use super::super::store::IoCount;
use super::super::tree::FdTree;
use super::super::workload::Op;
use super::cost::SsdCost;
use super::latch::{Actor, Latches, Mode, Res};
use super::log::RunEvent;
use super::report::{Completion, OpKind, SimReport};
use crate::sim::Scheduler;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scheme {
    Xm,
    Ds,
    Fc,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Micro {
    Acquire(Res, Mode),
    Release(Res, Mode),
    Delay(u64),
    /// Client: act on the tree (the linearization point).
    Linearize,
    /// Client: wait until a merge step frees an L0 slot.
    WaitSlot,
    /// Merge process: run one merge step.
    MergeStep,
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
    /// Block I/O counters when the current op was linearized (its per-op I/O).
    pub(super) io_at_linearize: IoCount,
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
        let mut tree = FdTree::new(cfg)?;
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
                }
            })
            .collect();
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
            io_at_linearize: IoCount::default(),
        })
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
        let stuck = self.clients.iter().filter(|c| !c.done).count();
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
                Micro::WaitSlot => {
                    self.note(RunEvent::SlotWait { client: actor });
                    self.slot_waiters.push(actor);
                    return Ok(());
                }
                Micro::Linearize => self.linearize(actor)?,
                Micro::MergeStep => self.merge_step()?,
            }
        }
    }

    /// Starts the client's next op; false when it has none left.
    fn next_op(&mut self, actor: Actor) -> bool {
        let now = self.sched.now_ns();
        let c = &mut self.clients[actor];
        if let Some((op, start)) = c.current.take() {
            let done = Completion {
                client: actor,
                index: c.issued - 1,
                kind: OpKind::of(op),
                start_ns: start,
                end_ns: now,
            };
            self.report.completed.push(done);
            self.note(RunEvent::Completed {
                client: actor,
                index: done.index,
                r_p_ns: done.r_p_ns(),
            });
        }
        let c = &mut self.clients[actor];
        let Some(op) = c.ops.pop_front() else {
            c.done = true;
            return false;
        };
        let arrival = c.arrivals.pop_front().flatten();
        c.current = Some((op, arrival.unwrap_or(now)));
        c.issued += 1;
        let index = c.issued - 1;
        if let Some(at) = arrival.filter(|&at| at > now) {
            // Not arrived yet: the client idles until `at_ns`, then the op starts.
            c.program.push_back(Micro::Delay(at - now));
        }
        self.note(RunEvent::Started {
            client: actor,
            index,
        });
        let c = &mut self.clients[actor];
        let lock = match self.scheme {
            Scheme::Xm if op.is_modification() => Micro::Acquire(Res::Global, Mode::X),
            Scheme::Xm => Micro::Acquire(Res::Global, Mode::S),
            _ => Micro::Acquire(Res::L0, Mode::X),
        };
        c.program.extend([lock, Micro::Linearize]);
        true
    }
}
