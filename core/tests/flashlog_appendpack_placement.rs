//! Append/Pack on the timed SSD: with the device placing A/P's pages by address
//! (`appendpack::placement`), every erase-unit write fills whole flash blocks, so A/P's erases
//! (TRIMs) leave whole blocks invalid and the SSD's GC copies nothing; the device holds what
//! A/P's map says (checked against a plain reference map of the last version written).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeMap;

use flashlab_core::flashlog::appendpack::placement::Placement;
use flashlab_core::flashlog::appendpack::ssd_run::ApOnSsd;
use flashlab_core::sim::Rng;

/// Relocations and flash programs per host write of the SSD over the writes after the first
/// device's worth, with the reference map of the last version of each page.
fn run(placement: Placement, seed: u64) -> (ApOnSsd, u64, f64, BTreeMap<u32, u32>) {
    let mut run = ApOnSsd::new("fusionio", 16, 0.7, 32).unwrap();
    run.placement = placement;
    let pages = run.ap.config.logical_pages;
    let device = u64::from(run.ap.config.blocks * run.ap.config.eb_pages);
    let mut rng = Rng::new(seed);
    let mut reference = BTreeMap::new();
    let mut before = None;
    for i in 0..3 * device {
        if i == device {
            before = Some(run.ssd.ftl.counters);
        }
        // Skewed, as the mix: 80 % of the writes on the first fifth of the pages.
        let hot = u64::from(pages / 5);
        let page = if rng.chance(0.8) {
            rng.below(hot)
        } else {
            hot + rng.below(u64::from(pages) - hot)
        } as u32;
        run.write(page).unwrap();
        reference.insert(page, run.ap.read(page).unwrap().0);
    }
    let (c0, c) = (before.unwrap(), run.ssd.ftl.counters);
    let wa =
        (c.flash_programs - c0.flash_programs) as f64 / (c.host_writes - c0.host_writes) as f64;
    (run, c.relocations - c0.relocations, wa, reference)
}

#[test]
fn striped_erase_units_fill_whole_flash_blocks_so_the_ssd_copies_nothing() {
    for seed in 1..=3 {
        let (run, relocations, wa, _) = run(Placement::Striped, seed);
        assert!(run.ap.counters.erases > 0, "seed {seed}: A/P never packed");
        assert!(
            run.ssd.ftl.counters.gc_victims > 0,
            "seed {seed}: the SSD never collected"
        );
        assert_eq!(relocations, 0, "seed {seed}");
        assert!((wa - 1.0).abs() < 1e-12, "seed {seed}: device WA {wa}");
    }
}

#[test]
fn dynamic_placement_mixes_erase_units_in_flash_blocks_and_the_ssd_copies() {
    let (_, relocations, wa, _) = run(Placement::Dynamic, 1);
    assert!(
        relocations > 0 && wa > 1.0,
        "relocations {relocations}, WA {wa}"
    );
}

#[test]
fn the_device_holds_the_version_the_reference_map_last_wrote() {
    for placement in [Placement::Striped, Placement::Dynamic] {
        let (mut run, _, _, reference) = run(placement, 4);
        let mut checked = 0;
        for (&page, &version) in &reference {
            let (v, slot) = run.ap.read(page).unwrap();
            assert_eq!(v, version, "{placement:?} page {page}");
            if let Some(slot) = slot {
                let (on_device, _) = run.ssd.read_page(slot, run.pipe.end_ns);
                assert_eq!(
                    on_device, version,
                    "{placement:?} page {page} at slot {slot}"
                );
                checked += 1;
            }
        }
        assert!(
            checked > reference.len() / 2,
            "{placement:?}: {checked} pages on the device"
        );
    }
}

/// In-place's combined MB/s on the Figure 3b mix over a database of 80 % of the device (the
/// claims' device: a smaller one runs the in-place baseline out of headroom), the device placing
/// its writes dynamically (the model's default, which the claims use) or by address.
fn in_place_mb_s(striped: bool, seed: u64) -> f64 {
    use flashlab_core::flashlog::appendpack::mix_run::{MixRun, in_place_mix_placed};
    use flashlab_core::flashlog::appendpack::placement::Placement;
    use flashlab_core::flashlog::reproduce::appendpack_mix::TPCC_LIKE;
    use flashlab_core::flashlog::ssd_io::TimedSsd;

    let logical = TimedSsd::from_preset("fusionio", 48)
        .unwrap()
        .logical_pages();
    let run = MixRun {
        preset: "fusionio",
        blocks_per_plane: 48,
        mix: TPCC_LIKE,
        warmup: u64::from(logical) * 6,
        ops: u64::from(logical),
        seed,
    };
    let placement = if striped {
        Placement::Striped
    } else {
        Placement::Dynamic
    };
    in_place_mix_placed(&run, logical / 5 * 4, placement)
        .unwrap()
        .mb_per_s
}

/// Keeping in-place on dynamic allocation is the baseline's better case: address striping
/// would make its random writes wait for their die instead of flowing around busy ones.
#[test]
fn in_place_writes_gain_nothing_from_address_striping() {
    for seed in 1..=2 {
        let (dynamic, striped) = (in_place_mb_s(false, seed), in_place_mb_s(true, seed));
        assert!(
            striped < dynamic,
            "seed {seed}: striped {striped} MB/s, dynamic {dynamic}"
        );
    }
}
