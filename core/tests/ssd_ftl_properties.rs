//! FTL properties against a plain reference map, on tiny devices at high fill so that GC runs
//! every few writes. Every configuration: greedy, cost-benefit and FIFO victims, static and
//! dynamic write allocation, static wear levelling on and off.

// Test helpers outside #[test] functions may still fail loudly: this whole file is a test.
#![allow(clippy::expect_used, clippy::unwrap_used)]

mod common;

use common::ssd_ftl::{configs, tiny};

use flashlab_core::device::ssd::blocks::BlockState;
use flashlab_core::device::ssd::checks::CheckState;
use flashlab_core::device::ssd::ftl::{Ftl, FtlConfig, NO_VERSION, WriteAllocation};
use flashlab_core::device::ssd::gc_policy::{self, Reason, VictimPolicy, cost_benefit_score};
use flashlab_core::device::ssd::geometry::Geometry;
use flashlab_core::sim::Rng;

/// Runs `ops` random writes, trims and reads; calls `after` after every op.
fn drive(config: FtlConfig, ops: u32, seed: u64, mut after: impl FnMut(&Ftl, &[u32])) {
    let g = tiny();
    let mut ftl = Ftl::new(g, config);
    let mut reference = vec![NO_VERSION; g.logical_pages as usize];
    let mut rng = Rng::new(seed);
    let mut log = Vec::new();
    let mut busy = vec![0u64; g.dies() as usize];
    for version in 0..ops {
        let lba = rng.below(u64::from(g.logical_pages)) as u32;
        match rng.below(10) {
            0 => {
                ftl.trim(lba);
                reference[lba as usize] = NO_VERSION;
            }
            1..=2 => {
                let (_, got) = ftl.read(lba);
                assert_eq!(
                    got, reference[lba as usize],
                    "read of LBA {lba} at op {version}"
                );
            }
            _ => {
                log.clear();
                let hint = (config.allocation == WriteAllocation::Dynamic).then(|| {
                    for b in busy.iter_mut() {
                        *b = rng.below(4);
                    }
                    busy.as_slice()
                });
                ftl.write_with(lba, version, hint, &mut log)
                    .unwrap_or_else(|e| panic!("write {version}: {e}"));
                reference[lba as usize] = version;
            }
        }
        after(&ftl, &reference);
    }
}

#[test]
fn reads_return_the_last_write_through_any_amount_of_gc() {
    for (i, config) in configs().into_iter().enumerate() {
        let mut erases = 0;
        drive(config, 20_000, i as u64, |ftl, reference| {
            erases = ftl.counters.erases;
            for (lba, &version) in reference.iter().enumerate() {
                assert_eq!(ftl.read(lba as u32).1, version, "{config:?} LBA {lba}");
            }
        });
        assert!(erases > 1_000, "{config:?}: GC ran only {erases} times");
    }
}

#[test]
fn the_maps_stay_a_bijection_onto_valid_pages_after_every_op() {
    for (i, config) in configs().into_iter().enumerate() {
        let g = tiny();
        let mut checks = CheckState::new(g.physical_pages(), g.blocks());
        drive(config, 5_000, 100 + i as u64, |ftl, _| {
            checks.after_step(ftl, true);
            let failed: Vec<_> = checks.report(ftl).into_iter().filter(|c| !c.ok).collect();
            assert!(failed.is_empty(), "{config:?}: {failed:?}");
        });
    }
}

#[test]
fn erase_counts_never_fall_and_write_amplification_stays_at_least_one() {
    for (i, config) in configs().into_iter().enumerate() {
        let mut previous: Vec<u32> = Vec::new();
        drive(config, 10_000, 200 + i as u64, |ftl, _| {
            let counts = &ftl.blocks.erase_count;
            if !previous.is_empty() {
                assert!(
                    counts
                        .iter()
                        .zip(&previous)
                        .all(|(now, before)| now >= before)
                );
            }
            previous.clone_from(counts);
            assert!(ftl.counters.flash_programs >= ftl.counters.host_writes);
            assert!(ftl.write_amplification() >= 1.0);
            assert_eq!(ftl.double_programs, 0);
        });
    }
}

#[test]
fn static_wear_levelling_narrows_the_erase_count_spread() {
    let spread = |threshold: Option<u32>| {
        let config = FtlConfig {
            static_wear_threshold: threshold,
            ..FtlConfig::default()
        };
        let g = Geometry::with_spare_factor(1, 1, 1, 32, 8, 4096, 0.25);
        let mut ftl = Ftl::new(g, config);
        let mut log = Vec::new();
        for lba in 0..g.logical_pages {
            ftl.write(lba, 0, &mut log).unwrap();
        }
        let mut rng = Rng::new(9);
        for version in 0..50_000 {
            log.clear();
            ftl.write(rng.below(16) as u32, version, &mut log).unwrap(); // 16 hot pages
        }
        let e = &ftl.blocks.erase_count;
        (
            e.iter().max().unwrap() - e.iter().min().unwrap(),
            ftl.counters.wear_moves,
        )
    };
    let (without, no_moves) = spread(None);
    let (with, moves) = spread(Some(4));
    assert_eq!(no_moves, 0);
    assert!(moves > 0);
    assert!(
        with <= 6 && with < without,
        "spread {with} with, {without} without"
    );
}

#[test]
fn greedy_picks_a_block_with_the_fewest_valid_pages() {
    drive(FtlConfig::default(), 5_000, 7, |ftl, _| {
        for die in 0..ftl.geometry.dies() {
            let snapshot = ftl.snapshot(die);
            let brute = (0..ftl.geometry.blocks())
                .filter(|&b| ftl.blocks.die_of(b) == die)
                .filter(|&b| ftl.blocks.state[b as usize] == BlockState::Closed)
                .map(|b| ftl.blocks.valid[b as usize])
                .min();
            let chosen = gc_policy::greedy(&snapshot);
            assert_eq!(chosen.map(|v| v.valid_pages), brute);
            if let Some(v) = chosen {
                assert_eq!(ftl.blocks.valid[v.block as usize], v.valid_pages);
                assert_eq!(v.reason, Reason::Greedy);
            }
        }
    });
}

#[test]
fn cost_benefit_picks_the_highest_score_by_its_formula() {
    let config = FtlConfig {
        policy: VictimPolicy::CostBenefit,
        ..FtlConfig::default()
    };
    drive(config, 5_000, 8, |ftl, _| {
        let ppb = ftl.geometry.pages_per_block;
        let now = ftl.counters.host_writes;
        for die in 0..ftl.geometry.dies() {
            let Some(v) = gc_policy::cost_benefit(&ftl.snapshot(die)) else {
                continue;
            };
            let score = |b: u32| {
                let u = f64::from(ftl.blocks.valid[b as usize]) / f64::from(ppb);
                let age = (now - ftl.blocks.sealed_at[b as usize]) as f64;
                if u == 0.0 {
                    f64::INFINITY
                } else {
                    (1.0 - u) * age / (2.0 * u)
                }
            };
            assert_eq!(v.score, score(v.block));
            let age = now - ftl.blocks.sealed_at[v.block as usize];
            assert_eq!(v.score, cost_benefit_score(v.valid_pages, ppb, age));
            for b in 0..ftl.geometry.blocks() {
                if ftl.blocks.die_of(b) == die && ftl.blocks.state[b as usize] == BlockState::Closed
                {
                    assert!(
                        score(b) <= v.score,
                        "block {b} scores higher than {}",
                        v.block
                    );
                }
            }
        }
    });
}

#[test]
fn fifo_picks_the_block_closed_longest_ago() {
    let config = FtlConfig {
        policy: VictimPolicy::Fifo,
        ..FtlConfig::default()
    };
    drive(config, 5_000, 9, |ftl, _| {
        for die in 0..ftl.geometry.dies() {
            let brute = (0..ftl.geometry.blocks())
                .filter(|&b| ftl.blocks.die_of(b) == die)
                .filter(|&b| ftl.blocks.state[b as usize] == BlockState::Closed)
                .min_by_key(|&b| ftl.blocks.closed_seq[b as usize]);
            let chosen = gc_policy::fifo(&ftl.snapshot(die)).map(|v| v.block);
            assert_eq!(chosen, brute);
        }
    });
}

#[test]
fn fifo_write_amplification_matches_the_lambert_w_closed_form_and_greedy_beats_it() {
    use flashlab_core::device::ssd::reproduce::waf::{alpha_effective, simulated_waf};
    use flashlab_core::device::ssd::waf::fifo_waf;
    for rho in [0.1, 0.3] {
        let g = Geometry::with_spare_factor(1, 1, 1, 1024, 64, 4096, 0.0);
        let g = g.with_logical_pages((f64::from(g.physical_pages()) / (1.0 + rho)) as u32);
        let fifo = simulated_waf(g, VictimPolicy::Fifo, 2, 2, 1).unwrap();
        let greedy = simulated_waf(g, VictimPolicy::Greedy, 2, 2, 1).unwrap();
        let analytic = fifo_waf(alpha_effective(&g));
        assert!(
            (fifo - analytic).abs() / analytic < 0.015,
            "ρ {rho}: FIFO {fifo} vs {analytic}"
        );
        assert!(greedy < fifo, "ρ {rho}: greedy {greedy} vs FIFO {fifo}");
    }
}
