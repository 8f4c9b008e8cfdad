//! The logging mode's state: a `FlashLogSim` stepped one event at a time, then (after a crash)
//! the recovery merge stepped one record at a time [paper §2.1; digest §2.1].
//!
//! 1. Running: each step pops one simulator event — a commit request (a worker's CPU done, or a
//!    scripted arrival), a write completion, an outlier check, the group-commit timer — and
//!    narrates it, then narrates what it caused by comparing before and after: writes issued
//!    (log, re-issued copy, archive batch, destage), flash freed by a completed archive write,
//!    commits acknowledged.
//! 2. Crash (a scripted event): the device media are imaged with in-flight writes torn
//!    (`FlashLogSim::crash`, a tear rng drawn from the seed); the acknowledged commits are
//!    remembered for the plain model of `checks.rs`.
//! 3. Recovering: one `Recovery::step` per lab step (extend, duplicate, torn, gap); when the
//!    merge is done, the answer gives the recovered LSN range, the committed transactions in
//!    it (their `txn` labels, in LSN order) and the acknowledged commits that were lost.

use std::sync::Arc;

use serde_json::{Value, json};

use super::config::LogPlan;
use super::events as ev;
use crate::flashlog::FlashLogError;
use crate::flashlog::crash::CrashImage;
use crate::flashlog::media::Area;
use crate::flashlog::recover::{MergeStep, Recovery, RecoveryResult};
use crate::flashlog::sim::{Event, FlashLogSim, Purpose, SCRIPTED_WORKER};
use crate::sim::units::{model, word};
use crate::sim::{Rng, SimError, TraceSink};

/// The External tag of the crash (commits use their index in `plan.commits`).
pub const CRASH_TAG: u32 = u32::MAX;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    Running,
    Crashed,
    Recovering,
    Done,
}

/// The recovery's outcome, judged against what was acknowledged.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Judged {
    pub result: RecoveryResult,
    /// `txn` labels of the committed transactions, in LSN order.
    pub committed_labels: Vec<u64>,
    pub acked_before_crash: u64,
    pub acked_lost: Vec<u64>,
}

#[derive(Debug, Clone)]
pub struct LogState {
    pub plan: Arc<LogPlan>,
    pub sim: FlashLogSim,
    /// `txn` label of each transaction, by index (generated: its index).
    pub labels: Vec<u64>,
    pub phase: Phase,
    tear_rng: Rng,
    pub image: Option<Arc<CrashImage>>,
    pub recovery: Option<Recovery>,
    pub last_merge: Option<MergeStep>,
    pub judged: Option<Judged>,
    /// Per device: writes issued and not completed (the plain model of "one outstanding").
    pub outstanding: Vec<u32>,
    /// The last event narrated (for the view).
    pub last_kind: u32,
    pub last_request: Option<usize>,
}

fn sim_error(e: FlashLogError) -> SimError {
    model(e)
}

impl LogState {
    pub fn new(plan: Arc<LogPlan>, seed: u64) -> Result<Self, FlashLogError> {
        let mut sim = FlashLogSim::new(plan.config.clone())?;
        for (i, c) in plan.commits.iter().enumerate() {
            sim.schedule_external(c.at_ns, i as u32);
        }
        if let Some((_, at_ns)) = plan.crash {
            sim.schedule_external(at_ns, CRASH_TAG);
        }
        let n = sim.devices.len();
        Ok(Self {
            plan,
            sim,
            labels: Vec::new(),
            phase: Phase::Running,
            tear_rng: Rng::new(seed ^ 0x7EA2_C2A5),
            image: None,
            recovery: None,
            last_merge: None,
            judged: None,
            outstanding: vec![0; n],
            last_kind: 0,
            last_request: None,
        })
    }

    pub fn now_ns(&self) -> u64 {
        self.sim.now_ns()
    }

    fn emit(&mut self, trace: &mut TraceSink, kind: u32, args: [u64; 4]) {
        self.last_kind = kind;
        trace.emit(self.now_ns(), kind, args.map(word));
    }

    /// One step; `Ok(false)` once there is nothing left.
    pub fn step(&mut self, trace: &mut TraceSink) -> Result<bool, SimError> {
        match self.phase {
            Phase::Running => self.step_running(trace),
            Phase::Crashed if self.recovery.is_none() => Ok(false),
            Phase::Crashed => {
                self.phase = Phase::Recovering;
                self.step_recovery(trace)
            }
            Phase::Recovering => self.step_recovery(trace),
            Phase::Done => Ok(false),
        }
    }

    fn step_running(&mut self, trace: &mut TraceSink) -> Result<bool, SimError> {
        let issued_before = self.sim.requests.len();
        let acked_before = self.sim.stats.acked;
        let outliers_before = self.sim.stats.outliers_detected;
        let pending_before = self.sim.next_lsn - self.sim.issued_upto;
        let freed_before = self.flash_space().2;
        let Some(event) = self.sim.step().map_err(sim_error)? else {
            return Ok(false);
        };
        self.last_request = None;
        match event {
            Event::External(CRASH_TAG) => {
                self.crash(trace);
                return Ok(true);
            }
            Event::External(i) => {
                let c = self.plan.commits[i as usize];
                self.sim
                    .append_commit(SCRIPTED_WORKER, c.bytes)
                    .map_err(sim_error)?;
                self.labels.push(c.txn);
                self.narrate_commit(trace);
            }
            Event::CpuDone(_) => {
                self.labels.push(self.labels.len() as u64);
                self.narrate_commit(trace);
            }
            Event::WriteDone(id) => {
                let r = self.sim.requests[id];
                if r.purpose != Purpose::Destage {
                    // `narrate_issued` counted it when it was issued, in an earlier step.
                    debug_assert!(self.outstanding[r.dev] > 0, "write {id} done, none issued");
                    self.outstanding[r.dev] -= 1;
                }
                self.last_request = Some(id);
                let latency_us = (self.now_ns() - r.issued_ns) / 1_000;
                self.emit(
                    trace,
                    ev::WRITE_DONE,
                    [id as u64, r.dev as u64, r.end_lsn, latency_us],
                );
            }
            Event::OutlierCheck(id) => {
                if self.sim.stats.outliers_detected > outliers_before {
                    let r = self.sim.requests[id];
                    let d = &self.sim.devices[r.dev];
                    let expected = d.expected_ns(r.end_lsn - r.start_lsn);
                    self.last_request = Some(id);
                    self.emit(
                        trace,
                        ev::OUTLIER_DETECTED,
                        [
                            id as u64,
                            r.dev as u64,
                            (self.now_ns() - r.issued_ns) / 1_000,
                            expected / 1_000,
                        ],
                    );
                }
            }
            Event::GroupTimer => {
                self.emit(trace, ev::GROUP_TIMER, [pending_before, 0, 0, 0]);
            }
        }
        let (used, capacity, freed) = self.flash_space();
        if freed > freed_before {
            let upto = self.sim.archived_upto;
            self.emit(
                trace,
                ev::FLASH_FREED,
                [upto, freed - freed_before, used, capacity],
            );
        }
        self.narrate_issued(trace, issued_before);
        let acked = self.sim.stats.acked - acked_before;
        if acked > 0 {
            let unsafe_now = u64::from(self.sim.acked_end_lsn() > self.sim.durable.prefix());
            self.emit(
                trace,
                ev::ACKNOWLEDGED,
                [
                    acked,
                    self.sim.durable.prefix(),
                    self.sim.stats.acked,
                    unsafe_now,
                ],
            );
        }
        Ok(true)
    }

    /// Flash space in use, capacity and freed so far, summed over the flash devices.
    fn flash_space(&self) -> (u64, u64, u64) {
        self.sim
            .devices
            .iter()
            .filter(|d| d.is_flash())
            .fold((0, 0, 0), |(u, c, f), d| {
                (
                    u + d.used_bytes,
                    c + d.capacity_bytes.unwrap_or(0),
                    f + d.freed_bytes,
                )
            })
    }

    fn narrate_commit(&mut self, trace: &mut TraceSink) {
        if let Some(t) = self.sim.txns.last().copied() {
            let label = self.labels.last().copied().unwrap_or(0);
            let waiting = self.sim.waiting.len() as u64;
            self.emit(
                trace,
                ev::COMMIT_REQUEST,
                [label, t.end_lsn - t.start_lsn, t.start_lsn, waiting],
            );
        }
    }

    fn narrate_issued(&mut self, trace: &mut TraceSink, from: usize) {
        for id in from..self.sim.requests.len() {
            let r = self.sim.requests[id];
            if r.purpose != Purpose::Destage {
                self.outstanding[r.dev] += 1;
            }
            let bytes = r.end_lsn - r.start_lsn;
            let (kind, last) = match r.purpose {
                Purpose::Reissue { .. } => (ev::REISSUED, u64::from(r.area == Area::OutlierHiding)),
                Purpose::Archive => (ev::ARCHIVE_WRITE, bytes),
                Purpose::Destage => (ev::DESTAGE, bytes),
                _ => (ev::WRITE_ISSUED, bytes),
            };
            self.last_request = Some(id);
            self.emit(trace, kind, [id as u64, r.dev as u64, r.start_lsn, last]);
        }
    }

    /// Step 2.
    fn crash(&mut self, trace: &mut TraceSink) {
        let image = self.sim.crash(&mut self.tear_rng);
        let args = [
            image.torn_writes,
            image.acked.len() as u64,
            self.sim.durable.prefix(),
            image.generated_lsn,
        ];
        self.recovery = self.plan.recover.map(|_| Recovery::new(&image));
        self.image = Some(Arc::new(image));
        self.phase = Phase::Crashed;
        self.emit(trace, ev::CRASH, args);
    }

    /// Step 3.
    fn step_recovery(&mut self, trace: &mut TraceSink) -> Result<bool, SimError> {
        let (Some(recovery), Some(image)) = (self.recovery.as_mut(), self.image.clone()) else {
            return Ok(false);
        };
        if recovery.done {
            return Ok(false);
        }
        let step = recovery.step();
        self.last_merge = Some(step);
        let end = recovery.recovered_end;
        match step {
            MergeStep::Extended { stream, start, .. } => {
                self.emit(trace, ev::MERGE_EXTENDED, [stream as u64, start, end, 0])
            }
            MergeStep::Duplicate { stream, start, end } => {
                self.emit(trace, ev::MERGE_DUPLICATE, [stream as u64, start, end, 0])
            }
            MergeStep::RejectedTorn { stream, start } => {
                self.emit(trace, ev::MERGE_TORN, [stream as u64, start, 0, 0])
            }
            MergeStep::Gap { at, next_start } => {
                self.emit(trace, ev::MERGE_GAP, [at, next_start, 0, 0])
            }
            MergeStep::Exhausted => {}
        }
        if let Some(r) = self.recovery.as_ref().filter(|r| r.done) {
            let result = r.clone().finish(&image);
            let judged = self.judge(&image, result);
            self.emit(
                trace,
                ev::RECOVERED,
                [
                    judged.result.recovered.1,
                    judged.committed_labels.len() as u64,
                    judged.acked_before_crash,
                    judged.acked_lost.len() as u64,
                ],
            );
            self.judged = Some(judged);
            self.phase = Phase::Done;
        }
        Ok(true)
    }

    fn judge(&self, image: &CrashImage, result: RecoveryResult) -> Judged {
        let label = |t: u64| self.labels.get(t as usize).copied().unwrap_or(t);
        let committed_labels = result.committed.iter().map(|&t| label(t)).collect();
        let n = result.committed.len() as u64;
        let acked_lost = image
            .acked
            .iter()
            .filter(|&&t| t >= n)
            .map(|&t| label(t))
            .collect();
        Judged {
            result,
            committed_labels,
            acked_before_crash: image.acked.len() as u64,
            acked_lost,
        }
    }

    /// The recovery answer (DESIGN §3.2: `{op, kind, ...}`).
    pub fn answer(&self) -> Option<Value> {
        let j = self.judged.as_ref()?;
        Some(json!({
            "op": self.plan.recover.unwrap_or(0),
            "kind": "recover",
            "recovered_lsn": [j.result.recovered.0, j.result.recovered.1],
            "committed": j.committed_labels,
            "acked_before_crash": j.acked_before_crash,
            "acked_lost": j.acked_lost,
            "duplicates": j.result.duplicates,
            "torn_rejected": j.result.torn_rejected,
        }))
    }
}
