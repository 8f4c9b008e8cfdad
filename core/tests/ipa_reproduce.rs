//! The reproduction functions on small runs: Tab. 2 directions against IPL at every default
//! seed (the magnitudes are the claims' to judge, on the median over seeds), Tab. 1 update-size
//! shapes, and Tabs. 6–10 directions against out-of-place.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::claim_run::{load, metrics_of};
use flashlab_core::ipa::baseline::ipl::IplConfig;
use flashlab_core::ipa::claims::{
    TABLE2_BUFFER_SHARE, TABLE2_DEVICE_FILL, TABLE2_RUN_DIVISOR, TABLE2_TPCC_ITEMS, claims,
};
use flashlab_core::ipa::compare::three_way;
use flashlab_core::ipa::reproduce::scenario::COURSE_DIVISOR;
use flashlab_core::ipa::reproduce::{gc, sizes, table2};
use flashlab_core::ipa::workload::drive;
use flashlab_core::ipa::workload::{Workload, tatp::Tatp, tpcb::TpcB, tpcc::TpcC};
use flashlab_core::ipa::{IpaStore, Scheme, StoreConfig};
use flashlab_core::plugin::RunScale;

#[test]
fn table2_ipa_beats_ipl_on_reads_writes_and_erases() {
    let cases = [
        (
            Workload::TpcB(TpcB::new(1, 2000)),
            0,
            Scheme { n: 2, m: 4, v: 12 },
        ),
        (
            Workload::TpcC(TpcC::new(3000, 1500)),
            1,
            Scheme { n: 2, m: 3, v: 12 },
        ),
        (
            Workload::Tatp(Tatp::new(3000)),
            2,
            Scheme { n: 2, m: 4, v: 12 },
        ),
    ];
    for (w, i, scheme) in cases {
        // A buffer of about a fifth of the database's pages, so pages are fetched and evicted.
        let cfg = table2::ipl_preset(scheme, 3, 24);
        for seed in flashlab_core::plugin::seeds::DEFAULT_SEEDS {
            for r in &table2::simulated(&w, i, &cfg, seed, 300).unwrap() {
                assert!(
                    r.simulated > 0.0,
                    "{r:?} at seed {seed}: IPA must be below IPL"
                );
            }
        }
    }
}

#[test]
fn table1_tpcb_updates_are_mostly_four_bytes_and_tpcc_mostly_three_or_less() {
    let cfg = table2::ipl_preset(Scheme::none(), 16, 24);
    let b = sizes::table1(&cfg, &Workload::TpcB(TpcB::new(1, 2000)), false, 5, 200).unwrap();
    let c = sizes::table1(&cfg, &Workload::TpcC(TpcC::new(3000, 1500)), true, 5, 200).unwrap();
    eprintln!("{b:?}\n{c:?}");
    assert!(
        c[0].simulated > b[0].simulated,
        "TPC-C has more <= 3 B updates than TPC-B"
    );
    for rows in [&b, &c] {
        assert!(
            rows.windows(2).all(|w| w[0].simulated <= w[1].simulated),
            "a CDF"
        );
    }
}

#[test]
fn tables6_to_10_ipa_cuts_gc_erases_per_host_write() {
    let base = table2::ipl_preset(Scheme { n: 2, m: 3, v: 12 }, 16, 8);
    let cfg = gc::fit_device(&base, 3000 + 1500 + 11, 0.85);
    let r = gc::reduction(&cfg, &Workload::TpcC(TpcC::new(3000, 1500)), 9, 600).unwrap();
    eprintln!("{r:?} blocks {}", cfg.blocks);
    assert!(r.ipa_percent > 30.0, "{r:?}");
    assert!(r.erases_per_write_change < 0.0, "{r:?}");
}

#[test]
fn table11_bigger_non_eager_buffers_accumulate_bigger_updates() {
    let cfg = table2::ipl_preset(Scheme::none(), 2, 24);
    let w = Workload::TpcC(TpcC::new(3000, 1500));
    let small = sizes::table11(&cfg, &w, 2, 0, 5, 150).unwrap();
    let large = sizes::table11(&cfg, &w, 12, 3, 5, 150).unwrap();
    eprintln!("{small:?}\n{large:?}");
    assert!(
        small[0].simulated > large[0].simulated,
        "more tiny updates with a small buffer"
    );
}

#[test]
fn table3_more_appends_with_larger_n_and_m() {
    // Tab. 3's 4 KB pages.
    let base = StoreConfig {
        page_bytes: 4096,
        ..table2::ipl_preset(Scheme::none(), 6, 8)
    };
    let w = Workload::TpcC(TpcC::new(2000, 1000));
    let grid = gc::scheme_grid(&base, &w, 3011, &[(1, 3), (2, 3), (2, 10)], 12, 9, 150).unwrap();
    eprintln!("{grid:?}");
    assert!(
        grid[0].ipa_percent <= grid[1].ipa_percent && grid[1].ipa_percent <= grid[2].ipa_percent
    );
    assert!(grid[0].space_percent < grid[1].space_percent);
}

/// `flashlab reproduce` runs the IPA claims at a reduced scale (300 transactions, see
/// `ipa::claims`) to stay within the dev-profile time budget. This is the same at ten times the
/// transactions; it takes minutes in a debug build:
/// `cargo test --release -p flashlab-core --test ipa_reproduce -- --ignored --nocapture`.
#[test]
#[ignore = "ten times the claims' scale: run with --release -- --ignored --nocapture"]
fn claims_hold_in_direction_at_ten_times_the_scale() {
    let cases = [
        (
            Workload::TpcB(TpcB::new(1, 2000)),
            0,
            Scheme { n: 2, m: 4, v: 12 },
        ),
        (
            Workload::TpcC(TpcC::new(3000, 1500)),
            1,
            Scheme { n: 2, m: 3, v: 12 },
        ),
        (
            Workload::Tatp(Tatp::new(3000)),
            2,
            Scheme { n: 2, m: 4, v: 12 },
        ),
    ];
    for (w, i, scheme) in cases {
        let cfg = table2::ipl_preset(scheme, 3, 24);
        for r in table2::simulated(&w, i, &cfg, 11, 3000).unwrap() {
            eprintln!("{r:?}");
            assert!(r.simulated > 0.0, "{r:?}: IPA must be below IPL");
        }
    }
    let base = table2::ipl_preset(Scheme { n: 2, m: 3, v: 12 }, 16, 8);
    let cfg = gc::fit_device(&base, 3000 + 1500 + 11 + 6000, 0.85);
    let r = gc::reduction(&cfg, &Workload::TpcC(TpcC::new(3000, 1500)), 9, 6000).unwrap();
    eprintln!("{r:?} blocks {}", cfg.blocks);
    assert!(r.erases_per_write_change < 0.0, "{r:?}");
}

/// Issue 27 item 6: the run a claim links is the run its number came from. No IPA claim's own
/// configuration fits the browser's work budget, so every run is a course-scale version; the
/// closest proof: Tab. 2's TPC-C run, opened as the results page opens it and run to the end,
/// has exactly the fetches and write-backs (appends, out-of-place, new-page) of the
/// reproduction's race (`three_way`, which the claim's reductions are computed from) on the
/// course-scale configuration at seed 1 — the claim's buffer, scheme and device with page size
/// and scale ÷16 — so IPL replays the same page events; the lab's background GC can only add
/// erases and migrations. Every simulated claim's run loads.
#[test]
fn the_table2_claims_run_is_the_race_of_its_first_seed_at_course_scale() {
    let claims = claims();
    let claim = claims
        .iter()
        .find(|c| c.id == "seed004.tab2.tpcc.writes")
        .unwrap();
    let run = claim.runs.iter().find(|r| r.label == "ipa").unwrap();
    assert!(matches!(run.scale, RunScale::CourseScale { .. }), "{run:?}");
    let doc = &run.scenario;
    assert_eq!(doc["seed"], 1);
    let scheme = Scheme { n: 2, m: 3, v: 12 };
    // The claim's own 291-page database is over the lab's work budget even at course scale,
    // so the run is the same buffer share and device fill on a smaller database (its title
    // says by how much).
    let title = doc["title"].as_str().unwrap_or("");
    let divisor = [TABLE2_RUN_DIVISOR, 2 * TABLE2_RUN_DIVISOR]
        .into_iter()
        .find(|d| title.contains(&format!("÷{d}")))
        .unwrap();
    let linked_items = TABLE2_TPCC_ITEMS / divisor;
    let linked = Workload::TpcC(TpcC::new(linked_items, linked_items / 2));
    let (claim_cfg, _) =
        table2::paper_setup(scheme, &linked, TABLE2_BUFFER_SHARE, TABLE2_DEVICE_FILL).unwrap();
    assert_eq!(
        doc["params"]["buffer_frames"],
        claim_cfg.buffer_frames as u64
    );
    let page_bytes = doc["params"]["page_bytes"].as_u64().unwrap() as usize;
    assert!(page_bytes < 8192, "{page_bytes}");
    let txns = doc["workload"]["generator"]["transactions"]
        .as_u64()
        .unwrap() as usize;
    let items = linked_items / COURSE_DIVISOR as u64;
    assert_eq!(doc["workload"]["generator"]["scale"], items);
    let m = metrics_of(run);
    let cfg = StoreConfig {
        page_bytes,
        ..claim_cfg
    };
    let w = Workload::TpcC(TpcC::new(items, items / 2));
    // The lab counts from its first op; the race measures after the load phase and its
    // checkpoint: the lab's totals are the load phase's plus the race's IPA side.
    let mut loaded = IpaStore::new(cfg.clone()).unwrap();
    drive(&mut loaded, &mut w.clone(), 1, 0).unwrap();
    let (at_load, load_flash) = (&loaded.counters, &loaded.ftl.counters);
    let race = three_way(&cfg, &w, 1, txns, IplConfig::paper()).unwrap();
    let (ipa, flash) = (&race.ipa.store, &race.ipa.flash);
    // The host side (fetches and write-backs, hence the page events IPL replays) is the same.
    for (name, before, in_race) in [
        ("appends", at_load.appends, ipa.appends),
        (
            "out_of_place_writes",
            at_load.out_of_place_writes,
            ipa.out_of_place_writes,
        ),
        (
            "new_page_writes",
            at_load.new_page_writes,
            ipa.new_page_writes,
        ),
        ("page_fetches", at_load.page_fetches, ipa.page_fetches),
    ] {
        assert_eq!(m[name], (before + in_race) as f64, "{name}");
    }
    // The lab also collects in the background between ops (its `shrunk` text says so): never
    // fewer erases or migrations than the reproduction's store, which collects only when it
    // must.
    for (name, before, in_race) in [
        ("erases", load_flash.erases, flash.erases),
        (
            "gc_migrations",
            load_flash.gc_migrations,
            flash.gc_migrations,
        ),
    ] {
        assert!(m[name] >= (before + in_race) as f64, "{name}");
    }
    let shrunk = match &run.scale {
        RunScale::CourseScale { shrunk } => shrunk,
        RunScale::Own => unreachable!(),
    };
    assert!(shrunk.contains("background"), "{shrunk}");
    assert!(ipa.appends > 0 && race.ipl_erases > 0, "{race:?}");
    for claim in claims
        .iter()
        .filter(|c| !c.id.contains("space") && !c.id.contains("fig1"))
    {
        assert!(!claim.runs.is_empty(), "{}: no run", claim.id);
        claim.runs.iter().for_each(|run| drop(load(run)));
    }
}
