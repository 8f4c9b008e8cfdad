//! Properties of the FD+tree merge itself (digest §3.5, §4 M1–M7, C8): the §3.5 worked
//! example of merge-prepare, one pass over the old blocks, Lem. 3's write bound, untouched
//! below-merge levels, steps that are one block each, FD+FC's flat space against FD+DS's
//! doubling, underflow merges that shrink the tree, and the two insert/delete answer modes.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeMap;

use flashlab_core::fdtree::prepare::{SizeSnapshot, plan, u_hat};
use flashlab_core::fdtree::{
    BlockId, Entry, FdConfig, FdTree, MergeEvent, MergePolicy, MergeWhy, ModOutcome, Uniqueness,
};
use flashlab_core::sim::Rng;

#[test]
fn worked_example_plans_m_3_and_skips_new_l1() {
    // Digest §3.5: β=6, γ=2, κ0=2; B(L0)=2 (8 entries), B(L1)=3, B(L2)=7, N_Δ − N_∇ = 54.
    let cfg = FdConfig::fc(6, 2, 2);
    let s = SizeSnapshot {
        l0_entries: 8,
        blocks: vec![2, 3, 7],
        n_inserts: 60,
        n_deletes: 6,
    };
    assert_eq!(u_hat(&cfg, &s), vec![2, 5, 9]);
    let p = plan(&cfg, &s, MergeWhy::Overflow, true);
    assert_eq!(p.m, 3);
    assert!(p.full);
    assert_eq!(p.b_hat, vec![1, 1, 2, 9, 0]);
    assert_eq!(p.o_hat, vec![0, 0, 2, 3]);
    assert_eq!(p.generated, vec![0, 2, 3]);
    let plain = plan(&cfg, &s, MergeWhy::Overflow, false);
    assert_eq!(plain.generated, vec![0, 1, 2, 3]);
    assert_eq!(plan(&cfg, &s, MergeWhy::Underflow, true).m, 2);
}

fn grown_tree(cfg: FdConfig, seed: u64, ops: u64) -> (FdTree, BTreeMap<u64, u64>) {
    let mut t = FdTree::new(cfg).unwrap();
    let mut map = BTreeMap::new();
    let mut rng = Rng::new(seed);
    for i in 0..ops {
        let k = rng.below(ops * 4);
        if rng.below(10) < 8 {
            if t.insert(k, i).unwrap() == ModOutcome::Inserted {
                map.insert(k, i);
            }
        } else if t.delete(k).unwrap() == ModOutcome::Deleted {
            map.remove(&k);
        }
        t.settle(16).unwrap();
    }
    (t, map)
}

fn snapshot(t: &FdTree, labels: std::ops::Range<usize>) -> Vec<(usize, BlockId, Vec<Entry>)> {
    labels
        .flat_map(|l| t.levels[l].iter().map(move |&id| (l, id)))
        .map(|(l, id)| (l, id, t.store.peek(id).unwrap().entries.clone()))
        .collect()
}

#[test]
fn every_merge_reads_each_old_block_once_and_meets_lemma_3() {
    for cfg in [
        FdConfig::fd_plus_tree(8, 3, 2),
        FdConfig::fc(8, 3, 2),
        FdConfig::fc(6, 2, 2),
    ] {
        let beta = cfg.beta_entries as u64;
        let (mut t, _) = grown_tree(cfg, 1, 1500);
        let mut rng = Rng::new(9);
        let mut merges = 0;
        for i in 0..3000u64 {
            t.insert(rng.below(1 << 40), i).unwrap();
            let Some(why) = t.merge_wanted() else {
                continue;
            };
            let h = t.height();
            t.merge_begin(why).unwrap();
            let (m, full) = {
                let mg = t.merge.as_ref().unwrap();
                (mg.plan.m, mg.plan.full)
            };
            let old_blocks: u64 = t
                .merge
                .as_ref()
                .unwrap()
                .old
                .iter()
                .map(|l| l.live.len() as u64)
                .sum();
            let below = snapshot(&t, (m + 1).min(h)..h);
            loop {
                let ev = t.merge_step().unwrap();
                match ev {
                    MergeEvent::StageRead { .. } => {}
                    MergeEvent::Inserted { blocks_written, .. } => {
                        let levels = t.merge.as_ref().unwrap().new.len() as u64;
                        assert!(blocks_written <= levels, "one step wrote {blocks_written}");
                    }
                    MergeEvent::Switched { .. } => {
                        let mg = t.merge.as_ref().unwrap();
                        assert_eq!(
                            mg.io.blocks_read, old_blocks,
                            "M2: each old block read once"
                        );
                        let written: u64 = mg.new.iter().map(|l| l.blocks.len() as u64).sum();
                        assert_eq!(
                            mg.io.blocks_written, written,
                            "M2: each new block written once"
                        );
                        let g = mg.new.len() as u64;
                        let b_m = mg.new.last().unwrap().blocks.len() as u64;
                        assert!(
                            (beta - 1) * written <= (beta - 1) * g + beta * b_m,
                            "Lem. 3"
                        );
                    }
                    _ => {}
                }
                if !t.merge_active() {
                    break;
                }
            }
            if !full {
                assert_eq!(
                    snapshot(&t, (m + 1).min(h)..h),
                    below,
                    "M3: below-merge levels untouched"
                );
            }
            merges += 1;
        }
        assert!(merges > 20);
    }
}

/// Peak live blocks above the merge's start, for the largest merge of a run.
fn worst_space_excess(policy: MergePolicy) -> (u64, u64) {
    let cfg = FdConfig::fc(8, 3, 2).with_policy(policy);
    let (mut t, _) = grown_tree(cfg, 5, 2500);
    let mut worst = (0u64, 0u64);
    let mut rng = Rng::new(2);
    for i in 0..4000u64 {
        t.insert(rng.below(1 << 40), i).unwrap();
        if let Some(why) = t.merge_wanted() {
            t.merge_begin(why).unwrap();
            let old: u64 = t
                .merge
                .as_ref()
                .unwrap()
                .old
                .iter()
                .map(|l| l.live.len() as u64)
                .sum();
            let start = t.store.live_blocks();
            let mut peak = start;
            while t.merge_active() {
                t.merge_step().unwrap();
                peak = peak.max(t.store.live_blocks());
            }
            if old > worst.1 {
                worst = (peak - start, old);
            }
        }
    }
    worst
}

#[test]
fn fc_space_stays_flat_while_ds_doubles_the_merged_levels() {
    let (fc_excess, fc_old) = worst_space_excess(MergePolicy::FC);
    let (ds_excess, ds_old) = worst_space_excess(MergePolicy::DS);
    assert!(
        fc_old > 100 && ds_old > 100,
        "merges too small: {fc_old} {ds_old}"
    );
    // FD+FC: old blocks are reclaimed behind the wavefront; the excess is the blocks near it
    // plus the data arriving from L0 (at most κ0 blocks' worth).
    assert!(
        fc_excess <= 16,
        "FD+FC excess {fc_excess} over {fc_old} merged blocks"
    );
    assert!(
        ds_excess * 10 >= ds_old * 9,
        "FD+DS excess {ds_excess} over {ds_old} merged blocks"
    );
}

#[test]
fn underflow_merges_tighten_the_tree() {
    let cfg = FdConfig::fc(8, 3, 2);
    let (mut t, mut map) = grown_tree(cfg, 3, 3000);
    let tall = t.height();
    let mut rng = Rng::new(4);
    let keys: Vec<u64> = map.keys().copied().collect();
    let mut underflows = 0;
    for &k in keys.iter().filter(|_| rng.below(20) != 0) {
        assert_eq!(t.delete(k).unwrap(), ModOutcome::Deleted);
        map.remove(&k);
        if t.merge_wanted() == Some(MergeWhy::Underflow) {
            underflows += 1;
        }
        t.settle(16).unwrap();
        assert!(3 * t.n_deletes <= t.n_inserts, "I6 after settling");
    }
    assert!(underflows > 0);
    assert!(t.height() < tall, "height {} not below {tall}", t.height());
    assert!(
        t.check_invariants().is_empty(),
        "{:?}",
        t.check_invariants()
    );
    for (&k, &v) in &map {
        assert_eq!(t.lookup(k).unwrap(), Some(v));
    }
}

#[test]
fn insert_of_present_key_and_delete_of_missing_key_are_rejected_not_applied() {
    let mut t = FdTree::new(FdConfig::tiny_fc()).unwrap();
    assert_eq!(t.insert(5, 50).unwrap(), ModOutcome::Inserted);
    assert_eq!(
        t.insert(5, 51).unwrap(),
        ModOutcome::RejectedPresent { value: 50 }
    );
    assert_eq!(t.delete(6).unwrap(), ModOutcome::RejectedMissing);
    assert_eq!((t.n_inserts, t.n_deletes), (1, 0));
    assert_eq!(t.metrics.rejected, 2);
    // Delete then re-insert is the paper's UPDATE (§2.2).
    assert_eq!(t.delete(5).unwrap(), ModOutcome::Deleted);
    assert_eq!(t.insert(5, 52).unwrap(), ModOutcome::Inserted);
    assert_eq!(t.lookup(5).unwrap(), Some(52));
    // Trusted mode spends no lookup I/O on modifications.
    let mut cfg = FdConfig::tiny_fc();
    cfg.uniqueness = Uniqueness::Trusted;
    let (mut t, _) = grown_tree(cfg, 8, 400);
    let before = t.metrics.check_io;
    t.insert(1 << 50, 1).unwrap();
    assert_eq!(t.metrics.check_io, before);
}

#[test]
fn lookups_read_at_most_one_block_per_level() {
    let (mut t, map) = grown_tree(FdConfig::fc(8, 3, 2), 11, 3000);
    let mut rng = Rng::new(1);
    for _ in 0..500 {
        let k = rng.below(12_000);
        let tr = t.lookup_traced(k).unwrap();
        assert_eq!(tr.value, map.get(&k).copied());
        assert!(
            tr.path.len() <= t.materialized().count(),
            "path {:?}",
            tr.path
        );
    }
}
