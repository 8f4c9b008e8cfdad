//! Page numbering of a block: which wordline and which page step each page number is.
//!
//! 1. Pages are numbered in the order a controller programs them ("in-order programming",
//!    seed 004 App. C.2). For b bits per cell that order walks diagonals: at position i it
//!    programs step s of wordline i − s, for s = 0..b. So a wordline's upper page is written only
//!    after the next wordline's lower page ("shadow" programming, which keeps the coupling shift
//!    of the neighbour's coarse step out of the finished wordline).
//! 2. For MLC this gives pages L0, L1, M0, L2, M1, L3, M2, …: interior wordline N has LSB page
//!    2N − 1 and MSB page 2N + 2, exactly seed 004 §4 ("the odd-numbered LSB-page (2N − 1) and
//!    the even-numbered MSB-page (2N + 2)"), with the block edges of ipa.md §8 item 8 (WL0: LSB 0,
//!    MSB 2; last WL L−1: LSB 2L − 3, MSB 2L − 1). FEMU's L95B table has the same shape.
//! 3. For TLC: L0, L1, C0, L2, C1, M0, L3, C2, M1, …; SLC: page n is wordline n.

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PageMap {
    wordlines: usize,
    bits_per_cell: u8,
    /// page → (wordline, step)
    pages: Vec<(usize, u8)>,
}

impl PageMap {
    pub fn new(wordlines: usize, bits_per_cell: u8) -> Self {
        let b = usize::from(bits_per_cell);
        let mut pages = Vec::with_capacity(wordlines * b);
        for diagonal in 0..(wordlines + b).saturating_sub(1) {
            for step in 0..b {
                match diagonal.checked_sub(step) {
                    Some(wordline) if wordline < wordlines => pages.push((wordline, step as u8)),
                    _ => {}
                }
            }
        }
        Self {
            wordlines,
            bits_per_cell,
            pages,
        }
    }

    pub fn page_count(&self) -> usize {
        self.pages.len()
    }

    pub fn wordlines(&self) -> usize {
        self.wordlines
    }

    /// (wordline, page step) of `page`.
    pub fn address(&self, page: usize) -> Option<(usize, u8)> {
        self.pages.get(page).copied()
    }

    /// The page number of `step` on `wordline`.
    pub fn page_of(&self, wordline: usize, step: u8) -> Option<usize> {
        self.pages.iter().position(|&p| p == (wordline, step))
    }

    pub fn bits_per_cell(&self) -> u8 {
        self.bits_per_cell
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mlc_numbering_is_seed_004_lsb_2n_minus_1_msb_2n_plus_2() {
        let map = PageMap::new(32, 2);
        for n in 1..31 {
            assert_eq!(map.page_of(n, 0), Some(2 * n - 1), "LSB of WL{n}");
            assert_eq!(map.page_of(n, 1), Some(2 * n + 2), "MSB of WL{n}");
        }
        // Seed 004's example: page 59 is the LSB of WL30, page 62 its MSB.
        assert_eq!(map.address(59), Some((30, 0)));
        assert_eq!(map.address(62), Some((30, 1)));
        // Block edges (ipa.md §8 item 8).
        assert_eq!((map.page_of(0, 0), map.page_of(0, 1)), (Some(0), Some(2)));
        assert_eq!(
            (map.page_of(31, 0), map.page_of(31, 1)),
            (Some(61), Some(63))
        );
        assert_eq!(map.page_count(), 64);
    }

    #[test]
    fn every_page_appears_once() {
        for (wordlines, b) in [(1, 1), (4, 1), (1, 3), (4, 2), (5, 3)] {
            let map = PageMap::new(wordlines, b);
            assert_eq!(map.page_count(), wordlines * usize::from(b));
            for wl in 0..wordlines {
                for s in 0..b {
                    assert!(map.page_of(wl, s).is_some());
                }
            }
        }
    }

    #[test]
    fn tlc_order_is_shadow_order() {
        let map = PageMap::new(3, 3);
        let order: Vec<(usize, u8)> = (0..9).filter_map(|p| map.address(p)).collect();
        assert_eq!(
            order,
            [
                (0, 0),
                (1, 0),
                (0, 1),
                (2, 0),
                (1, 1),
                (0, 2),
                (2, 1),
                (1, 2),
                (2, 2)
            ]
        );
    }
}
