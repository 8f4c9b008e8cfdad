//! The flash a NoFTL region writes through: the byte-level model (`bytenand`, the default, for
//! whole-database workloads) or the cell model itself (`cellnand`, course scale; issue 30).
//! The store and the FTL see one interface, so their logic exists once.
//!
//! 1. `Flash::Bytes` / `Flash::Cells` hold the device; `FlashModel` (scenario
//!    `params.flash_model`) says which one `IpaStore` builds.
//! 2. Every operation dispatches to the model: `program`, `append` (§7 `write_delta`),
//!    `copy_page` (a GC migration), `erase`, and `read`, which borrows the byte model's page and
//!    senses the cells' (`Cow`).
//! 3. Bookkeeping the FTL and the views need has one accessor each: program count of a page
//!    since its erase, erase count, program history since the erase (the zoom), charge
//!    placements of a wordline.
//! 4. `tests/ipa_cell_datapath.rs` runs both models in lockstep and finds the same store on
//!    every run it tries (a sample, not a proof). Only the cells can fail a program's verify
//!    (`FlashError::ProgramFailed`); the byte model has no such refusal.

use std::borrow::Cow;

use super::bytenand::{ByteNand, ProgramEvent};
use super::cellnand::CellNand;
use super::error::FlashError;
use crate::device::nand::page_map::PageMap;
use crate::device::nand::{CellType, NandConfig};

/// Bytes of one cell's state in `Wordline` beside its page data (see `approx_bytes`).
pub const CELL_STATE_BYTES: u64 = 34;

/// Which flash model the store's data path runs on (step 1).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum FlashModel {
    /// The byte-level model with the cell model's rules (`bytenand`).
    #[default]
    Bytes,
    /// The cell model (`cellnand`); its cells' draws come from `seed`.
    Cells { seed: u64 },
}

/// The device of one region (step 1).
#[derive(Debug, Clone, PartialEq)]
pub enum Flash {
    Bytes(ByteNand),
    Cells(CellNand),
}

impl From<ByteNand> for Flash {
    fn from(n: ByteNand) -> Self {
        Flash::Bytes(n)
    }
}

impl From<CellNand> for Flash {
    fn from(n: CellNand) -> Self {
        Flash::Cells(n)
    }
}

impl Flash {
    /// A device of `blocks` × `wordlines` with pages of `page_bytes` on `model`.
    pub fn new(
        model: FlashModel,
        config: NandConfig,
        (blocks, wordlines): (usize, usize),
        page_bytes: usize,
    ) -> Self {
        match model {
            FlashModel::Bytes => ByteNand::new(config, blocks, wordlines, page_bytes).into(),
            FlashModel::Cells { seed } => {
                CellNand::new(config, blocks, wordlines, page_bytes, seed).into()
            }
        }
    }

    pub fn model_name(&self) -> &'static str {
        match self {
            Flash::Bytes(_) => "bytes",
            Flash::Cells(_) => "cells",
        }
    }

    pub fn config(&self) -> &NandConfig {
        match self {
            Flash::Bytes(n) => &n.config,
            Flash::Cells(n) => &n.config,
        }
    }

    pub fn page_map(&self) -> &PageMap {
        match self {
            Flash::Bytes(n) => &n.page_map,
            Flash::Cells(n) => &n.page_map,
        }
    }

    pub fn page_bytes(&self) -> usize {
        match self {
            Flash::Bytes(n) => n.page_bytes,
            Flash::Cells(n) => n.page_bytes,
        }
    }

    pub fn block_count(&self) -> usize {
        match self {
            Flash::Bytes(n) => n.blocks.len(),
            Flash::Cells(n) => n.blocks.len(),
        }
    }

    pub fn cell_type(&self) -> CellType {
        self.config().cell_type
    }

    pub fn pages_per_block(&self) -> usize {
        self.page_map().page_count()
    }

    /// Whether `page` is an LSB page (or any SLC page): the only pages that take appends.
    pub fn is_lsb(&self, page: usize) -> bool {
        self.page_map().address(page).is_some_and(|(_, s)| s == 0)
    }

    /// Programs of `page` since its block's erase (step 3).
    pub fn programs(&self, block: usize, page: usize) -> u32 {
        match self {
            Flash::Bytes(n) => n
                .blocks
                .get(block)
                .and_then(|b| b.programs.get(page))
                .copied()
                .unwrap_or(0),
            Flash::Cells(n) => n.programs(block, page),
        }
    }

    /// Whether any page of `block` is programmed since its erase.
    pub fn block_programmed(&self, block: usize) -> bool {
        (0..self.pages_per_block()).any(|p| self.programs(block, p) > 0)
    }

    pub fn erase_count(&self, block: usize) -> u64 {
        match self {
            Flash::Bytes(n) => n.blocks.get(block).map_or(0, |b| b.erase_count),
            Flash::Cells(n) => n.erase_count(block),
        }
    }

    /// Σ erase counts of the device.
    pub fn total_erases(&self) -> u64 {
        (0..self.block_count()).map(|b| self.erase_count(b)).sum()
    }

    /// `block`'s programs since its erase, in order (step 3).
    pub fn history(&self, block: usize) -> &[ProgramEvent] {
        match self {
            Flash::Bytes(n) => n.blocks.get(block).map_or(&[], |b| b.history.as_slice()),
            Flash::Cells(n) => n.history.get(block).map_or(&[], Vec::as_slice),
        }
    }

    /// What `page` holds: the byte model's bytes, or the cells as sensed (step 2).
    pub fn read(&self, block: usize, page: usize) -> Result<Cow<'_, [u8]>, FlashError> {
        match self {
            Flash::Bytes(n) => n.read(block, page).map(Cow::Borrowed),
            Flash::Cells(n) => n.read(block, page).map(Cow::Owned),
        }
    }

    pub fn program(&mut self, block: usize, page: usize, data: &[u8]) -> Result<(), FlashError> {
        match self {
            Flash::Bytes(n) => n.program(block, page, data),
            Flash::Cells(n) => n.program(block, page, data),
        }
    }

    /// An append of `bytes` at `offset` of page `at` = (block, page).
    pub fn append(
        &mut self,
        at: (usize, usize),
        offset: usize,
        data: &[u8],
    ) -> Result<(), FlashError> {
        match self {
            Flash::Bytes(n) => n.append(at.0, at.1, offset, data),
            Flash::Cells(n) => n.append(at, offset, data),
        }
    }

    pub fn copy_page(
        &mut self,
        from: (usize, usize),
        to: (usize, usize),
    ) -> Result<(), FlashError> {
        match self {
            Flash::Bytes(n) => n.copy_page(from, to),
            Flash::Cells(n) => n.copy_page(from, to),
        }
    }

    /// Erases `block`; its erase count after.
    pub fn erase(&mut self, block: usize) -> Result<u64, FlashError> {
        match self {
            Flash::Bytes(n) => n.erase(block),
            Flash::Cells(n) => n.erase(block),
        }
    }

    /// The placement (index on the Vth axis) of every cell of wordline `wl`.
    pub fn placements(&self, block: usize, wl: usize) -> Result<Vec<usize>, FlashError> {
        match self {
            Flash::Bytes(n) => n.placements(block, wl),
            Flash::Cells(n) => n.placements(block, wl),
        }
    }

    /// Cells of the device (8 per byte of a wordline's page).
    pub fn cells(&self) -> u64 {
        (self.block_count() * self.page_map().wordlines() * self.page_bytes() * 8) as u64
    }

    /// Approximate bytes of the device's state (snapshots, the lab's state budget): per page
    /// `page_state_bytes` (the byte model's page and counters, as its caller counts them), or
    /// per cell its threshold, leak, program speed and retention draw (4 × f64), its state
    /// (2 B) and one bit of data per page step (`Wordline`); plus the program histories.
    pub fn approx_bytes(&self, page_state_bytes: usize) -> u64 {
        let history: usize = (0..self.block_count())
            .map(|b| self.history(b).len() * 16)
            .sum();
        let data = match self {
            Flash::Bytes(_) => {
                (self.block_count() * self.pages_per_block() * page_state_bytes) as u64
            }
            Flash::Cells(_) => {
                let bits = u64::from(self.cell_type().bits_per_cell());
                self.cells().saturating_mul(CELL_STATE_BYTES + bits)
            }
        };
        data.saturating_add(history as u64)
    }

    pub fn check_invariants(&self) -> Result<(), String> {
        match self {
            Flash::Bytes(n) => n.check_invariants(),
            Flash::Cells(n) => n.check_invariants(),
        }
    }
}
