//! An in-place B+tree as a block-count model (the paper's Berkeley DB competitor, §5.3;
//! digest §6 Fig. 10).
//!
//! 1. Leaves hold ≤ β entries, sorted; they are keyed by their smallest key. Internal levels
//!    are not stored: with fanout f = β their count is ⌈log_f(leaves)⌉, and the top
//!    `cached_levels` of the tree are assumed in the buffer cache.
//! 2. Lookup: read one block per uncached level (internal levels + the leaf).
//! 3. Insert/delete: the same reads, then write the leaf in place (one random write); a full
//!    leaf splits into two halves and writes both plus its parent (3 writes). An empty leaf is
//!    dropped and its parent written (no merge of half-empty leaves, as many B+trees do).
//! 4. Range: one descent, then one read per further leaf the range spans.
//! 5. Every write is an in-place random write: on an SSD these are what trigger erases, which
//!    is why the paper's B+tree loses on update-heavy workloads.

use std::collections::BTreeMap;

use super::super::entry::Key;
use super::super::store::IoCount;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct BTreeCost {
    pub io: IoCount,
    pub splits: u64,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BTreeModel {
    pub beta_entries: usize,
    pub cached_levels: u32,
    /// Leaf first key → the leaf's entries.
    leaves: BTreeMap<Key, BTreeMap<Key, u64>>,
    pub cost: BTreeCost,
}

impl BTreeModel {
    pub fn new(beta_entries: usize, cached_levels: u32) -> Self {
        let mut leaves = BTreeMap::new();
        leaves.insert(0, BTreeMap::new());
        Self {
            beta_entries,
            cached_levels,
            leaves,
            cost: BTreeCost::default(),
        }
    }

    pub fn leaf_count(&self) -> u64 {
        self.leaves.len() as u64
    }

    /// Levels including the leaf level: 1 + ⌈log_β(leaves)⌉.
    pub fn height(&self) -> u32 {
        let mut h = 1;
        let mut n = self.leaf_count();
        while n > 1 {
            n = n.div_ceil(self.beta_entries as u64);
            h += 1;
        }
        h
    }

    /// Blocks the tree occupies (leaves plus internal nodes).
    pub fn live_blocks(&self) -> u64 {
        let mut total = self.leaf_count();
        let mut n = total;
        while n > 1 {
            n = n.div_ceil(self.beta_entries as u64);
            total += n;
        }
        total
    }

    fn descend(&mut self) {
        let reads = self.height().saturating_sub(self.cached_levels);
        self.cost.io.blocks_read += u64::from(reads);
    }

    fn leaf_key(&self, key: Key) -> Key {
        self.leaves.range(..=key).next_back().map_or(0, |(k, _)| *k)
    }

    pub fn lookup(&mut self, key: Key) -> Option<u64> {
        self.descend();
        let lk = self.leaf_key(key);
        self.leaves.get(&lk).and_then(|l| l.get(&key).copied())
    }

    /// Insert or overwrite; returns the previous value.
    pub fn insert(&mut self, key: Key, value: u64) -> Option<u64> {
        self.descend();
        let lk = self.leaf_key(key);
        let leaf = self.leaves.entry(lk).or_default();
        let old = leaf.insert(key, value);
        self.cost.io.blocks_written += 1;
        if leaf.len() > self.beta_entries {
            let mid = *leaf.keys().nth(leaf.len() / 2).unwrap_or(&key);
            let right = leaf.split_off(&mid);
            self.leaves.insert(mid, right);
            self.cost.io.blocks_written += 2; // the new right leaf and the parent
            self.cost.splits += 1;
        }
        old
    }

    /// Rows with from ≤ key ≤ to in key order: one descent, then one read per further leaf.
    pub fn range(&mut self, from: Key, to: Key) -> Vec<(Key, u64)> {
        self.descend();
        let first = self.leaf_key(from);
        let mut rows = Vec::new();
        for (i, (_, leaf)) in self.leaves.range(first..=to).enumerate() {
            if i > 0 {
                self.cost.io.blocks_read += 1;
            }
            rows.extend(leaf.range(from..=to).map(|(k, v)| (*k, *v)));
        }
        rows
    }

    pub fn delete(&mut self, key: Key) -> Option<u64> {
        self.descend();
        let lk = self.leaf_key(key);
        let leaf = self.leaves.get_mut(&lk)?;
        let old = leaf.remove(&key);
        if old.is_some() {
            self.cost.io.blocks_written += 1;
            if leaf.is_empty() && lk != 0 {
                self.leaves.remove(&lk);
                self.cost.io.blocks_written += 1; // the parent
            }
        }
        old
    }
}
