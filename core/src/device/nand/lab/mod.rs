//! The NAND lab: one small block of cells, programmed by ISPP one pulse per step so the UI can
//! animate the Vpgm staircase and the cells rising to their verify levels.
//!
//! 1. `from_body` parses the scenario (`body`), builds the preset (with overrides) and the block,
//!    and range-checks every op against the block's shape (`validate`); the model's RBER-vs-P/E
//!    curve (`curve`) is computed on the first view and shared by every keyframe.
//! 2. `step` (`exec`, `effects`): while a program or append is in progress, one step is one ISPP
//!    pulse plus its verify; otherwise one step runs the next op whole (read, erase, cycle,
//!    retention, set_ispp) or starts a program (checks, then the first pulse comes on the next
//!    step). Refused ops emit a `refused_*` event naming the reason and the run goes on.
//! 3. `checks`: invariants after every step; `metrics`; `view`: meta, series and info.
//!
//! Answers: one per `read` op, `{op, kind: "read", page, bits (hex), bit_errors, bits_total,
//! pe_cycles, latency_us}`.

mod bits;
pub mod body;
pub mod checks;
pub mod curve;
mod effects;
pub mod events;
mod exec;
pub mod metrics;
pub mod payload;
pub mod pseudocode;
mod validate;
pub mod view;

use std::sync::{Arc, OnceLock};

use serde_json::{Map, Value};

use super::block::Block;
use super::ispp::IsppRun;
use super::preset::NandConfig;
use crate::scenario::{ScenarioError, check_range};
use crate::sim::{Answer, Rng};
use body::NandOp;
use validate::Shape;

use curve::model_rber_curve;

/// Per-page-type program statistics.
#[derive(Debug, Clone, Default, PartialEq)]
struct StepStats {
    programs: u64,
    loops: u64,
    latency_ns: u64,
}

#[derive(Debug, Clone, Default, PartialEq)]
struct Stats {
    programs: u64,
    appends: u64,
    failures: u64,
    refused: u64,
    reads: u64,
    erases: u64,
    bits_read: u64,
    bit_errors: u64,
    per_step: Vec<StepStats>,
    last_loops: u32,
    last_latency_ns: u64,
    /// The page of the latest program or append that ran (completed or failed).
    last_page: Option<u32>,
}

/// What the invariants compare against: the state before the latest step.
#[derive(Debug, Clone, Default, PartialEq)]
struct Guard {
    prev_vth_v: Vec<f64>,
    prev_pe: u64,
    erased_this_step: bool,
    /// (page, bit errors, whether that read was at 0 P/E with no bake and no failed program on its
    /// wordline).
    last_read: Option<(usize, usize, bool)>,
}

#[derive(Debug, Clone, PartialEq)]
struct ActiveProgram {
    run: IsppRun,
    start_ns: u64,
}

#[derive(Debug, Clone)]
pub struct NandLab {
    block: Block,
    rng: Rng,
    ops: Arc<Vec<NandOp>>,
    next_op: usize,
    now_ns: u64,
    active: Option<ActiveProgram>,
    last_run: Option<IsppRun>,
    focus_wordline: usize,
    answers: Vec<Value>,
    stats: Stats,
    guard: Guard,
    /// The model's RBER curve, computed on the first `view()` (CLI runs never need it).
    /// Shared by every keyframe clone, so seeking never recomputes it.
    curve: Arc<OnceLock<Vec<(u64, f64)>>>,
    measured: Vec<(u64, f64)>,
    last_refusal: Option<String>,
}

impl NandLab {
    /// Builds the lab from a scenario body (`LabSpec::from_body`).
    pub(crate) fn build_from_body(
        body: Map<String, Value>,
        seed: u64,
    ) -> Result<Self, ScenarioError> {
        let (device, ops) = body::parse(body)?;
        let mut config = NandConfig::preset(device.preset);
        let wordlines = device.wordlines.unwrap_or(4);
        check_range("device.wordlines", wordlines, 1, 64)?;
        let cells = device.cells_per_wordline.unwrap_or(256);
        check_range("device.cells_per_wordline", cells, 8, 4096)?;
        if cells % 8 != 0 {
            return Err(ScenarioError::new(
                "device.cells_per_wordline",
                format!("must be a multiple of 8 (got {cells})"),
            ));
        }
        if wordlines * cells > 8192 {
            return Err(ScenarioError::new(
                "device.cells_per_wordline",
                format!(
                    "{wordlines} wordlines × {cells} cells is over the limit of 8192 cells per block"
                ),
            ));
        }
        let max_safe = config.layout.max_safe_delta_vpgm_v();
        if let Some(delta) = device.delta_vpgm_v {
            validate::check_delta("device.delta_vpgm_v", delta, max_safe)?;
            config.override_value("delta_vpgm_v", delta);
        }
        if let Some(max_loops) = device.max_loops {
            check_range("device.max_loops", max_loops, 1, 1000)?;
            config.override_value("max_loops", f64::from(max_loops));
        }
        if let Some(nop) = device.nop {
            check_range("device.nop", nop, 1, 64)?;
            config.override_value("nop", f64::from(nop));
        }
        if let Some(endurance) = device.endurance_pe {
            check_range("device.endurance_pe", endurance, 1, 10_000_000)?;
            config.override_value("endurance_pe", endurance as f64);
        }
        let initial_pe = device.initial_pe_cycles.unwrap_or(0);
        check_range("device.initial_pe_cycles", initial_pe, 0, 10_000_000)?;
        let config = Arc::new(config);
        let mut rng = Rng::new(seed);
        let mut block = Block::new(
            Arc::clone(&config),
            wordlines as usize,
            cells as usize,
            &mut rng,
        );
        block.set_pe_cycles(initial_pe);
        validate::validate(
            &ops,
            Shape {
                page_count: block.page_count(),
                page_bits: block.page_bits(),
                max_safe_delta_vpgm_v: max_safe,
                nominal_cycle_ns: block.nominal_cycle_ns(),
            },
        )?;
        let stats = Stats {
            per_step: vec![StepStats::default(); usize::from(config.cell_type.bits_per_cell())],
            ..Stats::default()
        };
        Ok(Self {
            guard: Guard {
                prev_pe: block.pe_cycles(),
                ..Guard::default()
            },
            block,
            rng,
            ops: Arc::new(ops),
            next_op: 0,
            now_ns: 0,
            active: None,
            last_run: None,
            focus_wordline: 0,
            answers: Vec::new(),
            stats,
            curve: Arc::new(OnceLock::new()),
            measured: Vec::new(),
            last_refusal: None,
        })
    }

    /// Approximate bytes of a snapshot: every cell's Vth (kept twice: now and before the step).
    pub(crate) fn approx_bytes(&self) -> u64 {
        let cells: usize = self.block.wordlines().iter().map(|w| w.cells()).sum();
        (std::mem::size_of::<Self>() + cells * 48 + self.answers.len() * 256) as u64
    }

    pub(crate) fn now_ns(&self) -> u64 {
        self.now_ns
    }

    pub(crate) fn answer_list(&self) -> Vec<Answer> {
        self.answers.clone()
    }

    /// For the work estimate: the ops, and the cell updates one op can cost at most (a program:
    /// one pass over a wordline per ISPP pulse; an erase or a cycle: every wordline once).
    pub(crate) fn ops_and_cells_per_op(&self) -> (u64, u64) {
        let wordlines = self.block.wordlines();
        let cells = wordlines.first().map_or(0, |w| w.cells()) as u64;
        let passes =
            (u64::from(self.block.config().ispp.max_loops) + 1).max(wordlines.len() as u64);
        (self.ops.len() as u64, passes.saturating_mul(cells))
    }

    /// The cell model underneath (read-only).
    pub fn block(&self) -> &Block {
        &self.block
    }

    /// (P/E, RBER) points of the model's curve for this lab's preset and overrides.
    pub fn rber_curve(&self) -> &[(u64, f64)] {
        self.curve.get_or_init(|| {
            let config = Arc::new(self.block.config().clone());
            let points = curve::curve_points(config.endurance_pe);
            model_rber_curve(&config, &points)
        })
    }

    /// The program in progress, if any.
    pub fn active_program(&self) -> Option<&IsppRun> {
        self.active.as_ref().map(|a| &a.run)
    }
}
