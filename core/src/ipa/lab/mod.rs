//! The IPA lab: a database on IPA pages over a NoFTL region, stepped one op (a committed
//! transaction) or one background GC action at a time (seed 004; digest §7).
//!
//! 1. `from_config` builds the store from the validated scenario (`config`), with the flash
//!    journal on, so every step knows exactly which out-of-place writes, appends, migrations
//!    and erases it did; with `compare`, an out-of-place store (no delta area) and IPL replaying
//!    the IPA store's page events run the same ops in lockstep (the three-way race, §8.3).
//! 2. `step_event`: if a write-back is queued (the eager cleaner's or a checkpoint's, store
//!    step 6), do ONE, so every page write is its own step; else if the region's GC is due (`NoFtl::background_gc_due`), do ONE migration or
//!    erase; otherwise execute the next op against the store and a plain map (the oracle), then
//!    emit the op and its flash operations. The clock advances by the flash work done, from the
//!    device preset's read / program / erase latencies, through `Scheduler`.
//! 3. The last append or out-of-place write is captured with its block's program history since
//!    the erase (`zoomview`) and replayed on the cell model when the view asks, every program of
//!    the block in order over a window of the page's columns: ISPP pulses raise only the cells
//!    the write programs; every other cell of the window is inhibited.
//! 4. `checks` evaluates the digest's invariants on what the step touched.
//! 5. Regions (`regions`, §5 Fig. 3): a scenario may place tables in further NoFTL regions, each
//!    its own store (mode, blocks, GC, buffer). An op on such a table runs on its region within
//!    the op's step — its write-backs inline and its background GC run to idle, as the compare
//!    sides do — and its flash work advances the same clock. The stepped views (flash grid,
//!    page map, zoom) show the device's own region; the regions panel shows all side by side.

pub mod body;
pub mod cells;
pub mod checks;
pub mod config;
pub mod constants;
pub mod events;
pub mod explorer;
pub mod metrics;
pub mod payload;
pub mod pseudocode;
pub mod regions;
pub mod regionview;
pub mod run;
pub mod view;
pub mod zoomview;

use std::collections::BTreeMap;

use serde_json::Value;

use self::config::{LabConfig, PlannedOp};
use self::zoomview::LastWrite;
use super::baseline::ipl::{IplConfig, IplSim};
use super::noftl::FlashOp;
use super::store::IpaStore;
use crate::scenario::ScenarioError;
use crate::sim::{InvariantCheck, Scheduler};

/// A region beside the device's own (module header, step 5).
#[derive(Debug, Clone, PartialEq)]
pub struct LabRegion {
    pub name: String,
    pub tables: Vec<u64>,
    pub store: IpaStore,
}

/// The out-of-place and IPL sides of the race.
#[derive(Debug, Clone, PartialEq)]
pub struct CompareSides {
    pub oop: IpaStore,
    pub ipl: IplSim,
}

/// What the latest step did.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct LastStep {
    /// Index of the op executed, if the step was an op.
    pub op: Option<usize>,
    /// A queued write-back: its LBA and how many are still queued after it.
    pub write_back: Option<(u32, usize)>,
    pub flash_ops: Vec<FlashOp>,
    /// Logical pages the step read, changed, wrote or moved.
    pub touched: Vec<u32>,
    /// Regions beside the device's own that the step's op ran on (indices into `regions`).
    pub regions: Vec<usize>,
}

#[derive(Debug, Clone)]
pub struct IpaLab {
    pub cfg: LabConfig,
    pub seed: u64,
    pub store: IpaStore,
    pub oracle: BTreeMap<u64, Vec<u32>>,
    pub next_op: usize,
    pub answers: Vec<Value>,
    pub sched: Scheduler<u32>,
    pub last: LastStep,
    /// The page the view focuses on: the latest one written back.
    pub focus_lba: Option<u32>,
    pub last_write: Option<LastWrite>,
    pub compare: Option<CompareSides>,
    /// Regions beside `store` (the device's own region, "main").
    pub regions: Vec<LabRegion>,
    pub steps: u64,
    pub gc_steps: u64,
    /// Invariant results of the latest step.
    pub checks: Vec<InvariantCheck>,
    /// Erase count of every block after the previous step.
    pub prev_erase_counts: Vec<u64>,
    pub prev_mapped: usize,
    /// First disagreement of a `get` with the plain map.
    pub mismatch: Option<String>,
}

impl IpaLab {
    pub const NAME: &'static str = "ipa";

    pub fn from_config(cfg: LabConfig, seed: u64) -> Result<Self, ScenarioError> {
        let model = |k| cells::model_of(cfg.flash_model, seed, k);
        let build = |c, k| {
            IpaStore::on_flash(c, model(k)).map_err(|e| ScenarioError::new("params", e.to_string()))
        };
        let mut store = build(cfg.store.clone(), 0)?;
        store.ftl.journal = Some(Vec::new());
        store.defer_write_backs = true;
        let compare = if cfg.compare {
            store.enable_trace();
            Some(CompareSides {
                oop: build(cfg.store.without_ipa(), 1)?,
                ipl: IplSim::new(IplConfig::paper(), cfg.store.blocks),
            })
        } else {
            None
        };
        let blocks = store.ftl.flash.block_count();
        let regions = cfg
            .regions
            .iter()
            .zip(1..)
            .map(|(r, k)| {
                let mut store = build(r.store.clone(), k)?;
                store.ftl.journal = Some(Vec::new());
                Ok(LabRegion {
                    name: r.name.clone(),
                    tables: r.tables.clone(),
                    store,
                })
            })
            .collect::<Result<Vec<_>, ScenarioError>>()?;
        Ok(Self {
            cfg,
            seed,
            store,
            oracle: BTreeMap::new(),
            next_op: 0,
            answers: Vec::new(),
            sched: Scheduler::new(),
            last: LastStep::default(),
            focus_lba: None,
            last_write: None,
            compare,
            regions,
            steps: 0,
            gc_steps: 0,
            checks: Vec::new(),
            prev_erase_counts: vec![0; blocks],
            prev_mapped: 0,
            mismatch: None,
        })
    }

    pub fn ops(&self) -> &[PlannedOp] {
        &self.cfg.ops
    }

    /// Approximate bytes of one snapshot: the flash arrays, the buffer, the map and the ops.
    pub fn approx_bytes(&self) -> u64 {
        let flash = |s: &IpaStore| {
            s.ftl.flash.approx_bytes(s.cfg.page_bytes + 16)
                + (s.frames.len() * 2 * s.cfg.page_bytes) as u64
                + (s.index.len() * 32) as u64
                + (s.wal.records.len() * 96) as u64
        };
        // IPL's own blocks (`baseline::ipl_flash`), 2 KB pages, beside its counters.
        let ipl = |n: &super::bytenand::ByteNand| {
            (n.blocks.len() * n.pages_per_block() * (n.page_bytes + 16)) as u64
        };
        let compare = self
            .compare
            .as_ref()
            .map_or(0, |c| flash(&c.oop) + ipl(&c.ipl.flash.nand) + 4096);
        let zoom = self.last_write.as_ref().map_or(0, |w| {
            2 * w.bytes_after.len() as u64
                + (w.history.len() * 16) as u64
                + w.windows
                    .iter()
                    .map(|(_, b)| 32 + b.len() as u64)
                    .sum::<u64>()
        });
        flash(&self.store)
            + self.regions.iter().map(|r| flash(&r.store)).sum::<u64>()
            + compare
            + zoom
            + (self.oracle.len() * 96) as u64
            + (self.answers.len() * 128) as u64
            + (self.cfg.ops.len() * 64) as u64
    }
}
