//! The FD+tree lab's contract with the rest of the program: `Lab` (how it runs) and `LabSpec`
//! (name, schema, event kinds, claims, bench cases, calibration, work bound).

use schemars::schema::RootSchema;
use serde_json::{Map, Value};

use super::lab::{FdLab, body, checks, config, events, view};
use super::{bench, calibration, claims};
use crate::plugin::{BenchCase, Budget, Claim, GeneratedBlock, LabSpec, WorkEstimate, work::times};
use crate::scenario::ScenarioError;
use crate::sim::{
    Answer, EventKindInfo, InvariantCheck, Lab, LabView, Metric, SimError, TraceSink,
};

impl Lab for FdLab {
    fn lab_name(&self) -> &'static str {
        Self::NAME
    }

    fn step(&mut self, trace: &mut TraceSink) -> Result<bool, SimError> {
        self.step_event(trace)
    }

    fn now_ns(&self) -> u64 {
        FdLab::now_ns(self)
    }

    fn check_invariants(&self) -> Vec<InvariantCheck> {
        checks::report(self)
    }

    fn metrics(&self) -> Vec<Metric> {
        super::lab::metrics::metrics(self)
    }

    fn answers(&self) -> Vec<Answer> {
        self.answers.values().cloned().collect()
    }

    fn view(&self) -> LabView {
        view::view(self)
    }

    fn info(&self) -> Value {
        view::info(self)
    }

    fn state_bytes(&self) -> u64 {
        self.approx_bytes()
    }
}

impl LabSpec for FdLab {
    const NAME: &'static str = "fdtree";
    const EVENT_KINDS: &'static [EventKindInfo] = events::EVENT_KINDS;

    fn from_body(body: Map<String, Value>, seed: u64) -> Result<Self, ScenarioError> {
        Self::from_config(config::parse(body, seed)?)
    }

    fn body_schema() -> RootSchema {
        schemars::schema_for!(body::FdtreeBody)
    }

    /// Events: per op at most a start, a lock grant per level plus the L0 mutex, a slot wait and
    /// a completion; per merge step one event plus the latch hand-offs of the blocks it
    /// reclaims. Every entry the ops bring (plus the preload) is read and written at most once
    /// per level of the tree per merge it takes part in: bounded by (entries) × height, with
    /// height ≤ log_γ(entries) + 2. Work counts the invariant checks' block walks too. Rows: a
    /// range answers at most every key present.
    fn work_estimates(&self) -> Vec<WorkEstimate> {
        let cfg = self.config();
        let ops = cfg.total_ops as u64;
        let entries = ops + cfg.preload.len() as u64 + 1;
        let beta = cfg.fd.beta_entries as u64;
        let mut height = 2u64;
        let mut cap = cfg.fd.kappa0_blocks * beta;
        while cap < entries {
            cap = cap.saturating_mul(cfg.fd.gamma);
            height += 1;
        }
        let blocks = entries.div_ceil(beta.max(1)) * 2 + height;
        let merge_steps = times(times(blocks, height), 4);
        let op_events = times(ops, height + 6);
        let steps = op_events.saturating_add(merge_steps).saturating_add(64);
        let checks_work = times(steps / checks::SPARSE_EVERY + 1, times(blocks, beta))
            .saturating_add(times(steps, checks::FULL_CHECK_BLOCKS.min(blocks) * beta));
        let compare = if cfg.compare { 4 } else { 1 };
        let work = times(steps, compare).saturating_add(checks_work);
        let ranges = cfg
            .clients
            .iter()
            .flatten()
            .filter(|(op, _)| matches!(op, crate::fdtree::workload::Op::Range { .. }))
            .count() as u64;
        let rows = times(ranges, entries);
        let state = times(blocks, beta * 24 + 48)
            .saturating_add(times(ops, 200))
            .saturating_add(times(rows, 48))
            .saturating_add(times(merge_steps, 16));
        vec![
            WorkEstimate::new(Budget::Work, work, "workload"),
            WorkEstimate::new(Budget::AnswerRows, rows, "workload.ops"),
            WorkEstimate::new(Budget::StateBytes, state, "workload"),
        ]
    }

    /// Only a generator draws from the seed; explicit ops on the cost model are noise-free.
    fn seed_matters(&self) -> bool {
        self.config().generated
    }

    fn payload_types(generator: &mut schemars::r#gen::SchemaGenerator) {
        generator.subschema_for::<super::lab::payload::FdtreeMeta>();
        generator.subschema_for::<super::lab::payload::FdtreeInfo>();
    }

    fn claims() -> Vec<Claim> {
        claims::claims()
    }

    fn bench_cases() -> Vec<BenchCase> {
        bench::cases()
    }

    fn calibration() -> Vec<GeneratedBlock> {
        calibration::blocks()
    }
}
