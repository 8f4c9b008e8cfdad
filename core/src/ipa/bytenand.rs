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
//! - The charge check (rule 2) works on 64 cells at a time: for each (prefix, new bit) pair
//!   whose placement would fall, a mask of the cells in exactly that state; the first set bit
//!   in cell order and the popcount give the same error as the cell-by-cell loop (a test keeps
//!   that loop as the reference).

use std::sync::Arc;

use super::error::FlashError;
use super::layout::ERASED;
use crate::device::nand::layout::VthLayout;
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

/// A (prefix, new bit) state of a cell whose placement falls, with its from / to placements.
type Falling = (u8, u8, usize, usize);

/// Rule 2's table: p = the cell's bits over `new_steps` pages (current data), nb = the new bit
/// of page `step`; from / to placements as `prefix` + `placement_of` define them; the states
/// where `to < from`, in (p, nb) order.
fn falling_states(layout: &VthLayout, (step, done, new_steps): (u8, u8, u8)) -> Vec<Falling> {
    let states = (1usize << new_steps).min(16);
    let mut falling = Vec::new();
    for p in 0..states {
        let p = p as u8;
        let from = layout.placement_of(done, p);
        for nb in 0..2u8 {
            let to = layout.placement_of(new_steps, (p & !(1 << step)) | (nb << step));
            if to < from {
                falling.push((p, nb, from, to));
            }
        }
    }
    falling
}

/// Whether none of `falling` (the table of page step `step`) has the cell's current bit on
/// page `step` erased: then a re-program of cells erased on that page cannot fall.
fn erased_never_falls(falling: &[Falling], step: u8) -> bool {
    falling.iter().all(|&(p, _, _, _)| (p >> step) & 1 == 0)
}

/// Where `falling_states(step, done, new_steps)` sits in `ByteNand::falling` (each below 5).
fn falling_index(step: u8, done: u8, new_steps: u8) -> usize {
    25 * usize::from(step) + 5 * usize::from(done) + usize::from(new_steps)
}

/// Rule 2's answer: accepted, or the first falling cell (index, from / to placements) and
/// how many cells would fall.
fn lower_charge_result(
    layout: &VthLayout,
    page: usize,
    first: Option<(usize, usize, usize)>,
    cells: usize,
) -> Result<(), NandError> {
    match first {
        Some(first) => Err(NandError::would_lower_charge(layout, page, first, cells)),
        None => Ok(()),
    }
}

/// Up to 8 bytes of `data` from `at` as a big-endian word, missing bytes zero.
fn load_be(data: &[u8], at: usize) -> u64 {
    let mut word = [0u8; 8];
    let end = (at + 8).min(data.len());
    word[..end - at].copy_from_slice(&data[at..end]);
    u64::from_be_bytes(word)
}

/// 0xFF in every byte of `x` that is not zero, 0x00 elsewhere.
fn nonzero_bytes(x: u64) -> u64 {
    const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    let high = (((x & LOW7) + LOW7) | x) & !LOW7;
    (high >> 7) * 0xFF
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
        let current = self.read(block, page)?;
        if offset + bytes.len() > current.len() {
            return Err(FlashError::Range {
                block,
                page,
                offset,
                len: bytes.len(),
            });
        }
        let target = &current[offset..offset + bytes.len()];
        // All 0xFF iff their AND is 0xFF (no early exit: the usual case, a few dozen bytes);
        // else the first programmed byte is reported.
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

    /// `program.rs` rule 4: no cell's placement may fall. `bytes` replace the page's data at
    /// `offset`; only those bytes are checked (the caller passes the whole page when every cell
    /// moves). A table says, for each prefix of the wordline's bits and each new bit, whether the
    /// cell's placement would fall, so each cell costs one lookup.
    fn check_charge(
        &self,
        b: &ByteBlock,
        page: usize,
        wl: usize,
        (step, done, new_steps): (u8, u8, u8),
        offset: usize,
        bytes: &[u8],
    ) -> Result<(), NandError> {
        let layout = &self.config.layout;
        let fresh = new_steps > done;
        let computed;
        let falling: &[Falling] = match self.falling.get(falling_index(step, done, new_steps)) {
            Some(list) if step < 5 && done < 5 && new_steps < 5 => list,
            _ => {
                computed = falling_states(layout, (step, done, new_steps));
                &computed
            }
        };
        let old = &b.page_data(page)[offset..offset + bytes.len()];
        let steps = usize::from(new_steps);
        // The wordline's pages over the checked range: page `step` is the current data.
        let mut wl_data: [&[u8]; 4] = [&[]; 4];
        for (s, slot) in wl_data.iter_mut().enumerate().take(steps) {
            *slot = if s == usize::from(step) {
                old
            } else {
                &b.page_data(self.wl_pages[wl][s])[offset..offset + bytes.len()]
            };
        }
        let mut first: Option<(usize, usize, usize)> = None;
        let mut cells = 0;
        for k0 in (0..bytes.len()).step_by(8) {
            if falling.is_empty() {
                break;
            }
            let len = (bytes.len() - k0).min(8);
            let (o, n) = (load_be(old, k0), load_be(bytes, k0));
            // The bytes present in this word, and (re-program) only bytes whose value changes.
            let mut live = !0u64 << (8 * (8 - len));
            if !fresh {
                live &= nonzero_bytes(o ^ n);
            }
            let mut words = [0u64; 4];
            for (s, w) in words.iter_mut().enumerate().take(steps) {
                *w = load_be(wl_data[s], k0);
            }
            for &(p, nb, from, to) in falling {
                let mut m = live & if nb == 1 { n } else { !n };
                for (s, &w) in words.iter().enumerate().take(steps) {
                    m &= if (p >> s) & 1 == 1 { w } else { !w };
                }
                if m == 0 {
                    continue;
                }
                cells += m.count_ones() as usize;
                // Big-endian words: leading zeros = 8·byte + j, the cell order of rule 1.
                let cell = 8 * (offset + k0) + m.leading_zeros() as usize;
                if first.is_none_or(|(c, _, _)| cell < c) {
                    first = Some((cell, from, to));
                }
            }
        }
        lower_charge_result(layout, page, first, cells)
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

mod copy;

#[cfg(test)]
mod charge_ref;
