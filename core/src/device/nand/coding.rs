//! Cell types and their Gray-coded bit mapping (calibration.md A2).
//!
//! 1. A cell with b bits has 2^b threshold-voltage levels: L0 (erased, "ER") and programmed
//!    levels P1..P(2^b − 1) in rising Vth.
//! 2. Level i carries the binary-reflected Gray symbol g(i) = i XOR (i >> 1) (AFF3CT
//!    `Flash_cell` \[Qc\]); NAND stores the erased state as all ones, so the stored bits are the
//!    bitwise inverse of g(i). Adjacent levels therefore differ in exactly one bit: a one-level
//!    Vth error costs one bit error.
//! 3. The pages of a wordline are numbered by programming step: step 0 is the lower page (LSB),
//!    then CSB (TLC only), then MSB. Page step j reads bit (b − 1 − j) of the inverted symbol,
//!    which gives the calibration.md A2 table: MLC ER 11, P1 10, P2 00, P3 01 (lower, upper).
//! 4. Because the top s bits of g(i) depend only on i >> (b − s), the levels that share the bits
//!    of the first s pages form one contiguous range of 2^(b − s) levels. Multi-step programming
//!    (LSB first, then CSB, then MSB) uses exactly these ranges: after step s a cell sits in an
//!    intermediate state just below the lowest level of its range (see `layout`).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// How many bits a cell stores.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
#[schemars(rename = "NandCellType")]
pub enum CellType {
    /// Single-level cell: 1 bit, 2 levels.
    Slc,
    /// Multi-level cell: 2 bits, 4 levels, LSB and MSB pages per wordline.
    Mlc,
    /// Triple-level cell: 3 bits, 8 levels, LSB, CSB and MSB pages per wordline.
    Tlc,
}

impl CellType {
    pub fn bits_per_cell(self) -> u8 {
        match self {
            CellType::Slc => 1,
            CellType::Mlc => 2,
            CellType::Tlc => 3,
        }
    }

    pub fn level_count(self) -> usize {
        1 << self.bits_per_cell()
    }

    pub fn name(self) -> &'static str {
        match self {
            CellType::Slc => "SLC",
            CellType::Mlc => "MLC",
            CellType::Tlc => "TLC",
        }
    }

    /// The page of programming step `step` of a wordline ("LSB", "CSB", "MSB"; SLC: "page").
    pub fn page_name(self, step: u8) -> &'static str {
        match (self, step) {
            (CellType::Slc, _) => "page",
            (_, 0) => "LSB",
            (CellType::Tlc, 1) => "CSB",
            _ => "MSB",
        }
    }
}

/// Binary-reflected Gray code.
pub fn gray(i: u8) -> u8 {
    i ^ (i >> 1)
}

/// Inverse of `gray`.
pub fn gray_inverse(mut g: u8) -> u8 {
    let mut i = g;
    while g > 0 {
        g >>= 1;
        i ^= g;
    }
    i
}

/// The bit of page step `step` stored by a cell at `level`.
pub fn page_bit(cell_type: CellType, level: u8, step: u8) -> bool {
    let b = cell_type.bits_per_cell();
    let stored = !gray(level) & ((1u8 << b) - 1);
    (stored >> (b - 1 - step)) & 1 == 1
}

/// The bits of every page of a cell at `level`, packed with page step j at bit j.
pub fn level_prefix(cell_type: CellType, level: u8) -> u8 {
    (0..cell_type.bits_per_cell()).fold(0u8, |acc, step| {
        acc | (u8::from(page_bit(cell_type, level, step)) << step)
    })
}

/// The bits of a level as written in calibration.md A2: lower page first ("10" = P1 of MLC).
pub fn level_bits_label(cell_type: CellType, level: u8) -> String {
    (0..cell_type.bits_per_cell())
        .map(|step| {
            if page_bit(cell_type, level, step) {
                '1'
            } else {
                '0'
            }
        })
        .collect()
}

/// The contiguous range of levels `lo..=hi` whose first `steps` page bits equal `prefix`
/// (page step j at bit j of `prefix`). `steps == 0` is every level.
pub fn level_range(cell_type: CellType, steps: u8, prefix: u8) -> (u8, u8) {
    let b = cell_type.bits_per_cell();
    let steps = steps.min(b);
    // Rebuild the top `steps` bits of the inverted Gray symbol from the page bits.
    let mut top = 0u8;
    for step in 0..steps {
        top = (top << 1) | ((prefix >> step) & 1);
    }
    let symbol = !top & ((1u8 << steps).wrapping_sub(1));
    let block = gray_inverse(symbol);
    let width = 1u8 << (b - steps);
    let lo = block * width;
    (lo, lo + width - 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    const ALL: [CellType; 3] = [CellType::Slc, CellType::Mlc, CellType::Tlc];

    #[test]
    fn gray_code_adjacent_levels_differ_in_one_bit() {
        for cell_type in ALL {
            for level in 1..cell_type.level_count() as u8 {
                let a = level_prefix(cell_type, level - 1);
                let b = level_prefix(cell_type, level);
                assert_eq!(
                    (a ^ b).count_ones(),
                    1,
                    "{cell_type:?} L{}→L{level}",
                    level - 1
                );
            }
        }
    }

    #[test]
    fn mapping_matches_the_calibration_a2_table() {
        let mlc: Vec<String> = (0..4).map(|l| level_bits_label(CellType::Mlc, l)).collect();
        assert_eq!(mlc, ["11", "10", "00", "01"]);
        let tlc: Vec<String> = (0..8).map(|l| level_bits_label(CellType::Tlc, l)).collect();
        assert_eq!(
            tlc,
            ["111", "110", "100", "101", "001", "000", "010", "011"]
        );
        assert_eq!(level_bits_label(CellType::Slc, 0), "1");
        assert_eq!(level_bits_label(CellType::Slc, 1), "0");
    }

    #[test]
    fn page_prefixes_select_contiguous_level_ranges() {
        for cell_type in ALL {
            let b = cell_type.bits_per_cell();
            for steps in 0..=b {
                for prefix in 0..(1u8 << steps) {
                    let (lo, hi) = level_range(cell_type, steps, prefix);
                    let mask = (1u8 << steps) - 1;
                    for level in 0..cell_type.level_count() as u8 {
                        let inside = (lo..=hi).contains(&level);
                        let matches = level_prefix(cell_type, level) & mask == prefix;
                        assert_eq!(
                            inside, matches,
                            "{cell_type:?} steps {steps} prefix {prefix}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn gray_inverse_undoes_gray() {
        for i in 0..=255u8 {
            assert_eq!(gray_inverse(gray(i)), i);
        }
    }
}
