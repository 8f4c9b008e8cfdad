//! Space over time (issue 9 compare view: "FD-tree's temporary doubling against FD+FC's flat
//! line"). One deterministic insert stream is fed to each structure; live blocks are sampled
//! after every op and after every merge step / pass, so the peaks inside merges are seen.
//!
//! 1. FD+FC and FD+DS: the real merge, stepped; live blocks from the block store.
//! 2. FD-tree (Li et al.): each two-level pass reports its peak (old levels still allocated
//!    while the new one is written) and the live blocks after it.
//! 3. B+tree: leaves plus internal nodes; it never holds extra space.

use super::super::baseline::{BTreeModel, LiFdTree};
use super::super::config::{FdConfig, MergePolicy, Uniqueness};
use super::super::error::FdError;
use super::super::tree::FdTree;
use crate::sim::Rng;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SpacePoint {
    /// Ops applied so far.
    pub op: u64,
    pub live_blocks: u64,
}

#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SpaceSeries {
    pub fc: Vec<SpacePoint>,
    pub ds: Vec<SpacePoint>,
    pub li: Vec<SpacePoint>,
    pub btree: Vec<SpacePoint>,
}

impl SpaceSeries {
    /// max over samples with op ≥ `from_op` of live blocks / (op / β): the space held per
    /// block of data inserted so far. About 1 for a structure without temporary copies,
    /// approaching 2 when a merge doubles the data it rewrites.
    pub fn peak_space_ratio(series: &[SpacePoint], beta_entries: usize, from_op: u64) -> f64 {
        series
            .iter()
            .filter(|p| p.op >= from_op && p.op > 0)
            .map(|p| p.live_blocks as f64 * beta_entries as f64 / p.op as f64)
            .fold(0.0, f64::max)
    }
}

fn run_fd(cfg: FdConfig, keys: &[u64]) -> Result<Vec<SpacePoint>, FdError> {
    let mut t = FdTree::new(cfg)?;
    let mut out = Vec::with_capacity(keys.len());
    for (i, &k) in keys.iter().enumerate() {
        let op = i as u64 + 1;
        loop {
            match t.insert(k, op) {
                Err(FdError::L0Full { .. }) => {
                    t.merge_step()?;
                    out.push(SpacePoint {
                        op,
                        live_blocks: t.store.live_blocks(),
                    });
                }
                r => {
                    r?;
                    break;
                }
            }
        }
        if let Some(why) = t.merge_wanted() {
            t.merge_begin(why)?;
        }
        if t.merge_active() {
            // A background merge progresses a few steps per op.
            for _ in 0..4 {
                if !t.merge_active() {
                    break;
                }
                t.merge_step()?;
                out.push(SpacePoint {
                    op,
                    live_blocks: t.store.live_blocks(),
                });
            }
        }
        out.push(SpacePoint {
            op,
            live_blocks: t.store.live_blocks(),
        });
    }
    Ok(out)
}

/// `n` inserts of distinct random keys from `seed`, through every structure.
pub fn space_over_time(
    beta_entries: usize,
    gamma: u64,
    kappa0_blocks: u64,
    n: u64,
    seed: u64,
) -> Result<SpaceSeries, FdError> {
    let mut rng = Rng::new(seed);
    let keys: Vec<u64> = (0..n).map(|i| (rng.next_u64() >> 24 << 20) | i).collect();
    let mut cfg = FdConfig::fc(beta_entries, gamma, kappa0_blocks);
    cfg.uniqueness = Uniqueness::Trusted;
    let mut series = SpaceSeries {
        fc: run_fd(cfg.clone(), &keys)?,
        ds: run_fd(cfg.with_policy(MergePolicy::DS), &keys)?,
        ..SpaceSeries::default()
    };
    let mut li = LiFdTree::new(beta_entries, gamma, kappa0_blocks);
    let mut bt = BTreeModel::new(beta_entries, 0);
    for (i, &k) in keys.iter().enumerate() {
        let op = i as u64 + 1;
        li.insert(k, op);
        while let Some(pass) = li.step() {
            series.li.push(SpacePoint {
                op,
                live_blocks: pass.peak_live_blocks,
            });
            series.li.push(SpacePoint {
                op,
                live_blocks: pass.live_blocks_after,
            });
        }
        series.li.push(SpacePoint {
            op,
            live_blocks: li.live_blocks(),
        });
        bt.insert(k, op);
        series.btree.push(SpacePoint {
            op,
            live_blocks: bt.live_blocks(),
        });
    }
    Ok(series)
}
