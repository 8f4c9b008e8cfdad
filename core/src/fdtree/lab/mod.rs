//! The FD+tree lab: the concurrent discrete-event run (`conc::ConcurrentRun`) stepped ONE event
//! at a time (a client's arrival or completion, a lock grant, one block read, one merge step),
//! with every answer recorded when the op has it: a read's when its last block read ends, a
//! write's when it is applied to L0 (issue 9 "Ops and answers"; issue 28 item 1).
//!
//! 1. `body`, `config`: the scenario (tiny defaults β = 8, γ = 3, κ0 = 2 blocks) → a
//!    `LabConfig` with each client's op list.
//! 2. A step pops one event of the run with recording on, turns what happened into trace
//!    events (`events`) and answers (lookup `value`, range `rows`; a rejected insert/delete
//!    says so), and remembers the latest op's path and block I/O for the view.
//! 3. `checks`: the invariants after every step (I1–I7 of the tree, answers equal the map,
//!    no read of a reclaimed block, every op answered once, the space bound of the scheme).
//! 4. `view`, `view_conc` (latches, cursors, staging, plan), `payload`: what the UI draws; `compare`: XM, DS, FC, Li's FD-tree and a B+tree on the same clients.

pub mod body;
pub mod checks;
pub mod compare;
pub mod config;
pub mod events;
pub mod metrics;
pub mod payload;
pub mod pseudocode;
pub mod view;
pub mod view_conc;

use std::collections::{BTreeMap, VecDeque};
use std::sync::Arc;

use serde_json::{Value, json};

use self::compare::CompareResult;
use self::config::LabConfig;
use self::events::low32;
use crate::fdtree::conc::{ConcurrentRun, OpKind, Outcome, Res, RunEvent};
use crate::fdtree::prepare::MergeWhy;
use crate::fdtree::tree::ModOutcome;
use crate::fdtree::{BlockId, Side};
use crate::scenario::ScenarioError;
use crate::sim::{SimError, TraceSink};

/// Ops listed in the view's per-op I/O table.
pub const RECENT_OPS: usize = 12;

/// One op as the view lists it: where it was served from and the block I/O it cost.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpRecord {
    pub op: usize,
    pub client: usize,
    pub kind: OpKind,
    pub side: Side,
    pub outcome: u32,
    pub blocks_read: u64,
    pub blocks_written: u64,
    pub path: Vec<BlockId>,
    pub r_p_ns: Option<u64>,
}

#[derive(Debug, Clone)]
pub struct FdLab {
    pub cfg: Arc<LabConfig>,
    pub run: ConcurrentRun,
    pub answers: BTreeMap<usize, Value>,
    /// Latest ops, newest last (answered; R_p filled at completion).
    pub recent: VecDeque<OpRecord>,
    pub compare: Option<Arc<CompareResult>>,
    pub(crate) steps: u64,
    pub(crate) done: bool,
    /// Live blocks when the current merge began (space bound).
    pub(crate) live_at_merge_start: u64,
    pub(crate) merge_start_ns: u64,
    /// Largest key of the preload and the ops (the view's key axis).
    pub key_max: u64,
    /// What the untimed preload did (its merges have no simulated time): counters of the timed
    /// run subtract it and show it apart.
    pub preload_merges: u64,
    pub preload_io: crate::fdtree::IoCount,
    /// The plan of the latest merge begun in the timed run (the view shows it after it ends).
    pub last_plan: Option<Box<crate::fdtree::prepare::MergePlan>>,
    /// The latest merge-finalize's o_g and z, as the view shows them.
    pub last_finalize: Option<payload::FdtreeFinalize>,
}

fn kind_code(kind: OpKind) -> u32 {
    match kind {
        OpKind::Insert => 1,
        OpKind::Delete => 2,
        OpKind::Lookup => 3,
        OpKind::Range => 4,
    }
}

fn kind_name(kind: OpKind) -> &'static str {
    match kind {
        OpKind::Insert => "insert",
        OpKind::Delete => "delete",
        OpKind::Lookup => "lookup",
        OpKind::Range => "range",
    }
}

fn mod_name(m: ModOutcome) -> Value {
    match m {
        ModOutcome::Inserted => json!("inserted"),
        ModOutcome::Deleted => json!("deleted"),
        ModOutcome::RejectedPresent { value } => json!({"rejected": "present", "value": value}),
        ModOutcome::RejectedMissing => json!({"rejected": "missing"}),
    }
}

pub fn side_code(side: Side) -> u32 {
    match side {
        Side::Quiescent => 0,
        Side::Old => 1,
        Side::New => 2,
    }
}

fn outcome_code(o: &Outcome) -> u32 {
    match o {
        Outcome::Value(_) | Outcome::Rows(_) => 0,
        Outcome::Mod(ModOutcome::Inserted) => 1,
        Outcome::Mod(ModOutcome::Deleted) => 2,
        Outcome::Mod(ModOutcome::RejectedPresent { .. }) => 3,
        Outcome::Mod(ModOutcome::RejectedMissing) => 4,
    }
}

impl FdLab {
    pub fn from_config(cfg: LabConfig) -> Result<Self, ScenarioError> {
        let compare = if cfg.compare {
            Some(Arc::new(compare::run_all(&cfg).map_err(|e| {
                ScenarioError::new("params.compare", format!("the compare runs failed: {e}"))
            })?))
        } else {
            None
        };
        let mut run = ConcurrentRun::with_arrivals(
            cfg.scheme,
            cfg.fd.clone(),
            cfg.cost,
            &cfg.preload,
            cfg.clients.clone(),
        )
        .map_err(|e| ScenarioError::new("params", e.to_string()))?;
        if let Some(spec) = cfg.harness {
            // Before the device: it is sized for the harness's requests too.
            run = run
                .harnessed(cfg.file.clone(), spec)
                .map_err(|e| ScenarioError::new("workload.generator.queues", e.to_string()))?;
        }
        let mut run = match cfg.device.as_deref() {
            Some(preset) => run.with_device(preset),
            None => Ok(run),
        }
        .map_err(|e| ScenarioError::new("params", e.to_string()))?
        .with_protocol(cfg.protocol);
        run.record = true;
        run.keep_history = true;
        let live = run.tree.store.live_blocks();
        let (preload_merges, preload_io) = (run.tree.metrics.merges, run.tree.store.io);
        let key_max = cfg
            .preload
            .iter()
            .chain(cfg.clients.iter().flatten().map(|(op, _)| op))
            .chain(cfg.file.iter())
            .map(|op| match *op {
                crate::fdtree::workload::Op::Range { to, .. } => to,
                op => op.key(),
            })
            .max()
            .unwrap_or(0);
        Ok(Self {
            cfg: Arc::new(cfg),
            run,
            answers: BTreeMap::new(),
            recent: VecDeque::new(),
            compare,
            steps: 0,
            done: false,
            live_at_merge_start: live,
            merge_start_ns: 0,
            key_max,
            preload_merges,
            preload_io,
            last_plan: None,
            last_finalize: None,
        })
    }

    /// Merges begun in the timed run (not the preload's).
    pub fn timed_merges(&self) -> u64 {
        self.run.tree.metrics.merges - self.preload_merges
    }

    /// Blocks read and written in the timed run (not the preload's).
    pub fn timed_io(&self) -> crate::fdtree::IoCount {
        let io = self.run.tree.store.io;
        crate::fdtree::IoCount {
            blocks_read: io.blocks_read - self.preload_io.blocks_read,
            blocks_written: io.blocks_written - self.preload_io.blocks_written,
        }
    }

    pub fn config(&self) -> &LabConfig {
        &self.cfg
    }

    pub fn now_ns(&self) -> u64 {
        self.run.now_ns()
    }

    /// The scenario index of client `client`'s op `index` (with the harness: its position in
    /// the workload file, known once a worker took it).
    pub(crate) fn op_id(&self, client: usize, index: u64) -> usize {
        if self.cfg.harness.is_some() {
            return self
                .run
                .request_of(client, index)
                .map_or(usize::MAX, |r| r as usize);
        }
        self.cfg
            .op_ids
            .get(client)
            .and_then(|ids| ids.get(index as usize))
            .copied()
            .unwrap_or(usize::MAX)
    }

    pub fn step_event(&mut self, trace: &mut TraceSink) -> Result<bool, SimError> {
        if self.done {
            return Ok(false);
        }
        self.run.log.clear();
        let more = self
            .run
            .step_event()
            .map_err(|e| SimError::Model(e.to_string()))?;
        if !more {
            self.done = true;
            return Ok(false);
        }
        self.steps += 1;
        let log = std::mem::take(&mut self.run.log);
        for event in log {
            self.narrate(event, trace);
        }
        Ok(true)
    }

    fn narrate(&mut self, event: RunEvent, trace: &mut TraceSink) {
        let t = self.run.now_ns();
        match event {
            RunEvent::Started { client, index } => {
                let op = self.op_id(client, index);
                let (kind, key) = self.run.client_states()[client]
                    .current
                    .map_or((0, 0), |(o, _, _)| (kind_code(OpKind::of(o)), o.key()));
                trace.emit(
                    t,
                    events::OP_START,
                    [client as u32, low32(op as u64), kind, low32(key)],
                );
            }
            RunEvent::Answered {
                client,
                index,
                outcome,
                side,
                path,
                io,
            } => {
                let op = self.op_id(client, index);
                let code = outcome_code(&outcome);
                trace.emit(
                    t,
                    events::ANSWER,
                    [client as u32, low32(op as u64), side_code(side), code],
                );
                let kind = match &outcome {
                    Outcome::Value(_) => OpKind::Lookup,
                    Outcome::Rows(_) => OpKind::Range,
                    Outcome::Mod(ModOutcome::Inserted | ModOutcome::RejectedPresent { .. }) => {
                        OpKind::Insert
                    }
                    Outcome::Mod(_) => OpKind::Delete,
                };
                self.record_answer(op, client, t, side, outcome);
                self.recent.push_back(OpRecord {
                    op,
                    client,
                    kind,
                    side,
                    outcome: code,
                    blocks_read: io.blocks_read,
                    blocks_written: io.blocks_written,
                    path,
                    r_p_ns: None,
                });
                while self.recent.len() > RECENT_OPS {
                    self.recent.pop_front();
                }
            }
            RunEvent::Completed {
                client,
                index,
                r_p_ns,
            } => {
                let op = self.op_id(client, index);
                let mut read = 0;
                if let Some(r) = self.recent.iter_mut().rev().find(|r| r.op == op) {
                    r.r_p_ns = Some(r_p_ns);
                    read = r.blocks_read;
                }
                trace.emit(
                    t,
                    events::OP_DONE,
                    [
                        client as u32,
                        low32(op as u64),
                        low32(r_p_ns / 1000),
                        low32(read),
                    ],
                );
            }
            RunEvent::Queued { actor, res, mode } => {
                let (lock, block) = match res {
                    Res::Global => (0, 0),
                    Res::L0 => (1, 0),
                    Res::Block(b) => (2, b),
                };
                let mode = u32::from(mode == crate::fdtree::conc::Mode::X);
                trace.emit(t, events::LOCK_WAIT, [actor as u32, lock, block, mode]);
            }
            RunEvent::SlotWait { client } => {
                let index = self.run.client_states()[client].issued.saturating_sub(1);
                let op = self.op_id(client, index);
                let (used, cap) = self.run.tree.l0_slots().unwrap_or((0, 0));
                trace.emit(
                    t,
                    events::SLOT_WAIT,
                    [client as u32, low32(op as u64), used as u32, cap as u32],
                );
            }
            RunEvent::MergeBegun { why, m, plan } => {
                self.last_plan = plan;
                let old = self.run.tree.merge.as_ref().map_or(0, |m| m.old.len());
                self.live_at_merge_start = self
                    .run
                    .tree
                    .merge
                    .as_ref()
                    .map_or(0, |m| m.live_blocks_at_start);
                self.merge_start_ns = t;
                let why = u32::from(why == MergeWhy::Underflow);
                let live = low32(self.run.tree.store.live_blocks());
                trace.emit(t, events::MERGE_BEGIN, [why, m as u32, old as u32, live]);
            }
            RunEvent::MergeStep(e) => {
                let (kind, args) = events::merge_step_args(&e);
                trace.emit(t, kind, args);
                if let crate::fdtree::merge::MergeEvent::Finalized { o, z } = e {
                    self.last_finalize = Some(view_conc::finalize_payload(&o, z, t));
                }
            }
            RunEvent::Reclaimed { block } => trace.emit(t, events::RECLAIM, [block, 0, 0, 0]),
            RunEvent::UseAfterReclaim {
                client,
                index,
                block,
                reused,
            } => {
                let op = self.op_id(client, index);
                let args = [client as u32, low32(op as u64), block, u32::from(reused)];
                trace.emit(t, events::UNSAFE_READ, args);
            }
            RunEvent::WrongAnswer { client, index } => {
                let op = self.op_id(client, index);
                let args = [client as u32, low32(op as u64), 0, 0];
                trace.emit(t, events::WRONG_ANSWER, args);
            }
        }
    }

    fn record_answer(&mut self, op: usize, client: usize, t: u64, side: Side, o: Outcome) {
        let side = match side {
            Side::Quiescent => "no_merge",
            Side::Old => "old",
            Side::New => "new",
        };
        let answer = match o {
            Outcome::Value(v) => json!({"op": op, "kind": "lookup", "value": v,
                                        "client": client, "at_ns": t, "side": side}),
            Outcome::Rows(rows) => {
                let rows: Vec<[u64; 2]> = rows.into_iter().map(|(k, v)| [k, v]).collect();
                json!({"op": op, "kind": "range", "rows": rows,
                       "client": client, "at_ns": t, "side": side})
            }
            Outcome::Mod(ModOutcome::RejectedPresent { value }) => {
                json!({"op": op, "kind": "insert", "rejected": "present", "value": value,
                       "client": client, "at_ns": t})
            }
            Outcome::Mod(ModOutcome::RejectedMissing) => {
                json!({"op": op, "kind": "delete", "rejected": "missing",
                       "client": client, "at_ns": t})
            }
            Outcome::Mod(_) => return,
        };
        self.answers.insert(op, answer);
    }

    /// DESIGN §3.2 `history`: every completed op in op order, with its issue and completion
    /// times and its answer (a read) or outcome (a write).
    pub fn history_json(&self) -> Vec<Value> {
        let mut out: Vec<(usize, Value)> = self
            .run
            .report
            .history
            .iter()
            .map(|h| {
                let op = self.op_id(h.client, h.index);
                let mut e = json!({"op": op, "client": h.client,
                    "kind": kind_name(OpKind::of(h.op)),
                    "invoked_ns": h.invoked_ns, "completed_ns": h.completed_ns});
                match h.op {
                    crate::fdtree::workload::Op::Range { from, to } => {
                        e["from"] = json!(from);
                        e["to"] = json!(to);
                    }
                    op => e["key"] = json!(op.key()),
                }
                match &h.outcome {
                    Outcome::Value(v) => e["value"] = json!(v),
                    Outcome::Rows(rows) => {
                        let rows: Vec<[u64; 2]> = rows.iter().map(|&(k, v)| [k, v]).collect();
                        e["rows"] = json!(rows);
                    }
                    Outcome::Mod(m) => e["outcome"] = json!(mod_name(*m)),
                }
                (op, e)
            })
            .collect();
        out.sort_by_key(|(op, _)| *op);
        out.into_iter().map(|(_, e)| e).collect()
    }

    /// Approximate bytes of one clone: blocks, the completion log and the answers.
    pub fn approx_bytes(&self) -> u64 {
        let beta = self.cfg.fd.beta_entries as u64;
        let blocks = self.run.tree.store.live_blocks() + self.run.tree.store.io.blocks_written;
        let rows: u64 = self
            .answers
            .values()
            .map(|a| {
                a.get("rows")
                    .and_then(Value::as_array)
                    .map_or(1, |r| r.len() as u64)
            })
            .sum();
        4096 + blocks * (beta * 24 + 48)
            + self.run.report.completed.len() as u64 * 48
            + self.run.report.space.len() as u64 * 16
            + rows * 48
            + self.cfg.total_ops as u64 * 48
    }
}
