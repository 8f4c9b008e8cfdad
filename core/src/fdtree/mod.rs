//! FD+tree and the FD+FC wavefront merge (Thonangi, Babu, Yang, "A Practical Concurrent Index
//! for Solid-State Drives", CIKM 2012; seed 002; digest `shared/research/seeds/fdtree.md`).
//! The device-free algorithm core: blocks are counted, not timed.
//!
//! 1. `entry`: data entries (insert/delete) and fences, same-key order F < D < I, COALESCE.
//! 2. `config`: β, γ, κ0, the Û estimate mode, the trigger, the scheme switches (FD+tree,
//!    FD+FC, FD+FC without memory sharing, FD+DS) and the insert/delete answer semantics.
//! 3. `store`: the block arena with read/write counters, reclaim poisoning, space accounting.
//! 4. `l0`: the in-memory level (L0, or L0^new during a merge); `l0_old`: L0^old, frozen at
//!    merge-prepare into a sorted array with the staging and m-delete cursors.
//! 5. `tree`: the state, insert/delete into L0 with N_Δ/N_∇, the trigger policy.
//! 6. `lookup`: lookups through fences (one block per level) and range queries, on either side
//!    of the wavefront during a merge (I7).
//! 7. `prepare`: Eq. (1)–(2), B̂ and the preemptive-skipping labels Ô (pure functions).
//! 8. `merge`: the steppable one-pass merge: stage (`stage`), insert, delete (wavefront),
//!    switch; `append`: APPEND_GROUP / PUT_FENCE into the generated levels; `merge_state`: its data.
//! 9. `finalize`: level skipping and tightening (Eq. (3)).
//! 10. `invariants`, `merge_checks`: I1–I7 as code.
//! 11. `baseline`: the FD-tree of Li et al. and an in-place B+tree, block-counted, and timed on
//!     the same SSD cost and clients as the schemes (`baseline::timed`).
//! 12. `reproduce`: reproduction computations as plain functions, and the claims built on them.
//! 13. `workload`: the G_R and G_T generators of §5, deterministic from a seed.
//! 14. `conc`: FD+XM, FD+DS and FD+FC under closed-loop clients in the discrete-event kernel.
//! 15. `lab`, `plugin`: the lab (the concurrent run stepped one event at a time, its view and
//!     invariants); `claims` (listing `reproduce::claims_*`), `figures` (Fig. 10), `bench`,
//!     `calibration`: what it says to `flashlab reproduce`, `bench` and `docs/CALIBRATION.md`.

pub mod append;
pub mod baseline;
pub mod bench;
pub mod calibration;
pub mod claims;
pub mod conc;
pub mod config;
pub mod entry;
pub mod error;
pub mod figures;
pub mod finalize;
pub mod invariants;
pub mod l0;
pub mod l0_old;
pub mod lab;
pub mod lookup;
pub mod merge;
pub mod merge_checks;
pub mod merge_state;
pub mod plugin;
pub mod prepare;
pub mod reproduce;
pub mod stage;
pub mod store;
pub mod tree;
pub mod workload;

pub use config::{EstimateMode, FdConfig, MergePolicy, Uniqueness};
pub use entry::{BlockId, Entry, Key, Kind};
pub use error::FdError;
pub use lookup::{LookupTrace, Side};
pub use merge::{Merge, MergeEvent, MergePhase};
pub use prepare::{MergePlan, MergeWhy};
pub use store::{BlockStore, IoCount};
pub use tree::{FdMetrics, FdTree, ModOutcome};
