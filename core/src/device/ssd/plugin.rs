//! The SSD lab's contract with the rest of the program: `LabSpec`, what it says about itself
//! (name, schema, event kinds, the functions that run it, claims, bench cases, calibration,
//! work bound). Its `crate::sim::Lab` is generated from `HOOKS` (`plugin::hooks`).

use schemars::schema::RootSchema;
use serde_json::{Map, Value};

use super::config::{SourceSpec, parse};
use super::lab::body::{SsdBody, SsdPattern};
use super::lab::{answers, checks, events, metrics, pseudocode, view};
use super::{SsdLab, bench, calibration, claims, figures};
use crate::plugin::{
    BenchCase, Budget, Claim, Figure, GeneratedBlock, LabHooks, LabSpec, PseudoListing,
    WorkEstimate, work::times,
};
use crate::scenario::ScenarioError;
use crate::sim::{EventKindInfo, TraceEvent};

impl LabSpec for SsdLab {
    const NAME: &'static str = "ssd";
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

    fn from_body(body: Map<String, Value>, seed: u64) -> Result<Self, ScenarioError> {
        Ok(Self::from_config(parse(body)?, seed))
    }

    fn pseudocode(&self) -> &'static [PseudoListing] {
        pseudocode::LISTINGS
    }

    fn pseudo_line(&self, event: &TraceEvent) -> Option<&'static str> {
        pseudocode::line_of(event)
    }

    fn body_schema() -> RootSchema {
        schemars::schema_for!(SsdBody)
    }

    /// Steps: two per request, plus every page the preconditioning writes inside its one step
    /// and every page a request moves. State: the FTL's maps and the reference copy.
    fn work_estimates(&self) -> Vec<WorkEstimate> {
        let config = self.config();
        let plan = &config.plan;
        // Only explicit reads are answered (a generated read has no op index to answer).
        let (requests, request_pages, reads) = match &plan.source {
            SourceSpec::Ops(ops) => (
                ops.len() as u64,
                ops.iter().map(|op| u64::from(op.count)).sum::<u64>(),
                ops.len() as u64,
            ),
            SourceSpec::Generator(g) => {
                (g.requests, times(g.requests, u64::from(g.request_pages)), 0)
            }
        };
        let precondition = u64::from(plan.fill_pages).saturating_add(plan.warmup_writes);
        let steps = times(requests, 2)
            .saturating_add(request_pages)
            .saturating_add(precondition);
        let g = &config.geometry;
        let map_bytes = times(u64::from(g.physical_pages()), 16)
            .saturating_add(times(u64::from(g.logical_pages), 8));
        vec![
            WorkEstimate::new(Budget::Work, steps, "workload"),
            WorkEstimate::new(Budget::AnswerRows, reads, "workload"),
            WorkEstimate::new(Budget::StateBytes, map_bytes, "device"),
        ]
    }

    /// The seed drives random addresses, the read/trim/write draw and the warm-up writes;
    /// explicit ops, or sequential writes only, on an empty or plainly filled device do not use it.
    fn seed_matters(&self) -> bool {
        let plan = &self.config().plan;
        let generator_draws = match &plan.source {
            SourceSpec::Ops(_) => false,
            SourceSpec::Generator(g) => {
                g.pattern != SsdPattern::Sequential
                    || g.read_fraction > 0.0
                    || g.trim_fraction > 0.0
            }
        };
        generator_draws || plan.warmup_writes > 0
    }

    fn payload_types(generator: &mut schemars::r#gen::SchemaGenerator) {
        generator.subschema_for::<super::lab::payload::SsdMeta>();
        generator.subschema_for::<super::lab::payload::SsdInfo>();
    }

    fn claims() -> Vec<Claim> {
        claims::claims()
    }

    // The SSD model is built into every group; this hook (and its figure code) is reached only
    // through a registry that has the SSD lab, so the other groups link none of it.
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
