//! The buffer pool's page table: LBA → frame index (issue 10 "Performance": `pin` looks it up
//! on every op). Same contract as the `BTreeMap<u32, usize>` it replaces, for the calls the
//! store makes (`get`, `insert`, `remove`, `clear`), as a vector indexed by LBA: a lookup is
//! one load instead of a tree search.
//!
//! 1. `slots[lba]` holds the frame index, or `NONE`; the vector grows to the highest LBA
//!    inserted (LBAs are dense: `0..logical_pages`).
//! 2. Equality compares the mappings, not the vector's length (a map emptied by `remove` equals
//!    a fresh one).

const NONE: usize = usize::MAX;

#[derive(Debug, Clone, Default)]
pub struct FrameMap {
    slots: Vec<usize>,
}

impl FrameMap {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn get(&self, lba: &u32) -> Option<&usize> {
        self.slots.get(*lba as usize).filter(|&&i| i != NONE)
    }

    /// Maps `lba` to `frame`; returns the previous frame, if any.
    pub fn insert(&mut self, lba: u32, frame: usize) -> Option<usize> {
        let at = lba as usize;
        if at >= self.slots.len() {
            self.slots.resize(at + 1, NONE);
        }
        let old = std::mem::replace(&mut self.slots[at], frame);
        (old != NONE).then_some(old)
    }

    pub fn remove(&mut self, lba: &u32) -> Option<usize> {
        let slot = self.slots.get_mut(*lba as usize)?;
        let old = std::mem::replace(slot, NONE);
        (old != NONE).then_some(old)
    }

    pub fn clear(&mut self) {
        self.slots.clear();
    }

    /// The (lba, frame) pairs in rising LBA order.
    pub fn iter(&self) -> impl Iterator<Item = (u32, usize)> + '_ {
        self.slots
            .iter()
            .enumerate()
            .filter(|&(_, &i)| i != NONE)
            .map(|(lba, &i)| (lba as u32, i))
    }
}

impl PartialEq for FrameMap {
    fn eq(&self, other: &Self) -> bool {
        self.iter().eq(other.iter())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::Rng;
    use std::collections::BTreeMap;

    #[test]
    fn behaves_like_a_btreemap_of_lba_to_frame() {
        let mut rng = Rng::new(11);
        for _ in 0..200 {
            let (mut map, mut plain) = (FrameMap::new(), BTreeMap::new());
            for _ in 0..rng.below(300) {
                let lba = rng.below(64) as u32;
                match rng.below(10) {
                    0..=4 => {
                        let f = rng.below(16) as usize;
                        assert_eq!(map.insert(lba, f), plain.insert(lba, f));
                    }
                    5..=7 => assert_eq!(map.remove(&lba), plain.remove(&lba)),
                    8 => assert_eq!(map.get(&lba), plain.get(&lba)),
                    _ if rng.chance(0.1) => {
                        map.clear();
                        plain.clear();
                    }
                    _ => {}
                }
            }
            let pairs: Vec<(u32, usize)> = plain.iter().map(|(&l, &f)| (l, f)).collect();
            assert_eq!(map.iter().collect::<Vec<_>>(), pairs);
            let mut rebuilt = FrameMap::new();
            for &(l, f) in &pairs {
                rebuilt.insert(l, f);
            }
            assert_eq!(map, rebuilt, "equal mappings, equal maps");
        }
    }
}
