//! The IPA database against a plain `BTreeMap`: random inserts, updates (small, IPA-sized, and
//! large), gets, checkpoints and crashes at random steps, over every region mode (SLC, pSLC,
//! odd-MLC, no IPA, odd-MLC with App. C.2's paired pages) and both eviction policies, on a device small enough that GC runs often.
//! Every `get` equals the map; refused ops are refused by both; `check_invariants` holds after
//! every step.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeMap;

use flashlab_core::device::nand::CellType;
use flashlab_core::ipa::{Eviction, IpaError, IpaMode, IpaStore, Scheme, StoreConfig};
use flashlab_core::sim::Rng;

/// SLC, pSLC, odd-MLC, no IPA, odd-MLC with C.2 pairs (by `seed % MODES`).
const MODES: usize = 5;

fn config(seed: u64) -> StoreConfig {
    let (mode, cell_type) = [
        (IpaMode::Slc, CellType::Slc),
        (IpaMode::PSlc, CellType::Mlc),
        (IpaMode::OddMlc, CellType::Mlc),
        (IpaMode::NoIpa, CellType::Slc),
        (IpaMode::OddMlc, CellType::Mlc),
    ][seed as usize % MODES];
    let pairs = seed as usize % MODES == 4;
    let eviction = if (seed / MODES as u64).is_multiple_of(2) {
        Eviction::Eager {
            dirty_permille: 125,
        }
    } else {
        Eviction::NonEager
    };
    let base = StoreConfig {
        page_bytes: 256,
        scheme: Scheme { n: 2, m: 3, v: 4 },
        fields: 2,
        buffer_frames: 3,
        eviction,
        mode,
        cell_type,
        nop: [4, 8, 2][(seed / 8) as usize % 3],
        blocks: 10,
        // Same usable pages per block (4) in every mode, so GC pressure is alike (C.2 pairs:
        // wordlines − 1 DB pages per block).
        wordlines_per_block: match (mode, pairs) {
            (_, true) => 5,
            (IpaMode::OddMlc, false) => 2,
            _ => 4,
        },
        over_provisioning: 0.1,
        db_page_spans_pair: pairs,
    };
    if mode == IpaMode::NoIpa {
        base.without_ipa()
    } else {
        base
    }
}

/// Runs one seed; returns (appends, out-of-place writes, GC erases).
fn run(seed: u64, steps: usize) -> (u64, u64, u64) {
    let mut rng = Rng::new(seed);
    let mut store = IpaStore::new(config(seed)).unwrap();
    let mut map: BTreeMap<u64, Vec<u32>> = BTreeMap::new();
    let key_space = 60;
    for step in 0..steps {
        let key = rng.below(key_space);
        match rng.below(100) {
            0..=24 => {
                let fields = vec![rng.below(100) as u32, rng.below(100) as u32];
                let got = store.insert(key, &fields);
                match map.entry(key) {
                    std::collections::btree_map::Entry::Occupied(_) => assert_eq!(
                        got,
                        Err(IpaError::DuplicateKey { key }),
                        "seed {seed} step {step}"
                    ),
                    std::collections::btree_map::Entry::Vacant(slot) => {
                        got.unwrap();
                        slot.insert(fields);
                    }
                }
            }
            25..=69 => {
                let field = rng.below(2) as usize;
                let value = match rng.below(4) {
                    0 => rng.next_u64() as u32,
                    _ => map.get(&key).map_or(0, |f| {
                        f[field].wrapping_add(rng.range_inclusive(1, 9) as u32)
                    }),
                };
                let got = store.update(key, field, value);
                match map.get_mut(&key) {
                    Some(f) => {
                        got.unwrap();
                        f[field] = value;
                    }
                    None => assert_eq!(got, Err(IpaError::MissingKey { key })),
                }
            }
            70..=71 => {
                assert_eq!(
                    store.update(key, 2, 1),
                    Err(IpaError::FieldOutOfRange {
                        field: 2,
                        fields: 2
                    })
                );
            }
            72..=93 => assert_eq!(
                store.get(key).unwrap(),
                map.get(&key).cloned(),
                "seed {seed} step {step} key {key}"
            ),
            94..=96 => store.checkpoint().unwrap(),
            _ => store.crash().unwrap(),
        }
        if let Err(e) = store.check_invariants() {
            panic!("seed {seed} step {step}: {e}");
        }
    }
    store.crash().unwrap();
    for (key, fields) in &map {
        assert_eq!(
            store.get(*key).unwrap().as_ref(),
            Some(fields),
            "seed {seed} after final crash"
        );
    }
    let c = &store.counters;
    (c.appends, c.out_of_place_writes, store.ftl.counters.erases)
}

#[test]
fn every_get_equals_the_map_across_appends_gc_evictions_and_crashes() {
    // Per region mode (seed % MODES): appends, out-of-place writes, erases.
    let mut tally = [(0u64, 0u64, 0u64); MODES];
    for seed in 0..1250 {
        let (a, o, e) = run(seed, 120);
        let t = &mut tally[seed as usize % MODES];
        t.0 += a;
        t.1 += o;
        t.2 += e;
    }
    for (mode, t) in tally.iter().enumerate().filter(|(m, _)| *m != 3) {
        assert!(t.0 > 300 && t.1 > 300 && t.2 > 30, "mode {mode}: {t:?}");
    }
    assert_eq!(tally[3].0, 0, "no-IPA region appended");
}

#[test]
fn no_ipa_region_never_appends() {
    for seed in (3..250).step_by(MODES) {
        assert_eq!(run(seed, 80).0, 0);
    }
}
