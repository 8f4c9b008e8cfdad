//! Baselines as cost models on the same block counts as the FD+tree (issue 9 priority 3):
//!
//! 1. `fdtree_li`: the FD-tree of Li et al. (VLDB 2010) as the paper describes it (§2.4):
//!    two-level merges cascading down one level at a time, no level skipping or tightening, no
//!    underflow merges, and the old levels kept until each new level is written (temporary
//!    space doubling).
//! 2. `btree`: an in-place B+tree: leaves of ≤ β entries, a split writes two leaves and the
//!    parent, lookups and updates read one block per uncached level; or, with the paper's
//!    buffer pool (`pool`: LRU, write-back), leaves are read on a miss and written back in
//!    place when evicted dirty.
//!
//! 3. `timed`: both run on the same SSD cost, preload and clients as FD+XM/DS/FC, giving the
//!    same `SimReport` (R_p per request, merges, space over time, answers checked);
//!    `harnessed`: the same through the paper's harness (queues Q_r / Q_w, workers).
//!
//! Both hold real keys and answer lookups and ranges (tests check them against a map).

pub mod btree;
pub mod fdtree_li;
pub mod harnessed;
pub mod pool;
pub mod timed;

pub use btree::{BTreeCost, BTreeModel};
pub use fdtree_li::{LiFdTree, LiMergePass};
pub use harnessed::{run_baseline_harnessed, workers_matched};
pub use pool::LruPool;
pub use timed::{Baseline, run_baseline, run_baseline_on};
