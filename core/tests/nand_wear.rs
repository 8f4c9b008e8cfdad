//! Wear in the cell model: fresh blocks are error-free, RBER grows with P/E, retention loss.

use std::sync::Arc;

use flashlab_core::device::nand::{Block, CellType, NandConfig};
use flashlab_core::sim::Rng;

mod common;
use common::nand::all_vth;
use common::nand::{ALL, block, random_bits};

#[test]
fn fresh_blocks_read_back_without_errors_for_every_seed() {
    for cell_type in ALL {
        for seed in 0..8 {
            let (mut block, mut rng) = block(cell_type, 2, 512, 100 + seed);
            let mut data = Vec::new();
            for page in 0..block.page_count() {
                let bits = random_bits(&mut rng, 512);
                block.program(page, &bits, &mut rng).unwrap();
                data.push(bits);
            }
            for (page, bits) in data.iter().enumerate() {
                let read = block.read_page(page, &mut rng).unwrap();
                assert_eq!(
                    (read.bit_errors, &read.bits),
                    (0, bits),
                    "{cell_type:?} seed {seed} page {page}"
                );
            }
        }
    }
}

#[test]
fn wear_raises_rber_monotonically() {
    let config = Arc::new(NandConfig::tlc());
    let rber = |pe: u64| {
        let mut errors = 0;
        let mut bits = 0;
        for seed in 0..4 {
            let mut rng = Rng::new(500 + seed);
            let mut block = Block::new(Arc::clone(&config), 2, 1024, &mut rng);
            block.set_pe_cycles(pe);
            for page in 0..block.page_count() {
                block
                    .program(page, &random_bits(&mut rng, 1024), &mut rng)
                    .unwrap();
            }
            for page in 0..block.page_count() {
                let read = block.read_page(page, &mut rng).unwrap();
                errors += read.bit_errors;
                bits += read.bits.len();
            }
        }
        errors as f64 / bits as f64
    };
    let curve: Vec<f64> = [0, 2_000, 4_000, 8_000, 16_000]
        .iter()
        .map(|&pe| rber(pe))
        .collect();
    assert_eq!(curve[0], 0.0);
    assert!(curve.windows(2).all(|w| w[1] > w[0]), "{curve:?}");
}

#[test]
fn retention_lowers_the_sensed_vth_but_never_the_programmed_charge() {
    let (mut block, mut rng) = block(CellType::Mlc, 1, 256, 12);
    block.set_pe_cycles(3_000);
    block
        .program(0, &random_bits(&mut rng, 256), &mut rng)
        .unwrap();
    block
        .program(1, &random_bits(&mut rng, 256), &mut rng)
        .unwrap();
    let before = all_vth(&block);
    let sensed_before: Vec<f64> = (0..256)
        .map(|c| block.wordlines()[0].effective_vth_v(c))
        .collect();
    assert!(block.bake(24.0 * 365.0) > 0);
    assert_eq!(before, all_vth(&block));
    let w = &block.wordlines()[0];
    assert!((0..256).all(|c| w.effective_vth_v(c) <= sensed_before[c]));
    assert!((0..256).any(|c| w.effective_vth_v(c) < sensed_before[c] - 0.05));
}
