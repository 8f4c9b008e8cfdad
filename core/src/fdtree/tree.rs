//! The FD+tree state and its modification path (§2.1–2.2, Alg. 1; digest §2.4, §3.4).
//!
//! 1. State: L0 (in memory; L0^new while a merge runs), disk levels by label (an empty label is
//!    skipped), the block store, the global counters N_Δ / N_∇, and the active merge if any.
//!    The empty tree is h = 2: L0 = {(−∞ → b)} and L1 = one empty block b (digest §8 item 12).
//! 2. `insert`: L0.add(I(k, v)), N_Δ += 1. `delete`: if L0 holds I(k) cancel it in place
//!    (N_Δ −= 1), else add the tombstone D(k), N_∇ += 1. During a merge both go to L0^new and
//!    need a free slot of the shared buffer (§4.2), else `FdError::L0Full`: the caller steps the
//!    merge and retries (what a blocked writer does in FD+FC).
//! 3. Answer semantics (issue: never silently mis-applied): with `Uniqueness::Check` an insert
//!    of a present key is rejected as `RejectedPresent { value }` and a delete of a missing key
//!    as `RejectedMissing`, both leaving the tree unchanged; the check is a real lookup whose
//!    block reads are counted in `metrics.check_io`. With `Uniqueness::Trusted` the caller
//!    promises valid ops (the paper's workloads, Rem. A.1) and no check I/O is spent.
//! 4. `merge_wanted` is the trigger policy, a pure function of the state: overflow when
//!    |L0| ≥ the trigger, underflow when 3·N_∇ > N_Δ (digest §8 item 18); never while a merge runs.

use std::collections::VecDeque;

use super::config::{FdConfig, Uniqueness};
use super::entry::{BlockId, Entry, Key, Kind, NEG_INF};
use super::error::FdError;
use super::l0::L0;
use super::merge_state::Merge;
use super::prepare::{MergeWhy, SizeSnapshot};
use super::store::{Block, BlockStore, IoCount};

/// How a modification was answered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ModOutcome {
    Inserted,
    /// The key was present; nothing changed (the current value is reported).
    RejectedPresent {
        value: u64,
    },
    Deleted,
    /// The key was absent; nothing changed.
    RejectedMissing,
}

/// Live counters for the view's read/write amplification gauges.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct FdMetrics {
    pub inserts: u64,
    pub deletes: u64,
    pub lookups: u64,
    pub ranges: u64,
    pub rejected: u64,
    pub lookup_io: IoCount,
    pub range_io: IoCount,
    pub check_io: IoCount,
    pub merge_io: IoCount,
    pub merges: u64,
    pub full_merges: u64,
    /// Entries that reached the disk levels (the denominator of write amplification).
    pub entries_merged_in: u64,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FdTree {
    pub cfg: FdConfig,
    pub store: BlockStore,
    /// L0, or L0^new while a merge runs.
    pub l0: L0,
    /// Disk levels by label; index 0 is unused (L0 is in memory); empty = skipped. While a
    /// merge runs, the labels it merges are held by the merge and are empty here.
    pub levels: Vec<VecDeque<BlockId>>,
    pub n_inserts: u64,
    pub n_deletes: u64,
    pub merge: Option<Merge>,
    pub metrics: FdMetrics,
    /// Reclaims are queued in `pending_reclaim` for a caller that takes each block's X-latch
    /// first (the concurrent engine, §4.4); false: reclaimed at once (sequential tree, FD+XM).
    pub defer_reclaim: bool,
    pub pending_reclaim: Vec<BlockId>,
}

impl FdTree {
    pub fn new(cfg: FdConfig) -> Result<Self, FdError> {
        cfg.validate()?;
        let mut store = BlockStore::default();
        let bottom = store.alloc(Block::default());
        store.mark_written(bottom);
        let mut l0 = L0::default();
        l0.add(Entry::fence(NEG_INF, bottom));
        Ok(Self {
            cfg,
            store,
            l0,
            levels: vec![VecDeque::new(), VecDeque::from([bottom])],
            n_inserts: 0,
            n_deletes: 0,
            merge: None,
            metrics: FdMetrics::default(),
            defer_reclaim: false,
            pending_reclaim: Vec::new(),
        })
    }

    /// h: number of level labels (materialized or skipped), L0 included.
    pub fn height(&self) -> usize {
        self.levels.len()
    }

    /// Labels of the materialized disk levels, top-down.
    pub fn materialized(&self) -> impl Iterator<Item = usize> + '_ {
        (1..self.levels.len()).filter(|&l| !self.levels[l].is_empty())
    }

    /// The true element count N_Δ − N_∇.
    pub fn len(&self) -> u64 {
        self.n_inserts.saturating_sub(self.n_deletes)
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn sizes(&self) -> SizeSnapshot {
        let mut blocks: Vec<u64> = self.levels.iter().map(|l| l.len() as u64).collect();
        blocks[0] = self.cfg.blocks_for(self.l0.len());
        SizeSnapshot {
            l0_entries: self.l0.len(),
            blocks,
            n_inserts: self.n_inserts,
            n_deletes: self.n_deletes,
        }
    }

    /// The trigger policy (Alg. 1 AFTER_MOD; digest §8 items 4, 18, 24).
    pub fn merge_wanted(&self) -> Option<MergeWhy> {
        if self.merge.is_some() {
            None
        } else if self.l0.len() >= self.cfg.overflow_trigger_entries {
            Some(MergeWhy::Overflow)
        } else if 3 * self.n_deletes > self.n_inserts {
            Some(MergeWhy::Underflow)
        } else {
            None
        }
    }

    /// (used, capacity) of the slots writers compete for; None when no merge runs (then
    /// writes always proceed and the trigger fires after them, Alg. 1).
    pub fn l0_slots(&self) -> Option<(usize, usize)> {
        let merge = self.merge.as_ref()?;
        let kappa1 = self.cfg.kappa_blocks(1) as usize;
        let capacity = self
            .cfg
            .overflow_trigger_entries
            .min(self.cfg.l0_entries().saturating_sub(kappa1));
        Some((
            merge.l0_old_slots(self.cfg.policy) + self.l0.data_count(),
            capacity,
        ))
    }

    /// True if a new L0 entry can be added now.
    pub fn has_free_slot(&self) -> bool {
        self.l0_slots().is_none_or(|(used, cap)| used < cap)
    }

    fn need_slot(&self) -> Result<(), FdError> {
        match self.l0_slots() {
            Some((used, capacity)) if used >= capacity => Err(FdError::L0Full { used, capacity }),
            _ => Ok(()),
        }
    }

    fn check_presence(&mut self, key: Key) -> Result<Option<Option<u64>>, FdError> {
        if self.cfg.uniqueness == Uniqueness::Trusted {
            return Ok(None);
        }
        let before = self.store.io;
        let v = self.lookup_uncounted(key)?;
        let spent = self.store.io.since(before);
        self.metrics.check_io.blocks_read += spent.blocks_read;
        Ok(Some(v))
    }

    pub fn insert(&mut self, key: Key, value: u64) -> Result<ModOutcome, FdError> {
        let presence = self.check_presence(key)?;
        self.insert_known(key, value, presence)
    }

    /// `insert` with the uniqueness check's answer already known (`None`: no check; the
    /// concurrent engine reads the blocks of the check itself, under its latches).
    pub fn insert_known(
        &mut self,
        key: Key,
        value: u64,
        presence: Option<Option<u64>>,
    ) -> Result<ModOutcome, FdError> {
        if let Some(Some(v)) = presence {
            self.metrics.rejected += 1;
            return Ok(ModOutcome::RejectedPresent { value: v });
        }
        self.need_slot()?;
        self.l0.add(Entry {
            key,
            kind: Kind::Insert(value),
        });
        self.n_inserts += 1;
        self.metrics.inserts += 1;
        Ok(ModOutcome::Inserted)
    }

    pub fn delete(&mut self, key: Key) -> Result<ModOutcome, FdError> {
        let presence = self.check_presence(key)?;
        self.delete_known(key, presence)
    }

    /// `delete` with the uniqueness check's answer already known (see `insert_known`).
    pub fn delete_known(
        &mut self,
        key: Key,
        presence: Option<Option<u64>>,
    ) -> Result<ModOutcome, FdError> {
        if let Some(None) = presence {
            self.metrics.rejected += 1;
            return Ok(ModOutcome::RejectedMissing);
        }
        if matches!(self.l0.get(key, 2), Some(Kind::Insert(_))) {
            self.l0.remove(key, 2); // cancel in place: frees a slot
            self.n_inserts -= 1;
        } else {
            self.need_slot()?;
            self.l0.add(Entry {
                key,
                kind: Kind::Delete,
            });
            self.n_deletes += 1;
        }
        self.metrics.deletes += 1;
        Ok(ModOutcome::Deleted)
    }

    /// Reclaims a block the merge no longer needs, or queues it (`defer_reclaim`).
    pub(super) fn reclaim_block(&mut self, id: BlockId) -> Result<(), FdError> {
        if self.defer_reclaim {
            self.pending_reclaim.push(id);
            Ok(())
        } else {
            self.store.reclaim(id)
        }
    }

    /// Runs every triggered merge to its end, step by step (the sequential FD+tree of Alg. 1).
    /// Returns the number of merges run; `max_merges` guards against a trigger loop.
    pub fn settle(&mut self, max_merges: usize) -> Result<usize, FdError> {
        let mut ran = 0;
        if self.merge.is_some() {
            self.merge_finish()?;
            ran += 1;
        }
        while let Some(why) = self.merge_wanted() {
            if ran >= max_merges {
                return Err(FdError::Impossible(format!(
                    "{ran} merges in a row did not clear the trigger"
                )));
            }
            self.merge_begin(why)?;
            self.merge_finish()?;
            ran += 1;
        }
        Ok(ran)
    }
}
