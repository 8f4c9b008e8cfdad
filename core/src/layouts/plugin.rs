//! The layouts lab's contract with the rest of the program: `LabSpec`, what it says about itself
//! (name, schema, event kinds, the functions that run it, claims, bench cases, calibration,
//! work bound). Its `crate::sim::Lab` is generated from `HOOKS` (`plugin::hooks`).

use schemars::schema::RootSchema;
use serde_json::{Map, Value};

use super::lab::config::{LayoutsConfig, parse};
use super::lab::{LayoutsLab, answers, body, checks, events, metrics, view};
use super::pages::StoredTable;
use super::schema::Schema;
use super::settings::AccessPath;
use super::{bench, calibration, claims, figures};
use crate::plugin::{
    BenchCase, Budget, Claim, Figure, GeneratedBlock, LabHooks, LabSpec, WorkEstimate, work::times,
};
use crate::scenario::ScenarioError;
use crate::sim::EventKindInfo;

/// Work of scanning a table of `rows` rows in `cfg`'s layout with I/O unit `unit`: every needed
/// unit (at most the file bytes over the unit, plus one per page for straddles and the plan's
/// per-page draws, except for an NSM/PAX file read whole, whose units the plan computes
/// without a page list: `plan::Needed::All`), every output block, and the oracle's and the
/// answer's per-value work.
fn scan_work(cfg: &LayoutsConfig, rows: u64, unit: u64, layout: super::Layout) -> u64 {
    let schema = Schema::of(cfg.kind);
    let Ok(shape) = StoredTable::shape_only(&schema, rows, layout, cfg.page_bytes) else {
        return u64::MAX;
    };
    let unit = match cfg.settings.access {
        AccessPath::FullScan => unit,
        AccessPath::Index { .. } => unit.min(u64::from(cfg.page_bytes)),
    };
    let whole = layout != super::Layout::Dsm && cfg.settings.access == AccessPath::FullScan;
    let files: u64 = shape
        .files
        .iter()
        .map(|f| f.bytes() / unit.max(1) + if whole { 0 } else { 2 * f.page_count } + 4)
        .sum();
    let index = (rows as f64 * super::lab::config::INDEX_ENTRY_BYTES) as u64
        / u64::from(cfg.page_bytes)
        + 4;
    files + index + rows / cfg.settings.block_rows.max(1) + 2
}

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

    /// The work estimates are checked before the tables are generated and the sweep computed
    /// (both happen in `LayoutsLab::new`), so a scenario over budget costs no work to refuse.
    fn from_body(body: Map<String, Value>, seed: u64) -> Result<Self, ScenarioError> {
        let cfg = parse(body)?;
        crate::plugin::work::check(&estimates(&cfg))?;
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
        estimates(self.config())
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

/// Whether a parsed configuration is within the lab's work budget (what the loader accepts).
pub fn within_budget(cfg: &LayoutsConfig) -> bool {
    crate::plugin::work::check(&estimates(cfg)).is_ok()
}

/// `LabSpec::work_estimates` of a parsed configuration (see there).
fn estimates(cfg: &LayoutsConfig) -> Vec<WorkEstimate> {
    let n = cfg.queries.len() as u64;
    let cols = Schema::of(cfg.kind).columns.len() as u64;
    let per_query = scan_work(cfg, cfg.rows, cfg.settings.io_unit_bytes, cfg.layout)
        .saturating_add(times(cfg.rows, 3 * cols));
    let mut work = times(n, per_query);
    if let Some(s) = &cfg.sweep {
        let row = scan_work(cfg, s.rows, s.settings.io_unit_bytes, super::Layout::Nsm);
        let column = scan_work(cfg, s.rows, s.settings.io_unit_bytes, super::Layout::Dsm);
        let pax = scan_work(cfg, s.rows, s.settings.io_unit_bytes, super::Layout::Pax);
        work = work
            .saturating_add(row)
            .saturating_add(times(cols, column.saturating_add(pax)));
    }
    let table_bytes = times(cfg.rows, u64::from(Schema::of(cfg.kind).tuple_bytes())) * 2;
    let answer_bytes = times(cfg.rows, 32 + 8 * cols);
    let state = times(n, table_bytes.saturating_add(answer_bytes));
    let field = if cfg.sweep.is_some() && work > times(n, per_query) * 4 {
        "sweep.rows"
    } else {
        "table.rows"
    };
    vec![
        WorkEstimate::new(Budget::Work, work, field),
        WorkEstimate::new(Budget::AnswerRows, times(n, cfg.rows), "table.rows"),
        WorkEstimate::new(Budget::StateBytes, state, "table.rows"),
    ]
}
