//! The block table: per-block state as flat arrays (struct of arrays), the greedy index and the
//! per-die free pools.
//!
//! 1. Every block is `Free` (erased, in its die's free pool), `Active` (a write point is filling
//!    it), `Closed` (full, a GC candidate) or `Collecting` (the GC victim being emptied).
//! 2. `valid[b]` counts valid pages, `write_ptr[b]` is the next page to program (pages are
//!    programmed strictly in order, as NAND requires), `erase_count[b]` only grows.
//! 3. Greedy index: each die keeps one intrusive doubly linked list per valid count
//!    (0..=pages_per_block) holding its `Closed` blocks. Invalidating a page moves its block one
//!    list down in O(1); the fewest-valid block is the head of the first non-empty list, found by
//!    scanning at most pages_per_block + 1 heads (Kawaguchi et al. 1995 style bucket sort).
//! 4. Free pools: one min-heap per die keyed by (erase count, block) when dynamic wear levelling
//!    is on (allocate the least-worn free block), or by (free sequence, block) when it is off
//!    (FIFO reuse). Ties fall to the lower block number, so allocation is deterministic.
//! 5. FIFO order (only when the FIFO policy runs): each die queues its blocks in the order they
//!    were closed, tagged with a global close sequence number; entries whose block has since
//!    been collected are stale and skipped (lazily pruned), so the oldest is found in O(1)
//!    amortised.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, VecDeque};

use super::geometry::{Geometry, div_by};

pub const NIL: u32 = u32::MAX;

/// What a recovery scan found about the blocks (input of `Blocks::rebuild`).
#[derive(Debug, Clone, Default)]
pub struct ScannedBlocks {
    pub erase_count: Vec<u32>,
    pub write_ptr: Vec<u32>,
    pub valid: Vec<u32>,
    /// Partly programmed blocks that become write points (at most one per die).
    pub active: Vec<u32>,
    /// Full (or abandoned partial) blocks, oldest closing first.
    pub closed_in_order: Vec<u32>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BlockState {
    Free,
    Active,
    Closed,
    Collecting,
}

impl BlockState {
    /// Code used in view series and trace arguments.
    pub fn code(self) -> u32 {
        match self {
            BlockState::Free => 0,
            BlockState::Active => 1,
            BlockState::Closed => 2,
            BlockState::Collecting => 3,
        }
    }
}

#[derive(Debug, Clone)]
pub struct Blocks {
    pub pages_per_block: u32,
    pub blocks_per_die: u32,
    pub valid: Vec<u32>,
    pub erase_count: Vec<u32>,
    pub write_ptr: Vec<u32>,
    pub state: Vec<BlockState>,
    /// Host-write clock when the block was closed: its age for cost-benefit.
    pub sealed_at: Vec<u64>,
    /// Global sequence number of the block's latest closing (FIFO order).
    pub closed_seq: Vec<u64>,
    close_counter: u64,
    fifo: Vec<VecDeque<(u64, u32)>>,
    track_fifo: bool,
    next: Vec<u32>,
    prev: Vec<u32>,
    /// dies × (pages_per_block + 1) list heads.
    heads: Vec<u32>,
    free: Vec<BinaryHeap<Reverse<(u64, u32)>>>,
    free_seq: u64,
    dynamic_wear_leveling: bool,
}

impl Blocks {
    /// All blocks erased and free.
    pub fn new(geometry: &Geometry, dynamic_wear_leveling: bool, track_fifo: bool) -> Self {
        let blocks = geometry.blocks() as usize;
        let dies = geometry.dies() as usize;
        let ppb = geometry.pages_per_block;
        let mut table = Self {
            pages_per_block: ppb,
            blocks_per_die: geometry.blocks_per_die(),
            valid: vec![0; blocks],
            erase_count: vec![0; blocks],
            write_ptr: vec![0; blocks],
            state: vec![BlockState::Free; blocks],
            sealed_at: vec![0; blocks],
            closed_seq: vec![0; blocks],
            close_counter: 0,
            fifo: vec![VecDeque::new(); if track_fifo { dies } else { 0 }],
            track_fifo,
            next: vec![NIL; blocks],
            prev: vec![NIL; blocks],
            heads: vec![NIL; dies * (ppb as usize + 1)],
            free: (0..dies)
                .map(|_| BinaryHeap::with_capacity(geometry.blocks_per_die() as usize))
                .collect(),
            free_seq: 0,
            dynamic_wear_leveling,
        };
        for block in 0..blocks as u32 {
            table.push_free(block);
        }
        table
    }

    /// Rebuilds the table after a power cut (`recovery.rs`) from what the scan found: erase
    /// counts (block metadata on flash), each block's write pointer and valid pages. Blocks
    /// with nothing programmed go to the free pools (FIFO reuse in block order), `active`
    /// blocks become write points, `closed` blocks (in their closing order) are filed under
    /// their valid count with `stamp` as their age.
    pub fn rebuild(
        geometry: &Geometry,
        dynamic_wear_leveling: bool,
        track_fifo: bool,
        scan: &ScannedBlocks,
        stamp: u64,
    ) -> Self {
        let mut table = Self::new(geometry, dynamic_wear_leveling, track_fifo);
        table.free.iter_mut().for_each(BinaryHeap::clear);
        table.free_seq = 0;
        table.erase_count.clone_from(&scan.erase_count);
        table.write_ptr.clone_from(&scan.write_ptr);
        table.valid.clone_from(&scan.valid);
        for block in 0..geometry.blocks() {
            if scan.write_ptr[block as usize] == 0 {
                table.push_free(block);
            }
        }
        for &block in &scan.active {
            table.state[block as usize] = BlockState::Active;
        }
        for &block in &scan.closed_in_order {
            table.close(block, stamp);
        }
        table
    }

    pub fn die_of(&self, block: u32) -> u32 {
        div_by(block, self.blocks_per_die)
    }

    /// This die's list heads, index = valid count.
    pub fn die_heads(&self, die: u32) -> &[u32] {
        let width = self.pages_per_block as usize + 1;
        let start = die as usize * width;
        &self.heads[start..start + width]
    }

    /// The next block in the same valid-count list (NIL at the end).
    pub fn next_in_list(&self, block: u32) -> u32 {
        self.next[block as usize]
    }

    fn head_index(&self, block: u32) -> usize {
        let die = self.die_of(block) as usize;
        die * (self.pages_per_block as usize + 1) + self.valid[block as usize] as usize
    }

    fn link(&mut self, block: u32) {
        let h = self.head_index(block);
        self.link_at(block, h);
    }

    /// Pushes `block` on list head `h` (the caller computed `head_index`).
    fn link_at(&mut self, block: u32, h: usize) {
        let old = self.heads[h];
        self.next[block as usize] = old;
        self.prev[block as usize] = NIL;
        if old != NIL {
            self.prev[old as usize] = block;
        }
        self.heads[h] = block;
    }

    fn unlink(&mut self, block: u32) {
        let h = self.head_index(block);
        self.unlink_at(block, h);
    }

    /// Takes `block` out of list head `h`, the list it is filed in.
    fn unlink_at(&mut self, block: u32, h: usize) {
        self.detach(block, h);
        self.next[block as usize] = NIL;
        self.prev[block as usize] = NIL;
    }

    /// Joins `block`'s neighbours in list head `h` around it, leaving its own links stale
    /// (the caller files it elsewhere or clears them).
    #[inline]
    fn detach(&mut self, block: u32, h: usize) {
        let (p, n) = (self.prev[block as usize], self.next[block as usize]);
        if p == NIL {
            self.heads[h] = n;
        } else {
            self.next[p as usize] = n;
        }
        if n != NIL {
            self.prev[n as usize] = p;
        }
    }

    /// One page of `block` became invalid (overwrite, TRIM or relocation).
    pub fn decrement_valid(&mut self, block: u32) {
        let b = block as usize;
        if self.state[b] == BlockState::Closed {
            // One list down: the head index of count v − 1 is the one of v, minus one. Its
            // links are not cleared between (`link_at` sets both).
            let h = self.head_index(block);
            self.detach(block, h);
            self.link_at(block, h - 1);
        }
        self.valid[b] -= 1;
    }

    /// The active block is full: it becomes a GC candidate.
    pub fn close(&mut self, block: u32, stamp: u64) {
        self.state[block as usize] = BlockState::Closed;
        self.sealed_at[block as usize] = stamp;
        self.close_counter += 1;
        self.closed_seq[block as usize] = self.close_counter;
        self.link(block);
        if self.track_fifo {
            let die = self.die_of(block) as usize;
            self.fifo[die].push_back((self.close_counter, block));
        }
    }

    fn fifo_entry_live(&self, (seq, block): (u64, u32)) -> bool {
        self.state[block as usize] == BlockState::Closed && self.closed_seq[block as usize] == seq
    }

    /// The oldest still-closed block of the die in closing order (FIFO tracking only).
    pub fn oldest_closed(&self, die: u32) -> Option<u32> {
        let queue = self.fifo.get(die as usize)?;
        queue
            .iter()
            .find(|&&entry| self.fifo_entry_live(entry))
            .map(|&(_, block)| block)
    }

    /// Drops stale entries from the front of the die's FIFO queue.
    pub fn prune_fifo(&mut self, die: u32) {
        while let Some(&front) = self.fifo.get(die as usize).and_then(VecDeque::front) {
            if self.fifo_entry_live(front) {
                break;
            }
            self.fifo[die as usize].pop_front();
        }
    }

    /// A closed block is chosen as GC (or wear-levelling) victim.
    pub fn start_collecting(&mut self, block: u32) {
        self.unlink(block);
        self.state[block as usize] = BlockState::Collecting;
    }

    /// Erases an emptied victim and returns it to its die's free pool; returns the new count.
    pub fn erase(&mut self, block: u32) -> u32 {
        let b = block as usize;
        self.erase_count[b] += 1;
        self.write_ptr[b] = 0;
        self.valid[b] = 0;
        self.push_free(block);
        self.erase_count[b]
    }

    fn push_free(&mut self, block: u32) {
        self.state[block as usize] = BlockState::Free;
        let key = if self.dynamic_wear_leveling {
            u64::from(self.erase_count[block as usize])
        } else {
            self.free_seq += 1;
            self.free_seq
        };
        let die = self.die_of(block) as usize;
        self.free[die].push(Reverse((key, block)));
    }

    /// Takes a free block of `die` to become its write point.
    pub fn open(&mut self, die: u32) -> Option<u32> {
        let Reverse((_, block)) = self.free[die as usize].pop()?;
        self.state[block as usize] = BlockState::Active;
        self.write_ptr[block as usize] = 0;
        Some(block)
    }

    pub fn free_count(&self, die: u32) -> u32 {
        self.free[die as usize].len() as u32
    }

    pub fn dynamic_wear_leveling(&self) -> bool {
        self.dynamic_wear_leveling
    }

    /// O(1): `block` is linked into the greedy list of its die and its current valid count
    /// (the per-step form of `lists_are_consistent`, `checks_step.rs`).
    pub fn is_filed(&self, block: u32) -> bool {
        let b = block as usize;
        let (p, n) = (self.prev[b], self.next[b]);
        let same_list = |other: u32| {
            let o = other as usize;
            self.state.get(o) == Some(&BlockState::Closed)
                && self.valid.get(o) == self.valid.get(b)
                && self.die_of(other) == self.die_of(block)
        };
        let linked_in = if p == NIL {
            self.valid[b] <= self.pages_per_block
                && self.heads.get(self.head_index(block)) == Some(&block)
        } else {
            same_list(p) && self.next.get(p as usize) == Some(&block)
        };
        let linked_out = n == NIL || (same_list(n) && self.prev.get(n as usize) == Some(&block));
        self.state[b] == BlockState::Closed && linked_in && linked_out
    }

    /// Every block of the die's lists really is closed and filed under its valid count.
    pub fn lists_are_consistent(&self, die: u32) -> Result<usize, String> {
        let mut seen = 0usize;
        for (valid, &head) in self.die_heads(die).iter().enumerate() {
            let mut block = head;
            let mut prev = NIL;
            while block != NIL {
                let b = block as usize;
                if self.state[b] != BlockState::Closed || self.valid[b] as usize != valid {
                    return Err(format!(
                        "block {block} is filed under {valid} valid pages but is {:?} with {}",
                        self.state[b], self.valid[b]
                    ));
                }
                if self.prev[b] != prev {
                    return Err(format!("block {block} has a broken back link"));
                }
                seen += 1;
                if seen > self.blocks_per_die as usize {
                    return Err("a greedy list has a cycle".into());
                }
                prev = block;
                block = self.next[b];
            }
        }
        Ok(seen)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(dynamic: bool) -> Blocks {
        Blocks::new(
            &Geometry::with_spare_factor(1, 2, 1, 8, 4, 4096, 0.25),
            dynamic,
            true,
        )
    }

    #[test]
    fn closed_blocks_move_down_their_lists_as_pages_die() {
        let mut t = table(true);
        let b = t.open(0).unwrap();
        t.valid[b as usize] = 4;
        t.close(b, 1);
        assert_eq!(t.die_heads(0)[4], b);
        t.decrement_valid(b);
        assert_eq!(t.die_heads(0)[4], NIL);
        assert_eq!(t.die_heads(0)[3], b);
        assert_eq!(t.lists_are_consistent(0), Ok(1));
        t.start_collecting(b);
        assert_eq!(t.lists_are_consistent(0), Ok(0));
    }

    /// The greedy lists written out plainly: per (die, valid count) a vector, most recently
    /// filed first; a decrement takes the block out and files it first one count down.
    #[test]
    fn the_lists_keep_the_order_of_a_plain_model_through_random_decrements() {
        let g = Geometry::with_spare_factor(1, 3, 1, 16, 8, 4096, 0.25);
        let ppb = g.pages_per_block as usize;
        let mut t = Blocks::new(&g, true, false);
        let mut plain = vec![vec![Vec::<u32>::new(); ppb + 1]; 3];
        let mut rng = crate::sim::Rng::new(5);
        for die in 0..3u32 {
            while let Some(b) = t.open(die) {
                let v = 1 + rng.below(ppb as u64) as u32;
                t.valid[b as usize] = v;
                t.close(b, 0);
                plain[die as usize][v as usize].insert(0, b);
            }
        }
        for _ in 0..2_000 {
            let block = rng.below(u64::from(g.blocks())) as u32;
            let (die, v) = (t.die_of(block) as usize, t.valid[block as usize] as usize);
            if v == 0 {
                continue;
            }
            t.decrement_valid(block);
            plain[die][v].retain(|&b| b != block);
            plain[die][v - 1].insert(0, block);
            for (d, lists) in plain.iter().enumerate() {
                for (count, list) in lists.iter().enumerate() {
                    let mut walked = Vec::new();
                    let mut b = t.die_heads(d as u32)[count];
                    while b != NIL {
                        walked.push(b);
                        b = t.next_in_list(b);
                    }
                    assert_eq!(&walked, list, "die {d}, {count} valid");
                }
                assert!(t.lists_are_consistent(d as u32).is_ok());
            }
        }
    }

    #[test]
    fn dynamic_wear_leveling_allocates_the_least_worn_free_block() {
        let mut t = table(true);
        let a = t.open(0).unwrap();
        t.close(a, 0);
        t.start_collecting(a);
        t.erase(a);
        // Every other block of die 0 has 0 erases; `a` has 1, so it comes last.
        let opened: Vec<u32> = (0..8).filter_map(|_| t.open(0)).collect();
        assert_eq!(opened.last(), Some(&a));
    }

    #[test]
    fn without_dynamic_wear_leveling_free_blocks_are_reused_in_fifo_order() {
        let mut t = table(false);
        let first = t.open(1).unwrap();
        assert_eq!(first, 8);
        t.close(first, 0);
        t.start_collecting(first);
        t.erase(first);
        let opened: Vec<u32> = (0..8).filter_map(|_| t.open(1)).collect();
        assert_eq!(opened, [9, 10, 11, 12, 13, 14, 15, 8]);
    }
}
