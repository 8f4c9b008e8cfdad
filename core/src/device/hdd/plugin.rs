//! The HDD lab's contract with the rest of the program: `Lab` (how it runs) and `LabSpec` (what
//! it says about itself: name, schema, event kinds, claims, bench case, calibration, work bound).

use schemars::schema::RootSchema;
use serde_json::{Map, Value};

use super::config::parse;
use super::scenario::HddBody;
use super::workload::WorkloadPlan;
use super::{HddLab, bench, calibration, checks, claims, events, metrics, view};
use crate::plugin::{BenchCase, Budget, Claim, GeneratedBlock, LabSpec, WorkEstimate, work::times};
use crate::scenario::ScenarioError;
use crate::sim::{EventKindInfo, InvariantCheck, Lab, LabView, Metric, SimError, TraceSink};

impl Lab for HddLab {
    fn lab_name(&self) -> &'static str {
        Self::NAME
    }

    fn step(&mut self, trace: &mut TraceSink) -> Result<bool, SimError> {
        self.step_event(trace)
    }

    fn now_ns(&self) -> u64 {
        HddLab::now_ns(self)
    }

    fn check_invariants(&self, out: &mut Vec<InvariantCheck>) {
        checks::check(self, out)
    }

    fn metrics(&self) -> Vec<Metric> {
        metrics::metrics(self)
    }

    fn answers(&self) -> Vec<Value> {
        self.answers.to_json_sorted()
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

impl LabSpec for HddLab {
    const NAME: &'static str = "hdd";
    const EVENT_KINDS: &'static [EventKindInfo] = events::EVENT_KINDS;

    fn from_body(body: Map<String, Value>, seed: u64) -> Result<Self, ScenarioError> {
        Ok(Self::new(parse(body)?, seed))
    }

    fn body_schema() -> RootSchema {
        schemars::schema_for!(HddBody)
    }

    /// Each request is two steps (arrival, completion); each explicit read answers one row
    /// (generated requests answer nothing).
    fn work_estimates(&self) -> Vec<WorkEstimate> {
        let workload = &self.config().workload;
        let requests = workload.total_requests();
        let answered = match workload {
            WorkloadPlan::Ops(ops) => ops.len() as u64,
            WorkloadPlan::Generator(_) => 0,
        };
        vec![
            WorkEstimate::new(Budget::Work, times(requests, 2), "workload"),
            WorkEstimate::new(Budget::AnswerRows, answered, "workload.ops"),
            WorkEstimate::new(
                Budget::StateBytes,
                times(
                    answered,
                    std::mem::size_of::<super::answers::ReadAnswer>() as u64,
                ),
                "workload",
            ),
        ]
    }

    fn payload_types(generator: &mut schemars::r#gen::SchemaGenerator) {
        generator.subschema_for::<super::payload::HddMeta>();
        generator.subschema_for::<super::payload::HddInfo>();
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
