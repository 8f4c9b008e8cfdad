//! The set of LSN ranges known to be on some non-volatile medium, and its prefix.
//!
//! 1. `insert([a, b))` merges the range with its overlapping or touching neighbours, so the set
//!    is a sorted list of disjoint, non-touching intervals.
//! 2. `prefix()` is the largest x with `[0, x)` inside the set: the durable prefix that commit
//!    acknowledgements wait for (prefix durability, digest §5 invariant 2).

use std::collections::BTreeMap;

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct IntervalSet {
    /// start → end, disjoint and not touching.
    ranges: BTreeMap<u64, u64>,
}

impl IntervalSet {
    /// Step 1.
    pub fn insert(&mut self, start: u64, end: u64) {
        if start >= end {
            return;
        }
        let prefix_before = self.prefix();
        let mut lo = start;
        let mut hi = end;
        // The interval starting at or before `start` may overlap or touch.
        if let Some((&s, &e)) = self.ranges.range(..=start).next_back()
            && e >= start
        {
            lo = s;
            hi = hi.max(e);
        }
        let absorbed: Vec<u64> = self.ranges.range(lo..=hi).map(|(&s, _)| s).collect();
        for s in absorbed {
            if let Some(e) = self.ranges.remove(&s) {
                hi = hi.max(e);
            }
        }
        self.ranges.insert(lo, hi);
        // Step 1's shape around the merged interval (disjoint, not touching), and what was
        // durable stays durable: the prefix only grows.
        debug_assert!(
            self.ranges
                .range(..lo)
                .next_back()
                .is_none_or(|(_, &e)| e < lo)
                && self.ranges.range(hi..).next().is_none_or(|(&s, _)| s > hi),
            "[{lo}, {hi}) touches a neighbour"
        );
        debug_assert!(self.prefix() >= prefix_before, "the durable prefix fell");
    }

    /// Step 2.
    pub fn prefix(&self) -> u64 {
        match self.ranges.first_key_value() {
            Some((&0, &end)) => end,
            _ => 0,
        }
    }

    pub fn contains_range(&self, start: u64, end: u64) -> bool {
        start >= end
            || self
                .ranges
                .range(..=start)
                .next_back()
                .is_some_and(|(_, &e)| e >= end)
    }

    pub fn intervals(&self) -> Vec<(u64, u64)> {
        self.ranges.iter().map(|(&s, &e)| (s, e)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::Rng;

    #[test]
    fn interval_set_equals_a_bitmap_reference() {
        let mut rng = Rng::new(3);
        for _ in 0..200 {
            let mut set = IntervalSet::default();
            let mut bits = [false; 72];
            for _ in 0..12 {
                let a = rng.below(60);
                let b = a + rng.below(8);
                set.insert(a, b);
                bits[a as usize..b as usize]
                    .iter_mut()
                    .for_each(|x| *x = true);
                let prefix = bits.iter().take_while(|&&x| x).count() as u64;
                assert_eq!(set.prefix(), prefix);
                let iv = set.intervals();
                assert!(iv.windows(2).all(|w| w[0].1 < w[1].0), "{iv:?}");
                for (s, e) in iv {
                    assert!(bits[s as usize..e as usize].iter().all(|&x| x));
                }
            }
        }
    }
}
