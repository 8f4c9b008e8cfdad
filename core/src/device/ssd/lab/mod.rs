//! The SSD lab: a discrete-event simulation of a host driving the FTL and the timing model.
//!
//! 1. Step 1 preconditions, if asked: a sequential fill and random warm-up overwrites, in bulk
//!    through the same FTL (GC included) but untraced and untimed; one `precondition` event
//!    summarises it. Counters are then re-based so metrics describe the measured run only.
//! 2. Arrival (one step): the host issues the next request; the controller takes the command;
//!    every page goes through the FTL (out-of-place write with foreground GC, read or TRIM) and
//!    the timing model reserves link, channels and dies for each physical operation the FTL
//!    logged, in order. Every physical operation becomes a trace event. The request's completion
//!    is scheduled at the end of its last page. While fewer than `queue_depth` requests are
//!    outstanding, the next arrival is scheduled at max(now, its `at_ns`).
//! 3. Completion (one step): latency is recorded and a waiting arrival is scheduled.
//! 4. After each step the invariants are checked (`checks.rs`): incrementally (the step's logged
//!    operations, `checks_step.rs`), with a full sweep every `full_interval` steps, after the
//!    precondition and after the last step.
//!
//! Reads are answered from the data stored in the physical page (the version written there and
//! carried along by GC) and compared against a plain reference map of the last write per LBA.

pub mod answers;
pub mod body;
pub mod checks;
pub mod events;
pub mod metrics;
pub mod payload;
pub mod pseudocode;
pub mod service;
pub mod view;
pub mod workload;

use std::sync::Arc;

use self::body::SsdOpKind;
use self::workload::{Request, Source};
use super::checks::CheckState;
use super::config::SsdConfig;
use super::ftl::{Counters, Ftl, NO_VERSION};
use super::oplog::OpLog;
use super::stats::{LatencyHistogram, TimeBins};
use super::timing::Timing;
use crate::sim::units::{model, us, word};
use crate::sim::{Rng, Scheduler, SimError, TraceSink};

/// The version stored by preconditioning writes (not an op of the scenario).
pub const PRECONDITION_VERSION: u32 = u32::MAX - 1;
/// Recent operations kept per die for the timeline view.
pub const TIMELINE_DEPTH: usize = 16;
/// Die operation kinds in the timeline: 1 read, 2 program, 3 GC copy, 4 erase.
pub const OP_READ: u8 = 1;
pub const OP_PROGRAM: u8 = 2;
pub const OP_GC_COPY: u8 = 3;
pub const OP_ERASE: u8 = 4;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Event {
    Arrival,
    Completion(u32),
}

#[derive(Debug, Clone, Copy)]
struct InFlight {
    request: Request,
    arrival_ns: u64,
}

/// One reservation of a die, for the timeline.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct DieOp {
    pub start_ns: u64,
    pub end_ns: u64,
    pub kind: u8,
}

#[derive(Debug, Clone)]
pub struct SsdLab {
    pub(super) config: Arc<SsdConfig>,
    pub(super) ftl: Ftl,
    pub(super) timing: Timing,
    pub(super) log: OpLog,
    /// The clock and the future events (arrivals, completions).
    queue: Scheduler<Event>,
    source: Source,
    seed: u64,
    inflight: Vec<Option<InFlight>>,
    free_slots: Vec<u32>,
    pub(super) outstanding: u32,
    arrival_scheduled: bool,
    pub(super) preconditioned: bool,
    pub(super) reference: Vec<u32>,
    /// (op index, lba, version) of every explicit read.
    pub(super) answers: Vec<(u32, u32, u32)>,
    pub(super) base: Counters,
    pub(super) read_latency: LatencyHistogram,
    pub(super) write_latency: LatencyHistogram,
    pub(super) bins: TimeBins,
    pub(super) completed: u64,
    pub(super) bytes_done: u64,
    pub(super) first_arrival_ns: Option<u64>,
    pub(super) last_completion_ns: u64,
    pub(super) timeline: Vec<DieOp>,
    pub(super) timeline_next: Vec<usize>,
    pub(super) checks: CheckState,
}

impl SsdLab {
    /// Builds a lab from a validated configuration (the reproductions use this with devices
    /// larger than a scenario may ask for).
    pub fn from_config(config: SsdConfig, seed: u64) -> Self {
        let g = config.geometry;
        let mut lab = Self {
            ftl: Ftl::new(g, config.ftl),
            timing: Timing::new(config.timing, g.channels, g.dies_per_channel),
            log: Vec::with_capacity(4 * g.pages_per_block as usize),
            queue: Scheduler::new(),
            source: Source::new(seed),
            seed,
            inflight: Vec::new(),
            free_slots: Vec::new(),
            outstanding: 0,
            arrival_scheduled: false,
            preconditioned: config.plan.fill_pages == 0,
            reference: vec![NO_VERSION; g.logical_pages as usize],
            answers: Vec::new(),
            base: Counters::default(),
            read_latency: LatencyHistogram::default(),
            write_latency: LatencyHistogram::default(),
            bins: TimeBins::default(),
            completed: 0,
            bytes_done: 0,
            first_arrival_ns: None,
            last_completion_ns: 0,
            timeline: vec![DieOp::default(); g.dies() as usize * TIMELINE_DEPTH],
            timeline_next: vec![0; g.dies() as usize],
            checks: CheckState::new(g.physical_pages(), g.blocks()),
            config: Arc::new(config),
        };
        lab.schedule_arrival();
        lab
    }

    /// Approximate bytes of a snapshot: the FTL's maps, the reference copy, answers, timeline.
    pub(super) fn approx_bytes(&self) -> u64 {
        (std::mem::size_of::<Self>()
            + self.reference.capacity() * 4
            + self.answers.capacity() * 12
            + self.timeline.capacity() * std::mem::size_of::<DieOp>()) as u64
            + self.ftl.approx_bytes()
    }

    pub fn now_ns(&self) -> u64 {
        self.queue.now_ns()
    }

    pub fn config(&self) -> &SsdConfig {
        &self.config
    }

    pub fn ftl(&self) -> &Ftl {
        &self.ftl
    }

    pub(super) fn step_event(&mut self, trace: &mut TraceSink) -> Result<bool, SimError> {
        if !self.preconditioned {
            self.precondition(trace)?;
            self.checks.untracked_work();
            self.checks.after_step(&self.ftl, self.queue.is_empty());
            return Ok(true);
        }
        let Some((_, event)) = self.queue.pop()? else {
            return Ok(false);
        };
        match event {
            Event::Arrival => self.arrive(trace)?,
            Event::Completion(slot) => self.complete(slot, trace)?,
        }
        self.checks.after_step(&self.ftl, self.queue.is_empty());
        Ok(true)
    }

    fn precondition(&mut self, trace: &mut TraceSink) -> Result<(), SimError> {
        let plan = &self.config.plan;
        for lba in 0..plan.fill_pages {
            self.log.clear();
            self.ftl
                .write(lba, PRECONDITION_VERSION, &mut self.log)
                .map_err(model)?;
            self.reference[lba as usize] = PRECONDITION_VERSION;
        }
        let mut rng = Rng::new(self.seed ^ 0x5EED_0FF1_1100_0001);
        for _ in 0..plan.warmup_writes {
            let lba = rng.below(u64::from(plan.fill_pages)) as u32;
            self.log.clear();
            self.ftl
                .write(lba, PRECONDITION_VERSION, &mut self.log)
                .map_err(model)?;
        }
        self.log.clear();
        self.base = self.ftl.counters;
        self.preconditioned = true;
        trace.emit(
            0,
            events::PRECONDITION,
            [
                plan.fill_pages,
                word(plan.warmup_writes / 1000),
                word(self.base.erases),
                word(self.base.gc_victims),
            ],
        );
        Ok(())
    }

    /// Schedules the next arrival if the queue allows one and none is scheduled. (The plan is
    /// borrowed field by field, not through a clone of the `Arc`: no atomic counts per step.)
    fn schedule_arrival(&mut self) {
        let plan = &self.config.plan;
        if self.arrival_scheduled || self.outstanding >= plan.queue_depth {
            return;
        }
        if let Some(next) = self.source.peek(plan) {
            self.queue
                .schedule(self.now_ns().max(next.at_ns), Event::Arrival);
            self.arrival_scheduled = true;
        }
    }

    fn arrive(&mut self, trace: &mut TraceSink) -> Result<(), SimError> {
        self.arrival_scheduled = false;
        let request = self
            .source
            .take(&self.config.plan)
            .ok_or_else(|| model("an arrival without a request"))?;
        trace.emit(
            self.now_ns(),
            events::ISSUE,
            [
                request.id,
                events::kind_code(request.kind),
                request.lba,
                request.pages,
            ],
        );
        let done_ns = self.serve(&request, trace)?;
        let inflight = InFlight {
            request,
            arrival_ns: self.now_ns(),
        };
        let slot = match self.free_slots.pop() {
            Some(slot) => {
                self.inflight[slot as usize] = Some(inflight);
                slot
            }
            None => {
                self.inflight.push(Some(inflight));
                (self.inflight.len() - 1) as u32
            }
        };
        self.queue.schedule(done_ns, Event::Completion(slot));
        self.outstanding += 1;
        self.first_arrival_ns.get_or_insert(self.now_ns());
        self.schedule_arrival();
        Ok(())
    }

    fn complete(&mut self, slot: u32, trace: &mut TraceSink) -> Result<(), SimError> {
        let f = self
            .inflight
            .get_mut(slot as usize)
            .and_then(Option::take)
            .ok_or_else(|| model(format!("completion of an empty slot {slot}")))?;
        self.free_slots.push(slot);
        self.outstanding -= 1;
        let latency = self.now_ns() - f.arrival_ns;
        let r = f.request;
        match r.kind {
            SsdOpKind::Read => self.read_latency.record(latency),
            SsdOpKind::Write => self.write_latency.record(latency),
            SsdOpKind::Trim => {}
        }
        if r.kind != SsdOpKind::Trim {
            self.bytes_done += u64::from(r.pages) * u64::from(self.config.geometry.page_bytes);
        }
        self.bins.add_latency(self.now_ns(), latency);
        self.completed += 1;
        self.last_completion_ns = self.now_ns();
        trace.emit(
            self.now_ns(),
            events::COMPLETE,
            [r.id, events::kind_code(r.kind), us(latency), r.pages],
        );
        self.schedule_arrival();
        Ok(())
    }

    /// Counters of the measured run (after preconditioning).
    pub fn measured(&self) -> Counters {
        let (c, b) = (self.ftl.counters, self.base);
        Counters {
            host_writes: c.host_writes - b.host_writes,
            flash_programs: c.flash_programs - b.flash_programs,
            relocations: c.relocations - b.relocations,
            erases: c.erases - b.erases,
            gc_victims: c.gc_victims - b.gc_victims,
            wear_moves: c.wear_moves - b.wear_moves,
            trimmed: c.trimmed - b.trimmed,
        }
    }
}
