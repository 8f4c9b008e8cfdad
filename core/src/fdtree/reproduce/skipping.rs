//! Level skipping and proactive triggering, counted in blocks by the sequential FD+tree
//! (§5.2 "level skipping", Rem. A.17; digest §6 Fig. 9 and "Other reported results").
//!
//! 1. `skipping_effect`: the same preload into two FD+trees with γ = 12 (the paper's setting
//!    for this experiment), one with merge-finalize's level skipping and tightening (Eq. (3))
//!    and one where every generated level keeps its label; then the same G_R run at W_l = 0.8.
//!    Reported: disk blocks read per lookup of the run, materialized disk levels (run
//!    average), and blocks written by the run's merges (the paper: "merge time did not
//!    increase").
//! 2. `proactive_writes`: an 80%-update G_R stream (W_l = 0.2) on an FD+tree whose overflow
//!    trigger fires early (at 75% or 50% of L0), against the usual β·κ0 − κ1 trigger; reported
//!    as blocks written by merges. Earlier triggers merge smaller L0s more often, so the
//!    lower levels are rewritten more often (Rem. A.17's extra page writes).

use super::super::workload::{GenR, Op};
use super::super::{FdConfig, FdError, FdTree, MergePolicy, Uniqueness};

/// What one arm of the level-skipping experiment measured.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SkippingArm {
    pub reads_per_lookup: f64,
    /// Materialized disk levels, averaged over the run.
    pub materialized_levels: f64,
    pub merge_blocks_written: u64,
}

fn apply(tree: &mut FdTree, op: Op) -> Result<(), FdError> {
    match op {
        Op::Insert { key, value } => tree.insert(key, value).map(|_| ()),
        Op::Delete { key } => tree.delete(key).map(|_| ()),
        Op::Lookup { key } => tree.lookup(key).map(|_| ()),
        Op::Range { from, to } => tree.range(from, to).map(|_| ()),
    }?;
    tree.settle(64).map(|_| ())
}

/// One arm: `cfg` loaded with `preload` G_R keys, then `requests` G_R requests at W_l = 0.8
/// (the paper's 20M-request run after a 10M preload); reads are averaged over the run's
/// lookups, so the shapes left by every merge of the run are sampled.
pub fn skipping_arm(
    cfg: FdConfig,
    preload: u64,
    requests: u64,
    seed: u64,
) -> Result<SkippingArm, FdError> {
    let mut tree = FdTree::new(cfg)?;
    let mut g = GenR::new(seed, 800, 1);
    for op in g.preload(preload) {
        apply(&mut tree, op)?;
    }
    let written = tree.metrics.merge_io.blocks_written;
    let (reads, n) = (tree.metrics.lookup_io.blocks_read, tree.metrics.lookups);
    let mut levels = 0;
    for _ in 0..requests {
        apply(&mut tree, g.next_op())?;
        levels += tree.materialized().count();
    }
    let lookups = (tree.metrics.lookups - n).max(1);
    Ok(SkippingArm {
        reads_per_lookup: (tree.metrics.lookup_io.blocks_read - reads) as f64 / lookups as f64,
        materialized_levels: levels as f64 / requests.max(1) as f64,
        merge_blocks_written: tree.metrics.merge_io.blocks_written - written,
    })
}

/// (with skipping, without) for one (β, γ, κ0).
pub fn skipping_effect(
    (beta, gamma, kappa0): (usize, u64, u64),
    preload: u64,
    requests: u64,
    seed: u64,
) -> Result<(SkippingArm, SkippingArm), FdError> {
    let base = || {
        let mut c = FdConfig::fd_plus_tree(beta, gamma, kappa0);
        c.uniqueness = Uniqueness::Trusted;
        c
    };
    let with = skipping_arm(base(), preload, requests, seed)?;
    let without = skipping_arm(
        base().with_policy(MergePolicy::FD_PLUS_TREE_NO_SKIPPING),
        preload,
        requests,
        seed,
    )?;
    Ok((with, without))
}

/// Merge blocks written for one overflow trigger (in entries) on the same 80%-update stream.
pub fn proactive_writes(
    trigger_entries: Option<usize>,
    preload: u64,
    requests: u64,
    seed: u64,
) -> Result<u64, FdError> {
    let mut cfg = FdConfig::fc(64, 4, 4).with_policy(MergePolicy::DS);
    cfg.uniqueness = Uniqueness::Trusted;
    if let Some(t) = trigger_entries {
        cfg.overflow_trigger_entries = t;
    }
    let mut tree = FdTree::new(cfg)?;
    let mut g = GenR::new(seed, 200, 1);
    for op in g.preload(preload) {
        apply(&mut tree, op)?;
    }
    let before = tree.metrics.merge_io.blocks_written;
    for _ in 0..requests {
        apply(&mut tree, g.next_op())?;
    }
    Ok(tree.metrics.merge_io.blocks_written - before)
}
