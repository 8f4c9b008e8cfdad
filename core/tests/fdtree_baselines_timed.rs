//! The timed baselines (`baseline::timed`): on random clients and interleavings every answer of
//! the FD-tree of Li et al. and of the B+tree equals a plain map's at its linearisation point;
//! no request is lost or answered twice; R_p holds the op's own cost; Li's cascade shows the
//! temporary space doubling and blocks every request while it runs, the B+tree never merges.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use flashlab_core::fdtree::baseline::{Baseline, run_baseline};
use flashlab_core::fdtree::conc::{OpKind, SsdCost};
use flashlab_core::fdtree::workload::{GenR, Op};
use flashlab_core::fdtree::{FdConfig, Uniqueness};
use flashlab_core::sim::Rng;

type Clients = Vec<Vec<(Op, Option<u64>)>>;

fn random_clients(seed: u64, n_clients: usize, ops: usize) -> Clients {
    let mut rng = Rng::new(seed);
    let mut clients = vec![Vec::new(); n_clients];
    for i in 0..ops {
        let k = rng.below(200);
        let op = match rng.below(10) {
            0..=3 => Op::Insert {
                key: k,
                value: i as u64,
            },
            4..=5 => Op::Delete { key: k },
            6..=8 => Op::Lookup { key: k },
            _ => Op::Range {
                from: k,
                to: k + rng.below(40),
            },
        };
        let at = (rng.below(4) == 0).then(|| rng.below(5_000_000));
        clients[rng.below(n_clients as u64) as usize].push((op, at));
    }
    clients
}

#[test]
fn timed_baselines_answer_like_the_map_under_random_interleavings() {
    for seed in 0..300 {
        let clients = random_clients(seed, 1 + (seed % 5) as usize, 300);
        let total: usize = clients.iter().map(Vec::len).sum();
        let mut cfg = FdConfig::fc(8, 3, 2);
        cfg.uniqueness = Uniqueness::Check;
        let preload: Vec<Op> = (0..50)
            .map(|k| Op::Insert {
                key: k * 4,
                value: k,
            })
            .collect();
        for kind in [Baseline::Li, Baseline::BTree] {
            let r =
                run_baseline(kind, &cfg, SsdCost::x25e_datasheet(), &preload, &clients).unwrap();
            assert_eq!(r.mismatches, 0, "seed {seed} {kind:?}");
            assert!(r.answers > 0);
            assert_eq!(
                r.completed.len(),
                total,
                "no request lost or answered twice"
            );
            let mut seen: Vec<(usize, u64)> =
                r.completed.iter().map(|c| (c.client, c.index)).collect();
            seen.sort_unstable();
            seen.dedup();
            assert_eq!(seen.len(), total);
            for c in &r.completed {
                assert!(c.r_p_ns() >= SsdCost::x25e_datasheet().cpu_ns);
            }
        }
    }
}

#[test]
fn li_cascade_doubles_space_and_blocks_requests_while_btree_never_merges() {
    let mut g = GenR::new(3, 200, 1);
    let preload = g.preload(3_000);
    let mut clients: Clients = vec![Vec::new(); 4];
    for i in 0..6_000 {
        // A key's insert and delete on one client: G_R inserts a deleted key again (Rem. A.7)
        // and uniqueness is trusted, so their order must be the stream's.
        let op = g.next_op();
        let c = match op {
            Op::Insert { key, .. } | Op::Delete { key } => (key % 4) as usize,
            _ => i % 4,
        };
        clients[c].push((op, None));
    }
    let mut cfg = FdConfig::fc(16, 4, 2);
    cfg.uniqueness = Uniqueness::Trusted;
    let cost = SsdCost::x25e_effective();
    let li = run_baseline(Baseline::Li, &cfg, cost, &preload, &clients).unwrap();
    let bt = run_baseline(Baseline::BTree, &cfg, cost, &preload, &clients).unwrap();
    assert_eq!((li.mismatches, bt.mismatches), (0, 0));
    assert!(!li.merges.is_empty());
    assert!(bt.merges.is_empty());
    // Some pass peaks well above the live blocks just before it (old levels + the new one).
    let doubled = li
        .space
        .windows(2)
        .any(|w| w[1].1 as f64 >= 1.5 * w[0].1 as f64 && w[0].1 > 50);
    let best = li
        .space
        .windows(2)
        .map(|w| w[1].1 as f64 / w[0].1.max(1) as f64)
        .fold(0.0, f64::max);
    assert!(
        doubled,
        "no temporary doubling: best pass peak / before = {best}"
    );
    // The modification that fills L0 runs the cascade (an insert or a delete); a lookup issued
    // during one waits.
    let worst = li
        .stats(OpKind::Insert)
        .max_ns
        .max(li.stats(OpKind::Delete).max_ns);
    assert!(worst >= li.longest_merge_ns());
    assert!(li.stats(OpKind::Lookup).max_ns > li.longest_merge_ns() / 2);
    // B+tree: every update writes its leaf in place, so no op waits for a merge.
    assert!(bt.stats(OpKind::Insert).max_ns < li.longest_merge_ns());
}
