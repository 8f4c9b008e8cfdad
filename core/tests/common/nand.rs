//! Shared set-up for the NAND cell-model tests (`nand_ispp`, `nand_rules`, `nand_wear`).

use std::sync::Arc;

use flashlab_core::device::nand::{Block, CellType, NandConfig};
use flashlab_core::sim::Rng;

pub const ALL: [CellType; 3] = [CellType::Slc, CellType::Mlc, CellType::Tlc];

/// A fresh block of the cell type's preset, and the generator that built it.
pub fn block(cell_type: CellType, wordlines: usize, cells: usize, seed: u64) -> (Block, Rng) {
    let mut rng = Rng::new(seed);
    let block = Block::new(
        Arc::new(NandConfig::preset(cell_type)),
        wordlines,
        cells,
        &mut rng,
    );
    (block, rng)
}

pub fn random_bits(rng: &mut Rng, n: usize) -> Vec<bool> {
    (0..n).map(|_| rng.below(2) == 1).collect()
}

/// Programmed Vth of every cell of the block, wordline by wordline.
#[allow(dead_code)] // Not every test file that includes this module reads Vth.
pub fn all_vth(block: &Block) -> Vec<f64> {
    block
        .wordlines()
        .iter()
        .flat_map(|w| w.programmed_vth_v().to_vec())
        .collect()
}
