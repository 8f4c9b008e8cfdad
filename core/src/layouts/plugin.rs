//! The layouts lab's contract with the rest of the program: `LabSpec`, what it says about itself
//! (name, schema, event kinds, the functions that run it, claims, bench cases, calibration,
//! work bound). Its `crate::sim::Lab` is generated from `HOOKS` (`plugin::hooks`).

use schemars::schema::RootSchema;
use serde_json::{Map, Value};

use super::lab::config::parse;
use super::lab::{LayoutsLab, answers, body, checks, events, metrics, pseudocode, view};
use super::{bench, budget, calibration, claims, figures};
use crate::plugin::{
    BenchCase, Claim, Figure, GeneratedBlock, LabHooks, LabSpec, PseudoListing, WorkEstimate,
};
use crate::scenario::ScenarioError;
use crate::sim::{EventKindInfo, TraceEvent};

impl LabSpec for LayoutsLab {
    const NAME: &'static str = "layouts";
    const EVENT_KINDS: &'static [EventKindInfo] = events::EVENT_KINDS;
    const HOOKS: LabHooks<Self> = LabHooks {
        step: Self::step_event,
        now_ns: Self::now_ns,
        check_invariants: checks::check_invariants,
        metrics: metrics::metrics,
        answers: answers::answers,
        view: view::view,
        info: view::info,
        state_bytes: Self::approx_bytes,
    };

    fn pseudocode(&self) -> &'static [PseudoListing] {
        pseudocode::LISTINGS
    }

    fn pseudo_line(&self, event: &TraceEvent) -> Option<&'static str> {
        pseudocode::line_of(self, event)
    }

    /// The work estimates are checked before the tables are generated and the sweep computed
    /// (both happen in `LayoutsLab::new`), so a scenario over budget costs no work to refuse.
    fn from_body(body: Map<String, Value>, seed: u64) -> Result<Self, ScenarioError> {
        let cfg = parse(body)?;
        crate::plugin::work::check(&budget::estimates(&cfg))?;
        LayoutsLab::new(cfg, seed)
    }

    fn body_schema() -> RootSchema {
        schemars::schema_for!(body::LayoutsBody)
    }

    /// Work: the scan of every query's table copy (loading it, its I/O units, blocks, the
    /// oracle and the answer: rows × attributes each), plus the sweep's 2N + 1 shape-only scans
    /// (one row, N column, N PAX) at its own scale. Answer rows: every row of every query at most. State: every query's
    /// table copy and answer.
    fn work_estimates(&self) -> Vec<WorkEstimate> {
        budget::estimates(self.config())
    }

    fn payload_types(generator: &mut schemars::r#gen::SchemaGenerator) {
        generator.subschema_for::<super::lab::payload::LayoutsMeta>();
        generator.subschema_for::<super::lab::payload::LayoutsInfo>();
    }

    fn claims() -> Vec<Claim> {
        claims::claims()
    }

    fn figures() -> Vec<Figure> {
        figures::figures()
    }

    fn bench_cases() -> Vec<BenchCase> {
        bench::cases()
    }

    fn calibration() -> Vec<GeneratedBlock> {
        calibration::blocks()
    }
}
