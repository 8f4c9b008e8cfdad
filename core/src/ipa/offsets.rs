//! A set of byte offsets of one page, as a bitmap: what a buffer frame tracks between flash
//! writes (`frame.rs`). Same contract as a `BTreeSet<usize>` of offsets below `page_bytes`
//! (a byte changed twice counts once, iteration in rising order), at one bit per byte, so a
//! tracked change costs a bit-set instead of a tree insert.
//!
//! 1. `insert(o)` sets bit o and counts it if new; offsets past the page are ignored (a frame
//!    only tracks offsets of its own page).
//! 2. `iter` yields the set offsets in rising order, word by word.
//! 3. `clear` zeroes only the words between the lowest and highest set offset (`lo..hi`,
//!    a function of the contents: the words of the offsets inserted since the last clear).
//! 4. `write_to` appends the offsets in rising order to a reused buffer (no iterator chain).
//! 5. `insert_mask(at, mask)` inserts `at + j` for every set bit j of a byte mask (an update's
//!    changed bytes, `NsmPage::set_u32_at_mask`) as one OR per word, counting the new bits
//!    with a popcount: the same set as inserting the offsets one by one.

/// Changed bytes as (offset, mask) parts: bit j of a part is offset + j (step 5).
pub type MaskParts = Vec<(usize, u8)>;

/// The offsets a byte mask at `at` names (step 5), in rising order.
pub fn mask_offsets(at: usize, mask: u8) -> impl Iterator<Item = usize> {
    (0..8)
        .filter(move |j| mask & (1 << j) != 0)
        .map(move |j| at + j)
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OffsetSet {
    words: Vec<u64>,
    len: usize,
    /// Words `lo..hi` hold every set bit (empty range when the set is empty).
    lo: usize,
    hi: usize,
}

impl OffsetSet {
    pub fn new(page_bytes: usize) -> Self {
        Self {
            words: vec![0; page_bytes.div_ceil(64)],
            len: 0,
            lo: 0,
            hi: 0,
        }
    }

    /// Adds `offset`; true if it was not in the set.
    pub fn insert(&mut self, offset: usize) -> bool {
        let Some(word) = self.words.get_mut(offset / 64) else {
            return false;
        };
        let bit = 1u64 << (offset % 64);
        if *word & bit != 0 {
            return false;
        }
        *word |= bit;
        let w = offset / 64;
        if self.len == 0 {
            (self.lo, self.hi) = (w, w + 1);
        } else {
            self.lo = self.lo.min(w);
            self.hi = self.hi.max(w + 1);
        }
        self.len += 1;
        true
    }

    /// Step 5: inserts `at + j` for every set bit j of `mask`; how many were not in the set.
    #[inline]
    pub fn insert_mask(&mut self, at: usize, mask: u8) -> usize {
        let (w, shift) = (at / 64, at % 64);
        let bits = u64::from(mask);
        // The bytes past the word's end spill into the next one.
        let spill = if shift > 56 { bits >> (64 - shift) } else { 0 };
        self.or_word(w, bits << shift) + self.or_word(w + 1, spill)
    }

    /// Sets `bits` in word `w` (ignored past the page, like `insert`); how many were new.
    #[inline]
    fn or_word(&mut self, w: usize, bits: u64) -> usize {
        if bits == 0 {
            return 0;
        }
        let Some(word) = self.words.get_mut(w) else {
            return 0;
        };
        let new = (bits & !*word).count_ones() as usize;
        *word |= bits;
        if new > 0 {
            if self.len == 0 {
                (self.lo, self.hi) = (w, w + 1);
            } else {
                self.lo = self.lo.min(w);
                self.hi = self.hi.max(w + 1);
            }
            self.len += new;
        }
        new
    }

    pub fn contains(&self, offset: usize) -> bool {
        self.words
            .get(offset / 64)
            .is_some_and(|w| w & (1u64 << (offset % 64)) != 0)
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn clear(&mut self) {
        if self.len > 0 {
            // Usually one or two words: stores, not a call to memset.
            match &mut self.words[self.lo..self.hi] {
                [w] => *w = 0,
                [a, b] => (*a, *b) = (0, 0),
                words => words.fill(0),
            }
            self.len = 0;
            (self.lo, self.hi) = (0, 0);
        }
    }

    /// Appends the offsets in rising order to `out` (step 4).
    pub fn write_to(&self, out: &mut Vec<usize>) {
        for (i, &w) in self.words[self.lo..self.hi].iter().enumerate() {
            let mut rest = w;
            while rest != 0 {
                out.push(64 * (self.lo + i) + rest.trailing_zeros() as usize);
                rest &= rest - 1;
            }
        }
    }

    /// The offsets in rising order.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.words.iter().enumerate().flat_map(|(i, &w)| {
            let mut rest = w;
            std::iter::from_fn(move || {
                (rest != 0).then(|| {
                    let b = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    64 * i + b
                })
            })
        })
    }
}

impl Extend<usize> for OffsetSet {
    fn extend<I: IntoIterator<Item = usize>>(&mut self, offsets: I) {
        for o in offsets {
            self.insert(o);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::Rng;
    use std::collections::BTreeSet;

    #[test]
    fn behaves_like_a_btreeset_of_offsets() {
        let mut rng = Rng::new(7);
        for _ in 0..50 {
            let page = 1 + rng.below(600) as usize;
            let (mut set, mut plain) = (OffsetSet::new(page), BTreeSet::new());
            for _ in 0..rng.below(200) {
                let o = rng.below(page as u64) as usize;
                assert_eq!(set.insert(o), plain.insert(o));
                if rng.chance(0.02) {
                    set.clear();
                    plain.clear();
                }
            }
            assert_eq!(set.len(), plain.len());
            assert_eq!(
                set.iter().collect::<Vec<_>>(),
                plain.iter().copied().collect::<Vec<_>>()
            );
            let mut written = vec![usize::MAX];
            set.write_to(&mut written);
            assert_eq!(written[1..], set.iter().collect::<Vec<_>>());
            let mut rebuilt = OffsetSet::new(page);
            rebuilt.extend(plain.iter().copied());
            assert_eq!(set, rebuilt, "equal contents, equal sets");
            assert!(plain.iter().all(|&o| set.contains(o)));
        }
    }

    /// Step 5 against one-by-one inserts, masks straddling word boundaries and the page end.
    #[test]
    fn insert_mask_equals_inserting_each_offset_of_the_mask() {
        let mut rng = Rng::new(8);
        for _ in 0..200 {
            let page = 1 + rng.below(300) as usize;
            let (mut masked, mut single) = (OffsetSet::new(page), OffsetSet::new(page));
            for _ in 0..rng.below(60) {
                let at = rng.below(page as u64 + 8) as usize;
                let mask = rng.below(256) as u8;
                let before = single.len();
                for o in mask_offsets(at, mask) {
                    single.insert(o);
                }
                assert_eq!(masked.insert_mask(at, mask), single.len() - before);
                assert_eq!(masked, single);
                if rng.chance(0.05) {
                    masked.clear();
                    single.clear();
                }
            }
        }
    }
}
