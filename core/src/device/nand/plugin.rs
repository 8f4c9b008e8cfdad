//! The NAND lab's contract with the rest of the program: `Lab` (how it runs) and `LabSpec` (what
//! it says about itself: name, schema, event kinds, claims, calibration, work bound).

use schemars::schema::RootSchema;
use serde_json::{Map, Value};

use super::lab::body::NandBody;
use super::lab::events;
use super::{NandLab, calibration, claims};
use crate::plugin::{Budget, Claim, GeneratedBlock, LabSpec, WorkEstimate, work::times};
use crate::scenario::ScenarioError;
use crate::sim::{
    Answer, EventKindInfo, InvariantCheck, Lab, LabView, Metric, SimError, TraceSink,
};

impl Lab for NandLab {
    fn lab_name(&self) -> &'static str {
        Self::NAME
    }

    fn step(&mut self, trace: &mut TraceSink) -> Result<bool, SimError> {
        self.step_once(trace)
    }

    fn now_ns(&self) -> u64 {
        self.now_ns()
    }

    fn check_invariants(&self, out: &mut Vec<InvariantCheck>) {
        self.invariant_checks(out)
    }

    fn metrics(&self) -> Vec<Metric> {
        self.metric_list()
    }

    fn answers(&self) -> Vec<Answer> {
        self.answer_list()
    }

    fn view(&self) -> LabView {
        self.lab_view()
    }

    fn info(&self) -> Value {
        self.lab_info()
    }

    fn state_bytes(&self) -> u64 {
        self.approx_bytes()
    }
}

impl LabSpec for NandLab {
    const NAME: &'static str = "nand";
    const EVENT_KINDS: &'static [EventKindInfo] = events::KINDS;

    fn from_body(body: Map<String, Value>, seed: u64) -> Result<Self, ScenarioError> {
        Self::build_from_body(body, seed)
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

    fn calibration() -> Vec<GeneratedBlock> {
        calibration::blocks()
    }
}
