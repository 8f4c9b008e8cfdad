//! The IPA lab's contract with the rest of the program: `LabSpec`, what it says about itself
//! (name, schema, event kinds, the functions that run it, claims, bench cases, calibration,
//! work bound). Its `crate::sim::Lab` is generated from `HOOKS` (`plugin::hooks`).

use schemars::schema::RootSchema;
use serde_json::{Map, Value};

use super::flash::Flash;
use super::lab::config::{self, PlannedOp};
use super::lab::{IpaLab, body, cells, checks, events, metrics, pseudocode, view};
use super::{bench, calibration, claims};
use crate::plugin::{
    BenchCase, Budget, Claim, GeneratedBlock, LabHooks, LabSpec, PseudoListing, WorkEstimate,
    work::times,
};
use crate::scenario::ScenarioError;
use crate::sim::{EventKindInfo, TraceEvent};

impl LabSpec for IpaLab {
    const NAME: &'static str = "ipa";
    const EVENT_KINDS: &'static [EventKindInfo] = events::EVENT_KINDS;
    const HOOKS: LabHooks<Self> = LabHooks {
        step: Self::step_event,
        now_ns: Self::now_ns,
        check_invariants: checks::check_invariants,
        metrics: metrics::metrics,
        answers: |lab| lab.answers.clone(),
        view: view::view,
        info: view::info,
        state_bytes: Self::approx_bytes,
    };

    fn from_body(body: Map<String, Value>, seed: u64) -> Result<Self, ScenarioError> {
        Self::from_config(config::parse(body, seed)?, seed)
    }

    fn pseudocode(&self) -> &'static [PseudoListing] {
        pseudocode::LISTINGS
    }

    fn pseudo_line(&self, event: &TraceEvent) -> Option<&'static str> {
        pseudocode::line_of(event)
    }

    fn body_schema() -> RootSchema {
        schemars::schema_for!(body::IpaBody)
    }

    /// Steps: one per op plus background GC. Host page writes W are at most one per op that
    /// dirties a page, doubled for each crash's log replay; each GC erase needs at least half a
    /// block of invalid pages (`NoFtl::background_gc_due`) or is forced by a full device, so
    /// erases ≤ 2W/u + blocks, each with ≤ u migrations. Per step: a fetch, write-backs and the
    /// checks' page reads (≈ 4 pages, word-wise) plus a scan of the block table; compare
    /// doubles it (the larger of the IPA store's and the out-of-place store's work). Each region of `device.regions` is bounded the same way as if every op ran
    /// on it (a checkpoint or crash does), and the sum is the work. On the cell model
    /// (`params.flash_model: cells`) the programs, senses and erases touch every cell of
    /// their pages (`lab::cells::cell_work`).
    fn work_estimates(&self) -> Vec<WorkEstimate> {
        let cfg = &self.cfg;
        let ops = cfg.ops.len() as u64;
        let crashes = cfg
            .ops
            .iter()
            .filter(|o| matches!(o, PlannedOp::Crash))
            .count() as u64;
        let region_work = |store: &super::IpaStore| {
            let s = &store.cfg;
            let u = (store.ftl.usable_pages.len() as u64).max(1);
            let blocks = s.blocks as u64;
            let writes = times(ops, 1 + crashes).saturating_add(s.buffer_frames as u64);
            let erases = (2 * writes / u).saturating_add(blocks);
            let steps = ops.saturating_add(times(erases, u + 1));
            // Page work is word-wise (copies, compares): 4 page touches of page_bytes / 8 words.
            let per_step = (s.page_bytes as u64 / 2).saturating_add(times(blocks, u));
            let cells = match &store.ftl.flash {
                Flash::Cells(n) => cells::cell_work(n, s, (writes, erases, steps), u),
                Flash::Bytes(_) => 0,
            };
            times(steps, per_step).saturating_add(cells)
        };
        // Compare doubles the work, bounded by the larger store: the out-of-place side as built
        // has no C.2 pairs, so its flash pages can be twice the IPA side's.
        let main = region_work(&self.store);
        let race = self
            .compare
            .as_ref()
            .map_or(0, |c| region_work(&c.oop).max(main));
        let work = self
            .regions
            .iter()
            .fold(main.saturating_add(race), |sum, r| {
                sum.saturating_add(region_work(&r.store))
            });
        let s = &cfg.store;
        let field = if cfg.generated {
            "workload.generator.transactions"
        } else {
            "workload.ops"
        };
        let rows = cfg
            .ops
            .iter()
            .filter(|o| matches!(o, PlannedOp::Get { .. }))
            .count() as u64;
        // The flash arrays are allocated up front; the log, the map and the answers grow with
        // the ops (≤ 96 + 96 + 128 bytes per op, doubled across a crash's replay).
        let regions = 1 + self.regions.len() as u64;
        let state = self
            .approx_bytes()
            .saturating_add(times(ops, 640))
            .saturating_add(times(
                times(s.buffer_frames as u64, 2 * s.page_bytes as u64),
                regions,
            ));
        vec![
            WorkEstimate::new(Budget::Work, work, field),
            WorkEstimate::new(Budget::AnswerRows, rows, field),
            WorkEstimate::new(Budget::StateBytes, state, "device.blocks"),
        ]
    }

    /// Only a generator draws from the seed (the zoom's cell thresholds do too, but they are
    /// computed for the view, not the trace), and the cell model's draws on `cells`.
    fn seed_matters(&self) -> bool {
        self.cfg.generated || self.cfg.flash_model == body::IpaFlashModel::Cells
    }

    fn payload_types(generator: &mut schemars::r#gen::SchemaGenerator) {
        generator.subschema_for::<super::lab::payload::IpaMeta>();
        generator.subschema_for::<super::lab::payload::IpaInfo>();
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
