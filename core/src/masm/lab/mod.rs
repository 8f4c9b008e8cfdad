//! The MaSM lab: MaSM on the calibrated disk and update cache, driven by an op list as a
//! discrete-event simulation (one step = one event), with a redo log, crashes and recovery,
//! concurrent scans and migration, every answer checked against a plain versioned map.
//!
//! 1. `body`, `config`, `workload`: the scenario body, its validation with exact JSON paths, and
//!    the op list (explicit or generated).
//! 2. `engine`: op arrivals (closed loop, or open at `at_ns`), the intake queue, the update path
//!    (Fig. 9 update lines 1–5: steal a page or flush) and the stepped flush (one event per page).
//! 3. `scans`: a scan opens its query at arrival, flushes and merges (Fig. 9 scan lines 1–8,
//!    charged to it), reads the disk range overlapped with the run granules, and answers at
//!    completion with exactly the updates older than its timestamp.
//! 4. `migration`: requested by `migrate` or the threshold, waits for older queries, then one
//!    event per table page, concurrently with later ops.
//! 5. `crash`: memory lost, scans aborted, recovery from the redo log, migration restarted.
//! 6. `oracle`, `checks`: the reference model and the invariants after every step; `compare`:
//!    the in-place, IU and LSM baselines on the same ops; `metrics`, `view`, `events`: what the
//!    CLI and the UI read.

pub mod arm_view;
pub mod body;
pub mod checks;
pub mod compare;
pub mod config;
pub mod crash;
pub mod engine;
pub mod events;
pub mod metrics;
pub mod migration;
pub mod oracle;
pub mod payload;
pub mod pseudocode;
pub mod scans;
pub mod view;
pub mod workload;

use std::collections::{BTreeMap, VecDeque};
use std::sync::Arc;

use self::checks::LabChecks;
use self::compare::Compare;
use self::config::LabConfig;
use self::oracle::Oracle;
use self::scans::ScanTrack;
use super::io::{CacheSpace, Devices, TableLayout};
use super::log::RedoLog;
use super::store::Masm;
use crate::scenario::ScenarioError;
use crate::sim::{Answer, Scheduler};

/// Time an update takes to be logged and appended (a design choice: memory speed, so that a
/// closed-loop stream of updates outruns the flushes and shows the stall).
pub const UPDATE_NS: u64 = 10_000;
/// Time from a crash to the end of recovery (a design choice: restart and read the log tail).
pub const RECOVERY_NS: u64 = 1_000_000;
/// Device operations kept for the timelines.
pub const IO_RING: usize = 64;
/// Finished scans kept for the view.
pub const FINISHED_SCANS: usize = 4;

/// Cache operation kinds of the timeline (view `cache_ops`).
pub const CACHE_FLUSH_WRITE: u8 = 1;
pub const CACHE_GRANULE_READ: u8 = 2;
pub const CACHE_MERGE_READ: u8 = 3;
pub const CACHE_MERGE_WRITE: u8 = 4;
/// Disk operation kinds of the timeline (view `hdd_ops`).
pub const HDD_SCAN_READ: u8 = 1;
pub const HDD_MIGRATE_READ: u8 = 2;
pub const HDD_MIGRATE_WRITE: u8 = 3;

pub(crate) fn push_ring(ring: &mut std::collections::VecDeque<IoRow>, row: IoRow) {
    if ring.len() >= IO_RING {
        ring.pop_front();
    }
    ring.push_back(row);
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Event {
    /// Op `i` arrives.
    Arrive(usize),
    /// The page of the flush in flight being written is done.
    FlushPage,
    /// The scan of op `i` has read everything.
    ScanDone(usize),
    /// Table page `p` has been read and written back.
    MigratePage(usize),
    /// Recovery after the crash of op `i` is done.
    Recover(usize),
}

/// One device operation for the timelines.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IoRow {
    pub start_ns: u64,
    pub end_ns: u64,
    pub kind: u8,
    /// Table page (disk) or run id (cache).
    pub id: u64,
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Counters {
    pub updates: u64,
    pub stalls: u64,
    pub steals: u64,
    pub flushes: u64,
    pub merges: u64,
    pub scans_done: u64,
    pub scans_aborted: u64,
    pub migrations: u64,
    pub migration_pages: u64,
    pub crashes: u64,
    pub replayed_total: u64,
    pub ops_completed: u64,
    /// The oldest input run of the latest 2-pass merge (a lesson's "which run will the next
    /// merge take first?"), None before the first.
    pub last_merge_first_input: Option<u64>,
}

/// The flush being written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FlushTrack {
    pub run_id: u64,
    pub start_ns: u64,
    /// Duration and end of the page being written, to estimate the end.
    pub page_ns: u64,
    pub page_end_ns: u64,
}

/// The migration under way (mirrors `MigrationStart(t, R)` in the log).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MigrationTrack {
    pub ts: u64,
    pub run_ids: Vec<u64>,
    pub request_ns: u64,
    pub start_ns: Option<u64>,
}

#[derive(Debug, Clone)]
pub struct MasmLab {
    pub(crate) cfg: Arc<LabConfig>,
    pub(crate) masm: Masm,
    pub(crate) dev: Devices,
    pub(crate) space: CacheSpace,
    pub(crate) table: TableLayout,
    pub(crate) log: RedoLog,
    pub(crate) oracle: Oracle,
    /// The clock and the future events.
    pub(crate) queue: Scheduler<Event>,
    /// The lowest op index not yet scheduled to arrive.
    pub(crate) next_to_schedule: usize,
    /// Ops that arrived and wait their turn, in order.
    pub(crate) intake: VecDeque<usize>,
    /// Between a crash and the end of recovery.
    pub(crate) down: bool,
    /// The update whose stall was already narrated.
    pub(crate) stalled: Option<usize>,
    pub(crate) flush: Option<FlushTrack>,
    /// Open scans (waiting for a flush or reading), by arrival.
    pub(crate) scans: Vec<ScanTrack>,
    pub(crate) finished_scans: VecDeque<ScanTrack>,
    pub(crate) migration: Option<MigrationTrack>,
    pub(crate) answers: BTreeMap<usize, Answer>,
    pub(crate) run_created_ns: BTreeMap<u64, u64>,
    pub(crate) hdd_ops: VecDeque<IoRow>,
    pub(crate) cache_ops: VecDeque<IoRow>,
    /// (updates so far, mean SSD writes per flushed record) after each flush and merge.
    pub(crate) writes_points: Vec<(u64, f64)>,
    /// Duration of every completed MaSM scan.
    pub(crate) scan_ns: Vec<u64>,
    pub(crate) stats: Counters,
    pub(crate) checks: LabChecks,
    pub(crate) compare: Option<Compare>,
}

impl MasmLab {
    pub fn from_config(cfg: LabConfig) -> Result<Self, ScenarioError> {
        let masm = Masm::new(cfg.masm.clone(), &cfg.base_rows)
            .map_err(|e| ScenarioError::new("params", e.to_string()))?;
        let dev = Devices::new(&cfg.io).map_err(|e| ScenarioError::new("device", e))?;
        let compare = cfg.compare.then(|| Compare::new(&cfg, &masm));
        let capacity = masm.layout().ssd_capacity_pages;
        let mut lab = Self {
            masm,
            dev,
            space: CacheSpace::new(capacity),
            table: TableLayout::new(
                cfg.masm.key_space,
                cfg.masm.keys_per_table_page,
                cfg.io.table_bytes,
            ),
            log: RedoLog::default(),
            oracle: Oracle::new(&cfg.base_rows),
            queue: Scheduler::new(),
            next_to_schedule: 0,
            intake: VecDeque::new(),
            down: false,
            stalled: None,
            flush: None,
            scans: Vec::new(),
            finished_scans: VecDeque::new(),
            migration: None,
            answers: BTreeMap::new(),
            run_created_ns: BTreeMap::new(),
            hdd_ops: VecDeque::new(),
            cache_ops: VecDeque::new(),
            writes_points: Vec::new(),
            scan_ns: Vec::new(),
            stats: Counters::default(),
            checks: LabChecks::default(),
            compare,
            cfg: Arc::new(cfg),
        };
        lab.schedule_arrival(0, 0);
        Ok(lab)
    }

    /// Approximate bytes of a snapshot: answers (cloned with every keyframe), the oracle and
    /// table (one row per key), and the log and runs (one record per update).
    pub(crate) fn approx_bytes(&self) -> u64 {
        let answer_rows: usize = self
            .answers
            .values()
            .map(|a| a.get("rows").and_then(|r| r.as_array()).map_or(1, Vec::len))
            .sum();
        (std::mem::size_of::<Self>() as u64)
            .saturating_add((answer_rows as u64).saturating_mul(ANSWER_ROW_BYTES))
            .saturating_add(plan_bytes(&self.cfg))
    }

    pub fn now_ns(&self) -> u64 {
        self.queue.now_ns()
    }

    pub fn config(&self) -> &LabConfig {
        &self.cfg
    }

    pub fn masm(&self) -> &Masm {
        &self.masm
    }

    pub fn redo_log(&self) -> &RedoLog {
        &self.log
    }

    pub fn oracle(&self) -> &Oracle {
        &self.oracle
    }

    /// Between a crash and the end of its recovery (memory is empty, the log is not).
    pub fn is_down(&self) -> bool {
        self.down
    }
}

/// Bytes of one answered row kept in the lab (a JSON `[key, value]`: the array, its two numbers
/// and the outer vector's slot), for the state estimate.
pub(crate) const ANSWER_ROW_BYTES: u64 = 112;

/// Bytes that grow with the key space and the updates: table, oracle, redo log and runs.
pub(crate) fn plan_bytes(cfg: &LabConfig) -> u64 {
    let rows = cfg.masm.key_space.saturating_mul(96);
    let updates = cfg
        .ops
        .iter()
        .filter(|op| op.kind.update().is_some())
        .count() as u64;
    rows.saturating_add(updates.saturating_mul(96))
}
