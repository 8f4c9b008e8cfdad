//! The IPA store's flash on the cell model itself (issue 30, `params.flash_model: "cells"`):
//! every page of the device is a page of `device::nand` blocks, so base programs, appends
//! (partial programs, seed 004 §4) and GC copies run as ISPP on threshold voltages, and reads
//! decode the cells. Course scale only: each cell keeps its threshold, leak, program speed and
//! state (`config::MAX_CELLS` bounds the device).
//!
//! 1. `CellNand::new` builds the device's blocks (`Block::new`: every cell's program speed and
//!    erased threshold drawn from the scenario seed), with the device's NOP, cell type and page
//!    numbering (LSB/MSB pairing, the shadow program order).
//! 2. `program(block, page, data)` converts the bytes to cells (bit `7 − j` of byte i is cell
//!    `8i + j`, as `bytenand`) and runs `Block::program`: the cell model checks program order,
//!    NOP, LSB-only re-programs and charge that only rises (`program.rs`), then pulses to
//!    completion. A program that fails ISPP verify is refused (`FlashError::ProgramFailed`).
//! 3. `append(block, page, offset, bytes)` is `write_delta`'s device side: the same range and
//!    erased-target checks as `ByteNand::append` (in the same order, the same errors), then
//!    `Block::append`, a partial program in which every other cell is inhibited.
//! 4. `read(block, page)` senses the page: each cell's threshold (less retention leak) against
//!    the read references for what its wordline holds (`VthLayout::read_refs_v`, `decode_bit`).
//!    Read noise is left out (an ideal sense): the model has no ECC, so a raw bit error would
//!    reach the database; the store's data path reads what the cells hold.
//! 5. `erase(block)` erases every wordline (new erased thresholds drawn) and counts a P/E cycle.
//! 6. Each block keeps its program history since the erase (`bytenand::history`), as the byte
//!    model does, for the cell zoom.
//!
//! `tests/ipa_cell_datapath.rs` runs the same lab scenarios on this and on `ByteNand` and
//! checks equal page contents, counters and refusals.

use std::sync::Arc;

use super::bytenand::{ProgramEvent, WriteKind, check_append_target};
use super::error::FlashError;
use super::layout::ERASED;
use super::zoom::{to_bits, to_bytes};
use crate::device::nand::page_map::PageMap;
use crate::device::nand::{Block, CellType, NandConfig, NandError, VthLayout};
use crate::sim::Rng;

/// A flash device of cell-model blocks.
#[derive(Debug, Clone, PartialEq)]
pub struct CellNand {
    pub config: Arc<NandConfig>,
    pub page_map: PageMap,
    pub page_bytes: usize,
    pub blocks: Vec<Block>,
    /// Per block, every accepted program since its erase (step 6).
    pub history: Vec<Vec<ProgramEvent>>,
    /// ISPP loops run by every program (a cost the byte model does not have).
    pub ispp_loops: u64,
    rng: Rng,
}

impl CellNand {
    /// Step 1.
    pub fn new(
        config: NandConfig,
        blocks: usize,
        wordlines: usize,
        page_bytes: usize,
        seed: u64,
    ) -> Self {
        let config = Arc::new(config);
        let mut rng = Rng::new(seed);
        let blocks: Vec<Block> = (0..blocks)
            .map(|_| Block::new(Arc::clone(&config), wordlines, page_bytes * 8, &mut rng))
            .collect();
        Self {
            page_map: PageMap::new(wordlines, config.cell_type.bits_per_cell()),
            page_bytes,
            history: vec![Vec::new(); blocks.len()],
            blocks,
            ispp_loops: 0,
            rng,
            config,
        }
    }

    pub fn cell_type(&self) -> CellType {
        self.config.cell_type
    }

    pub fn pages_per_block(&self) -> usize {
        self.page_map.page_count()
    }

    fn block(&self, block: usize) -> Result<&Block, FlashError> {
        self.blocks.get(block).ok_or(FlashError::BlockOutOfRange {
            block,
            blocks: self.blocks.len(),
        })
    }

    fn nand_err(block: usize, page: usize, source: NandError) -> FlashError {
        FlashError::Nand {
            block,
            page,
            source,
        }
    }

    fn address(&self, block: usize, page: usize) -> Result<(usize, u8), FlashError> {
        self.block(block)?
            .address(page)
            .map_err(|e| Self::nand_err(block, page, e))
    }

    /// Programs of `page` since its block's erase (0 for an unknown page).
    pub fn programs(&self, block: usize, page: usize) -> u32 {
        let Some(b) = self.blocks.get(block) else {
            return 0;
        };
        b.address(page)
            .ok()
            .and_then(|(wl, step)| b.wordline(wl).map(|w| w.page_programs(step)))
            .unwrap_or(0)
    }

    pub fn erase_count(&self, block: usize) -> u64 {
        self.blocks.get(block).map_or(0, Block::pe_cycles)
    }

    /// Step 4: the page as its cells sense (no read noise).
    pub fn read(&self, block: usize, page: usize) -> Result<Vec<u8>, FlashError> {
        let (wl, step) = self.address(block, page)?;
        let b = &self.blocks[block];
        let Some(w) = b.wordline(wl) else {
            return Ok(vec![ERASED; self.page_bytes]);
        };
        let refs_v = self.config.layout.read_refs_v(w.steps_programmed(), step);
        if refs_v.is_empty() {
            return Ok(vec![ERASED; self.page_bytes]);
        }
        let bits: Vec<bool> = (0..w.cells())
            .map(|c| VthLayout::decode_bit(&refs_v, w.effective_vth_v(c)))
            .collect();
        Ok(to_bytes(&bits))
    }

    /// The data last written to `page` (what the cells were programmed to hold).
    fn written(&self, block: usize, page: usize) -> Result<Vec<u8>, FlashError> {
        self.address(block, page)?;
        let bits = self.blocks[block]
            .page_data(page)
            .map_err(|e| Self::nand_err(block, page, e))?;
        Ok(to_bytes(&bits))
    }

    /// Step 2: a whole-page program.
    pub fn program(&mut self, block: usize, page: usize, data: &[u8]) -> Result<(), FlashError> {
        self.address(block, page)?;
        let before = self.programs(block, page);
        let report = self.blocks[block]
            .program(page, &to_bits(data), &mut self.rng)
            .map_err(|e| Self::nand_err(block, page, e))?;
        self.after_program(block, page, report, (0, data.len()), before, false)
    }

    /// Counts the loops, refuses a failed program, records the history event.
    fn after_program(
        &mut self,
        block: usize,
        page: usize,
        report: crate::device::nand::ProgramReport,
        (offset, len): (usize, usize),
        before: u32,
        append: bool,
    ) -> Result<(), FlashError> {
        self.ispp_loops += u64::from(report.loops());
        if report.failed() {
            return Err(FlashError::ProgramFailed {
                block,
                page,
                loops: report.loops(),
            });
        }
        self.history[block].push(ProgramEvent {
            page: page as u32,
            offset: offset as u32,
            len: len as u32,
            kind: match (before, append) {
                (0, _) => WriteKind::First,
                (_, true) => WriteKind::Append,
                _ => WriteKind::Reprogram,
            },
        });
        Ok(())
    }

    /// Step 3: `write_delta` into still-erased bytes.
    pub fn append(
        &mut self,
        (block, page): (usize, usize),
        offset: usize,
        bytes: &[u8],
    ) -> Result<(), FlashError> {
        let current = self.written(block, page)?;
        check_append_target((block, page), &current, offset, bytes.len())?;
        let before = self.programs(block, page);
        let report = self.blocks[block]
            .append(page, offset * 8, &to_bits(bytes), &mut self.rng)
            .map_err(|e| Self::nand_err(block, page, e))?;
        self.after_program(block, page, report, (offset, bytes.len()), before, true)
    }

    /// GC migration: sense `from`, program `to` with what it read.
    pub fn copy_page(
        &mut self,
        from: (usize, usize),
        to: (usize, usize),
    ) -> Result<(), FlashError> {
        let data = self.read(from.0, from.1)?;
        self.program(to.0, to.1, &data)
    }

    /// Step 5.
    pub fn erase(&mut self, block: usize) -> Result<u64, FlashError> {
        self.block(block)?;
        let report = self.blocks[block].erase(&mut self.rng);
        self.history[block].clear();
        Ok(report.pe_cycles)
    }

    /// The placement (index on the Vth axis) of every cell of wordline `wl`.
    pub fn placements(&self, block: usize, wl: usize) -> Result<Vec<usize>, FlashError> {
        let w = self
            .block(block)?
            .wordline(wl)
            .ok_or(FlashError::BlockOutOfRange {
                block,
                blocks: self.blocks.len(),
            })?;
        Ok((0..w.cells())
            .map(|c| w.placement(&self.config.layout, c))
            .collect())
    }

    /// Program counts within NOP; an unprogrammed page senses all 0xFF.
    pub fn check_invariants(&self) -> Result<(), String> {
        for b in 0..self.blocks.len() {
            for p in 0..self.pages_per_block() {
                let n = self.programs(b, p);
                if n > self.config.nop.max(1) {
                    return Err(format!(
                        "block {b} page {p}: {n} programs > NOP {}",
                        self.config.nop
                    ));
                }
                if n == 0
                    && self
                        .read(b, p)
                        .map_err(|e| e.to_string())?
                        .iter()
                        .any(|&x| x != ERASED)
                {
                    return Err(format!("block {b} page {p}: data on an unprogrammed page"));
                }
            }
        }
        Ok(())
    }
}
