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

use std::collections::{BTreeMap, VecDeque};

use super::super::config::FdConfig;
use super::super::error::FdError;
use super::super::tree::FdTree;
use super::super::workload::Op;
use super::cost::SsdCost;
use super::latch::{Actor, Latches, Mode, Res};
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
        let mut tree = FdTree::new(cfg)?;
        let mut map = BTreeMap::new();
        for op in preload {
            if let Op::Insert { key, value } = *op {
                tree.insert(key, value)?;
                map.insert(key, value);
                tree.settle(64)?;
            }
        }
        let mut sched = Scheduler::new(u64::MAX);
        let clients: Vec<Client> = clients
            .into_iter()
            .enumerate()
            .map(|(i, ops)| {
                sched.schedule(0, i);
                Client {
                    ops: ops.into(),
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
        })
    }

    pub(super) fn merge_actor(&self) -> Actor {
        self.clients.len()
    }

    /// Runs to the end; Err on a deadlock or a tree error.
    pub fn run(mut self) -> Result<SimReport, FdError> {
        while let Some((_, actor)) = self.sched.pop().map_err(|e| FdError::Sim(e.to_string()))? {
            self.advance(actor)?;
        }
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
        let c = &mut self.clients[actor];
        if let Some((op, start)) = c.current.take() {
            self.report.completed.push(Completion {
                client: actor,
                index: c.issued - 1,
                kind: OpKind::of(op),
                start_ns: start,
                end_ns: self.sched.now_ns(),
            });
        }
        let Some(op) = c.ops.pop_front() else {
            c.done = true;
            return false;
        };
        c.current = Some((op, self.sched.now_ns()));
        c.issued += 1;
        let lock = match self.scheme {
            Scheme::Xm if op.is_modification() => Micro::Acquire(Res::Global, Mode::X),
            Scheme::Xm => Micro::Acquire(Res::Global, Mode::S),
            _ => Micro::Acquire(Res::L0, Mode::X),
        };
        c.program.extend([lock, Micro::Linearize]);
        true
    }
}
