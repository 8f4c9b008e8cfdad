//! Rules of the cell model: charge only rises between erases, appends, NOP, page pairing, erase.

use std::sync::Arc;

use flashlab_core::device::nand::{Block, CellType, NandConfig, NandError};
use flashlab_core::sim::Rng;

mod common;
use common::nand::all_vth;
use common::nand::{ALL, block, random_bits};

#[test]
fn charge_is_monotone_and_refusals_match_a_plain_reference_model() {
    // Reference for SLC: a re-program is allowed iff no bit goes from 0 (charged) back to 1.
    let mut config = NandConfig::slc();
    config.nop = 64;
    let mut rng = Rng::new(17);
    let mut block = Block::new(Arc::new(config), 2, 64, &mut rng);
    let mut reference: Vec<Vec<bool>> = vec![vec![true; 64]; 2];
    let mut programs = [0u32; 2];
    for _ in 0..400 {
        let before = all_vth(&block);
        if rng.below(12) == 0 {
            block.erase(&mut rng);
            reference = vec![vec![true; 64]; 2];
            programs = [0; 2];
            continue;
        }
        let page = rng.below(2) as usize;
        // Mostly "append-like" data: the current data with a few bits cleared, sometimes set.
        let mut data = reference[page].clone();
        for _ in 0..rng.below(6) {
            let i = rng.below(64) as usize;
            data[i] = rng.below(8) == 0;
        }
        let allowed = data
            .iter()
            .zip(&reference[page])
            .all(|(new, old)| !*new || *old);
        let result = block.program(page, &data, &mut rng);
        assert_eq!(result.is_ok(), allowed, "page {page}: {result:?}");
        if let Err(error) = &result {
            assert!(
                matches!(error, NandError::WouldLowerCharge { .. }),
                "{error}"
            );
        } else {
            reference[page] = data;
            programs[page] += 1;
        }
        let after = all_vth(&block);
        assert!(
            before.iter().zip(&after).all(|(b, a)| a >= b),
            "Vth fell without an erase"
        );
        let read = block.read_page(page, &mut rng).unwrap();
        assert_eq!(read.bits, reference[page]);
    }
}

/// Plain reference for one MLC wordline: the rank of each state on the Vth axis, straight from
/// the calibration.md A2 table (ER 11, P1 10, P2 00, P3 01) with LM between P1 and P2.
fn mlc_rank(steps: u8, lower: bool, upper: bool) -> u8 {
    match (steps, lower, upper) {
        (0, _, _) | (1, true, _) => 0,
        (1, false, _) => 2,
        (_, true, true) => 0,
        (_, true, false) => 1,
        (_, false, false) => 3,
        (_, false, true) => 4,
    }
}

#[test]
fn mlc_refusals_match_a_plain_reference_model() {
    let mut config = NandConfig::mlc();
    config.nop = 64;
    let mut rng = Rng::new(23);
    let mut block = Block::new(Arc::new(config), 1, 32, &mut rng);
    let mut steps = 0u8;
    let mut pages = [vec![true; 32], vec![true; 32]];
    for _ in 0..300 {
        if rng.below(10) == 0 {
            block.erase(&mut rng);
            steps = 0;
            pages = [vec![true; 32], vec![true; 32]];
            continue;
        }
        let page = rng.below(2) as usize;
        let mut data = pages[page].clone();
        for _ in 0..1 + rng.below(4) {
            let i = rng.below(32) as usize;
            data[i] = rng.below(3) == 0;
        }
        let before = all_vth(&block);
        let result = block.program(page, &data, &mut rng);
        let expected_ok = match (page, steps) {
            (1, 0) => false, // MSB before its LSB
            (1, 2) => false, // re-program of an MSB page
            (p, s) if usize::from(s) > p => {
                // LSB re-program: every cell must keep or raise its rank.
                let new_steps = s;
                (0..32).all(|c| {
                    let old = mlc_rank(new_steps, pages[0][c], pages[1][c]);
                    let new = mlc_rank(new_steps, data[c], pages[1][c]);
                    new >= old
                })
            }
            _ => true, // first program of the next page step
        };
        assert_eq!(
            result.is_ok(),
            expected_ok,
            "page {page} steps {steps}: {result:?}"
        );
        if result.is_ok() {
            pages[page] = data;
            steps = steps.max(page as u8 + 1);
        }
        let after = all_vth(&block);
        assert!(
            before.iter().zip(&after).all(|(b, a)| a >= b),
            "Vth fell without an erase"
        );
        for (p, data) in pages.iter().enumerate().take(usize::from(steps)) {
            assert_eq!(&block.read_page(p, &mut rng).unwrap().bits, data);
        }
    }
}

#[test]
fn mlc_lsb_appends_after_the_msb_only_raise_charge() {
    // Gray code: changing a lower bit 1 → 0 moves ER → P3 or P1 → P2, both upwards, and keeps
    // the upper bit; setting a lower bit 0 → 1 would move down and is refused.
    let (mut block, mut rng) = block(CellType::Mlc, 1, 64, 3);
    let mut lower = random_bits(&mut rng, 64);
    lower[..16].fill(true);
    block.program(0, &lower, &mut rng).unwrap();
    let upper = random_bits(&mut rng, 64);
    block.program(1, &upper, &mut rng).unwrap();
    block.append(0, 0, &[false; 16], &mut rng).unwrap();
    assert_eq!(
        block.read_page(1, &mut rng).unwrap().bits,
        upper,
        "upper page unchanged"
    );
    lower[..16].fill(false);
    assert_eq!(block.read_page(0, &mut rng).unwrap().bits, lower);
    let one = lower.iter().position(|b| !b).unwrap();
    let error = block.append(0, one, &[true], &mut rng).unwrap_err();
    assert!(
        matches!(error, NandError::WouldLowerCharge { .. }),
        "{error}"
    );
    let error = block.append(1, 0, &[false], &mut rng).unwrap_err();
    assert!(
        matches!(error, NandError::AppendOnlyOnLsbPages { .. }),
        "{error}"
    );
}

#[test]
fn nop_limit_refuses_one_program_too_many() {
    let (mut block, mut rng) = block(CellType::Slc, 1, 64, 4);
    let nop = block.config().nop as usize;
    block.program(0, &[true; 64], &mut rng).unwrap();
    for i in 1..nop {
        block.append(0, 8 * i, &[false; 8], &mut rng).unwrap();
    }
    let error = block.append(0, 60, &[false; 4], &mut rng).unwrap_err();
    assert_eq!(
        error,
        NandError::NopExceeded {
            page: 0,
            programs: nop as u32,
            nop: nop as u32
        }
    );
}

#[test]
fn page_pairing_rule_is_enforced() {
    let (mut block, mut rng) = block(CellType::Mlc, 3, 32, 6);
    let data = |rng: &mut Rng| random_bits(rng, 32);
    // Pages: 0 L0, 1 L1, 2 M0, 3 L2, 4 M1, 5 M2.
    let d = data(&mut rng);
    assert!(matches!(
        block.program(2, &d, &mut rng),
        Err(NandError::LowerPageFirst { needs_page: 0, .. })
    ));
    assert!(matches!(
        block.program(1, &d, &mut rng),
        Err(NandError::OutOfOrder { needs_page: 0, .. })
    ));
    block.program(0, &d, &mut rng).unwrap();
    assert!(matches!(
        block.program(2, &d, &mut rng),
        Err(NandError::ShadowOrder {
            needs_page: 1,
            next_wordline: 1,
            ..
        })
    ));
    block.program(1, &d, &mut rng).unwrap();
    block.program(2, &d, &mut rng).unwrap();
    assert!(matches!(
        block.program(4, &d, &mut rng),
        Err(NandError::ShadowOrder { needs_page: 3, .. })
    ));
    block.program(3, &d, &mut rng).unwrap();
    block.program(4, &d, &mut rng).unwrap();
    block.program(5, &d, &mut rng).unwrap();
    for page in 0..6 {
        assert_eq!(block.read_page(page, &mut rng).unwrap().bit_errors, 0);
    }
}

#[test]
fn erase_resets_every_cell_and_counts_a_cycle() {
    for cell_type in ALL {
        let (mut block, mut rng) = block(cell_type, 2, 128, 8);
        for page in 0..block.page_count() {
            block
                .program(page, &random_bits(&mut rng, 128), &mut rng)
                .unwrap();
        }
        let report = block.erase(&mut rng);
        assert_eq!((report.pe_cycles, block.pe_cycles()), (1, 1));
        let layout = block.config().layout.clone();
        for wordline in block.wordlines() {
            assert_eq!(wordline.steps_programmed(), 0);
            for cell in 0..128 {
                assert_eq!(wordline.placement(&layout, cell), 0);
                assert!(wordline.effective_vth_v(cell) <= layout.erased_top_v());
            }
        }
        for page in 0..block.page_count() {
            let read = block.read_page(page, &mut rng).unwrap();
            assert!(read.bits.iter().all(|&b| b), "erased pages read as ones");
        }
        let report = block.cycle(99, &mut rng);
        assert_eq!(report.pe_cycles, 100);
    }
}
