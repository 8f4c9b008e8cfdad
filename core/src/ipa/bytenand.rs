//! The byte-level flash model used for whole-database workloads: the rules of the cell model
//! (`device::nand`, `program.rs`) on bytes instead of threshold voltages.
//!
//! Why two levels: the cell model draws a threshold and runs ISPP loops for every one of the
//! 32,768 cells of a 4 KB page; a TPC-C run programs hundreds of thousands of pages. So
//! workloads run here, and `tests/ipa_cell_agreement.rs` proves that on random sequences of
//! programs, appends and erases both models accept and refuse the same operations and hold the
//! same data. The zoom view of one page uses the cell model itself (`zoom.rs`).
//!
//! 1. A page is `page_bytes` bytes, 0xFF when erased; cell `8i + j` is bit `7 − j` of byte i
//!    (most significant bit first), value 1 = the erased state.
//! 2. `program(block, page, data)` applies the cell model's checks in its order: order rules on
//!    multi-bit cells (lower page first, shadow order, in-order wordlines); a re-program only
//!    within NOP and only on LSB pages of multi-bit cells; charge only rises: every cell whose
//!    bits change must move to a placement at or above its current one on the Vth axis, using
//!    the same `VthLayout::placement_of` table. Refusals are the same `NandError`s.
//! 3. `append(block, page, offset, bytes)` is the IPA `write_delta` device side (§7): on top of
//!    rule 2 every target byte must still be erased (0xFF) — the delta-area encoding guarantees
//!    it, so a violation is a bug upstream, refused rather than applied.
//! 4. `erase(block)` resets every byte to 0xFF, clears program counts, and adds one to the
//!    block's erase count (the only way charge goes down; counts only grow).
//!
//! Speed (issue 10 "Performance"), with results identical to the plain per-cell rules:
//! - Erase is lazy: a page with no program since its block's erase (`programs == 0`) *is*
//!   erased, so its stored bytes are never read; `page_data` answers 0xFF for it, a whole-page
//!   program overwrites the stale bytes, a partial program fills them with 0xFF first, and
//!   equality compares what the pages hold, not stale bytes.
//! - The charge check (rule 2, `bytenand/charge.rs`) works on 64 cells at a time: for each (prefix, new bit) pair
//!   whose placement would fall, a mask of the cells in exactly that state; the first set bit
//!   in cell order and the popcount give the same error as the cell-by-cell loop (a test keeps
//!   that loop as the reference).

use std::sync::Arc;

use super::error::FlashError;
use super::layout::ERASED;
use crate::device::nand::page_map::PageMap;
use crate::device::nand::program::page_order;
use crate::device::nand::{CellType, NandConfig, NandError};

/// One erase block's bytes and counters.
#[derive(Debug, Clone)]
pub struct ByteBlock {
    /// Page steps programmed per wordline (0 = erased wordline).
    pub wordline_steps: Vec<u8>,
    /// Page data, indexed by page number; stale (logically 0xFF) while `programs[p] == 0`.
    pages: Vec<Vec<u8>>,
    /// A page of 0xFF, what every unprogrammed page reads as.
    erased: Vec<u8>,
    /// Programs of each page since the last erase (first program + appends).
    pub programs: Vec<u32>,
    pub erase_count: u64,
    /// Every accepted program since the erase, in order (`history.rs`; the cell zoom).
    pub history: Vec<ProgramEvent>,
}

impl ByteBlock {
    /// What page `p` holds: its bytes, or 0xFF everywhere if unprogrammed since the erase.
    pub fn page_data(&self, p: usize) -> &[u8] {
        if self.programs[p] == 0 {
            &self.erased
        } else {
            &self.pages[p]
        }
    }
}

/// Equal when the blocks hold the same data and counters (stale bytes of erased pages aside).
impl PartialEq for ByteBlock {
    fn eq(&self, other: &Self) -> bool {
        self.wordline_steps == other.wordline_steps
            && self.programs == other.programs
            && self.erase_count == other.erase_count
            && self.pages.len() == other.pages.len()
            && (0..self.pages.len()).all(|p| self.page_data(p) == other.page_data(p))
    }
}

impl Eq for ByteBlock {}

/// A flash device of identical blocks.
#[derive(Debug, Clone, PartialEq)]
pub struct ByteNand {
    pub config: Arc<NandConfig>,
    pub page_map: PageMap,
    pub page_bytes: usize,
    pub blocks: Vec<ByteBlock>,
    /// `wl_pages[wl][step]` = page number.
    wl_pages: Vec<Vec<usize>>,
    /// Whether a first program of any step can never lower a cell (checked once per layout).
    fresh_never_lowers: bool,
    /// `falling_states` for every (step, done, new_steps) below 5, at `falling_index`.
    falling: Vec<Vec<Falling>>,
    /// At `falling_index`: whether no falling state has bit `step` erased (1) in its current
    /// data, so a re-program of bytes that are all 0xFF on page `step` can never lower a cell.
    erased_never_falls: Vec<bool>,
}

fn bit(byte: u8, j: usize) -> u8 {
    (byte >> (7 - j)) & 1
}

impl ByteNand {
    pub fn new(config: NandConfig, blocks: usize, wordlines: usize, page_bytes: usize) -> Self {
        let bits = config.cell_type.bits_per_cell();
        let page_map = PageMap::new(wordlines, bits);
        let wl_pages = (0..wordlines)
            .map(|wl| {
                (0..bits)
                    .map(|s| page_map.page_of(wl, s).unwrap_or(0))
                    .collect()
            })
            .collect();
        let pages = page_map.page_count();
        let fresh_never_lowers = (0..bits).all(|steps| {
            (0..(1u8 << steps)).all(|prefix| {
                let from = config.layout.placement_of(steps, prefix);
                (0..2u8)
                    .all(|b| config.layout.placement_of(steps + 1, prefix | (b << steps)) >= from)
            })
        });
        let falling: Vec<Vec<Falling>> = (0..125u8)
            .map(|i| falling_states(&config.layout, (i / 25, i / 5 % 5, i % 5)))
            .collect();
        let erased_never_falls = (0..125u8)
            .map(|i| erased_never_falls(&falling[usize::from(i)], i / 25))
            .collect();
        let block = ByteBlock {
            wordline_steps: vec![0; wordlines],
            pages: vec![vec![ERASED; page_bytes]; pages],
            erased: vec![ERASED; page_bytes],
            programs: vec![0; pages],
            erase_count: 0,
            history: Vec::new(),
        };
        Self {
            page_map,
            page_bytes,
            blocks: vec![block; blocks],
            wl_pages,
            fresh_never_lowers,
            falling,
            erased_never_falls,
            config: Arc::new(config),
        }
    }

    pub fn cell_type(&self) -> CellType {
        self.config.cell_type
    }

    pub fn pages_per_block(&self) -> usize {
        self.page_map.page_count()
    }

    /// Whether `page` is an LSB page (or any SLC page): the only pages that take appends.
    pub fn is_lsb(&self, page: usize) -> bool {
        self.page_map.address(page).is_some_and(|(_, s)| s == 0)
    }

    fn block(&self, block: usize) -> Result<&ByteBlock, FlashError> {
        self.blocks.get(block).ok_or(FlashError::BlockOutOfRange {
            block,
            blocks: self.blocks.len(),
        })
    }

    pub fn read(&self, block: usize, page: usize) -> Result<&[u8], FlashError> {
        let b = self.block(block)?;
        if page >= b.pages.len() {
            return Err(self.nand_err(block, page, self.out_of_range(page)));
        }
        Ok(b.page_data(page))
    }

    fn out_of_range(&self, page: usize) -> NandError {
        NandError::PageOutOfRange {
            page,
            page_count: self.pages_per_block(),
        }
    }

    fn nand_err(&self, block: usize, page: usize, source: NandError) -> FlashError {
        FlashError::Nand {
            block,
            page,
            source,
        }
    }

    /// The placement (index on the Vth axis) of every cell of wordline `wl`: the charge view.
    pub fn placements(&self, block: usize, wl: usize) -> Result<Vec<usize>, FlashError> {
        let b = self.block(block)?;
        let steps = b.wordline_steps[wl];
        let cells = self.page_bytes * 8;
        Ok((0..cells)
            .map(|c| {
                let prefix = self.prefix(b, wl, steps, c, None);
                self.config.layout.placement_of(steps, prefix)
            })
            .collect())
    }

    /// Bits of cell `c` over the first `steps` pages of `wl`, page step j at bit j, with
    /// `replace = (step, bit)` overriding one step.
    fn prefix(
        &self,
        b: &ByteBlock,
        wl: usize,
        steps: u8,
        c: usize,
        replace: Option<(u8, u8)>,
    ) -> u8 {
        (0..steps).fold(0u8, |acc, s| {
            let v = match replace {
                Some((rs, rb)) if rs == s => rb,
                _ => bit(b.page_data(self.wl_pages[wl][usize::from(s)])[c / 8], c % 8),
            };
            acc | (v << s)
        })
    }

    /// Programs the whole page with `data` (a first program or a re-program).
    pub fn program(&mut self, block: usize, page: usize, data: &[u8]) -> Result<(), FlashError> {
        let (wl, step) = self
            .page_map
            .address(page)
            .ok_or_else(|| self.nand_err(block, page, self.out_of_range(page)))?;
        self.block(block)?;
        if data.len() != self.page_bytes {
            return Err(self.nand_err(
                block,
                page,
                NandError::DataLength {
                    expected_bits: self.page_bytes * 8,
                    got_bits: data.len() * 8,
                },
            ));
        }
        self.program_at(block, page, (wl, step), 0, data, false)
    }

    /// Programs `bytes` at `offset` of `page`, the rest of the page keeping its current data:
    /// a whole-page program when `offset = 0` and `bytes` is a page, else an append. A
    /// re-program checks the charge of the cells of `bytes` only (no other cell changes); a
    /// fresh page step checks every cell. Nothing is copied but `bytes` into the page.
    /// `target_erased` (an append, which checked it): the page's bytes at `offset` are all
    /// 0xFF, so a re-program whose table has no falling state with that bit erased is skipped
    /// (`erased_never_falls`: the check could find no cell; `tests/ipa_cell_agreement.rs`).
    fn program_at(
        &mut self,
        block: usize,
        page: usize,
        (wl, step): (usize, u8),
        offset: usize,
        bytes: &[u8],
        target_erased: bool,
    ) -> Result<(), FlashError> {
        let new_steps =
            self.check_program(block, page, (wl, step), offset, bytes, target_erased)?;
        let b = &mut self.blocks[block];
        if b.programs[page] == 0 && bytes.len() != self.page_bytes {
            // Lazy erase: the stale bytes become the 0xFF they stand for.
            b.pages[page].fill(ERASED);
        }
        b.pages[page][offset..offset + bytes.len()].copy_from_slice(bytes);
        b.history.push(ProgramEvent {
            page: page as u32,
            offset: offset as u32,
            len: bytes.len() as u32,
            kind: match (b.programs[page], target_erased) {
                (0, _) => WriteKind::First,
                (_, true) => WriteKind::Append,
                _ => WriteKind::Reprogram,
            },
        });
        b.programs[page] += 1;
        b.wordline_steps[wl] = new_steps;
        Ok(())
    }

    /// `program_at`'s checks (rules 2 to 4), changing nothing; the wordline's page steps after
    /// the program.
    fn check_program(
        &self,
        block: usize,
        page: usize,
        (wl, step): (usize, u8),
        offset: usize,
        bytes: &[u8],
        target_erased: bool,
    ) -> Result<u8, FlashError> {
        let b = &self.blocks[block];
        let fresh = self
            .check_order(b, page, wl, step)
            .map_err(|e| self.nand_err(block, page, e))?;
        let done = b.wordline_steps[wl];
        let new_steps = if fresh { step + 1 } else { done };
        let erased_safe = !fresh
            && target_erased
            && step < 5
            && done < 5
            && self.erased_never_falls[falling_index(step, done, new_steps)];
        let cannot_fall = erased_safe || (fresh && self.fresh_never_lowers);
        if !cannot_fall {
            let checked = if new_steps > done && bytes.len() != self.page_bytes {
                // A first program of a step through `append` (rare): every cell moves.
                let mut full = b.page_data(page).to_vec();
                full[offset..offset + bytes.len()].copy_from_slice(bytes);
                self.check_charge(b, page, wl, (step, done, new_steps), 0, &full)
            } else {
                self.check_charge(b, page, wl, (step, done, new_steps), offset, bytes)
            };
            checked.map_err(|e| self.nand_err(block, page, e))?;
        }
        Ok(new_steps)
    }

    /// IPA `write_delta` device side: program `bytes` at `offset` into still-erased bytes.
    pub fn append(
        &mut self,
        block: usize,
        page: usize,
        offset: usize,
        bytes: &[u8],
    ) -> Result<(), FlashError> {
        check_append_target((block, page), self.read(block, page)?, offset, bytes.len())?;
        let address = self
            .page_map
            .address(page)
            .ok_or_else(|| self.nand_err(block, page, self.out_of_range(page)))?;
        self.program_at(block, page, address, offset, bytes, true)
    }

    /// Erases `block`: all bytes 0xFF, program counts 0, erase count + 1.
    pub fn erase(&mut self, block: usize) -> Result<u64, FlashError> {
        self.block(block)?;
        let b = &mut self.blocks[block];
        // Lazy erase: `programs == 0` makes every page read 0xFF (module header).
        b.programs.fill(0);
        b.wordline_steps.fill(0);
        b.history.clear();
        b.erase_count += 1;
        Ok(b.erase_count)
    }

    /// `program.rs` rules 2 and 3: the very same function, on this model's state.
    fn check_order(
        &self,
        b: &ByteBlock,
        page: usize,
        wl: usize,
        step: u8,
    ) -> Result<bool, NandError> {
        let steps = |w: usize| b.wordline_steps.get(w).copied();
        page_order(
            &self.config,
            &self.page_map,
            steps,
            b.programs[page],
            page,
            wl,
            step,
        )
    }

    /// Invariant: program counts never exceed NOP; unprogrammed wordlines hold only 0xFF.
    pub fn check_invariants(&self) -> Result<(), String> {
        for (bi, b) in self.blocks.iter().enumerate() {
            for (p, &n) in b.programs.iter().enumerate() {
                if n > self.config.nop.max(1) {
                    return Err(format!(
                        "block {bi} page {p}: {n} programs > NOP {}",
                        self.config.nop
                    ));
                }
                if n == 0 && b.page_data(p).iter().any(|&x| x != ERASED) {
                    return Err(format!("block {bi} page {p}: data on an unprogrammed page"));
                }
            }
        }
        Ok(())
    }
}

/// Rule 3's range and target checks of an append of `len` bytes at `offset` into a page that
/// holds `current` (both flash models, `cellnand` too): the bytes must lie on the page and all
/// still be erased (0xFF); the first programmed one is reported.
pub(crate) fn check_append_target(
    (block, page): (usize, usize),
    current: &[u8],
    offset: usize,
    len: usize,
) -> Result<(), FlashError> {
    let Some(target) = current.get(offset..offset.saturating_add(len)) else {
        return Err(FlashError::Range {
            block,
            page,
            offset,
            len,
        });
    };
    // All 0xFF iff their AND is 0xFF (no early exit: the usual case, a few dozen bytes).
    if target.iter().fold(ERASED, |acc, &v| acc & v) != ERASED
        && let Some((i, &value)) = target.iter().enumerate().find(|(_, v)| **v != ERASED)
    {
        return Err(FlashError::AppendOverProgrammed {
            block,
            page,
            offset: offset + i,
            value,
        });
    }
    Ok(())
}

mod charge;
mod copy;
pub mod history;

pub use history::{ProgramEvent, WriteKind};

use charge::{Falling, erased_never_falls, falling_index, falling_states};

#[cfg(test)]
mod charge_ref;
