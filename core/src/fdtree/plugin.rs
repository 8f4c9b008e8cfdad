//! The FD+tree lab's contract with the rest of the program: `LabSpec`, what it says about itself
//! (name, schema, event kinds, the functions that run it, claims, bench cases, calibration,
//! work bound). Its `crate::sim::Lab` is generated from `HOOKS` (`plugin::hooks`).

use schemars::schema::RootSchema;
use serde_json::{Map, Value};

use super::lab::{FdLab, body, checks, config, events, metrics, pseudocode, view};
use super::{bench, calibration, claims, figures};
use crate::plugin::{
    BenchCase, Budget, Claim, Figure, GeneratedBlock, LabHooks, LabSpec, PseudoListing,
    WorkEstimate, work::times,
};
use crate::scenario::ScenarioError;
use crate::sim::{EventKindInfo, TraceEvent};

impl LabSpec for FdLab {
    const NAME: &'static str = "fdtree";
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

    fn body_schema() -> RootSchema {
        schemars::schema_for!(body::FdtreeBody)
    }

    fn pseudocode(&self) -> &'static [PseudoListing] {
        pseudocode::listings(self)
    }

    fn pseudo_line(&self, event: &TraceEvent) -> Option<&'static str> {
        pseudocode::line_of(self, event)
    }

    /// Steps: per op at most a start, a lock grant per level plus the L0 mutex, a slot wait and
    /// a completion (height + 6); per merge block read or written about three events (its I/O
    /// delay, a latch hand-off, the next step). Merge blocks: the ops' own entries are
    /// rewritten at most γ times per level (leveled merging), 2·ops/β blocks × height × γ,
    /// plus two rewrites of the whole tree (full merges) of `blocks` ≤ 2·entries/β + height.
    /// The preload is settled untimed at build: its merges are work, not steps. Work adds the
    /// amortized tree check (`CHECK_ENTRIES_PER_STEP` entries per step) and, with `compare`,
    /// three more runs without checks. Rows: a range answers at most every key. On the SSD
    /// (`cost: ssd`) each run also has its drive, sized by `conc::device::capacity_for`: its
    /// maps are state, and writing the preload's blocks to it is work.
    fn work_estimates(&self) -> Vec<WorkEstimate> {
        /// The FTL's maps and per-block state per physical page (l2p, p2l, version, blocks).
        const DEVICE_BYTES_PER_PAGE: u64 = 24;
        let cfg = self.config();
        let ops = cfg.total_ops as u64;
        let entries = ops + cfg.preload.len() as u64 + 1;
        let beta = cfg.fd.beta_entries as u64;
        let gamma = cfg.fd.gamma;
        let mut height = 2u64;
        let mut cap = cfg.fd.kappa0_blocks * beta;
        while cap < entries {
            cap = cap.saturating_mul(gamma);
            height += 1;
        }
        let blocks = entries.div_ceil(beta.max(1)) * 2 + height;
        let op_blocks = (2 * ops).div_ceil(beta.max(1)) + height;
        let merge_blocks = times(times(op_blocks, height), gamma).saturating_add(2 * blocks);
        let preload_work = times(times(times(blocks, height), gamma), beta);
        // The harness adds a worker's idle wake-up per request (`conc::harness`).
        let per_op = height + 6 + u64::from(cfg.harness.is_some());
        let steps = times(ops, per_op)
            .saturating_add(times(merge_blocks, 3))
            .saturating_add(64);
        let checks_work = times(steps, checks::CHECK_ENTRIES_PER_STEP);
        let runs = if cfg.compare { 4 } else { 1 };
        let work = times(steps, runs)
            .saturating_add(checks_work)
            .saturating_add(times(preload_work, runs));
        let ranges = cfg
            .clients
            .iter()
            .flatten()
            .filter(|(op, _)| matches!(op, crate::fdtree::workload::Op::Range { .. }))
            .count() as u64;
        let rows = times(ranges, entries);
        let device_pages = if cfg.device.is_some() {
            let mods = ops;
            let cap =
                crate::fdtree::conc::device::capacity_for(blocks, blocks, mods, beta as usize);
            // Every run has its drive (the compare view's B+tree one more); the smallest
            // drive has 8 blocks per plane (`TimedSsd::sized_for`).
            times(cap + 10 * 8 * 128, runs + u64::from(cfg.compare))
        } else {
            0
        };
        let work = work.saturating_add(device_pages);
        let state = times(blocks, beta * 24 + 48)
            .saturating_add(times(ops, 200))
            .saturating_add(times(rows, 48))
            .saturating_add(times(merge_blocks, 16))
            .saturating_add(times(device_pages, DEVICE_BYTES_PER_PAGE));
        vec![
            WorkEstimate::new(Budget::Work, work, "workload"),
            WorkEstimate::new(Budget::AnswerRows, rows, "workload.ops"),
            WorkEstimate::new(Budget::StateBytes, state, "workload"),
        ]
    }

    /// Only a generator draws from the seed; explicit ops on the cost model are noise-free.
    fn seed_matters(&self) -> bool {
        self.config().generated
    }

    fn payload_types(generator: &mut schemars::r#gen::SchemaGenerator) {
        generator.subschema_for::<super::lab::payload::FdtreeMeta>();
        generator.subschema_for::<super::lab::payload::FdtreeInfo>();
    }

    fn op_history(&self) -> Option<Vec<Value>> {
        Some(self.history_json())
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
