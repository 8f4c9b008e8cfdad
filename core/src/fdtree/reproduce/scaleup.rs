//! Fig. 7's scale-up point (90M keys, W_l = 0.8) at block granularity: the paper's index is
//! simulated one level shorter, each simulated disk block standing for γ real blocks, with the
//! same FD+tree, FD+DS and FD+FC code (issue 9 "Performance": "simulate the 90M-key case at
//! block granularity if you must, with the same algorithm code, and say so").
//!
//! 1. Geometry: the paper's β = 341 (4 KB / 12 B), γ = 24, κ0 = 64 blocks (256 KB), so L0 is
//!    the real 21.8K-entry buffer with the FD+FC trigger β·κ0 − κ1 (digest §5.1, §8 item 4).
//!    The disk holds `keys / γ` entries: simulated L_i has the block count of real L_{i+1}
//!    (κ_{i+1} = γ·κ_i), so at 90M keys the simulated L2 (11K blocks) is the real L3 (264K) and
//!    the simulated L1 (≤ κ1) the real L2 (≤ κ2); the real L1 (1.5K blocks, 0.5% of the full
//!    merge) is not represented.
//! 2. Cost: each simulated block read or write costs γ × the calibrated 0.6 ms
//!    (`SsdCost::x25e_effective`), so a full merge lasts what the real one would (blocks × cost
//!    is invariant). Because L0 is real, the gap between the slots FD+FC's wavefront frees (old
//!    blocks passed per L0^old entry × cost) is invariant too. Lookups also pay γ × per block
//!    (their R_p is not reported here).
//! 3. Workload: G_R at W_l = 0.8 (seed, 6 readers + 2 writers as in Fig. 6) after a preload of
//!    `keys / γ` increasing keys. The paper runs as many requests as keys (90M), which holds a
//!    full merge (the one that sets the worst insertion); the stream before that merge is applied
//!    untimed with the same tree code (the paper's warm-up is also untimed), up to the state where
//!    L0 is at its trigger and the overflow merge due is the full merge. The timed window starts
//!    there: the writers stay saturated (closed loop, ops left after the merge), so a writer
//!    finding no slot waits, as the paper's worker threads do.
//! 4. The same untimed state is cloned for FD+DS and FD+FC.
//! 5. Seeds: the preload and the untimed warm-up can be built once (`warm`) and shared by
//!    several seeds (`scale_point_from`), each drawing its own timed window: the warm-up is
//!    most of the cost, and the window is where the schemes differ.

use std::collections::BTreeMap;

use super::super::conc::{ConcurrentRun, OpKind, Scheme, SsdCost};
use super::super::config::{FdConfig, MergePolicy, Uniqueness};
use super::super::error::FdError;
use super::super::prepare::{MergeWhy, plan};
use super::super::tree::FdTree;
use super::super::workload::{GenR, Op, split_gr_clients};

/// The paper's geometry (digest §5.1): β = 341 entries, γ = 24, κ0 = 64 blocks.
pub const BETA: usize = 341;
pub const GAMMA: u64 = 24;
pub const KAPPA0: u64 = 64;
const READERS: usize = 6;

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ScalePoint {
    pub scheme: Scheme,
    /// Keys of the paper's index this point stands for.
    pub paper_keys: u64,
    pub worst_insert_ns: u64,
    pub longest_merge_ns: u64,
    /// Simulated blocks when the window starts (each stands for γ real blocks).
    pub blocks_at_start: u64,
    /// G_R requests applied untimed before the window (after the preload).
    pub warmup_requests: u64,
    pub window_requests: usize,
}

/// The untimed state at the full merge (step 3), its map and the generator after it, so
/// several seeds can share it (step 5).
pub struct Warm {
    tree: FdTree,
    map: BTreeMap<u64, u64>,
    gen_r: GenR,
    pub paper_keys: u64,
    pub warmup_requests: u64,
}

/// The preload and the untimed warm-up, both drawn from `seed`.
pub fn warm(paper_keys: u64, seed: u64) -> Result<Warm, FdError> {
    let mut cfg = FdConfig::fc(BETA, GAMMA, KAPPA0);
    cfg.uniqueness = Uniqueness::Trusted;
    let mut tree = FdTree::new(cfg)?;
    let mut map = BTreeMap::new();
    let mut g = GenR::new(seed, 800, 1);
    for op in g.preload(paper_keys / GAMMA) {
        if let Op::Insert { key, value } = op {
            tree.insert(key, value)?;
            map.insert(key, value);
            tree.settle(64)?;
        }
    }
    let (tree, map, gen_r, warmup_requests) = warm_state(tree, map, g)?;
    Ok(Warm {
        tree,
        map,
        gen_r,
        paper_keys,
        warmup_requests,
    })
}

/// The untimed state at the full merge, reached from the preload by the G_R stream, and the map
/// of its contents.
fn warm_state(
    mut tree: FdTree,
    mut map: BTreeMap<u64, u64>,
    mut g: GenR,
) -> Result<(FdTree, BTreeMap<u64, u64>, GenR, u64), FdError> {
    let preemptive = tree.cfg.policy.preemptive_skipping;
    let mut warmup = 0u64;
    // Bounded: one full merge is due after at most γ overflow merges of ~β·κ0 modifications.
    let limit = 10 * GAMMA * BETA as u64 * KAPPA0;
    loop {
        if warmup > limit {
            return Err(FdError::Impossible("no full merge in the warm-up".into()));
        }
        let op = g.next_op();
        warmup += 1;
        match op {
            Op::Insert { key, value } => {
                tree.insert(key, value)?;
                map.insert(key, value);
            }
            Op::Delete { key } => {
                tree.delete(key)?;
                map.remove(&key);
            }
            _ => continue,
        }
        if tree.merge_wanted() == Some(MergeWhy::Overflow)
            && plan(&tree.cfg, &tree.sizes(), MergeWhy::Overflow, preemptive).full
        {
            return Ok((tree, map, g, warmup));
        }
        tree.settle(64)?;
    }
}

/// FD+DS and FD+FC at one index size (see the module header), preloaded and run from `seed`.
pub fn scale_point(
    paper_keys: u64,
    window_requests: usize,
    seed: u64,
) -> Result<Vec<ScalePoint>, FdError> {
    let w = warm(paper_keys, seed)?;
    let mut g = w.gen_r.clone();
    points(&w, &mut g, (window_requests, window_requests))
}

/// FD+DS and FD+FC from a shared warm state, the timed window drawn from `seed` (step 5).
pub fn scale_point_from(
    w: &Warm,
    (ds_window, fc_window): (usize, usize),
    seed: u64,
) -> Result<Vec<ScalePoint>, FdError> {
    let mut g = w.gen_r.reseeded(seed);
    points(w, &mut g, (ds_window, fc_window))
}

/// FD+DS on the first `windows.0` requests of the stream, FD+FC on its first `windows.1`.
fn points(w: &Warm, g: &mut GenR, windows: (usize, usize)) -> Result<Vec<ScalePoint>, FdError> {
    let (tree, map) = (&w.tree, &w.map);
    let (paper_keys, warmup) = (w.paper_keys, w.warmup_requests);
    let mut g_fc = g.clone();
    let clients = split_gr_clients(g, windows.0, READERS);
    let fc_clients = split_gr_clients(&mut g_fc, windows.1, READERS);
    let base = SsdCost::x25e_effective();
    let cost = SsdCost {
        read_block_ns: base.read_block_ns * GAMMA,
        write_block_ns: base.write_block_ns * GAMMA,
        cpu_ns: base.cpu_ns,
    };
    let blocks_at_start = tree.store.live_blocks();
    let mut out = Vec::new();
    let runs = [
        (Scheme::Ds, MergePolicy::DS, clients, windows.0),
        (Scheme::Fc, MergePolicy::FC, fc_clients, windows.1),
    ];
    for (scheme, policy, clients, window_requests) in runs {
        let mut t = tree.clone();
        t.cfg.policy = policy;
        let r = ConcurrentRun::from_state(scheme, t, map.clone(), cost, clients)?.run()?;
        if r.mismatches > 0 {
            return Err(FdError::Impossible(format!(
                "{} answers differ from the map",
                r.mismatches
            )));
        }
        out.push(ScalePoint {
            scheme,
            paper_keys,
            worst_insert_ns: r.stats(OpKind::Insert).max_ns,
            longest_merge_ns: r.longest_merge_ns(),
            blocks_at_start,
            warmup_requests: warmup,
            window_requests,
        });
    }
    Ok(out)
}
