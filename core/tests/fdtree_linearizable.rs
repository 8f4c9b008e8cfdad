//! Linearizability of FD+XM, FD+DS and FD+FC (issue 28 item 3): random concurrent histories
//! with keys shared by several clients, under merges, underflows and level skipping, are
//! checked against a plain map by a Wing & Gong search per key (a map is compositional: a
//! history is linearizable iff each key's sub-history is). A range is projected onto the keys
//! it covers, as one read per key. With a protocol rule dropped, the checker must find a
//! violation (or the run a read of a reclaimed block) on some seed.
//!
//! Default run: `SEEDS` seeds per scheme. The long sweep (thousands of seeds):
//! `FLASHLAB_LIN_SEEDS=3000 cargo test --release -p flashlab-core --test fdtree_linearizable`.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::{BTreeMap, BTreeSet};

use flashlab_core::fdtree::conc::{
    ConcurrentRun, HistoryEntry, Outcome, Protocol, Scheme, SimReport, SsdCost,
};
use flashlab_core::fdtree::tree::ModOutcome;
use flashlab_core::fdtree::workload::Op;
use flashlab_core::fdtree::{FdConfig, MergePolicy};

const SEEDS: u64 = 150;

fn seeds() -> u64 {
    std::env::var("FLASHLAB_LIN_SEEDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(SEEDS)
}

/// A small deterministic generator (splitmix64).
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// Preload and per-client ops over a small shared key space (so keys collide across
/// clients); deletes are frequent enough for underflow merges.
fn workload(seed: u64) -> (Vec<Op>, Vec<Vec<Op>>) {
    let mut r = Rng(seed);
    let keys = 40 + r.below(120);
    let preload: Vec<Op> = (1..=keys / 2)
        .map(|k| Op::Insert {
            key: k * 2,
            value: k * 20,
        })
        .collect();
    let clients = 3 + r.below(5) as usize;
    let per = 30 + r.below(40) as usize;
    let mut out = vec![Vec::new(); clients];
    for ops in &mut out {
        for _ in 0..per {
            let key = 1 + r.below(keys);
            let op = match r.below(10) {
                0..=3 => Op::Lookup { key },
                4 => Op::Range {
                    from: key,
                    to: key + r.below(12),
                },
                5..=7 => Op::Insert {
                    key,
                    value: r.below(1_000_000),
                },
                _ => Op::Delete { key },
            };
            ops.push(op);
        }
    }
    (preload, out)
}

fn run(scheme: Scheme, seed: u64, protocol: Protocol) -> (SimReport, BTreeMap<u64, u64>) {
    let (pre, clients) = workload(seed);
    let policy = if scheme == Scheme::Ds {
        MergePolicy::DS
    } else {
        MergePolicy::FC
    };
    let cfg = FdConfig::fc(8, 3, 2).with_policy(policy);
    let initial: BTreeMap<u64, u64> = pre
        .iter()
        .filter_map(|op| match *op {
            Op::Insert { key, value } => Some((key, value)),
            _ => None,
        })
        .collect();
    let cost = if seed.is_multiple_of(2) {
        SsdCost::x25e_effective()
    } else {
        SsdCost::x25e_datasheet()
    };
    let mut sim = ConcurrentRun::new(scheme, cfg, cost, &pre, clients)
        .unwrap()
        .with_protocol(protocol);
    sim.keep_history = true;
    (sim.run().unwrap(), initial)
}

/// One op of a key's sub-history.
#[derive(Clone, Copy, Debug)]
enum KeyOp {
    Read(Option<u64>),
    Write(Op, ModOutcome),
}

#[derive(Clone, Copy, Debug)]
struct Timed {
    inv: u64,
    res: u64,
    op: KeyOp,
}

/// The sequential map's step for one key: the next state, or None if `op`'s answer is wrong.
fn step(state: Option<u64>, op: KeyOp) -> Option<Option<u64>> {
    match op {
        KeyOp::Read(v) => (v == state).then_some(state),
        KeyOp::Write(Op::Insert { value, .. }, ModOutcome::Inserted) => {
            state.is_none().then_some(Some(value))
        }
        KeyOp::Write(_, ModOutcome::RejectedPresent { value }) => {
            (state == Some(value)).then_some(state)
        }
        KeyOp::Write(_, ModOutcome::Deleted) => state.is_some().then_some(None),
        KeyOp::Write(_, ModOutcome::RejectedMissing) => state.is_none().then_some(state),
        KeyOp::Write(..) => None,
    }
}

/// Wing & Gong: is there an order of `ops` respecting real time (a before b when a completed
/// no later than b was invoked) in which every answer is the sequential map's?
fn linearizable(ops: &[Timed], initial: Option<u64>) -> bool {
    assert!(ops.len() <= 128, "sub-history too long for the bitmask");
    let mut seen: BTreeSet<(u128, Option<u64>)> = BTreeSet::new();
    fn go(
        ops: &[Timed],
        done: u128,
        state: Option<u64>,
        seen: &mut BTreeSet<(u128, Option<u64>)>,
    ) -> bool {
        let all = if ops.len() == 128 {
            u128::MAX
        } else {
            (1u128 << ops.len()) - 1
        };
        if done == all {
            return true;
        }
        if !seen.insert((done, state)) {
            return false;
        }
        let pending = |i: usize| done & (1 << i) == 0;
        let horizon = (0..ops.len())
            .filter(|&i| pending(i))
            .map(|i| ops[i].res)
            .min()
            .unwrap_or(u64::MAX);
        for i in (0..ops.len()).filter(|&i| pending(i)) {
            // Minimal: no pending op completed before it was invoked.
            if ops[i].inv > horizon {
                continue;
            }
            if let Some(next) = step(state, ops[i].op)
                && go(ops, done | (1 << i), next, seen)
            {
                return true;
            }
        }
        false
    }
    go(ops, 0, initial, &mut seen)
}

/// Splits a history per key; a range is a read of every key it covers that the history or the
/// preload names.
fn per_key(history: &[HistoryEntry], initial: &BTreeMap<u64, u64>) -> BTreeMap<u64, Vec<Timed>> {
    let mut keys: Vec<u64> = initial.keys().copied().collect();
    for h in history {
        if let Op::Range { .. } = h.op {
        } else {
            keys.push(h.op.key());
        }
    }
    keys.sort_unstable();
    keys.dedup();
    let mut out: BTreeMap<u64, Vec<Timed>> = BTreeMap::new();
    for h in history {
        let t = |op| Timed {
            inv: h.invoked_ns,
            res: h.completed_ns,
            op,
        };
        match (&h.op, &h.outcome) {
            (Op::Range { from, to }, Outcome::Rows(rows)) => {
                for &k in keys.iter().filter(|&&k| k >= *from && k <= *to) {
                    let v = rows.iter().find(|r| r.0 == k).map(|r| r.1);
                    out.entry(k).or_default().push(t(KeyOp::Read(v)));
                }
            }
            (op, Outcome::Value(v)) => out.entry(op.key()).or_default().push(t(KeyOp::Read(*v))),
            (op, Outcome::Mod(m)) => out
                .entry(op.key())
                .or_default()
                .push(t(KeyOp::Write(*op, *m))),
            _ => panic!("answer of the wrong shape: {h:?}"),
        }
    }
    out
}

/// The first key whose sub-history is not linearizable.
fn violation(history: &[HistoryEntry], initial: &BTreeMap<u64, u64>) -> Option<u64> {
    per_key(history, initial)
        .into_iter()
        .find(|(k, ops)| !linearizable(ops, initial.get(k).copied()))
        .map(|(k, _)| k)
}

#[test]
fn checker_rejects_a_stale_read_and_accepts_overlap() {
    let w = |inv, res, key, value| Timed {
        inv,
        res,
        op: KeyOp::Write(Op::Insert { key, value }, ModOutcome::Inserted),
    };
    let r = |inv, res, v| Timed {
        inv,
        res,
        op: KeyOp::Read(v),
    };
    // The read starts after the insert completed: it must see it.
    assert!(!linearizable(&[w(0, 10, 1, 5), r(11, 20, None)], None));
    assert!(linearizable(&[w(0, 10, 1, 5), r(11, 20, Some(5))], None));
    // Overlapping: either answer is fine.
    assert!(linearizable(&[w(0, 10, 1, 5), r(5, 20, None)], None));
    assert!(linearizable(&[w(0, 10, 1, 5), r(5, 20, Some(5))], None));
}

#[test]
fn random_concurrent_histories_with_shared_keys_are_linearizable_for_xm_ds_fc() {
    let mut merges = 0;
    let mut underflows = 0;
    for scheme in [Scheme::Xm, Scheme::Ds, Scheme::Fc] {
        for seed in 0..seeds() {
            let (r, initial) = run(scheme, seed, Protocol::PAPER);
            assert_eq!(
                r.use_after_reclaim, 0,
                "{scheme:?} seed {seed}: use after reclaim"
            );
            assert_eq!(
                r.mismatches, 0,
                "{scheme:?} seed {seed}: answer outside its window"
            );
            assert!(r.latches_idle, "{scheme:?} seed {seed}: latch left held");
            assert_eq!(r.history.len(), r.completed.len());
            if let Some(k) = violation(&r.history, &initial) {
                panic!("{scheme:?} seed {seed}: key {k}'s history is not linearizable");
            }
            merges += r.merges.len();
            underflows += r
                .history
                .iter()
                .filter(|h| matches!(h.outcome, Outcome::Mod(ModOutcome::Deleted)))
                .count();
        }
    }
    assert!(
        merges > 100,
        "the histories must run through merges ({merges})"
    );
    assert!(underflows > 100, "and deletes ({underflows})");
}

fn broken(drop: fn(&mut Protocol)) -> (u64, u64, u64) {
    let mut p = Protocol::PAPER;
    drop(&mut p);
    let (mut violations, mut uar, mut wrong) = (0, 0, 0);
    for seed in 0..seeds().max(100) {
        let (r, initial) = run(Scheme::Fc, seed, p);
        violations += u64::from(violation(&r.history, &initial).is_some());
        uar += r.use_after_reclaim;
        wrong += r.mismatches;
    }
    (violations, uar, wrong)
}

#[test]
fn dropping_a_protocol_rule_breaks_fc() {
    type Drop = fn(&mut Protocol);
    let rules: [(&str, Drop); 4] = [
        ("lock coupling", |p| p.lock_coupling = false),
        ("reclaim latch", |p| p.reclaim_latch = false),
        ("retention", |p| p.retention = false),
        ("wavefront after insert", |p| {
            p.wavefront_after_insert = false
        }),
    ];
    for (name, drop) in rules {
        let (violations, uar, wrong) = broken(drop);
        eprintln!(
            "{name}: {violations} non-linearizable histories, {uar} uses after reclaim, \
             {wrong} wrong answers"
        );
        assert!(
            violations > 0,
            "{name} dropped: the checker found no violation"
        );
        assert!(wrong > 0, "{name} dropped: the run flagged no wrong answer");
    }
}
