//! An in-place B+tree as a block-count model (the paper's Berkeley DB competitor, §5.3;
//! digest §6 Fig. 10).
//!
//! 1. Leaves hold ≤ β entries, sorted; they are keyed by their smallest key and each has a
//!    page id (its place on the device; ids of dropped leaves are reused). Internal levels are
//!    not stored: with fanout f = β their count is ⌈log_f(leaves)⌉.
//! 2. Without a buffer pool, the top `cached_levels` are in memory: a lookup reads one block
//!    per uncached level, a modification then writes its leaf in place (one random write); a
//!    full leaf splits into two halves and writes both plus its parent (3 writes). An empty
//!    leaf is dropped and its parent written (no merge of half-empty leaves, as many B+trees
//!    do).
//! 3. With a buffer pool (`with_pool`, the paper's 15 MB cache, §5): the internal nodes stay
//!    in it (they are ≈ 1/β of the leaves), and leaves go through an LRU (`pool`): a miss reads
//!    the leaf, a modification dirties it, and an evicted dirty leaf is written back in place
//!    at its page id. A split's new leaf enters the pool dirty; the parent's update stays in
//!    the pool.
//! 4. Range: one descent, then every further leaf the range spans.
//! 5. Every leaf write is an in-place random write: on the SSD (`baseline::timed` with a
//!    device) the FTL writes it out of place and its GC and erases are what the paper says
//!    make the B+tree lose on update-heavy workloads. `ops` logs each leaf read, write-back and
//!    drop (`store::BlockOp`) for that device.

use std::collections::BTreeMap;

use super::super::entry::Key;
use super::super::store::{BlockOp, IoCount};
use super::pool::LruPool;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct BTreeCost {
    pub io: IoCount,
    pub splits: u64,
}

#[derive(Debug, Clone, PartialEq, Eq, Default)]
struct Leaf {
    id: u32,
    rows: BTreeMap<Key, u64>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BTreeModel {
    pub beta_entries: usize,
    pub cached_levels: u32,
    /// Leaf first key → the leaf.
    leaves: BTreeMap<Key, Leaf>,
    pub cost: BTreeCost,
    pool: Option<LruPool>,
    free_ids: Vec<u32>,
    next_id: u32,
    /// Leaf I/O in order (step 5), drained by the timed run.
    pub ops: Vec<BlockOp>,
}

impl BTreeModel {
    pub fn new(beta_entries: usize, cached_levels: u32) -> Self {
        let mut leaves = BTreeMap::new();
        leaves.insert(0, Leaf::default());
        Self {
            beta_entries,
            cached_levels,
            leaves,
            cost: BTreeCost::default(),
            pool: None,
            free_ids: Vec::new(),
            next_id: 1,
            ops: Vec::new(),
        }
    }

    /// Step 3: from now on, an empty (cold) pool of `pages` pages holds the internal nodes
    /// and the most recently used leaves.
    pub fn with_pool(mut self, pages: u64) -> Self {
        self.use_pool(pages);
        self
    }

    /// As `with_pool`, in place.
    pub fn use_pool(&mut self, pages: u64) {
        let internal = self.live_blocks() - self.leaf_count();
        self.pool = Some(LruPool::new(pages.saturating_sub(internal).max(1)));
    }

    pub fn leaf_count(&self) -> u64 {
        self.leaves.len() as u64
    }

    /// Page ids of every leaf (a timed run writes them to its device first).
    pub fn leaf_ids(&self) -> impl Iterator<Item = u32> + '_ {
        self.leaves.values().map(|l| l.id)
    }

    /// Every page id is below this.
    pub fn id_bound(&self) -> u32 {
        self.next_id
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

    fn read(&mut self, id: u32) {
        self.cost.io.blocks_read += 1;
        self.ops.push(BlockOp::Read(id));
    }

    fn write(&mut self, id: u32) {
        self.cost.io.blocks_written += 1;
        self.ops.push(BlockOp::Write(id));
    }

    /// Reaches the leaf with id `id`: the uncached levels without a pool (step 2), the leaf
    /// through the pool with one (step 3). `dirty`: the op writes it.
    fn visit(&mut self, id: u32, dirty: bool) {
        let Some(pool) = self.pool.as_mut() else {
            let reads = self.height().saturating_sub(self.cached_levels);
            self.cost.io.blocks_read += u64::from(reads);
            if reads > 0 {
                self.ops.push(BlockOp::Read(id));
            }
            if dirty {
                self.write(id);
            }
            return;
        };
        let t = pool.touch(id, dirty);
        if t.miss {
            self.read(id);
        }
        for victim in t.write_back {
            self.write(victim);
        }
    }

    fn leaf_key(&self, key: Key) -> Key {
        self.leaves.range(..=key).next_back().map_or(0, |(k, _)| *k)
    }

    fn leaf_id(&self, lk: Key) -> u32 {
        self.leaves.get(&lk).map_or(0, |l| l.id)
    }

    fn new_id(&mut self) -> u32 {
        self.free_ids.pop().unwrap_or_else(|| {
            self.next_id += 1;
            self.next_id - 1
        })
    }

    pub fn lookup(&mut self, key: Key) -> Option<u64> {
        let lk = self.leaf_key(key);
        self.visit(self.leaf_id(lk), false);
        self.leaves.get(&lk).and_then(|l| l.rows.get(&key).copied())
    }

    /// Insert or overwrite; returns the previous value.
    pub fn insert(&mut self, key: Key, value: u64) -> Option<u64> {
        let lk = self.leaf_key(key);
        self.visit(self.leaf_id(lk), true);
        let leaf = self.leaves.entry(lk).or_default();
        let old = leaf.rows.insert(key, value);
        if leaf.rows.len() > self.beta_entries {
            let mid = *leaf.rows.keys().nth(leaf.rows.len() / 2).unwrap_or(&key);
            let rows = leaf.rows.split_off(&mid);
            let id = self.new_id();
            self.leaves.insert(mid, Leaf { id, rows });
            self.cost.splits += 1;
            match self.pool.as_mut() {
                Some(pool) => {
                    // A fresh leaf: no read; it enters dirty (the parent stays in the pool).
                    for victim in pool.touch(id, true).write_back {
                        self.write(victim);
                    }
                }
                None => {
                    self.write(id);
                    self.cost.io.blocks_written += 1; // the parent
                }
            }
        }
        old
    }

    /// Rows with from ≤ key ≤ to in key order: one descent, then every further leaf.
    pub fn range(&mut self, from: Key, to: Key) -> Vec<(Key, u64)> {
        let first = self.leaf_key(from);
        let ids: Vec<u32> = self.leaves.range(first..=to).map(|(_, l)| l.id).collect();
        for (i, id) in ids.into_iter().enumerate() {
            if i == 0 || self.pool.is_some() {
                self.visit(id, false);
            } else {
                self.read(id);
            }
        }
        let mut rows = Vec::new();
        for (_, leaf) in self.leaves.range(first..=to) {
            rows.extend(leaf.rows.range(from..=to).map(|(k, v)| (*k, *v)));
        }
        rows
    }

    pub fn delete(&mut self, key: Key) -> Option<u64> {
        let lk = self.leaf_key(key);
        let present = self
            .leaves
            .get(&lk)
            .is_some_and(|l| l.rows.contains_key(&key));
        self.visit(self.leaf_id(lk), present);
        let leaf = self.leaves.get_mut(&lk)?;
        let old = leaf.rows.remove(&key);
        if old.is_some() && leaf.rows.is_empty() && lk != 0 {
            let id = leaf.id;
            self.leaves.remove(&lk);
            self.free_ids.push(id);
            self.ops.push(BlockOp::Free(id));
            match self.pool.as_mut() {
                Some(pool) => pool.forget(id),
                None => self.cost.io.blocks_written += 1, // the parent
            }
        }
        old
    }
}
