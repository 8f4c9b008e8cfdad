//! G_R and G_T (digest §5.1): deterministic from the seed, the promised mix, inserts of the
//! smallest free workload key (Rem. A.7), deletes only of keys at least 100 requests old, lookups only of present keys, and
//! a G_R stream run through FD+FC in trusted mode equals the map.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeMap;

use flashlab_core::fdtree::workload::{GenR, GenT, Op, tpcc_key};
use flashlab_core::fdtree::{FdConfig, FdError, FdTree, Uniqueness};

#[test]
fn gen_r_is_deterministic_and_keeps_its_promises() {
    let stream = |seed| {
        let mut g = GenR::new(seed, 800, 1);
        let mut ops = g.preload(500);
        ops.extend((0..5000).map(|_| g.next_op()));
        ops
    };
    assert_eq!(stream(4), stream(4));
    assert_ne!(stream(4), stream(5));
    let ops = stream(4);
    let mut present: BTreeMap<u64, usize> = BTreeMap::new();
    let (mut lookups, mut last_insert, mut reinserts) = (0, 0, 0u64);
    for (i, op) in ops.iter().enumerate() {
        match *op {
            Op::Insert { key, .. } => {
                // Rem. A.7: the smallest key above the preload's that is not in the index
                // (a deleted workload key comes back before a new one).
                let smallest_free = (501..).find(|k| !present.contains_key(k));
                assert!(i < 500 || Some(key) == smallest_free, "insert of {key}");
                assert!(
                    i < 500 || key > 500,
                    "a preload key is never inserted again"
                );
                reinserts += u64::from(key < last_insert);
                last_insert = last_insert.max(key);
                present.insert(key, i);
            }
            Op::Delete { key } => {
                let at = present.remove(&key).expect("delete of a present key");
                assert!(
                    at < 500 || i - at >= 100,
                    "delete of a key inserted {} ago",
                    i - at
                );
            }
            Op::Lookup { key } => {
                assert!(present.contains_key(&key));
                lookups += 1;
            }
            Op::Range { .. } => unreachable!(),
        }
    }
    assert!(
        (3800..4200).contains(&lookups),
        "W_l = 0.8 gave {lookups} lookups of 5000"
    );
    assert!(reinserts > 0, "deleted workload keys are inserted again");
}

#[test]
fn gen_t_uses_tpcc_keys_and_the_insert_lookup_mix() {
    let mut g = GenT::new(1, 2);
    let pre = g.preload();
    assert_eq!(pre.len(), 2 * 10 * 3000 * 3);
    assert_eq!(
        pre[0],
        Op::Insert {
            key: tpcc_key(0, 0, 1),
            value: match pre[0] {
                Op::Insert { value, .. } => value,
                _ => 0,
            }
        }
    );
    let mut inserts = 0;
    let mut keys: std::collections::BTreeSet<u64> = pre
        .iter()
        .map(|op| match *op {
            Op::Insert { key, .. } => key,
            _ => unreachable!(),
        })
        .collect();
    for _ in 0..10_000 {
        match g.next_op() {
            Op::Insert { key, .. } => {
                assert!(keys.insert(key), "new order key {key:#x} reused");
                inserts += 1;
            }
            Op::Lookup { key } => assert!(keys.contains(&key)),
            op => panic!("unexpected {op:?}"),
        }
    }
    assert!(
        (9_000..9_250).contains(&inserts),
        "{inserts} inserts of 10000"
    );
}

#[test]
fn gen_r_through_fd_plus_fc_equals_the_map() {
    let mut cfg = FdConfig::fc(16, 4, 2);
    cfg.uniqueness = Uniqueness::Trusted;
    let mut t = FdTree::new(cfg).unwrap();
    let mut map = BTreeMap::new();
    let mut g = GenR::new(9, 600, 1);
    let mut ops = g.preload(2000);
    ops.extend((0..8000).map(|_| g.next_op()));
    for op in ops {
        loop {
            let r = match op {
                Op::Insert { key, value } => t.insert(key, value).map(|_| {
                    map.insert(key, value);
                }),
                Op::Delete { key } => t.delete(key).map(|_| {
                    map.remove(&key);
                }),
                Op::Lookup { key } => t.lookup(key).map(|v| assert_eq!(v, map.get(&key).copied())),
                Op::Range { .. } => Ok(()),
            };
            match r {
                Err(FdError::L0Full { .. }) => {
                    t.merge_step().unwrap();
                }
                r => {
                    r.unwrap();
                    break;
                }
            }
        }
        if let Some(why) = t.merge_wanted() {
            t.merge_begin(why).unwrap();
        }
        if t.merge_active() {
            t.merge_step().unwrap();
        }
    }
    assert!(t.metrics.merges > 50);
    assert_eq!(t.len(), map.len() as u64);
}
