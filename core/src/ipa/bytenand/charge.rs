//! Rule 2 of the byte flash (`bytenand.rs`): charge only rises. A program may not move any
//! cell to a placement below its current one on the Vth axis (`VthLayout::placement_of`, the
//! cell model's table, `device::nand::program` rule 4).
//!
//! 1. `falling_states` lists, for a page step programmed on a wordline with `done` steps, each
//!    (prefix of the cell's bits, new bit) whose placement would fall; `ByteNand::new` keeps
//!    the lists of every small (step, done, new_steps) at `falling_index`.
//! 2. `check_charge` works on 64 cells at a time: for each falling state, a mask of the cells
//!    in exactly that state; the first set bit in cell order and the popcount give the same
//!    error as the cell-by-cell loop (`charge_ref.rs` keeps that loop as the reference).
//! 3. `erased_never_falls`: whether a re-program of cells still erased on their page can never
//!    fall (then an append into erased bytes skips the check, `program_at`).

use super::{ByteBlock, ByteNand};
use crate::device::nand::NandError;
use crate::device::nand::layout::VthLayout;

/// A (prefix, new bit) state of a cell whose placement falls, with its from / to placements.
pub(super) type Falling = (u8, u8, usize, usize);

/// Rule 2's table: p = the cell's bits over `new_steps` pages (current data), nb = the new bit
/// of page `step`; from / to placements as `prefix` + `placement_of` define them; the states
/// where `to < from`, in (p, nb) order.
pub(super) fn falling_states(
    layout: &VthLayout,
    (step, done, new_steps): (u8, u8, u8),
) -> Vec<Falling> {
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
pub(super) fn erased_never_falls(falling: &[Falling], step: u8) -> bool {
    falling.iter().all(|&(p, _, _, _)| (p >> step) & 1 == 0)
}

/// Where `falling_states(step, done, new_steps)` sits in `ByteNand::falling` (each below 5).
pub(super) fn falling_index(step: u8, done: u8, new_steps: u8) -> usize {
    25 * usize::from(step) + 5 * usize::from(done) + usize::from(new_steps)
}

/// Rule 2's answer: accepted, or the first falling cell (index, from / to placements) and
/// how many cells would fall.
pub(super) fn lower_charge_result(
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
pub(super) fn load_be(data: &[u8], at: usize) -> u64 {
    let mut word = [0u8; 8];
    let end = (at + 8).min(data.len());
    word[..end - at].copy_from_slice(&data[at..end]);
    u64::from_be_bytes(word)
}

/// 0xFF in every byte of `x` that is not zero, 0x00 elsewhere.
pub(super) fn nonzero_bytes(x: u64) -> u64 {
    const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    let high = (((x & LOW7) + LOW7) | x) & !LOW7;
    (high >> 7) * 0xFF
}

impl ByteNand {
    /// `program.rs` rule 4: no cell's placement may fall. `bytes` replace the page's data at
    /// `offset`; only those bytes are checked (the caller passes the whole page when every cell
    /// moves). A table says, for each prefix of the wordline's bits and each new bit, whether the
    /// cell's placement would fall, so each cell costs one lookup.
    pub(super) fn check_charge(
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
}
