//! The SSD: a page-mapped FTL with garbage collection and wear levelling on a timed
//! channel/die model, and the lab that drives it with host workloads (issue 3).
//!
//! How a host write is served (each concept in its own module):
//! 1. `geometry`: channels × dies × planes × blocks × pages; the spare factor sets the logical
//!    size; writes stripe channel-first across dies.
//! 2. `ftl`: the old copy is invalidated and the page is programmed out of place at the write
//!    point of a die (the one free first, or the next in striping order); `blocks` keeps the
//!    per-block state, the greedy index and the free pools.
//! 3. `gc_policy`: when the die runs short of free blocks, a pure policy (greedy, cost-benefit,
//!    FIFO) picks a victim and says why; `gc` copies its valid pages and erases it, and static
//!    wear levelling migrates cold blocks.
//! 4. `timing`: every physical operation the FTL logged (`oplog`) books the controller, the host
//!    link and the channel (`calendar`: gaps can be used) and the die it needs, so queue depth
//!    and parallelism behave as on a drive; `die_clock` keeps the dies' free times in a tree
//!    (updated as each die is booked) so that dynamic allocation finds the die free first in
//!    O(1).
//! 5. `lab` runs arrivals and completions as discrete events on `crate::sim::EventQueue` and
//!    `service` serves each request; `checks` keeps the invariants; `metrics`, `view` and
//!    `events` are what the UI and the CLI read. `body` and `config` parse and validate
//!    scenarios, `workload` generates requests, `stats` keeps bounded histograms and bins.
//!
//! Power loss: `recovery` cuts power between flash operations and rebuilds the map from the
//! pages' out-of-band areas and the trim journal.
//!
//! Calibration: `presets` (with `drives` and `nand_configs`: every constant with its source and
//! tag; `calibration` renders them for `docs/CALIBRATION.md`), `waf` (the analytic
//! write-amplification model), `reproduce` (paper claims by simulation, listed by `claims`),
//! `figures` (write amplification against over-provisioning), `bench` (the throughput
//! benchmark).
//!
//! For other labs: `timed` (`TimedSsd`) drives the FTL and timing without the event queue, host
//! page by host page in arrival order (FlashLogging, Append/Pack, FD+tree block I/O).

pub mod bench;
pub mod bench_check;
pub mod bench_sssl;
pub mod blocks;
pub mod booking;
pub mod calendar;
pub mod calibration;
pub mod checks;
pub mod checks_model;
pub mod checks_step;
pub mod claims;
pub mod config;
pub mod die_clock;
pub mod drives;
pub mod figures;
pub mod ftl;
pub mod gc;
pub mod gc_policy;
pub mod geometry;
pub mod lab;
pub mod nand_configs;
pub mod oplog;
pub mod plugin;
pub mod preset_kit;
pub mod presets;
pub mod provenance;
pub mod recovery;
pub mod reproduce;
pub mod stats;
pub mod timed;
pub mod timing;
pub mod waf;
pub mod warm;

pub use lab::SsdLab;
