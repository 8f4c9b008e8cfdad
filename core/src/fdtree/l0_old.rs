//! L0^old: the L0 a merge started with (§4.2; digest §3.6). No modification reaches it after
//! merge-prepare (new ones go to L0^new), so it is frozen into one sorted array.
//!
//! 1. `L0::freeze` turns L0 into its entries in (key, rank) order, F < D < I within a key.
//! 2. Two cursors over the array: the staging cursor (m-stage takes entries in key order, see
//!    `stage`) and the removed front (FD+FC's m-delete drops every entry ≤ the wavefront key,
//!    freeing shared slots). Both only move forward, so neither costs more than a compare per
//!    entry; what is left of the array is L0^old as lookups and slot counting see it.
//! 3. Lookups are binary searches over the live part: `data(k)` the §2.2 case of k,
//!    `max_fence_at_or_below(k)` the fence a lookup on the old side follows.

use super::entry::{BlockId, Entry, Found, Key, found_in};
use super::l0::L0;

#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct L0Old {
    /// Sorted by (key, rank).
    entries: Vec<Entry>,
    /// `entries[..removed]` are gone (m-delete).
    removed: usize,
    /// `entries[..staged]` have been staged.
    staged: usize,
}

impl L0 {
    /// The frozen L0^old of a merge that starts now (step 1).
    pub fn freeze(self) -> L0Old {
        L0Old {
            entries: self.into_entries(),
            removed: 0,
            staged: 0,
        }
    }
}

impl L0Old {
    fn live(&self) -> &[Entry] {
        self.entries.get(self.removed..).unwrap_or_default()
    }

    pub fn len(&self) -> usize {
        self.entries.len() - self.removed
    }
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The §2.2 case of `key` here (its delete and insert entries).
    pub fn data(&self, key: Key) -> Found {
        let live = self.live();
        let at = live.partition_point(|e| e.key < key);
        found_in(live[at..].iter().take_while(|e| e.key == key), key)
    }

    /// The fence with the largest key ≤ k (fences only; data entries skipped).
    pub fn max_fence_at_or_below(&self, key: Key) -> Option<(Key, BlockId)> {
        let live = self.live();
        let end = live.partition_point(|e| e.order() <= (key, 0));
        live[..end]
            .iter()
            .rev()
            .find_map(|e| e.fence_target().map(|b| (e.key, b)))
    }

    pub fn iter(&self) -> impl DoubleEndedIterator<Item = Entry> + '_ {
        self.live().iter().copied()
    }

    /// Entries with key > `after` (all if None), in order.
    pub fn iter_after(&self, after: Option<Key>) -> impl Iterator<Item = Entry> + '_ {
        let live = self.live();
        let from = after.map_or(0, |k| live.partition_point(|e| e.key <= k));
        live[from..].iter().copied()
    }

    /// Entries with key in [from, to], in order.
    pub fn iter_range(&self, from: Key, to: Key) -> impl Iterator<Item = Entry> + '_ {
        let live = self.live();
        let start = live.partition_point(|e| e.key < from);
        live[start..]
            .iter()
            .take_while(move |e| e.key <= to)
            .copied()
    }

    /// Removes every entry with key ≤ `key`; returns how many were removed.
    pub fn remove_through(&mut self, key: Key) -> usize {
        let gone = self.live().iter().take_while(|e| e.key <= key).count();
        self.removed += gone;
        gone
    }

    /// The next entry m-stage takes (the staging cursor of step 2).
    #[inline]
    pub fn unstaged_front(&self) -> Option<&Entry> {
        self.entries.get(self.staged)
    }

    /// Takes the entry at the staging cursor.
    #[inline]
    pub fn take_unstaged(&mut self) -> Option<Entry> {
        let e = self.entries.get(self.staged).copied();
        self.staged += usize::from(e.is_some());
        e
    }

    pub fn all_staged(&self) -> bool {
        self.staged >= self.entries.len()
    }
}
