//! The compression knob's codec: frame-of-reference plus bit-packing over real values (paper
//! §4.2 names bit-packing, dictionary and FOR-delta and reports "only the best mechanism";
//! §5.2.1: ORDERS' 32 B tuple compresses to 12 B).
//!
//! 1. A page's values of one attribute are cut into blocks of 128 (`BitPacker4x`'s block, from
//!    the `bitpacking` crate). A block stores its minimum (the FOR base, 4 B), its bit width
//!    (1 B) and each value minus the base in that many bits. The generator's small domains
//!    (status, priority, ship mode…) are dictionary codes already, so for them this is
//!    dictionary compression with bit-packed codes.
//! 2. A page's last, partial block is padded with its base: the codec works on whole blocks, so
//!    the padding is stored.
//! 3. An attribute whose values do not fit in 32 bits (LINEITEM's comment words) is stored as
//!    it is, at its schema width.
//! 4. A compressed page is the 8 B page header plus its attributes' blocks (NSM and PAX pages
//!    hold every attribute of their rows, a DSM page one). A file's on-device page size is the
//!    mean over its pages (`file_page_bytes`): the scan reads fixed-size compressed pages, which
//!    the lab's "leaves out" states. Tables of the paper's 60 M rows exist only as shapes, so
//!    their page sizes come from a generated sample of `SAMPLE_ROWS` rows of the same generator.

use bitpacking::{BitPacker, BitPacker4x};

use super::pages::{FileShape, PAGE_HEADER_BYTES};
use super::schema::Schema;
use super::table::Table;

/// Values per block (item 1).
pub const BLOCK_VALUES: usize = BitPacker4x::BLOCK_LEN;
/// FOR base and bit width stored before each block's packed bits.
pub const BLOCK_HEADER_BYTES: u64 = 5;
/// Rows generated to size the pages of a shape-only table (item 4).
pub const SAMPLE_ROWS: u64 = 32_768;

/// One packed block: its base, bit width and packed bits (item 1; item 2's padding applied).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Block {
    pub base: u32,
    pub num_bits: u8,
    pub len: usize,
    pub packed: Vec<u8>,
}

impl Block {
    pub fn bytes(&self) -> u64 {
        BLOCK_HEADER_BYTES + self.packed.len() as u64
    }
}

/// Packs up to `BLOCK_VALUES` values.
pub fn pack(values: &[u32]) -> Block {
    let base = values.iter().copied().min().unwrap_or(0);
    let mut deltas = [0u32; BLOCK_VALUES];
    for (d, v) in deltas.iter_mut().zip(values) {
        *d = v - base;
    }
    let packer = BitPacker4x::new();
    let num_bits = packer.num_bits(&deltas);
    let mut packed = vec![0u8; BLOCK_VALUES * 4];
    let written = packer.compress(&deltas, &mut packed, num_bits);
    packed.truncate(written);
    Block {
        base,
        num_bits,
        len: values.len().min(BLOCK_VALUES),
        packed,
    }
}

/// Unpacks a block back to its values.
pub fn unpack(block: &Block) -> Vec<u32> {
    let mut deltas = [0u32; BLOCK_VALUES];
    BitPacker4x::new().decompress(&block.packed, &mut deltas, block.num_bits);
    deltas[..block.len].iter().map(|d| d + block.base).collect()
}

/// Item 1 and 3: bytes one attribute's values of one page take.
fn attribute_bytes(values: &[u64], width_bytes: u32) -> u64 {
    if values.iter().any(|&v| v > u64::from(u32::MAX)) {
        return values.len() as u64 * u64::from(width_bytes);
    }
    values
        .chunks(BLOCK_VALUES)
        .map(|chunk| {
            let narrow: Vec<u32> = chunk.iter().map(|&v| v as u32).collect();
            pack(&narrow).bytes()
        })
        .sum()
}

/// Item 4: the mean compressed page of `file` (a shape of `schema`'s table) over `table`'s rows.
pub fn file_page_bytes(schema: &Schema, file: &FileShape, table: &Table) -> u64 {
    let per_page = file.rows_per_page.max(1) as usize;
    let columns: Vec<usize> = match file.column {
        Some(c) => vec![c],
        None => (0..schema.columns.len()).collect(),
    };
    let rows = table.rows as usize;
    let mut total = 0u64;
    let mut pages = 0u64;
    for first in (0..rows).step_by(per_page) {
        let end = (first + per_page).min(rows);
        total += u64::from(PAGE_HEADER_BYTES);
        for &c in &columns {
            total += attribute_bytes(&table.values[c][first..end], schema.width(c));
        }
        pages += 1;
    }
    if pages == 0 {
        return u64::from(file.page_bytes);
    }
    total.div_ceil(pages).min(u64::from(file.page_bytes))
}

/// Compressed bytes per tuple of a row-store page of `file` (an NSM file of `schema`): the mean
/// packed page without its header, over the raw page's tuple count (§5.2.1's "32 byte tuple to
/// 12 bytes" is this number for ORDERS).
pub fn tuple_bytes(schema: &Schema, file: &FileShape, table: &Table) -> f64 {
    let page = file_page_bytes(schema, file, table);
    page.saturating_sub(u64::from(PAGE_HEADER_BYTES)) as f64 / file.rows_per_page.max(1) as f64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layouts::pages::{Layout, StoredTable};
    use crate::layouts::schema::TableKind;
    use crate::sim::Rng;

    /// Plain reference for a block's size: base and width, then ⌈128 · bits / 8⌉ bytes, where
    /// bits is the bit length of the largest value minus the smallest.
    fn reference_bytes(values: &[u32]) -> u64 {
        let (lo, hi) = (values.iter().min().unwrap(), values.iter().max().unwrap());
        let bits = 32 - (hi - lo).leading_zeros();
        BLOCK_HEADER_BYTES + (BLOCK_VALUES as u64 * u64::from(bits)).div_ceil(8)
    }

    #[test]
    fn a_packed_block_unpacks_to_its_values_in_the_reference_size() {
        let mut rng = Rng::new(21);
        for _ in 0..2_000 {
            let len = 1 + rng.below(BLOCK_VALUES as u64) as usize;
            let bits = rng.below(33) as u32;
            let base = rng.below(1 << 20) as u32;
            let span = if bits == 32 {
                u32::MAX - base
            } else {
                (1u32 << bits).saturating_sub(1)
            };
            let values: Vec<u32> = (0..len)
                .map(|_| base.saturating_add(rng.below(u64::from(span) + 1) as u32))
                .collect();
            let block = pack(&values);
            assert_eq!(unpack(&block), values);
            assert_eq!(
                block.bytes(),
                reference_bytes(&values),
                "{len} values, {bits} bits"
            );
        }
    }

    #[test]
    fn wide_values_stay_raw_and_every_page_is_smaller_than_its_raw_page() {
        let table = Table::generate(TableKind::Lineitem, 5_000, 3);
        let stored = StoredTable::shape_only(&table.schema, table.rows, Layout::Dsm, 4096).unwrap();
        let comment = stored.file_of_column(15);
        let raw = file_page_bytes(&table.schema, &stored.files[comment], &table);
        // 47 B comment words do not fit 32 bits: each page keeps its raw values.
        let f = &stored.files[comment];
        let pages = table.rows.div_ceil(f.rows_per_page);
        let want = (pages * u64::from(PAGE_HEADER_BYTES) + table.rows * 47).div_ceil(pages);
        assert_eq!(raw, want);
        for f in &stored.files {
            assert!(file_page_bytes(&table.schema, f, &table) <= u64::from(f.page_bytes));
        }
    }
}
