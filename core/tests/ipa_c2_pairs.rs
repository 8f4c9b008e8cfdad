//! App. C.2's page mapping (seed 004): in an odd-MLC region a DB page spans an adjacent pair of
//! flash pages, its delta area on the LSB one, so every DB page can take appends — checked
//! against plain reference models: the page numbering (`PageMap`) decides which pages are LSB,
//! and a `Vec` of page images decides what every read must return.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use flashlab_core::device::nand::page_map::PageMap;
use flashlab_core::device::nand::{CellType, NandConfig};
use flashlab_core::ipa::bytenand::ByteNand;
use flashlab_core::ipa::noftl::NoFtl;
use flashlab_core::ipa::{Eviction, IpaMode, IpaStore, Scheme, StoreConfig};
use flashlab_core::sim::Rng;

fn odd_mlc(pairs: bool) -> StoreConfig {
    StoreConfig {
        page_bytes: 512,
        scheme: Scheme { n: 2, m: 3, v: 4 },
        fields: 4,
        buffer_frames: 4,
        eviction: Eviction::NonEager,
        mode: IpaMode::OddMlc,
        cell_type: CellType::Mlc,
        nop: 4,
        blocks: 12,
        wordlines_per_block: 8,
        over_provisioning: 0.1,
        db_page_spans_pair: pairs,
    }
}

/// Loads `records` records and checkpoints: every DB page is on flash, written once.
fn loaded(pairs: bool, records: u64) -> IpaStore {
    let mut store = IpaStore::new(odd_mlc(pairs)).unwrap();
    for key in 0..records {
        store.insert(key, &[1, 2, 3, 4]).unwrap();
    }
    store.checkpoint().unwrap();
    store
}

/// Reference: whether flash page `page` is an LSB page, from the numbering alone.
fn lsb(map: &PageMap, page: usize) -> bool {
    map.address(page).is_some_and(|(_, step)| step == 0)
}

#[test]
fn with_c2_pairs_every_db_page_of_an_odd_mlc_region_accepts_an_append() {
    let map = PageMap::new(8, 2);
    let store = loaded(true, 300);
    let mapped: Vec<u32> = (0..store.ftl.logical_pages() as u32)
        .filter(|&l| store.ftl.ppa(l).is_ok())
        .collect();
    assert!(mapped.len() > 10, "{} pages", mapped.len());
    for &lba in &mapped {
        let ppa = store.ftl.ppa(lba).unwrap();
        assert!(lsb(&map, ppa.page + 1), "LBA {lba} at {ppa:?}");
        assert!(store.ftl.can_append(lba), "LBA {lba} at {ppa:?}");
    }
}

#[test]
fn without_c2_pairs_only_db_pages_on_lsb_flash_pages_accept_an_append() {
    let map = PageMap::new(8, 2);
    let store = loaded(false, 300);
    let (mut on_lsb, mut appendable, mut mapped) = (0, 0, 0);
    for lba in 0..store.ftl.logical_pages() as u32 {
        let Ok(ppa) = store.ftl.ppa(lba) else {
            continue;
        };
        mapped += 1;
        on_lsb += usize::from(lsb(&map, ppa.page));
        appendable += usize::from(store.ftl.can_append(lba));
    }
    assert_eq!(appendable, on_lsb);
    assert!(appendable < mapped, "{appendable} of {mapped}");
}

/// Random page writes, appends into the delta half and GC on a paired region, against a plain
/// `Vec` of DB-page images; the region's counters equal the operations done.
#[test]
fn c2_pairs_read_back_what_was_written_and_count_each_operation_once() {
    for seed in 0..40u64 {
        let mut rng = Rng::new(seed);
        let mut nand = NandConfig::preset(CellType::Mlc);
        nand.override_value("nop", 4.0);
        let flash = ByteNand::new(nand, 6, 4, 32);
        let mut ftl = NoFtl::paired(flash, 0.1).unwrap();
        let lbas = ftl.logical_pages();
        assert_eq!(
            lbas,
            6 * 3 - 9,
            "3 slots per block (4 wordlines − 1), 3 blocks spare"
        );
        let mut model: Vec<Option<Vec<u8>>> = vec![None; lbas];
        // Next erased byte of each page's delta half (bytes 32..64 of the DB page).
        let mut next_free = vec![32usize; lbas];
        let (mut writes, mut appends) = (0u64, 0u64);
        for step in 0..300 {
            let lba = rng.below(lbas as u64) as usize;
            let image = model[lba].as_mut();
            match (image, rng.below(3)) {
                (Some(image), 0 | 1) if ftl.can_append(lba as u32) && next_free[lba] < 64 => {
                    let at = next_free[lba];
                    let bytes = [rng.below(255) as u8; 2];
                    let len = bytes.len().min(64 - at);
                    ftl.write_delta(lba as u32, at, &bytes[..len]).unwrap();
                    image[at..at + len].copy_from_slice(&bytes[..len]);
                    next_free[lba] += len;
                    appends += 1;
                }
                _ => {
                    let mut image: Vec<u8> = (0..64).map(|_| rng.below(256) as u8).collect();
                    image[32..].fill(0xFF);
                    ftl.write_page(lba as u32, &image).unwrap();
                    model[lba] = Some(image);
                    next_free[lba] = 32;
                    writes += 1;
                }
            }
            ftl.check_invariants()
                .unwrap_or_else(|e| panic!("seed {seed} step {step}: {e}"));
            for (l, want) in model.iter().enumerate() {
                if let Some(want) = want {
                    assert_eq!(
                        &*ftl.peek(l as u32).unwrap(),
                        &want[..],
                        "seed {seed} LBA {l}"
                    );
                }
            }
        }
        assert_eq!(ftl.counters.host_page_writes, writes, "seed {seed}");
        assert_eq!(ftl.counters.write_deltas, appends, "seed {seed}");
        let erased: u64 = ftl.flash.total_erases();
        assert_eq!(ftl.counters.erases, erased, "seed {seed}");
        assert!(
            appends > 50 && ftl.counters.erases > 5,
            "seed {seed}: {appends} appends"
        );
    }
}

#[test]
fn c2_pairs_need_an_odd_mlc_region_and_the_delta_area_on_the_second_half() {
    let mut slc = odd_mlc(true);
    slc.mode = IpaMode::PSlc;
    assert!(IpaStore::new(slc).is_err());
    let mut wide = odd_mlc(true);
    wide.page_bytes = 256;
    wide.scheme = Scheme { n: 6, m: 3, v: 4 };
    let err = IpaStore::new(wide).unwrap_err().to_string();
    assert!(err.contains("second half"), "{err}");
}
