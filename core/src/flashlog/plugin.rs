//! The flashlog lab's contract with the rest of the program: `LabSpec`, what it says about itself
//! (name, schema, event kinds, the functions that run it, claims, bench cases, calibration,
//! work bound). Its `crate::sim::Lab` is generated from `HOOKS` (`plugin::hooks`).

use schemars::schema::RootSchema;
use serde_json::{Map, Value};

use super::devices::DeviceSpec;
use super::lab::config::{self, LabPlan};
use super::lab::{FlashLogLab, body, checks, curve, events, metrics, pseudocode, view};
use super::{bench, calibration, claims};
use crate::plugin::{
    BenchCase, Budget, Claim, GeneratedBlock, LabHooks, LabSpec, PseudoListing, WorkEstimate,
    work::times,
};
use crate::scenario::ScenarioError;
use crate::sim::{EventKindInfo, TraceEvent};

impl LabSpec for FlashLogLab {
    const NAME: &'static str = "flashlog";
    const EVENT_KINDS: &'static [EventKindInfo] = events::EVENT_KINDS;
    const HOOKS: LabHooks<Self> = LabHooks {
        step: Self::step_event,
        now_ns: Self::now_ns,
        check_invariants: checks::check_invariants,
        metrics: metrics::metrics,
        answers: Self::answers,
        view: view::view,
        info: view::info,
        state_bytes: Self::approx_bytes,
    };

    fn from_body(body: Map<String, Value>, seed: u64) -> Result<Self, ScenarioError> {
        Self::from_plan(config::parse(body, seed)?, seed)
    }

    fn pseudocode(&self) -> &'static [PseudoListing] {
        pseudocode::listings(self)
    }

    fn pseudo_line(&self, event: &TraceEvent) -> Option<&'static str> {
        pseudocode::line_of(self, event)
    }

    fn body_schema() -> RootSchema {
        schemars::schema_for!(body::FlashlogBody)
    }

    /// Logging, per transaction T with at most B log bytes: its commit request, a group timer,
    /// at most three writes (log, re-issued copy, destage) each with a completion and an
    /// outlier check, plus stripe pieces and archive batches (≤ 2 per 512 B of log), and the
    /// recovery merge (one step per stored record, ≤ the writes); plus the throughput curve
    /// that `info()` computes. Append/Pack: each user op may need up to 2 × blocks pack steps
    /// (beyond that the lab stops with an error), each moving ≤ eb pages and checking the
    /// layout (≤ 4096 slots a step, amortised).
    fn work_estimates(&self) -> Vec<WorkEstimate> {
        match &self.plan {
            LabPlan::Logging(p) => {
                let t = p.transactions();
                let log_bytes = times(t, p.max_commit_bytes());
                let blocks = log_bytes / 512 + 1;
                let steps = times(t, 16)
                    .saturating_add(times(blocks, 4))
                    .saturating_add(32)
                    .saturating_add(curve::CURVE_WORK);
                let requests = times(t, 4).saturating_add(blocks);
                let state = times(requests, 160).saturating_add(times(t, 80));
                let field = if p.generated {
                    "workload.generator.transactions"
                } else {
                    "workload.ops"
                };
                vec![
                    WorkEstimate::new(Budget::Work, steps, field),
                    WorkEstimate::new(Budget::AnswerRows, t.saturating_add(1), field),
                    WorkEstimate::new(Budget::StateBytes, state, field),
                ]
            }
            LabPlan::AppendPack(p) => {
                let c = p.config;
                let ops = p.user_ops();
                let steps = times(ops, 2 * u64::from(c.blocks) + 1);
                let slots = u64::from(c.blocks) * u64::from(c.eb_pages);
                let per_step = u64::from(c.eb_pages) + slots.min(4096) + 8;
                let state = times(slots, 8)
                    .saturating_add(times(u64::from(c.logical_pages), 16))
                    .saturating_add(times(ops, 160));
                vec![
                    WorkEstimate::new(Budget::Work, times(steps, per_step), "workload"),
                    WorkEstimate::new(Budget::AnswerRows, ops, "workload.ops"),
                    WorkEstimate::new(Budget::StateBytes, state, "append_pack.blocks"),
                ]
            }
        }
    }

    /// Generators draw from the seed; so do USB drives (their outliers), the HDD (its platter's
    /// starting angle) and a crash (which sectors of a write in flight persisted).
    fn seed_matters(&self) -> bool {
        match &self.plan {
            LabPlan::Logging(p) => {
                p.generated
                    || p.crash.is_some()
                    || p.config
                        .devices
                        .iter()
                        .any(|d| *d != DeviceSpec::SsdPartition)
            }
            LabPlan::AppendPack(p) => matches!(p.workload, config::ApWorkload::Generator { .. }),
        }
    }

    fn payload_types(generator: &mut schemars::r#gen::SchemaGenerator) {
        generator.subschema_for::<super::lab::payload::FlashlogMeta>();
        generator.subschema_for::<super::lab::payload::FlashlogInfo>();
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
