//! MaSM scans against a plain reference: the initial table with every update of ts < q.ts
//! applied in timestamp order. Random insert/modify/delete/scan/flush/migrate sequences, with
//! scans before, during (between flush steps and migration steps) and after flushes, 2-pass
//! merges and migrations, and delayed queries that must not see later updates. Every invariant
//! of `Masm::check_invariants` is asserted after every step.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeMap;

use flashlab_core::masm::{
    Change, FieldPatch, Granularity, Masm, MasmConfig, MasmError, MigrationProgress, Row, Variant,
    apply,
};
use flashlab_core::sim::Rng;

struct Reference {
    base: Vec<(u64, Row)>,
    /// (ts, key, change) in timestamp order.
    history: Vec<(u64, u64, Change)>,
}

impl Reference {
    fn at(&self, query_ts: u64, begin: u64, end: u64) -> Vec<(u64, Row)> {
        let mut map: BTreeMap<u64, Row> = self.base.iter().copied().collect();
        for (ts, key, change) in &self.history {
            if *ts >= query_ts {
                break;
            }
            match apply(map.get(key).copied(), change) {
                Some(row) => map.insert(*key, row),
                None => map.remove(key),
            };
        }
        map.range(begin..=end).map(|(k, v)| (*k, *v)).collect()
    }
}

fn random_change(rng: &mut Rng, key: u64) -> Change {
    let row = Row([key, rng.below(1000)]);
    match rng.below(10) {
        0..=3 => Change::Insert(row),
        4..=5 => Change::Delete,
        6..=8 => Change::Modify(FieldPatch {
            mask: 1 + rng.below(3) as u8,
            values: [rng.below(1000), rng.below(1000)],
        }),
        _ => Change::Replace(row),
    }
}

fn assert_invariants(masm: &Masm, step: u64) {
    for check in masm.check_invariants() {
        assert!(check.ok, "step {step}: {}: {}", check.name, check.detail);
    }
}

fn check_scan(masm: &mut Masm, reference: &Reference, query_ts: u64, begin: u64, end: u64) {
    let result = masm.run_query(query_ts, begin, end).unwrap();
    assert!(result.rows.windows(2).all(|w| w[0].0 < w[1].0), "order");
    assert_eq!(
        result.rows,
        reference.at(query_ts, begin, end),
        "q.ts {query_ts} [{begin}, {end}]"
    );
}

struct Counts {
    scans: u64,
    scans_during_flush: u64,
    scans_during_migration: u64,
    delayed: u64,
    migrations: u64,
    crashes: u64,
}

fn run_random(cfg: MasmConfig, seed: u64, steps: u64) -> (Masm, Counts) {
    let mut rng = Rng::new(seed);
    let key_space = cfg.key_space;
    let base: Vec<(u64, Row)> = (0..key_space)
        .step_by(2)
        .map(|k| (k, Row([k, 0])))
        .collect();
    let mut masm = Masm::new(cfg, &base).unwrap();
    let mut reference = Reference {
        base,
        history: Vec::new(),
    };
    let mut pending: Vec<u64> = Vec::new();
    let mut c = Counts {
        scans: 0,
        scans_during_flush: 0,
        scans_during_migration: 0,
        delayed: 0,
        migrations: 0,
        crashes: 0,
    };
    let range = |rng: &mut Rng| {
        let b = rng.below(key_space);
        let e = (b + rng.below(key_space / 2 + 1)).min(key_space - 1);
        (b, e)
    };
    for step in 0..steps {
        let capacity = masm.layout().ssd_capacity_pages;
        let used = masm.ssd_live_pages() + masm.buffer().capacity_pages() * 2;
        if used * 10 > capacity * 6 {
            if masm.migration().is_some() {
                // Near full during a migration: finish it (it frees R's pages).
                masm.migrate_step(u64::MAX).unwrap();
            } else {
                // Near full: answer the delayed queries, then migrate (which waits for them).
                for q in pending.drain(..) {
                    let (b, e) = range(&mut rng);
                    check_scan(&mut masm, &reference, q, b, e);
                }
                masm.start_migration().unwrap();
                c.migrations += 1;
            }
        }
        match rng.below(100) {
            0..=59 => {
                let key = rng.below(key_space);
                let change = random_change(&mut rng, key);
                let ts = masm.update(key, change).unwrap();
                reference.history.push((ts, key, change));
            }
            60..=69 => {
                let (b, e) = range(&mut rng);
                let q = masm.open_query();
                c.scans += 1;
                c.scans_during_flush += u64::from(masm.flush_job().is_some());
                c.scans_during_migration += u64::from(masm.migration().is_some());
                check_scan(&mut masm, &reference, q, b, e);
            }
            70..=72 if pending.len() < 3 => pending.push(masm.open_query()),
            73..=76 if !pending.is_empty() => {
                let q = pending.remove(rng.below(pending.len() as u64) as usize);
                let (b, e) = range(&mut rng);
                c.delayed += 1;
                check_scan(&mut masm, &reference, q, b, e);
            }
            // A flush starts when the buffer holds S pages (M for MaSM-2M); it is then written
            // a few pages per step while updates and scans go on.
            77..=79
                if masm.flush_job().is_none()
                    && masm.buffer().pages_used() >= masm.layout().buffer_pages =>
            {
                masm.begin_flush().unwrap();
            }
            80..=86 => {
                masm.flush_step(1 + rng.below(3));
            }
            87..=89 if masm.migration().is_none() => match masm.start_migration() {
                Ok(_) => c.migrations += 1,
                Err(MasmError::MigrationWaitsForQueries { .. }) => assert!(!pending.is_empty()),
                Err(other) => panic!("{other}"),
            },
            90..=97 if masm.migration().is_some() => {
                if rng.below(4) == 0 {
                    masm.restart_migration_after_crash();
                    c.crashes += 1;
                }
                let progress = masm.migrate_step(1 + rng.below(4)).unwrap();
                if progress == MigrationProgress::Completed {
                    assert!(masm.migration().is_none());
                }
            }
            _ => {}
        }
        assert_invariants(&masm, step);
    }
    for q in pending.drain(..) {
        check_scan(&mut masm, &reference, q, 0, key_space - 1);
    }
    let q = masm.open_query();
    check_scan(&mut masm, &reference, q, 0, key_space - 1);
    (masm, c)
}

fn small_masm_m(coalesce: bool, stealing: bool, granularity: Granularity) -> MasmConfig {
    let mut cfg = MasmConfig::masm_m(32, 2, 160);
    cfg.coalesce = coalesce;
    cfg.page_stealing = stealing;
    cfg.granularity = granularity;
    cfg
}

#[test]
fn masm_2m_matches_the_reference() {
    for seed in 0..6 {
        let mut cfg = MasmConfig::masm_2m(8, 2, 64);
        cfg.coalesce = seed % 2 == 0;
        let (masm, c) = run_random(cfg, seed, 3000);
        assert!(c.scans > 100 && c.migrations > 0, "seed {seed}");
        assert_eq!(masm.metrics().two_pass_merges, 0);
        assert!(masm.metrics().max_record_writes <= 1);
    }
}

#[test]
fn masm_m_matches_the_reference_with_merges_steps_and_migrations() {
    let mut totals = (0, 0, 0, 0, 0);
    for seed in 0..8 {
        let cfg = small_masm_m(
            seed % 2 == 0,
            seed % 4 < 2,
            if seed % 3 == 0 {
                Granularity::Fine
            } else {
                Granularity::Coarse
            },
        );
        let (masm, c) = run_random(cfg, 100 + seed, 5000);
        assert!(masm.metrics().max_record_writes <= 2);
        totals.0 += masm.metrics().two_pass_merges;
        totals.1 += c.scans_during_flush;
        totals.2 += c.scans_during_migration;
        totals.3 += c.delayed;
        totals.4 += c.crashes;
    }
    let (merges, during_flush, during_migration, delayed, crashes) = totals;
    assert!(merges > 0, "no 2-pass merge exercised");
    assert!(
        during_flush > 0 && during_migration > 0 && delayed > 0 && crashes > 0,
        "{totals:?}"
    );
}

#[test]
fn masm_alpha_three_quarters_matches_the_reference() {
    for seed in 0..4 {
        let mut cfg = MasmConfig::masm_m(64, 1, 300);
        cfg.variant = Variant::AlphaM {
            alpha_num: 3,
            alpha_den: 4,
        };
        cfg.coalesce = true;
        run_random(cfg, 200 + seed, 4000);
    }
}
