//! GC migration on the byte flash (issue 10 "Performance"): `copy_page` programs a page with
//! what another page holds, exactly as `program(to, read(from).to_vec())` would (same checks,
//! same refusals, same resulting state), without the page-sized buffer in between.
//!
//! 1. The checks of `program` run on the source page's bytes, borrowed in place.
//! 2. Then the source's page vector is lent out for the copy and put back: one 4 KB copy, no
//!    allocation. A source page unprogrammed since its erase reads 0xFF, so the target is
//!    filled with 0xFF instead of copying its stale bytes.

use super::{ByteNand, ERASED, FlashError, ProgramEvent, WriteKind};

impl ByteNand {
    /// Programs page `to` = (block, page) with the data of page `from` (step 1 and 2).
    pub fn copy_page(
        &mut self,
        from: (usize, usize),
        to: (usize, usize),
    ) -> Result<(), FlashError> {
        if from == to {
            let data = self.read(from.0, from.1)?.to_vec();
            return self.program(to.0, to.1, &data);
        }
        self.read(from.0, from.1)?;
        let (block, page) = to;
        let (wl, step) = self
            .page_map
            .address(page)
            .ok_or_else(|| self.nand_err(block, page, self.out_of_range(page)))?;
        self.block(block)?;
        let source = self.read(from.0, from.1)?;
        let new_steps = self.check_program(block, page, (wl, step), 0, source, false)?;
        let source_programmed = self.blocks[from.0].programs[from.1] > 0;
        let data = std::mem::take(&mut self.blocks[from.0].pages[from.1]);
        let b = &mut self.blocks[block];
        if source_programmed {
            b.pages[page].copy_from_slice(&data);
        } else {
            b.pages[page].fill(ERASED);
        }
        b.history.push(ProgramEvent {
            page: page as u32,
            offset: 0,
            len: b.pages[page].len() as u32,
            kind: if b.programs[page] == 0 {
                WriteKind::First
            } else {
                WriteKind::Reprogram
            },
        });
        b.programs[page] += 1;
        b.wordline_steps[wl] = new_steps;
        self.blocks[from.0].pages[from.1] = data;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;
    use crate::device::nand::{CellType, NandConfig};
    use crate::sim::Rng;

    /// The reference: a copy through a buffer, `program(to, read(from).to_vec())`.
    fn copy_by_buffer(
        n: &mut ByteNand,
        from: (usize, usize),
        to: (usize, usize),
    ) -> Result<(), FlashError> {
        let data = n.read(from.0, from.1)?.to_vec();
        n.program(to.0, to.1, &data)
    }

    #[test]
    fn copy_page_equals_read_then_program() {
        let mut rng = Rng::new(5);
        let mut accepted = 0;
        for round in 0..2000 {
            let cell_type = [CellType::Slc, CellType::Mlc, CellType::Tlc][round % 3];
            let mut config = NandConfig::preset(cell_type);
            config.override_value("nop", 4.0);
            let mut fast = ByteNand::new(config, 2, 4, 16);
            let pages = fast.pages_per_block();
            for _ in 0..rng.below(30) {
                let (b, p) = (rng.below(2) as usize, rng.below(pages as u64) as usize);
                match rng.below(8) {
                    0 => {
                        let _ = fast.erase(b);
                    }
                    _ => {
                        let data: Vec<u8> = (0..16).map(|_| rng.below(256) as u8).collect();
                        let _ = fast.program(b, p, &data);
                    }
                }
            }
            let mut plain = fast.clone();
            let from = (rng.below(2) as usize, rng.below(pages as u64) as usize);
            let to = (rng.below(2) as usize, rng.below(pages as u64 + 1) as usize);
            let got = fast.copy_page(from, to);
            let want = copy_by_buffer(&mut plain, from, to);
            assert_eq!(got, want, "round {round}");
            assert_eq!(fast, plain, "round {round}");
            accepted += usize::from(got.is_ok());
        }
        assert!(accepted > 200, "{accepted} copies accepted");
    }
}
