//! NoFTL regions under random out-of-place writes, in-place appends and GC steps, against a
//! plain map of each LBA's raw image: nothing is lost across GC, erase counts only grow, and no
//! cell's charge falls except by an erase of its block (SLC, pSLC, odd-MLC; NOP 1, 4, 8).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeMap;

use flashlab_core::device::nand::{CellType, NandConfig};
use flashlab_core::ipa::bytenand::ByteNand;
use flashlab_core::ipa::noftl::{GcAction, IpaMode, NoFtl};
use flashlab_core::sim::Rng;

const PAGE: usize = 16;

fn charges(ftl: &NoFtl) -> Vec<Vec<usize>> {
    let wordlines = ftl.flash.page_map().wordlines();
    (0..ftl.flash.block_count())
        .flat_map(|b| (0..wordlines).map(move |wl| (b, wl)))
        .map(|(b, wl)| ftl.flash.placements(b, wl).unwrap())
        .collect()
}

fn run(seed: u64) -> (u64, u64) {
    let mut rng = Rng::new(seed);
    let (mode, cell) = [
        (IpaMode::Slc, CellType::Slc),
        (IpaMode::PSlc, CellType::Mlc),
        (IpaMode::OddMlc, CellType::Mlc),
    ][seed as usize % 3];
    let mut config = NandConfig::preset(cell);
    config.override_value("nop", [1.0, 4.0, 8.0][(seed / 3) as usize % 3]);
    let wordlines = 4;
    let mut ftl = NoFtl::new(ByteNand::new(config, 6, wordlines, PAGE), mode, 0.1);
    let mut shadow: BTreeMap<u32, Vec<u8>> = BTreeMap::new();
    let lbas = ftl.logical_pages() as u64;
    for step in 0..150 {
        let before_charge = charges(&ftl);
        let erases = |f: &NoFtl| -> Vec<u64> {
            (0..f.flash.block_count())
                .map(|b| f.flash.erase_count(b))
                .collect()
        };
        let before_erases = erases(&ftl);
        let lba = rng.below(lbas) as u32;
        match rng.below(10) {
            0..=4 => {
                let mut image: Vec<u8> = (0..PAGE).map(|_| rng.below(256) as u8).collect();
                image[PAGE / 2..].fill(0xFF);
                if let Err(e) = ftl.write_page(lba, &image) {
                    panic!(
                        "seed {seed} step {step}: {e}; free {:?} valid {:?} active {:?} victim {:?} usable {}",
                        ftl.free_blocks,
                        ftl.valid_count,
                        ftl.active,
                        ftl.victim,
                        ftl.usable_pages.len()
                    );
                }
                shadow.insert(lba, image);
            }
            5..=8 => {
                if ftl.can_append(lba) {
                    let img = shadow.get_mut(&lba).unwrap();
                    if let Some(off) = (PAGE / 2..PAGE).find(|&o| img[o] == 0xFF) {
                        let v = rng.below(255) as u8;
                        ftl.write_delta(lba, off, &[v]).unwrap();
                        img[off] = v;
                    }
                }
            }
            _ => {
                let action = ftl.gc_step().unwrap();
                if let GcAction::Erased { block, erase_count } = action {
                    assert_eq!(erase_count, before_erases[block] + 1);
                }
            }
        }
        ftl.check_invariants()
            .unwrap_or_else(|e| panic!("seed {seed} step {step}: {e}"));
        for (l, img) in &shadow {
            assert_eq!(
                ftl.peek(*l).unwrap(),
                img.as_slice(),
                "seed {seed} step {step}: lba {l} lost"
            );
        }
        let after_erases = erases(&ftl);
        for (b, (x, y)) in before_erases.iter().zip(&after_erases).enumerate() {
            assert!(y >= x, "erase count of block {b} fell");
        }
        for (i, (x, y)) in before_charge.iter().zip(charges(&ftl)).enumerate() {
            let block = i / wordlines;
            if after_erases[block] == before_erases[block] {
                assert!(
                    x.iter().zip(&y).all(|(a, b)| b >= a),
                    "seed {seed}: charge fell without erase"
                );
            }
        }
    }
    (ftl.counters.gc_migrations, ftl.counters.erases)
}

#[test]
fn nothing_is_lost_across_gc_and_charge_only_falls_by_erase() {
    let (mut migrations, mut erases) = (0, 0);
    for seed in 0..45 {
        let (m, e) = run(seed);
        migrations += m;
        erases += e;
    }
    assert!(migrations > 50 && erases > 50, "{migrations} {erases}");
}

#[test]
fn appends_never_change_the_mapping_or_invalidate_a_page() {
    let mut ftl = NoFtl::new(
        ByteNand::new(NandConfig::slc(), 4, 4, PAGE),
        IpaMode::Slc,
        0.1,
    );
    let mut image = vec![0u8; PAGE];
    image[8..].fill(0xFF);
    ftl.write_page(0, &image).unwrap();
    let (ppa, valid) = (ftl.ppa(0).unwrap(), ftl.valid_count.clone());
    ftl.write_delta(0, 8, &[1, 2]).unwrap();
    assert_eq!(ftl.ppa(0).unwrap(), ppa);
    assert_eq!(ftl.valid_count, valid);
    assert_eq!(ftl.counters.erases + ftl.counters.gc_migrations, 0);
}

#[test]
fn odd_mlc_appends_only_on_lsb_pages_and_pslc_uses_only_lsb_pages() {
    let mut odd = NoFtl::new(
        ByteNand::new(NandConfig::mlc(), 4, 4, PAGE),
        IpaMode::OddMlc,
        0.1,
    );
    let image = vec![0xFFu8; PAGE];
    for lba in 0..6 {
        odd.write_page(lba, &image).unwrap();
        let ppa = odd.ppa(lba).unwrap();
        assert_eq!(
            odd.can_append(lba),
            odd.flash.is_lsb(ppa.page),
            "lba {lba} at {ppa:?}"
        );
    }
    let mut pslc = NoFtl::new(
        ByteNand::new(NandConfig::mlc(), 6, 4, PAGE),
        IpaMode::PSlc,
        0.1,
    );
    for lba in 0..pslc.logical_pages() as u32 {
        pslc.write_page(lba, &image).unwrap();
        assert!(pslc.flash.is_lsb(pslc.ppa(lba).unwrap().page));
    }
}

#[test]
fn stock_in_a_pslc_ipa_region_others_without_ipa_equal_the_map_across_crashes() {
    use flashlab_core::ipa::regions::RegionedDb;
    use flashlab_core::ipa::{Eviction, Scheme, StoreConfig};
    let ipa = StoreConfig {
        page_bytes: 256,
        scheme: Scheme { n: 2, m: 3, v: 4 },
        fields: 2,
        buffer_frames: 2,
        eviction: Eviction::NonEager,
        mode: IpaMode::PSlc,
        cell_type: CellType::Mlc,
        nop: 4,
        blocks: 10,
        wordlines_per_block: 4,
        over_provisioning: 0.1,
        db_page_spans_pair: false,
    };
    let plain = StoreConfig {
        mode: IpaMode::Slc,
        cell_type: CellType::Slc,
        ..ipa.clone()
    }
    .without_ipa();
    let mut stock_appends = 0;
    for seed in 0..40 {
        let mut rng = Rng::new(seed);
        let mut db = RegionedDb::new(
            &[("rgPlain", plain.clone()), ("rgIPA", ipa.clone())],
            &[(4, 1)],
        )
        .unwrap();
        let mut map: BTreeMap<u64, Vec<u32>> = BTreeMap::new();
        for step in 0..150 {
            let key = (rng.range_inclusive(3, 4) << 40) | rng.below(30);
            match rng.below(10) {
                0..=2 => {
                    let f = vec![rng.below(9) as u32, 1];
                    if db.insert(key, &f).is_ok() {
                        assert!(map.insert(key, f).is_none());
                    }
                }
                3..=6 => {
                    let v = rng.below(50) as u32;
                    if db.update(key, 0, v).is_ok() {
                        map.get_mut(&key).unwrap()[0] = v;
                    } else {
                        assert!(!map.contains_key(&key));
                    }
                }
                7..=8 => assert_eq!(
                    db.get(key).unwrap(),
                    map.get(&key).cloned(),
                    "seed {seed} step {step}"
                ),
                _ if rng.chance(0.5) => db.checkpoint().unwrap(),
                _ => db.crash().unwrap(),
            }
            db.check_invariants().unwrap();
        }
        assert_eq!(
            db.regions[0].store.counters.appends, 0,
            "the plain region never appends"
        );
        stock_appends += db.regions[1].store.counters.appends;
    }
    assert!(stock_appends > 0, "the IPA region appended");
}
