//! MaSM: Materialized Sort-Merge online updates (Athanassoulis et al., TODS 2015, seed 000;
//! digest `shared/research/seeds/masm.md`). The algorithm core, with runs held in memory and
//! their size in SSD pages counted; device timing, the lab and the baselines come later.
//!
//! 1. `record`: update records (ts, key, insert/delete/modify/replace), their effect on a base
//!    row and the coalescing table (§2.1, §3.2).
//! 2. `theorem`: S, Q, N and K2 from Theorems 3.1/3.2 and the worst-case writes per update.
//! 3. `config`: MaSM-2M / MaSM-αM configuration and the derived page budgets.
//! 4. `buffer`: the in-memory update buffer with page stealing (§3.2, §3.3).
//! 5. `run`: materialized sorted runs, the run index, coalescing under the active-query rule.
//! 6. `table`: the base table (clustered by key, pages with timestamps) standing in for the HDD.
//! 7. `store`: updates, stepped flushes, 2-pass merges, write counters (§3.2–3.4).
//! 8. `scan`: the merged range scan with query timestamps (Figs. 6 and 8).
//! 9. `migrate`: in-place migration, interruptible at any page and idempotent (§3.2, §3.6).
//! 10. `checks`: the digest §3 invariants as `InvariantCheck`s.
//! 11. `log` and `recovery`: the redo log, crash and recovery (§3.6).
//! 12. `lab`: the MaSM lab (event-driven, timed on `io`, checked against a versioned oracle).
//! 13. `reproduce`: the paper's reproductions; `claims` lists them (the lab's one claims hook)
//!     and `figures` draws Fig. 16 from the same sweep.

pub mod baseline;
pub mod bench;
pub mod buffer;
pub mod calibration;
pub mod checks;
pub mod claims;
pub mod config;
pub mod error;
pub mod figures;
pub mod io;
pub mod lab;
pub mod log;
pub mod migrate;
pub mod migration_state;
pub mod plugin;
pub mod record;
pub mod recovery;
pub mod reproduce;
pub mod run;
pub mod scan;
pub mod store;
pub mod table;
pub mod theorem;

pub use config::{Granularity, Layout, MasmConfig, Variant};
pub use error::MasmError;
pub use migration_state::{MigrationProgress, MigrationState};
pub use record::{Change, FieldPatch, ROW_FIELDS, Row, UpdateRecord, apply, combine};
pub use scan::ScanResult;
pub use store::{FlushJob, Masm, MasmMetrics};
pub use theorem::{TheoremPlan, plan, theorem_3_1_writes_per_update};
