//! The model's raw-bit-error-rate curve over P/E cycles, for the lab's RBER chart.
//!
//! 1. For each P/E point, a fresh block of the preset (4 wordlines, 16,384 bits in all, one fixed
//!    seed for every point — common random numbers, so the curve is smooth — and the same for
//!    every scenario seed) is set to that wear, every page is programmed with random data by the
//!    same ISPP code the lab runs, and every page is read.
//! 2. RBER = bit errors / bits read, no retention. Zero at 0 P/E by construction (an invariant).
//! 3. The points are multiples of the rated endurance, so every preset's chart shows the same
//!    part of its life: 0, ¼, ½, ¾, 1, 1.5, 2 and 3 × endurance.
//!
//! Model illustration (calibration.md A4, F3): the wear constants are not from a verified
//! primary RBER table.

use std::sync::Arc;

use crate::device::nand::block::Block;
use crate::device::nand::preset::NandConfig;
use crate::sim::Rng;

/// P/E points of the curve for a given rated endurance.
pub fn curve_points(endurance_pe: u64) -> Vec<u64> {
    [0.0, 0.25, 0.5, 0.75, 1.0, 1.5, 2.0, 3.0]
        .iter()
        .map(|f| (endurance_pe as f64 * f).round() as u64)
        .collect()
}

/// (P/E, RBER) of the model at each point.
pub fn model_rber_curve(config: &Arc<NandConfig>, points: &[u64]) -> Vec<(u64, f64)> {
    let cells = 4096 / usize::from(config.cell_type.bits_per_cell());
    points
        .iter()
        .map(|&pe| (pe, measure_rber(config, pe, 4, cells, 0x00C0_FFEE)))
        .collect()
}

/// Programs every page of a `wordlines` × `cells` block at `pe` cycles with random data and
/// reads it all back; returns bit errors / bits read.
pub fn measure_rber(
    config: &Arc<NandConfig>,
    pe: u64,
    wordlines: usize,
    cells: usize,
    seed: u64,
) -> f64 {
    let mut rng = Rng::new(seed);
    let mut block = Block::new(Arc::clone(config), wordlines, cells, &mut rng);
    block.set_pe_cycles(pe);
    let mut errors = 0usize;
    let mut bits = 0usize;
    for page in 0..block.page_count() {
        let data: Vec<bool> = (0..cells).map(|_| rng.below(2) == 1).collect();
        if block.program(page, &data, &mut rng).is_err() {
            return f64::NAN;
        }
    }
    for page in 0..block.page_count() {
        if let Ok(read) = block.read_page(page, &mut rng) {
            errors += read.bit_errors;
            bits += read.bits.len();
        }
    }
    if bits == 0 {
        0.0
    } else {
        errors as f64 / bits as f64
    }
}
