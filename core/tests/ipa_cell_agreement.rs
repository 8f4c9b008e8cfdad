//! The byte-level flash model (`ipa::bytenand`) against the cell model (`device::nand`): on
//! random sequences of programs, re-programs (appends) and erases, on SLC and MLC with NOP 1, 4
//! and 8, both accept and refuse the same operations (same `NandError` code) and hold the same
//! page data afterwards. This is what lets workloads run on bytes while the cells stay the rule.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeSet;
use std::sync::Arc;

use flashlab_core::device::nand::{Block, CellType, NandConfig};
use flashlab_core::ipa::FlashError;
use flashlab_core::ipa::bytenand::ByteNand;
use flashlab_core::sim::Rng;

const PAGE_BYTES: usize = 8;
const WORDLINES: usize = 4;

fn to_bits(bytes: &[u8]) -> Vec<bool> {
    bytes
        .iter()
        .flat_map(|b| (0..8).map(move |j| (b >> (7 - j)) & 1 == 1))
        .collect()
}

fn code(e: &FlashError) -> u32 {
    match e {
        FlashError::Nand { source, .. } => source.code(),
        other => panic!("unexpected byte-model error {other}"),
    }
}

/// New data for `page`: mostly legal edits (clear bits), sometimes illegal (set bits), sometimes
/// random.
fn next_data(rng: &mut Rng, current: &[u8]) -> Vec<u8> {
    let mut data = current.to_vec();
    match rng.below(4) {
        0 => data.iter_mut().for_each(|b| *b = rng.below(256) as u8),
        1 => {
            let i = rng.below(PAGE_BYTES as u64) as usize;
            data[i] |= 1 << rng.below(8);
        }
        _ => {
            for _ in 0..rng.range_inclusive(1, 4) {
                let i = rng.below(PAGE_BYTES as u64) as usize;
                data[i] &= !(1 << rng.below(8));
            }
        }
    }
    data
}

/// The same one-block device in both models, with the cell model's rng.
fn both_models(cell_type: CellType, nop: u32, seed: u64) -> (Block, ByteNand, Rng) {
    let mut config = NandConfig::preset(cell_type);
    config.override_value("nop", f64::from(nop));
    let mut cell_rng = Rng::new(seed ^ 0x5eed);
    let block = Block::new(
        Arc::new(config.clone()),
        WORDLINES,
        PAGE_BYTES * 8,
        &mut cell_rng,
    );
    (
        block,
        ByteNand::new(config, 1, WORDLINES, PAGE_BYTES),
        cell_rng,
    )
}

fn agree(cell_type: CellType, nop: u32, seed: u64, seen: &mut BTreeSet<u32>) {
    let mut rng = Rng::new(seed);
    let (mut block, mut bytes, mut cell_rng) = both_models(cell_type, nop, seed);
    let pages = bytes.pages_per_block();
    for step in 0..40 {
        if rng.below(12) == 0 {
            block.erase(&mut cell_rng);
            bytes.erase(0).unwrap();
            continue;
        }
        let page = rng.below(pages as u64) as usize;
        let data = next_data(&mut rng, bytes.read(0, page).unwrap());
        let by_cells = block.program(page, &to_bits(&data), &mut cell_rng);
        let by_bytes = bytes.program(0, page, &data);
        match (&by_cells, &by_bytes) {
            (Ok(_), Ok(())) => {
                seen.insert(0);
            }
            (Err(c), Err(b)) => {
                assert_eq!(c.code(), code(b), "seed {seed} step {step}: {c} vs {b}");
                seen.insert(c.code());
            }
            _ => {
                panic!("seed {seed} step {step} page {page}: cells {by_cells:?} bytes {by_bytes:?}")
            }
        }
        for p in 0..pages {
            assert_eq!(
                block.page_data(p).unwrap(),
                to_bits(bytes.read(0, p).unwrap()),
                "seed {seed} step {step} page {p}"
            );
        }
    }
}

#[test]
fn byte_model_accepts_and_refuses_exactly_like_the_cell_model_on_slc() {
    let mut seen = BTreeSet::new();
    for seed in 0..120 {
        agree(CellType::Slc, [1, 4, 8][seed as usize % 3], seed, &mut seen);
    }
    // accepted, would-lower-charge, NOP exceeded all occurred
    assert!([0, 3, 8].iter().all(|c| seen.contains(c)), "{seen:?}");
}

#[test]
fn byte_model_accepts_and_refuses_exactly_like_the_cell_model_on_mlc() {
    let mut seen = BTreeSet::new();
    for seed in 0..120 {
        agree(CellType::Mlc, [1, 4, 8][seed as usize % 3], seed, &mut seen);
    }
    // accepted, lower charge, order rules, LSB-only appends, NOP all occurred
    assert!(
        [0, 3, 4, 6, 7, 8].iter().all(|c| seen.contains(c)),
        "{seen:?}"
    );
}

#[test]
fn an_accepted_append_is_accepted_by_the_cell_model_and_only_fills_erased_bytes() {
    for seed in 0..60 {
        let mut rng = Rng::new(seed);
        let (mut block, mut bytes, mut cell_rng) = both_models(CellType::Slc, 4, seed + 99);
        let mut first = vec![0x5Au8; PAGE_BYTES];
        first[4..].fill(0xFF); // the erased "delta area"
        block.program(0, &to_bits(&first), &mut cell_rng).unwrap();
        bytes.program(0, 0, &first).unwrap();
        for _ in 0..6 {
            let off = rng.below(PAGE_BYTES as u64) as usize;
            let val = [rng.below(256) as u8];
            let before = bytes.read(0, 0).unwrap().to_vec();
            match bytes.append(0, 0, off, &val) {
                Ok(()) => {
                    assert_eq!(before[off], 0xFF, "appends land on erased bytes only");
                    block
                        .append(0, off * 8, &to_bits(&val), &mut cell_rng)
                        .unwrap();
                    let after = bytes.read(0, 0).unwrap();
                    for i in (0..PAGE_BYTES).filter(|&i| i != off) {
                        assert_eq!(after[i], before[i], "append is confined to its bytes");
                    }
                }
                Err(_) => assert!(before[off] != 0xFF || bytes.blocks[0].programs[0] >= 4),
            }
            assert_eq!(
                block.page_data(0).unwrap(),
                to_bits(bytes.read(0, 0).unwrap())
            );
        }
    }
}

#[test]
fn nop_1_device_refuses_every_append_and_nop_8_allows_seven() {
    for (nop, allowed) in [(1u32, 0usize), (4, 3), (8, 7)] {
        let mut config = NandConfig::slc();
        config.override_value("nop", f64::from(nop));
        let mut bytes = ByteNand::new(config, 1, WORDLINES, PAGE_BYTES);
        bytes.program(0, 0, &[0xFF; PAGE_BYTES]).unwrap();
        let ok = (0..PAGE_BYTES)
            .filter(|&i| bytes.append(0, 0, i, &[0]).is_ok())
            .count();
        assert_eq!(ok, allowed, "NOP {nop}");
    }
}

#[test]
fn charge_never_decreases_between_erases_in_the_byte_model() {
    for seed in 0..40 {
        let mut rng = Rng::new(seed);
        let mut bytes = ByteNand::new(NandConfig::mlc(), 1, WORDLINES, PAGE_BYTES);
        let pages = bytes.pages_per_block();
        let snap = |b: &ByteNand| {
            (0..WORDLINES)
                .map(|wl| b.placements(0, wl).unwrap())
                .collect::<Vec<_>>()
        };
        for _ in 0..40 {
            let before = snap(&bytes);
            let page = rng.below(pages as u64) as usize;
            let data = next_data(&mut rng, bytes.read(0, page).unwrap());
            let _ = bytes.program(0, page, &data);
            let after = snap(&bytes);
            for (b, a) in before.iter().flatten().zip(after.iter().flatten()) {
                assert!(a >= b, "seed {seed}: a cell's charge fell without an erase");
            }
        }
        let counts: u64 = bytes.erase(0).unwrap();
        assert_eq!(counts, 1);
    }
}
