//! The MaSM lab's contract with the rest of the program: `LabSpec`, what it says about itself
//! (name, schema, event kinds, the functions that run it, claims, bench cases, calibration,
//! work bound). Its `crate::sim::Lab` is generated from `HOOKS` (`plugin::hooks`).

use schemars::schema::RootSchema;
use serde_json::{Map, Value};

use super::lab::workload::PlannedKind;
use super::lab::{
    ANSWER_ROW_BYTES, MasmLab, body, checks, config, events, metrics, plan_bytes, pseudocode, view,
};
use super::{bench, calibration, claims, figures};
use crate::plugin::{
    BenchCase, Budget, Claim, Figure, GeneratedBlock, LabHooks, LabSpec, PseudoListing,
    WorkEstimate, work::times,
};
use crate::scenario::ScenarioError;
use crate::sim::{EventKindInfo, TraceEvent};

impl LabSpec for MasmLab {
    const NAME: &'static str = "masm";
    const EVENT_KINDS: &'static [EventKindInfo] = events::EVENT_KINDS;
    const HOOKS: LabHooks<Self> = LabHooks {
        step: Self::step_event,
        now_ns: Self::now_ns,
        check_invariants: checks::check_invariants,
        metrics: metrics::metrics,
        answers: |lab| lab.answers.values().cloned().collect(),
        view: view::view,
        info: view::info,
        state_bytes: Self::approx_bytes,
    };

    fn from_body(body: Map<String, Value>, seed: u64) -> Result<Self, ScenarioError> {
        Self::from_config(config::parse(body, seed)?)
    }

    fn pseudocode(&self) -> &'static [PseudoListing] {
        pseudocode::LISTINGS
    }

    fn pseudo_line(&self, event: &TraceEvent) -> Option<&'static str> {
        pseudocode::line_of(event)
    }

    fn body_schema() -> RootSchema {
        schemars::schema_for!(body::MasmBody)
    }

    /// Rows: a scan answers at most every key of its range. Steps: three per op (arrival,
    /// completion, a merge), every flushed page, and every table page of every migration (at
    /// most one per explicit `migrate` and one per threshold's worth of flushed pages, plus one).
    fn work_estimates(&self) -> Vec<WorkEstimate> {
        let cfg = self.config();
        let key_space = cfg.masm.key_space;
        let (mut rows, mut updates, mut migrates) = (0u64, 0u64, 0u64);
        for op in &cfg.ops {
            match op.kind {
                PlannedKind::Scan { from, to } => {
                    let span = to.saturating_sub(from).saturating_add(1).min(key_space);
                    rows = rows.saturating_add(span);
                }
                PlannedKind::Migrate => migrates += 1,
                ref kind if kind.update().is_some() => updates += 1,
                _ => {}
            }
        }
        let page_bytes = cfg.io.page_bytes.max(1);
        let flush_pages = times(updates, cfg.record_bytes) / page_bytes + 1;
        let threshold = cfg.migration_threshold_pages.max(1);
        let migrations = migrates + flush_pages / threshold + 1;
        let table_pages = key_space.div_ceil(cfg.masm.keys_per_table_page.max(1));
        let steps = times(cfg.ops.len() as u64, 3)
            .saturating_add(flush_pages)
            .saturating_add(times(migrations, table_pages + 1));
        let state = times(rows, ANSWER_ROW_BYTES).saturating_add(plan_bytes(cfg));
        vec![
            WorkEstimate::new(Budget::Work, steps, "workload"),
            WorkEstimate::new(Budget::AnswerRows, rows, "workload"),
            WorkEstimate::new(Budget::StateBytes, state, "workload"),
        ]
    }

    /// Only a generator draws from the seed; MaSM's devices are timed without noise.
    fn seed_matters(&self) -> bool {
        self.config().generated
    }

    fn payload_types(generator: &mut schemars::r#gen::SchemaGenerator) {
        generator.subschema_for::<super::lab::payload::MasmMeta>();
        generator.subschema_for::<super::lab::payload::MasmInfo>();
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
