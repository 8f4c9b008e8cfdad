//! When each die becomes free, with the die free first found in O(log dies) instead of a scan.
//!
//! Dynamic allocation (`ftl.rs`, step 2) sends each host page to the die free first, ties going
//! to the first die in striping order from the current slot. Scanning every die per page is
//! most of the allocation's cost on a 32-die device, so the free times also live in a
//! tournament tree:
//! 1. Leaves are the dies' free times, clipped to `MAX_BUSY_NS` as the scan clips them (padding
//!    leaves past the last die hold `u64::MAX` and never win); each inner node holds the
//!    leftmost die with the smallest key below it.
//! 2. `set` records a new free time and marks the die stale; the tree is brought up to date
//!    (one leaf-to-root path per stale die) at the next query, so the many bookings of one GC
//!    on one die cost one path.
//! 3. `first_free_from(slot)`: the root is the leftmost die with the smallest key. If it is at
//!    or after `slot` it is the first in striping order; otherwise the leftmost minimum of the
//!    suffix `slot..` (the tree's nodes that cover it, left to right) wins if it ties the root,
//!    else the root does. The same die as the scan (`Ftl::pick_least_busy`), which a test
//!    checks on random, tie-heavy free times.
//!
//! Simulator speed only: the free times, and so the timing model, are unchanged.

use std::ops::Deref;

/// Bits of a packed node that number the die (and so the most dies, `1 << OFFSET_BITS`, that
/// dynamic allocation serves by free time; beyond it the FTL stripes statically).
pub const OFFSET_BITS: u32 = 10;
/// Free times are clipped to this so that (time, die) packs into one u64.
pub const MAX_BUSY_NS: u64 = (1 << (64 - OFFSET_BITS)) - 1;

/// A node: (clipped free time, die) packed so that one integer `min` compares the time and
/// then prefers the lower die.
type Packed = u64;
const DIE_MASK: u64 = (1 << OFFSET_BITS) - 1;
/// The most dies the packing can number.
const MAX_DIES: usize = 1 << OFFSET_BITS;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DieClock {
    free_ns: Vec<u64>,
    /// `2 × width` packed nodes, root at 1, leaf of die `d` at `width + d`; padding leaves
    /// (and every node without dies) are `u64::MAX`.
    tree: Vec<Packed>,
    width: usize,
    stale: Vec<u32>,
    is_stale: Vec<bool>,
}

impl DieClock {
    /// `dies` dies, all free at time 0.
    pub fn new(dies: usize) -> Self {
        let width = dies.next_power_of_two().max(1);
        let mut tree = vec![u64::MAX; 2 * width];
        for die in 0..dies.min(MAX_DIES) {
            tree[width + die] = die as u64;
        }
        for node in (1..width).rev() {
            tree[node] = tree[2 * node].min(tree[2 * node + 1]);
        }
        Self {
            free_ns: vec![0; dies],
            tree,
            width,
            stale: Vec::with_capacity(dies),
            is_stale: vec![false; dies],
        }
    }

    /// Step 2: die `die` is free from `ns` on.
    pub fn set(&mut self, die: usize, ns: u64) {
        self.free_ns[die] = ns;
        if !self.is_stale[die] {
            self.is_stale[die] = true;
            self.stale.push(die as u32);
        }
    }

    pub fn as_slice(&self) -> &[u64] {
        &self.free_ns
    }

    /// Step 2: every stale die's path to the root recomputed (the value climbing the path
    /// stays in a register; only the siblings are loaded).
    fn settle(&mut self) {
        while let Some(die) = self.stale.pop() {
            let d = die as usize;
            self.is_stale[d] = false;
            let mut node = self.width + d;
            let mut value = (self.free_ns[d].min(MAX_BUSY_NS) << OFFSET_BITS) | die as u64;
            self.tree[node] = value;
            while node > 1 {
                value = value.min(self.tree[node ^ 1]);
                node /= 2;
                self.tree[node] = value;
            }
        }
    }

    /// Step 3: the die with the smallest (clipped) free time, ties to the first at or after
    /// `slot` in die order, wrapping round. `None` without dies or with more than the packing
    /// can number.
    pub fn first_free_from(&mut self, slot: usize) -> Option<usize> {
        if self.free_ns.is_empty() || self.free_ns.len() > MAX_DIES {
            return None;
        }
        self.settle();
        let root = self.tree[1];
        let root_die = (root & DIE_MASK) as usize;
        if root_die >= slot {
            return Some(root_die);
        }
        // The suffix slot..width, bottom-up: a node is taken when it is a right child's
        // left edge (odd), branch-free; the smallest packed value is the leftmost minimum.
        let mut best = u64::MAX;
        let mut left = slot + self.width;
        while left > 1 {
            let odd = left & 1;
            let taken = if odd == 1 { self.tree[left] } else { u64::MAX };
            best = best.min(taken);
            left = (left + odd) / 2;
        }
        let tie = best != u64::MAX && best >> OFFSET_BITS == root >> OFFSET_BITS;
        Some(if tie {
            (best & DIE_MASK) as usize
        } else {
            root_die
        })
    }
}

impl Deref for DieClock {
    type Target = [u64];

    fn deref(&self) -> &[u64] {
        &self.free_ns
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::Rng;

    /// The scan's rule, written out: smallest clipped key, first from `slot` in rotation.
    fn by_scan(free: &[u64], slot: usize) -> usize {
        let n = free.len();
        (0..n)
            .map(|k| (slot + k) % n)
            .min_by_key(|&d| free[d].min(MAX_BUSY_NS))
            .unwrap_or(0)
    }

    #[test]
    fn the_tree_picks_the_same_die_as_a_scan_in_striping_order() {
        let mut rng = Rng::new(7);
        for dies in [1usize, 2, 3, 5, 8, 32, 33] {
            let mut clock = DieClock::new(dies);
            let mut free = vec![0u64; dies];
            for _ in 0..5_000 {
                // Few distinct values, so ties are common; now and then a huge one (clipped).
                let d = rng.below(dies as u64) as usize;
                let ns = if rng.below(50) == 0 {
                    u64::MAX - rng.below(3)
                } else {
                    rng.below(6)
                };
                free[d] = ns;
                clock.set(d, ns);
                let slot = rng.below(dies as u64) as usize;
                assert_eq!(clock.first_free_from(slot), Some(by_scan(&free, slot)));
                assert_eq!(clock.as_slice(), free.as_slice());
            }
        }
    }

    #[test]
    fn a_clock_without_dies_picks_none() {
        assert_eq!(DieClock::new(0).first_free_from(0), None);
    }
}
