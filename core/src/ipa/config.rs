//! Configuration of one IPA database: page format, buffer, eviction, region and device.

use super::layout::Scheme;
use super::noftl::IpaMode;
use crate::device::nand::CellType;

/// When dirty pages are written back (§8.4 "Eviction settings").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Eviction {
    /// Shore-MT's page cleaner: once more than `dirty_permille`/1000 of the frames are dirty,
    /// write back every dirty frame (the paper's hard-coded 12.5 % = 125 ‰).
    Eager { dirty_permille: u32 },
    /// Write back only when a frame is evicted (or at a checkpoint).
    NonEager,
}

#[derive(Debug, Clone, PartialEq)]
pub struct StoreConfig {
    pub page_bytes: usize,
    pub scheme: Scheme,
    /// u32 fields per record after the u64 key.
    pub fields: usize,
    pub buffer_frames: usize,
    pub eviction: Eviction,
    pub mode: IpaMode,
    pub cell_type: CellType,
    /// Programs allowed per page between erases (device preset: 1, 4 or 8).
    pub nop: u32,
    pub blocks: usize,
    pub wordlines_per_block: usize,
    /// Spare capacity, e.g. 0.1 (§8.1: 10 % throughout).
    pub over_provisioning: f64,
    /// App. C.2 (odd-MLC only): a DB page spans an adjacent pair of flash pages of half its
    /// size, its delta area on the LSB one (`NoFtl::paired`).
    pub db_page_spans_pair: bool,
}

impl StoreConfig {
    /// A small SLC database with the paper's TPC-C scheme [2×3], V = 12, on 4 KB pages.
    pub fn small_slc() -> Self {
        Self {
            page_bytes: 4096,
            scheme: Scheme { n: 2, m: 3, v: 12 },
            fields: 4,
            buffer_frames: 8,
            eviction: Eviction::Eager {
                dirty_permille: 125,
            },
            mode: IpaMode::Slc,
            cell_type: CellType::Slc,
            nop: 4,
            blocks: 16,
            wordlines_per_block: 16,
            over_provisioning: 0.1,
            db_page_spans_pair: false,
        }
    }

    /// The same database without IPA: the out-of-place baseline through a page-mapped FTL.
    pub fn without_ipa(&self) -> Self {
        Self {
            mode: IpaMode::NoIpa,
            scheme: Scheme::none(),
            db_page_spans_pair: false,
            ..self.clone()
        }
    }
}
