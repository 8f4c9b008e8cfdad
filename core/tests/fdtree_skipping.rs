//! Level skipping as an ablation switch (§5.2): with `MergePolicy::FD_PLUS_TREE_NO_SKIPPING`
//! every generated level keeps its label; both trees still answer exactly like a plain map,
//! and the skipping tree never has more materialized levels than the one without.

use std::collections::BTreeMap;

use flashlab_core::fdtree::{FdConfig, FdError, FdTree, MergePolicy, Uniqueness};
use flashlab_core::sim::Rng;

fn tree(policy: MergePolicy) -> Result<FdTree, FdError> {
    let mut c = FdConfig::fd_plus_tree(8, 3, 2).with_policy(policy);
    c.uniqueness = Uniqueness::Check;
    FdTree::new(c)
}

#[test]
fn both_arms_answer_like_a_map_and_skipping_never_adds_levels() {
    for seed in 0..40u64 {
        let mut rng = Rng::new(seed);
        let mut with = tree(MergePolicy::FD_PLUS_TREE).expect("valid config");
        let mut without = tree(MergePolicy::FD_PLUS_TREE_NO_SKIPPING).expect("valid config");
        let mut map = BTreeMap::new();
        for i in 0..600u64 {
            let key = 1 + rng.below(400);
            let delete = rng.below(10) < 3 && map.contains_key(&key);
            for t in [&mut with, &mut without] {
                if delete {
                    t.delete(key).expect("delete");
                } else if !map.contains_key(&key) {
                    t.insert(key, i).expect("insert");
                }
                t.settle(64).expect("settle");
            }
            if delete {
                map.remove(&key);
            } else {
                map.entry(key).or_insert(i);
            }
            assert!(with.materialized().count() <= without.materialized().count());
        }
        for key in 0..=401u64 {
            let want = map.get(&key).copied();
            assert_eq!(
                with.lookup(key).expect("lookup"),
                want,
                "seed {seed} key {key}"
            );
            assert_eq!(
                without.lookup(key).expect("lookup"),
                want,
                "seed {seed} key {key}"
            );
        }
    }
}
