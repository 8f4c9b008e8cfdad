//! When each die becomes free, with the die free first found in O(1) instead of a scan.
//!
//! Dynamic allocation (`ftl.rs`, step 2) sends each host page to the die free first, ties going
//! to the first die in striping order from the current slot. Scanning every die per page is
//! most of the allocation's cost on a 32-die device, so the free times also live in a
//! tournament tree:
//! 1. Leaves are the dies' free times, clipped to `MAX_BUSY_NS` as the scan clips them (padding
//!    leaves past the last die hold `u64::MAX` and never win). A node packs (clipped time, die,
//!    tie): one integer `min` compares the time and then prefers the lower die, so each inner
//!    node holds the leftmost die with the smallest time below it; its tie bit says whether
//!    another die below it has that same time (set when the two children's times are equal,
//!    else inherited from the winning child).
//! 2. `set` records a new free time and recomputes the die's leaf-to-root path at once (the
//!    value climbing the path stays in a register; only the siblings are loaded). A host write
//!    moves one die (its program, and any GC it triggered there), so one path per write.
//! 3. `first_free_from(slot)`: the root is the leftmost die with the smallest time. If it is at
//!    or after `slot`, or no other die has its time (tie bit clear), it is the first in striping
//!    order: O(1). Only on a tie before `slot` is the leftmost minimum of the suffix `slot..`
//!    (the tree's nodes that cover it, left to right) compared with the root: it wins if it
//!    ties the root, else the root does. The same die as the scan (`Ftl::pick_least_busy`),
//!    which a test checks on random, tie-heavy free times.
//! 4. The tree is a fixed array for up to `MAX_TREE_DIES` dies, indexed through a mask so the
//!    path needs no bounds checks; a larger device keeps no tree and `first_free_from` answers
//!    `None`, so the FTL scans instead (the same choice, at O(dies) per page).
//!
//! Simulator speed only: the free times, and so the timing model, are unchanged.

use std::ops::Deref;

/// Bits of a packed key below the time: the die and the tie bit. Also bounds the most dies,
/// `1 << OFFSET_BITS`, that dynamic allocation serves by free time (beyond it the FTL stripes
/// statically).
pub const OFFSET_BITS: u32 = 10;
/// Free times are clipped to this so that (time, die, tie) packs into one u64.
pub const MAX_BUSY_NS: u64 = (1 << (64 - OFFSET_BITS)) - 1;

/// A node: (clipped free time, die, tie) packed so that one integer `min` compares the time
/// and then prefers the lower die (dies differ, so the tie bit never decides).
type Packed = u64;
const TIE_BIT: u64 = 1;
const DIE_MASK: u64 = (1 << (OFFSET_BITS - 1)) - 1;
/// The most dies a tree covers (step 4; within the packing's `1 << (OFFSET_BITS − 1)`).
const MAX_TREE_DIES: usize = 128;
/// Nodes of the fixed tree; every index is masked with `TREE_NODES − 1` (step 4).
const TREE_NODES: usize = 2 * MAX_TREE_DIES;
const NODE_MASK: usize = TREE_NODES - 1;

/// Step 1: a die's leaf.
#[inline]
fn leaf(die: usize, ns: u64) -> Packed {
    (ns.min(MAX_BUSY_NS) << OFFSET_BITS) | ((die as u64) << 1)
}

/// Step 1: the parent of two nodes (symmetric): the smaller, with its tie bit set if the two
/// times are equal.
#[inline]
fn join(a: Packed, b: Packed) -> Packed {
    let same_time = ((a ^ b) >> OFFSET_BITS) == 0;
    a.min(b) | Packed::from(same_time)
}

#[inline]
fn die_of(node: Packed) -> usize {
    ((node >> 1) & DIE_MASK) as usize
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DieClock {
    free_ns: Vec<u64>,
    /// Packed nodes, root at 1, leaf of die `d` at `width + d` (the first `2 × width` used);
    /// padding leaves (and every node without dies) are `u64::MAX`. Width 0 (no tree, root
    /// `u64::MAX`) beyond `MAX_TREE_DIES`.
    tree: Box<[Packed; TREE_NODES]>,
    width: usize,
}

impl DieClock {
    /// `dies` dies, all free at time 0.
    pub fn new(dies: usize) -> Self {
        let mut tree = Box::new([u64::MAX; TREE_NODES]);
        if dies == 0 || dies > MAX_TREE_DIES {
            return Self {
                free_ns: vec![0; dies],
                tree,
                width: 0,
            };
        }
        let width = dies.next_power_of_two();
        for die in 0..dies {
            tree[width + die] = leaf(die, 0);
        }
        for node in (1..width).rev() {
            tree[node] = join(tree[2 * node], tree[2 * node + 1]);
        }
        Self {
            free_ns: vec![0; dies],
            tree,
            width,
        }
    }

    /// Step 2: die `die` is free from `ns` on.
    #[inline]
    pub fn set(&mut self, die: usize, ns: u64) {
        self.free_ns[die] = ns;
        if self.width == 0 {
            return;
        }
        let tree = &mut *self.tree;
        let mut node = (self.width + die) & NODE_MASK;
        let mut value = leaf(die, ns);
        tree[node] = value;
        while node > 1 {
            value = join(value, tree[(node ^ 1) & NODE_MASK]);
            node /= 2;
            tree[node & NODE_MASK] = value;
        }
    }

    pub fn as_slice(&self) -> &[u64] {
        &self.free_ns
    }

    /// Step 3: the die with the smallest (clipped) free time, ties to the first at or after
    /// `slot` in die order, wrapping round. `None` without dies or without a tree (step 4).
    #[inline]
    pub fn first_free_from(&self, slot: usize) -> Option<usize> {
        if self.width == 0 {
            return None;
        }
        let root = self.tree[1];
        let root_die = die_of(root);
        if root_die >= slot || root & TIE_BIT == 0 {
            return Some(root_die);
        }
        Some(self.tied_from(slot, root))
    }

    /// Step 3's rare case: the root ties another die and lies before `slot`.
    fn tied_from(&self, slot: usize, root: Packed) -> usize {
        // The suffix slot..width, bottom-up: a node is taken when it is a right child's
        // left edge (odd), branch-free; the smallest packed value is the leftmost minimum.
        let mut best = u64::MAX;
        let mut left = slot + self.width;
        while left > 1 {
            let odd = left & 1;
            let taken = if odd == 1 {
                self.tree[left & NODE_MASK]
            } else {
                u64::MAX
            };
            best = best.min(taken);
            left = (left + odd) / 2;
        }
        let tie = best != u64::MAX && best >> OFFSET_BITS == root >> OFFSET_BITS;
        die_of(if tie { best } else { root })
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
        for dies in [1usize, 2, 3, 5, 8, 32, 33, MAX_TREE_DIES] {
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

    #[test]
    fn a_clock_past_the_packing_keeps_times_but_leaves_the_choice_to_the_scan() {
        let mut clock = DieClock::new(MAX_TREE_DIES + 1);
        clock.set(MAX_TREE_DIES, 7);
        assert_eq!(clock.first_free_from(0), None);
        assert_eq!(clock[MAX_TREE_DIES], 7);
    }
}
