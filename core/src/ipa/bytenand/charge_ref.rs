//! The reference for `ByteNand::check_charge`: the cell-by-cell loop it replaced (one cell
//! at a time, one table lookup each). The test runs both on random wordline states of SLC, MLC
//! and TLC blocks, random page steps, offsets and data (lengths not a multiple of 8 included),
//! and requires the very same answer: accepted, or the same first cell, placements and count.

#![allow(clippy::unwrap_used)]

use super::charge::lower_charge_result;
use super::*;
use crate::sim::Rng;

impl ByteNand {
    fn check_charge_per_cell(
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
        // falls[p][nb]: p = the cell's bits over `new_steps` pages (current data), nb = the new
        // bit of page `step`; from / to placements as `prefix` + `placement_of` define them.
        let states = 1usize << new_steps;
        let mut falls = [[None::<(usize, usize)>; 2]; 16];
        for (p, row) in falls.iter_mut().enumerate().take(states) {
            let p = p as u8;
            let from = layout.placement_of(done, p);
            for (nb, slot) in row.iter_mut().enumerate() {
                let to = layout.placement_of(new_steps, (p & !(1 << step)) | ((nb as u8) << step));
                if to < from {
                    *slot = Some((from, to));
                }
            }
        }
        let old = &b.page_data(page)[offset..offset + bytes.len()];
        let steps = usize::from(new_steps);
        let mut first: Option<(usize, usize, usize)> = None;
        let mut cells = 0;
        let mut wl_bytes = [0u8; 4];
        for (k, (&o, &n)) in old.iter().zip(bytes).enumerate() {
            // A re-program moves only cells whose bit changes; a fresh step moves every cell.
            if o == n && !fresh {
                continue;
            }
            let i = offset + k;
            for (s, slot) in wl_bytes.iter_mut().enumerate().take(steps) {
                *slot = if s == usize::from(step) {
                    o
                } else {
                    b.page_data(self.wl_pages[wl][s])[i]
                };
            }
            for j in 0..8 {
                let p = (0..steps).fold(0usize, |acc, s| {
                    acc | (usize::from(bit(wl_bytes[s], j)) << s)
                });
                if let Some((from, to)) = falls[p][usize::from(bit(n, j))] {
                    cells += 1;
                    first.get_or_insert((8 * i + j, from, to));
                }
            }
        }
        lower_charge_result(layout, page, first, cells)
    }
}

fn random_state(rng: &mut Rng, cell_type: CellType, page_bytes: usize) -> ByteNand {
    let mut config = NandConfig::preset(cell_type);
    config.override_value("nop", 8.0);
    let mut nand = ByteNand::new(config, 1, 4, page_bytes);
    let pages = nand.pages_per_block();
    for _ in 0..rng.below(24) {
        if rng.below(10) == 0 {
            nand.erase(0).unwrap();
        }
        let page = rng.below(pages as u64) as usize;
        let mut data = nand.read(0, page).unwrap().to_vec();
        for b in data.iter_mut() {
            if rng.chance(0.3) {
                *b &= rng.below(256) as u8;
            }
        }
        let _ = nand.program(0, page, &data);
    }
    nand
}

/// Round `round`'s random device (SLC, MLC, TLC in turn) and page, with the page's (wl, step).
fn random_page(rng: &mut Rng, round: usize) -> (ByteNand, usize, usize, (usize, u8)) {
    let cell_type = [CellType::Slc, CellType::Mlc, CellType::Tlc][round % 3];
    let page_bytes = [8, 13, 29, 64][rng.below(4) as usize];
    let nand = random_state(rng, cell_type, page_bytes);
    let page = rng.below(nand.pages_per_block() as u64) as usize;
    let address = nand.page_map.address(page).unwrap();
    (nand, page_bytes, page, address)
}

#[test]
fn word_parallel_charge_check_answers_exactly_like_the_cell_loop() {
    let mut rng = Rng::new(4711);
    let mut refusals = 0;
    for round in 0..3000 {
        let (nand, page_bytes, page, (wl, step)) = random_page(&mut rng, round);
        let b = &nand.blocks[0];
        let Ok(fresh) = nand.check_order(b, page, wl, step) else {
            continue;
        };
        let done = b.wordline_steps[wl];
        let new_steps = if fresh { step + 1 } else { done };
        let offset = rng.below(page_bytes as u64) as usize;
        let len = 1 + rng.below((page_bytes - offset) as u64) as usize;
        let bytes: Vec<u8> = (0..len)
            .map(|k| {
                let cur = b.page_data(page)[offset + k];
                match rng.below(3) {
                    0 => cur,
                    1 => cur & rng.below(256) as u8,
                    _ => rng.below(256) as u8,
                }
            })
            .collect();
        let steps = (step, done, new_steps);
        let fast = nand.check_charge(b, page, wl, steps, offset, &bytes);
        let slow = nand.check_charge_per_cell(b, page, wl, steps, offset, &bytes);
        refusals += usize::from(slow.is_err());
        assert_eq!(fast, slow, "round {round}");
    }
    assert!(
        refusals > 100,
        "{refusals} refusals: the test must exercise falling cells"
    );
}

/// `program_at`'s append shortcut: whenever `erased_never_falls` holds for a re-program, the
/// cell loop accepts any data written over bytes that are all 0xFF on the page.
#[test]
fn erased_bytes_never_fall_where_the_table_says_so() {
    let mut rng = Rng::new(99);
    let mut checked = 0;
    for round in 0..3000 {
        let (nand, page_bytes, page, (wl, step)) = random_page(&mut rng, round);
        let b = &nand.blocks[0];
        let Ok(false) = nand.check_order(b, page, wl, step) else {
            continue;
        };
        let done = b.wordline_steps[wl];
        if !nand.erased_never_falls[falling_index(step, done, done)] {
            continue;
        }
        let data = b.page_data(page);
        let Some(offset) = (0..page_bytes).find(|&o| data[o] == ERASED) else {
            continue;
        };
        let len = (offset..page_bytes)
            .take_while(|&o| data[o] == ERASED)
            .count();
        let bytes: Vec<u8> = (0..len).map(|_| rng.below(256) as u8).collect();
        let slow = nand.check_charge_per_cell(b, page, wl, (step, done, done), offset, &bytes);
        assert_eq!(slow, Ok(()), "round {round}");
        checked += 1;
    }
    assert!(checked > 100, "{checked} appends checked");
}
