//! The FD-tree of Li et al. as a block-count model (paper §2.4, Rem. A.4; digest §2.6).
//!
//! 1. Levels L0 (memory, β·κ0 entries) and L1…: sorted runs of data entries; a non-bottom
//!    level also holds one fence per block of the level below, so
//!    B(L_i) = ⌈(data_i + B(L_{i+1}))/β⌉, computed bottom-up.
//! 2. Insert/delete go to L0 (a delete cancels an L0 insert in place). When L0 is full the
//!    merge cascades: merge L0 into L1; if L1 now exceeds κ1, merge L1 into L2; and so on
//!    (two levels per pass, several passes: upper levels are rewritten again and again).
//! 3. One pass (one `step`) reads B(L_i) + B(L_{i+1}) old blocks, writes the new L_{i+1} and
//!    rebuilds the fence-only levels above it; the old L_i, L_{i+1} stay allocated until the
//!    pass ends, so the space peak is live + the new level (the temporary doubling).
//! 4. No underflow merge and no tightening: deletes stay as tombstones until they reach the
//!    bottom, and the height never shrinks (Rem. A.4).

use std::collections::BTreeMap;

use super::super::entry::Key;
use super::super::store::IoCount;

/// One key's net entries in a level: the §2.2 cases {I}, {D}, {D, I}.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LiEntry {
    Insert(u64),
    Delete,
    DeleteInsert(u64),
}

impl LiEntry {
    fn entries(self) -> u64 {
        match self {
            LiEntry::DeleteInsert(_) => 2,
            _ => 1,
        }
    }
    fn value(self) -> Option<u64> {
        match self {
            LiEntry::Insert(v) | LiEntry::DeleteInsert(v) => Some(v),
            LiEntry::Delete => None,
        }
    }
}

/// `upper` (newer) over `lower` (older); None = nothing left. At the bottom no delete stays.
fn combine(upper: LiEntry, lower: Option<LiEntry>, bottom: bool) -> Option<LiEntry> {
    use LiEntry::{Delete, DeleteInsert, Insert};
    let merged = match (upper, lower) {
        (Delete, Some(Insert(_))) => None,
        (Delete, _) => Some(Delete),
        (Insert(v), None) => Some(Insert(v)),
        (Insert(v), Some(_)) => Some(DeleteInsert(v)),
        (DeleteInsert(v), Some(Insert(_))) => Some(Insert(v)),
        (DeleteInsert(v), _) => Some(DeleteInsert(v)),
    };
    match (merged, bottom) {
        (Some(Delete), true) => None,
        (Some(DeleteInsert(v)), true) => Some(Insert(v)),
        (m, _) => m,
    }
}

/// What one two-level merge pass did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LiMergePass {
    pub from_level: usize,
    pub io: IoCount,
    /// Live blocks at the end of the pass and at its peak (before the old levels are freed).
    pub live_blocks_after: u64,
    pub peak_live_blocks: u64,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LiFdTree {
    pub beta_entries: usize,
    pub gamma: u64,
    pub kappa0_blocks: u64,
    /// L0 and the disk levels.
    pub levels: Vec<BTreeMap<Key, LiEntry>>,
    pub io: IoCount,
    pub peak_live_blocks: u64,
    /// Live disk blocks as of the last pass (disk levels change only in passes).
    live_blocks: u64,
    /// Level index the pending cascade continues from (None when idle).
    pending: Option<usize>,
}

impl LiFdTree {
    pub fn new(beta_entries: usize, gamma: u64, kappa0_blocks: u64) -> Self {
        Self {
            beta_entries,
            gamma,
            kappa0_blocks,
            levels: vec![BTreeMap::new(), BTreeMap::new()],
            io: IoCount::default(),
            peak_live_blocks: 0,
            live_blocks: 0,
            pending: None,
        }
    }

    fn kappa(&self, level: usize) -> u64 {
        (0..level).fold(self.kappa0_blocks, |k, _| k.saturating_mul(self.gamma))
    }

    /// B(L_i) for every disk level (index 0 = L0's ⌈|L0|/β⌉ for reference).
    pub fn level_blocks(&self) -> Vec<u64> {
        let beta = self.beta_entries as u64;
        let mut out = vec![0u64; self.levels.len()];
        let mut below = 0u64;
        for i in (0..self.levels.len()).rev() {
            let fences = if i + 1 == self.levels.len() { 0 } else { below };
            let data: u64 = self.levels[i].values().map(|e| e.entries()).sum();
            let entries = data + fences;
            out[i] = if entries == 0 {
                0
            } else {
                entries.div_ceil(beta)
            };
            below = out[i];
        }
        out
    }

    pub fn live_blocks(&self) -> u64 {
        self.live_blocks
    }

    /// Insert into L0 (callers keep the index unique: no insert of a present key).
    pub fn insert(&mut self, key: Key, value: u64) {
        let e = match self.levels[0].get(&key) {
            Some(LiEntry::Delete | LiEntry::DeleteInsert(_)) => LiEntry::DeleteInsert(value),
            _ => LiEntry::Insert(value),
        };
        self.levels[0].insert(key, e);
    }

    pub fn delete(&mut self, key: Key) {
        match self.levels[0].get(&key) {
            Some(LiEntry::Insert(_)) => {
                self.levels[0].remove(&key); // cancel in place
            }
            _ => {
                self.levels[0].insert(key, LiEntry::Delete);
            }
        }
    }

    /// Lookup: one block per non-empty disk level until a hit (fractional cascading).
    pub fn lookup(&mut self, key: Key) -> Option<u64> {
        for (i, level) in self.levels.iter().enumerate() {
            if i > 0 && !level.is_empty() {
                self.io.blocks_read += 1;
            }
            if let Some(e) = level.get(&key) {
                return e.value();
            }
        }
        None
    }

    /// Rows with from ≤ key ≤ to in key order, newest level winning; reads ⌈n/β⌉ blocks (at
    /// least one) of every non-empty disk level, n its entries in the range.
    pub fn range(&mut self, from: Key, to: Key) -> Vec<(Key, u64)> {
        let beta = self.beta_entries.max(1) as u64;
        let mut rows: BTreeMap<Key, u64> = BTreeMap::new();
        for (i, level) in self.levels.iter().enumerate().rev() {
            let mut n = 0u64;
            for (k, e) in level.range(from..=to) {
                n += 1;
                match e.value() {
                    Some(v) => rows.insert(*k, v),
                    None => rows.remove(k),
                };
            }
            if i > 0 && !level.is_empty() {
                self.io.blocks_read += n.div_ceil(beta).max(1);
            }
        }
        rows.into_iter().collect()
    }

    /// True if L0 is full and a cascade should start (or one is under way).
    pub fn merge_due(&self) -> bool {
        self.pending.is_some()
            || self.levels[0].len() >= self.beta_entries * self.kappa0_blocks as usize
    }

    /// One two-level pass of the cascade; None when there is nothing to do.
    pub fn step(&mut self) -> Option<LiMergePass> {
        let i = match self.pending {
            Some(i) => i,
            None if self.merge_due() => 0,
            None => return None,
        };
        if i + 1 == self.levels.len() {
            self.levels.push(BTreeMap::new());
        }
        let before = self.level_blocks();
        let live_before: u64 = before.iter().skip(1).sum();
        let upper = std::mem::take(&mut self.levels[i]);
        let bottom = i + 2 == self.levels.len();
        let target = &mut self.levels[i + 1];
        for (k, e) in upper {
            match combine(e, target.get(&k).copied(), bottom) {
                Some(e) => target.insert(k, e),
                None => target.remove(&k),
            };
        }
        let after = self.level_blocks();
        let read = if i == 0 { 0 } else { before[i] } + before[i + 1];
        // The new L_{i+1} and the fence-only levels 1..=i rebuilt above it.
        let written: u64 = after[1..=i + 1].iter().sum();
        let live_after: u64 = after.iter().skip(1).sum();
        let peak = live_before + written;
        self.io.blocks_read += read;
        self.io.blocks_written += written;
        self.peak_live_blocks = self.peak_live_blocks.max(peak);
        self.live_blocks = live_after;
        let overflow = after[i + 1] > self.kappa(i + 1);
        self.pending = overflow.then_some(i + 1);
        Some(LiMergePass {
            from_level: i,
            io: IoCount {
                blocks_read: read,
                blocks_written: written,
            },
            live_blocks_after: live_after,
            peak_live_blocks: peak,
        })
    }
}
