//! FD+tree against a plain `BTreeMap`: random insert/delete/lookup/range sequences over small
//! key spaces, with every triggered merge run step by step and ops interleaved between merge
//! steps (answered from either side of the wavefront). After every op and every merge step the
//! invariants I1–I7 are checked and sampled lookups (the whole key space for some seeds) must
//! equal the map. Covers the sequential FD+tree, FD+FC, FD+FC without memory sharing and FD+DS,
//! in the paper's Û mode and the safe mode.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeMap;

use flashlab_core::fdtree::{
    EstimateMode, FdConfig, FdError, FdTree, MergePolicy, ModOutcome, Side,
};
use flashlab_core::sim::Rng;

struct Harness {
    tree: FdTree,
    map: BTreeMap<u64, u64>,
    rng: Rng,
    key_space: u64,
    full_scan: bool,
    steps: u64,
    sides_seen: [u64; 3],
}

impl Harness {
    fn new(cfg: FdConfig, seed: u64, key_space: u64, full_scan: bool) -> Self {
        Self {
            tree: FdTree::new(cfg).unwrap(),
            map: BTreeMap::new(),
            rng: Rng::new(seed),
            key_space,
            full_scan,
            steps: 0,
            sides_seen: [0; 3],
        }
    }

    fn check(&mut self, when: &str) {
        let v = self.tree.check_invariants();
        assert!(v.is_empty(), "{when}: {v:?}");
        let keys: Vec<u64> = if self.full_scan {
            (0..self.key_space).collect()
        } else {
            (0..4).map(|_| self.rng.below(self.key_space)).collect()
        };
        for k in keys {
            let t = self.tree.lookup_traced(k).unwrap();
            assert_eq!(
                t.value,
                self.map.get(&k).copied(),
                "{when}: lookup {k} via {:?}",
                t.side
            );
            self.sides_seen[match t.side {
                Side::Quiescent => 0,
                Side::Old => 1,
                Side::New => 2,
            }] += 1;
        }
    }

    /// One random op; Err(L0Full) is returned untouched so the caller can step the merge.
    fn op(&mut self) -> Result<(), FdError> {
        let k = self.rng.below(self.key_space);
        let dice = self.rng.below(100);
        if dice < 45 {
            let v = self.rng.below(1_000_000);
            let got = self.tree.insert(k, v)?;
            match self.map.get(&k) {
                Some(&old) => assert_eq!(got, ModOutcome::RejectedPresent { value: old }),
                None => {
                    assert_eq!(got, ModOutcome::Inserted);
                    self.map.insert(k, v);
                }
            }
        } else if dice < 75 {
            let got = self.tree.delete(k)?;
            match self.map.remove(&k) {
                Some(_) => assert_eq!(got, ModOutcome::Deleted),
                None => assert_eq!(got, ModOutcome::RejectedMissing),
            }
        } else if dice < 92 {
            assert_eq!(
                self.tree.lookup(k)?,
                self.map.get(&k).copied(),
                "lookup {k}"
            );
        } else {
            let to = (k + self.rng.below(40)).min(self.key_space);
            let want: Vec<(u64, u64)> = self.map.range(k..=to).map(|(a, b)| (*a, *b)).collect();
            assert_eq!(self.tree.range(k, to)?, want, "range {k}..={to}");
        }
        Ok(())
    }

    fn run(&mut self, ops: usize) {
        for i in 0..ops {
            match self.op() {
                Ok(()) => {}
                Err(FdError::L0Full { .. }) => {
                    self.step_merge(&format!("op {i} blocked"));
                    continue;
                }
                Err(e) => panic!("op {i}: {e}"),
            }
            self.check(&format!("after op {i}"));
            if let Some(why) = self.tree.merge_wanted() {
                self.tree.merge_begin(why).unwrap();
                self.check(&format!("merge begin after op {i}"));
            }
            // Run the merge a random number of steps before the next op (ops interleave).
            let burst = self.rng.below(6);
            for _ in 0..burst {
                if !self.tree.merge_active() {
                    break;
                }
                self.step_merge(&format!("after op {i}"));
            }
        }
        while self.tree.merge_active() || self.tree.merge_wanted().is_some() {
            if !self.tree.merge_active() {
                let why = self.tree.merge_wanted().unwrap();
                self.tree.merge_begin(why).unwrap();
            }
            self.step_merge("drain");
        }
        self.check("end");
    }

    fn step_merge(&mut self, when: &str) {
        let ev = self.tree.merge_step().unwrap();
        self.steps += 1;
        self.check(&format!("{when}, merge step {ev:?}"));
    }
}

fn configs() -> Vec<(&'static str, FdConfig)> {
    let safe = |mut c: FdConfig| {
        c.estimate = EstimateMode::Safe;
        c
    };
    vec![
        ("fd+tree β8 γ3", FdConfig::fd_plus_tree(8, 3, 2)),
        ("fc β8 γ3", FdConfig::fc(8, 3, 2)),
        ("fc β6 γ2", FdConfig::fc(6, 2, 2)),
        ("fc safe β8 γ3", safe(FdConfig::fc(8, 3, 2))),
        (
            "fc-no-ms β8 γ3",
            FdConfig::fc(8, 3, 2).with_policy(MergePolicy::FC_NO_SHARING),
        ),
        (
            "ds β8 γ3",
            FdConfig::fc(8, 3, 2).with_policy(MergePolicy::DS),
        ),
        ("fd+tree β5 γ2 κ0 1", FdConfig::fd_plus_tree(5, 2, 1)),
    ]
}

#[test]
fn lookups_and_ranges_equal_the_map_over_random_sequences() {
    for (name, cfg) in configs() {
        for seed in 0..60 {
            let mut h = Harness::new(cfg.clone(), seed, 120, false);
            h.run(300);
            assert!(
                h.tree.metrics.merges > 0,
                "{name} seed {seed}: no merge ran"
            );
        }
    }
}

#[test]
fn lookup_during_merge_equals_the_map_for_every_key() {
    for (name, cfg) in configs() {
        let mut sides = [0u64; 3];
        for seed in 100..112 {
            let mut h = Harness::new(cfg.clone(), seed, 90, true);
            h.run(250);
            sides
                .iter_mut()
                .zip(h.sides_seen)
                .for_each(|(a, b)| *a += b);
        }
        assert!(
            sides[1] > 0,
            "{name}: no lookup was answered from the old side"
        );
        if cfg.policy.wavefront_routing {
            assert!(
                sides[2] > 0,
                "{name}: no lookup was answered from the new side"
            );
        }
    }
}

#[test]
fn larger_trees_grow_and_stay_correct() {
    let mut h = Harness::new(FdConfig::fc(8, 3, 2), 7, 2_000, false);
    h.run(3_000);
    assert!(h.tree.height() >= 4, "height {}", h.tree.height());
}
