//! The HDD lab's contract with the rest of the program: `LabSpec`, what it says about itself
//! (name, schema, event kinds, the functions that run it, claims, bench cases, calibration,
//! work bound). Its `crate::sim::Lab` is generated from `HOOKS` (`plugin::hooks`).

use schemars::schema::RootSchema;
use serde_json::{Map, Value};

use super::lab::body::HddBody;
use super::lab::config::parse;
use super::lab::workload::WorkloadPlan;
use super::lab::{checks, events, metrics, pseudocode, view};
use super::{HddLab, bench, calibration, claims};
use crate::plugin::{
    BenchCase, Budget, Claim, GeneratedBlock, LabHooks, LabSpec, WorkEstimate, work::times,
};
use crate::scenario::ScenarioError;
use crate::sim::{EventKindInfo, TraceEvent};

impl LabSpec for HddLab {
    const NAME: &'static str = "hdd";
    const EVENT_KINDS: &'static [EventKindInfo] = events::EVENT_KINDS;
    const HOOKS: LabHooks<Self> = LabHooks {
        step: Self::step_event,
        now_ns: Self::now_ns,
        check_invariants: checks::check_invariants,
        metrics: metrics::metrics,
        answers: |lab| lab.answers.to_json_sorted(),
        view: view::view,
        info: view::info,
        state_bytes: Self::approx_bytes,
    };

    fn pseudocode(&self) -> &'static [crate::plugin::PseudoListing] {
        pseudocode::LISTINGS
    }

    fn pseudo_line(&self, event: &TraceEvent) -> Option<&'static str> {
        pseudocode::line_of(event)
    }

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
                    std::mem::size_of::<super::lab::answers::ReadAnswer>() as u64,
                ),
                "workload",
            ),
        ]
    }

    fn payload_types(generator: &mut schemars::r#gen::SchemaGenerator) {
        generator.subschema_for::<super::lab::payload::HddMeta>();
        generator.subschema_for::<super::lab::payload::HddInfo>();
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
