//! The HDD lab: a discrete-event simulation of one disk with one actuator, a request queue and a
//! host that keeps up to `queue_depth` requests outstanding.
//!
//! 1. The source holds the next request (`pending`). Its arrival event is scheduled at
//!    max(intended time, now) as soon as the host may issue it: fewer than `queue_depth`
//!    outstanding, and the request it depends on (an update's read) completed.
//! 2. Arrival (one step): the request joins the queue (`arrive_*` event). If the disk is idle,
//!    it is dispatched in the same step. The source then yields the next pending request.
//! 3. Dispatch: the scheduler picks from a snapshot of the queue and the head's cylinder
//!    (`scheduler::pick`); `service` computes seek, rotation, transfer and switch times; the
//!    completion is scheduled at now + their sum (`dispatch` and `service` events).
//! 4. Completion (one step): record latency (completion − admission) and phases, move the head,
//!    answer explicit reads, then dispatch the next queued request, if any.
//! 5. The run ends when no event is left: the source is exhausted and every request completed.
//!
//! Invariants are kept incrementally (see `check_invariants`): every admitted id is outstanding
//! exactly once until it completes, time never decreases, the head stays on the disk, completed
//! bytes equal transferred bytes, and the outstanding count stays within the queue depth.

pub mod answers;
pub mod body;
pub mod checks;
pub mod config;
pub mod events;
pub mod metrics;
pub mod payload;
pub mod pseudocode;
pub mod state;
pub mod stats;
pub mod validate_workload;
pub mod view;
pub mod workload;

use std::sync::Arc;

use self::answers::{AnswerLog, ReadAnswer};
use self::config::HddConfig;
use crate::sim::units::{us, word};

use self::state::{Decision, Event, InService, Ledger, Queued};
use self::stats::{LatencyHistogram, PhaseSums, RecentCompletions, ThroughputBins};
use self::workload::{GeneratorKind, Request, Role, Source, WorkloadPlan};
use super::scheduler::pick;
use super::service::{DiskRequest, HeadState, ServiceBreakdown, back_to_back_ns, service};

use crate::sim::{Rng, Scheduler, SimError, TraceSink};

#[derive(Debug, Clone)]
pub struct HddLab {
    pub(super) setup: Arc<HddConfig>,
    source: Source,
    /// The clock and the future events (arrivals, completions).
    events: Scheduler<Event>,
    /// Platter angle (ns of rotation) at t = 0; the rotational clock is now + phase.
    pub(super) phase_ns: u64,
    pub(super) previous_now_ns: u64,
    pending: Option<Request>,
    arrival_scheduled: bool,
    pub(super) source_exhausted: bool,
    pub(super) queue: Vec<Queued>,
    pub(super) busy: Option<InService>,
    pub(super) head: HeadState,
    pub(super) ledger: Ledger,
    pub(super) histogram: LatencyHistogram,
    pub(super) sums: PhaseSums,
    pub(super) throughput: ThroughputBins,
    pub(super) recent: RecentCompletions,
    pub(super) answers: AnswerLog,
    pub(super) scan_completed: u64,
    pub(super) scan_done_ns: Option<u64>,
    pub(super) last_decision: Option<Decision>,
}

impl HddLab {
    pub fn new(mut config: HddConfig, seed: u64) -> Self {
        // The platter's angle at t = 0 is unknown on a real disk: draw it from the seed, so
        // even a fixed list of ops sees seed-dependent rotational waits.
        let mut rng = Rng::new(seed);
        let phase_ns = rng.below(config.disk.spindle.revolution_ns);
        config.isolated_scan_ns = match &config.workload {
            WorkloadPlan::Generator(plan) if plan.kind == GeneratorKind::ScanWithUpdates => {
                Some(back_to_back_ns(
                    &config.disk,
                    plan.span_start_lba,
                    plan.request_sectors,
                    plan.requests,
                    phase_ns,
                ))
            }
            _ => None,
        };
        let source = Source::new(config.workload.clone(), rng);
        let mut lab = Self {
            setup: Arc::new(config),
            phase_ns,
            source,
            events: Scheduler::new(),
            previous_now_ns: 0,
            pending: None,
            arrival_scheduled: false,
            source_exhausted: false,
            queue: Vec::new(),
            busy: None,
            head: HeadState::default(),
            ledger: Ledger::default(),
            histogram: LatencyHistogram::default(),
            sums: PhaseSums::default(),
            throughput: ThroughputBins::default(),
            recent: RecentCompletions::default(),
            answers: AnswerLog::default(),
            scan_completed: 0,
            scan_done_ns: None,
            last_decision: None,
        };
        lab.pull_next();
        lab.try_schedule_arrival();
        lab
    }

    pub fn now_ns(&self) -> u64 {
        self.events.now_ns()
    }

    pub fn config(&self) -> &HddConfig {
        &self.setup
    }

    /// Approximate bytes of a snapshot: the struct, its queues and the answers' unshared tail.
    pub(super) fn approx_bytes(&self) -> u64 {
        (std::mem::size_of::<Self>()
            + self.queue.capacity() * std::mem::size_of::<Queued>()
            + self.events.len() * 32) as u64
            + self.answers.unshared_bytes()
    }

    fn outstanding(&self) -> usize {
        self.queue.len() + usize::from(self.busy.is_some())
    }

    fn pull_next(&mut self) {
        self.pending = self.source.next(&self.setup.disk);
        self.source_exhausted = self.pending.is_none();
        self.arrival_scheduled = false;
    }

    fn try_schedule_arrival(&mut self) {
        let Some(request) = self.pending else { return };
        if self.arrival_scheduled || self.outstanding() >= self.setup.queue_depth as usize {
            return;
        }
        if let Some(after) = request.after {
            let done = u64::from(after) < self.ledger.admitted
                && !self.ledger.outstanding.contains(&after);
            if !done {
                return;
            }
        }
        let at = request
            .intended_ns
            .map_or(self.now_ns(), |t| t.max(self.now_ns()));
        self.events.schedule(at, Event::Arrival);
        self.arrival_scheduled = true;
    }

    pub(super) fn step_event(&mut self, trace: &mut TraceSink) -> Result<bool, SimError> {
        let previous_now_ns = self.now_ns();
        let Some((_, event)) = self.events.pop()? else {
            // Nothing scheduled: either all work is done, or the model stalled (a bug that
            // must not pass as a clean end of the run).
            if self.pending.is_some() || !self.queue.is_empty() || self.busy.is_some() {
                return Err(SimError::Model(format!(
                    "run stalled: {} admitted, {} completed, a request still pending",
                    self.ledger.admitted, self.ledger.completed
                )));
            }
            return Ok(false);
        };
        self.previous_now_ns = previous_now_ns;
        match event {
            Event::Arrival => self.arrive(trace)?,
            Event::Completion(id) => self.complete(id, trace)?,
        }
        self.try_schedule_arrival();
        Ok(true)
    }

    fn arrive(&mut self, trace: &mut TraceSink) -> Result<(), SimError> {
        let request = self
            .pending
            .take()
            .ok_or_else(|| SimError::Model("arrival with no pending request".into()))?;
        if u64::from(request.id) != self.ledger.admitted
            || !self.ledger.outstanding.insert(request.id)
        {
            self.ledger.violation.get_or_insert_with(|| {
                format!("request {} admitted out of order or twice", request.id)
            });
        }
        self.ledger.admitted += 1;
        self.queue.push(Queued {
            request,
            admitted_ns: self.now_ns(),
        });
        let kind = if request.is_write {
            events::ARRIVE_WRITE
        } else {
            events::ARRIVE_READ
        };
        trace.emit(
            self.now_ns(),
            kind,
            [
                request.id,
                request.cylinder,
                word(request.bytes()),
                word(self.queue.len() as u64),
            ],
        );
        if let Some(wait) = request.intended_ns.map(|t| self.now_ns().saturating_sub(t)) {
            self.sums.host_wait_ns += u128::from(wait);
        }
        if self.busy.is_none() {
            self.dispatch(trace)?;
        }
        self.pull_next();
        Ok(())
    }

    fn dispatch(&mut self, trace: &mut TraceSink) -> Result<(), SimError> {
        let policy = self.setup.policy;
        let Some(index) = pick(policy, self.head.cylinder, &self.queue, |q| {
            q.request.cylinder
        }) else {
            return Ok(());
        };
        let candidates = self.queue.len();
        let queued = self.queue.remove(index);
        let request = queued.request;
        let disk_request = DiskRequest {
            lba: request.lba,
            sector_count: request.sector_count,
            is_write: request.is_write,
        };
        let rotational_clock_ns = self.now_ns() + self.phase_ns;
        let breakdown = service(
            &self.setup.disk,
            disk_request,
            self.head,
            rotational_clock_ns,
        )
        .ok_or_else(|| SimError::Model(format!("request {} leaves the disk", request.id)))?;
        self.last_decision = Some(Decision {
            request: request.id,
            distance_cylinders: breakdown.start.cylinder.abs_diff(self.head.cylinder),
            candidates,
        });
        trace.emit(
            self.now_ns(),
            events::DISPATCH,
            [
                request.id,
                self.head.cylinder,
                breakdown.start.cylinder,
                us(breakdown.seek_ns),
            ],
        );
        trace.emit(
            self.now_ns(),
            events::SERVICE,
            [
                request.id,
                us(breakdown.rotation_ns),
                us(breakdown.transfer_ns),
                us(breakdown.switch_ns),
            ],
        );
        self.events.schedule(
            self.now_ns() + breakdown.total_ns(),
            Event::Completion(request.id),
        );
        self.busy = Some(InService {
            queued,
            start_ns: self.now_ns(),
            from: self.head,
            breakdown,
        });
        Ok(())
    }

    fn complete(&mut self, id: u32, trace: &mut TraceSink) -> Result<(), SimError> {
        let done = self
            .busy
            .take()
            .ok_or_else(|| SimError::Model(format!("completion of {id} with the disk idle")))?;
        let request = done.queued.request;
        if request.id != id || !self.ledger.outstanding.remove(&id) {
            self.ledger.violation.get_or_insert_with(|| {
                format!("completion of request {id} that was not outstanding exactly once")
            });
        }
        let b = done.breakdown;
        self.head = b.end;
        let latency_ns = self.now_ns() - done.queued.admitted_ns;
        self.record_completion(&request, &b, latency_ns);
        trace.emit(
            self.now_ns(),
            events::COMPLETE,
            [
                id,
                us(latency_ns),
                self.head.cylinder,
                word(self.queue.len() as u64),
            ],
        );
        if let (Some(op_index), false) = (request.op_index, request.is_write) {
            self.answers.push(ReadAnswer {
                op_index,
                lba: request.lba,
                sector_count: request.sector_count,
                latency_ns,
                completed_ns: self.now_ns(),
            });
        }
        if request.role == Role::Scan {
            self.scan_completed += 1;
            self.maybe_finish_scan(trace);
        }
        self.dispatch(trace)
    }

    fn record_completion(&mut self, request: &Request, b: &ServiceBreakdown, latency_ns: u64) {
        let ledger = &mut self.ledger;
        ledger.completed += 1;
        ledger.bytes_requested += request.bytes();
        ledger.bytes_transferred += b.sectors_transferred * super::geometry::SECTOR_BYTES;
        ledger.busy_ns += b.total_ns();
        ledger.max_latency_ns = ledger.max_latency_ns.max(latency_ns);
        if request.is_write {
            ledger.writes_completed += 1;
        } else {
            ledger.reads_completed += 1;
        }
        let sums = &mut self.sums;
        sums.latency_ns += u128::from(latency_ns);
        sums.service_ns += u128::from(b.total_ns());
        sums.seek_ns += u128::from(b.seek_ns);
        sums.rotation_ns += u128::from(b.rotation_ns);
        sums.transfer_ns += u128::from(b.transfer_ns);
        sums.switch_ns += u128::from(b.switch_ns);
        self.histogram.record(latency_ns);
        self.throughput.record(self.now_ns(), request.bytes());
        self.recent.push(request.cylinder, latency_ns);
    }

    fn maybe_finish_scan(&mut self, trace: &mut TraceSink) {
        let WorkloadPlan::Generator(plan) = &self.setup.workload else {
            return;
        };
        if self.scan_completed != plan.scan_requests() || self.scan_done_ns.is_some() {
            return;
        }
        self.scan_done_ns = Some(self.now_ns());
        let isolated_ns = self.setup.isolated_scan_ns.unwrap_or(self.now_ns());
        let percent = if isolated_ns > 0 {
            (self.now_ns() as f64 / isolated_ns as f64 * 100.0).round() as u64
        } else {
            100
        };
        trace.emit(
            self.now_ns(),
            events::SCAN_DONE,
            [
                word(plan.scan_requests()),
                word(self.now_ns() / 1_000_000),
                word(isolated_ns / 1_000_000),
                word(percent),
            ],
        );
    }

    /// True once nothing is left to do: the source is exhausted and the disk is idle.
    pub fn is_finished(&self) -> bool {
        self.source_exhausted && self.events.is_empty() && self.busy.is_none()
    }
}
