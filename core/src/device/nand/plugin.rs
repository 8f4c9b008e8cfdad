//! The NAND lab's contract with the rest of the program: `LabSpec`, what it says about itself
//! (name, schema, event kinds, the functions that run it, claims, bench cases, calibration,
//! work bound). Its `crate::sim::Lab` is generated from `HOOKS` (`plugin::hooks`).

use schemars::schema::RootSchema;
use serde_json::{Map, Value};

use super::lab::body::NandBody;
use super::lab::{checks, events, metrics, pseudocode, view};
use super::{NandLab, bench, calibration, claims};
use crate::plugin::{
    BenchCase, Budget, Claim, GeneratedBlock, LabHooks, LabSpec, PseudoListing, WorkEstimate,
    work::times,
};
use crate::scenario::ScenarioError;
use crate::sim::{EventKindInfo, TraceEvent};

impl LabSpec for NandLab {
    const NAME: &'static str = "nand";
    const EVENT_KINDS: &'static [EventKindInfo] = events::EVENT_KINDS;
    const HOOKS: LabHooks<Self> = LabHooks {
        step: Self::step_once,
        now_ns: Self::now_ns,
        check_invariants: checks::check_invariants,
        metrics: metrics::metrics,
        answers: Self::answer_list,
        view: view::view,
        info: view::info,
        state_bytes: Self::approx_bytes,
    };

    fn from_body(body: Map<String, Value>, seed: u64) -> Result<Self, ScenarioError> {
        Self::build_from_body(body, seed)
    }

    fn pseudocode(&self) -> &'static [PseudoListing] {
        pseudocode::LISTINGS
    }

    fn pseudo_line(&self, event: &TraceEvent) -> Option<&'static str> {
        pseudocode::line_of(event)
    }

    fn body_schema() -> RootSchema {
        schemars::schema_for!(NandBody)
    }

    /// Work: cell updates (a program is one step per ISPP pulse, each over a wordline's cells; an
    /// erase touches every cell). Each read answers one row. State: the cells, fixed by `device`.
    fn work_estimates(&self) -> Vec<WorkEstimate> {
        let (ops, cells_per_op) = self.ops_and_cells_per_op();
        let work = times(ops, cells_per_op);
        vec![
            WorkEstimate::new(Budget::Work, work, "workload.ops"),
            WorkEstimate::new(Budget::AnswerRows, ops, "workload.ops"),
            WorkEstimate::new(Budget::StateBytes, self.approx_bytes(), "device"),
        ]
    }

    fn payload_types(generator: &mut schemars::r#gen::SchemaGenerator) {
        generator.subschema_for::<super::lab::payload::NandMeta>();
        generator.subschema_for::<super::lab::payload::NandInfo>();
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
