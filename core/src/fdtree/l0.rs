//! L0: the in-memory level (§2.1: "a standard data structure … that supports lookup, in-place
//! insert and delete, and ordered scan"). During an FD+FC merge there are two of them, L0^old
//! and L0^new, sharing one buffer of β·κ0 slots (§4.2).
//!
//! 1. Entries are kept in a `BTreeMap` keyed by (key, rank), so same-key order is F < D < I.
//! 2. Fences and data entries are counted apart: the κ1 reserve is for the merge's fences,
//!    writers compete for the rest (digest §8 item 4).
//! 3. `max_fence_at_or_below(k)` is the fence a lookup follows; `data(k)` the §2.2 case.

use std::collections::BTreeMap;

use super::entry::{BlockId, Entry, Found, Key, Kind};

#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct L0 {
    entries: BTreeMap<(Key, u8), Kind>,
    fences: usize,
}

impl L0 {
    pub fn len(&self) -> usize {
        self.entries.len()
    }
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
    pub fn fence_count(&self) -> usize {
        self.fences
    }
    pub fn data_count(&self) -> usize {
        self.entries.len() - self.fences
    }

    pub fn add(&mut self, e: Entry) {
        if self.entries.insert(e.order(), e.kind).is_none() && !e.kind.is_data() {
            self.fences += 1;
        }
    }

    /// Removes the entry of this (key, kind rank); true if one was there.
    pub fn remove(&mut self, key: Key, rank: u8) -> bool {
        match self.entries.remove(&(key, rank)) {
            Some(Kind::Fence(_)) => {
                self.fences -= 1;
                true
            }
            Some(_) => true,
            None => false,
        }
    }

    pub fn get(&self, key: Key, rank: u8) -> Option<Kind> {
        self.entries.get(&(key, rank)).copied()
    }

    /// Two point lookups (an insert wins over a delete): cheaper than a range over the pair.
    pub fn data(&self, key: Key) -> Found {
        if let Some(Kind::Insert(v)) = self.get(key, 2) {
            Found::Value(v)
        } else if let Some(Kind::Delete) = self.get(key, 1) {
            Found::Deleted
        } else {
            Found::Nothing
        }
    }

    /// The fence with the largest key ≤ k (fences only; data entries skipped).
    pub fn max_fence_at_or_below(&self, key: Key) -> Option<(Key, BlockId)> {
        self.entries
            .range(..=(key, 0))
            .rev()
            .find_map(|(&(k, _), kind)| match kind {
                Kind::Fence(b) => Some((k, *b)),
                _ => None,
            })
    }

    pub fn iter(&self) -> impl DoubleEndedIterator<Item = Entry> + '_ {
        self.entries
            .iter()
            .map(|(&(key, _), &kind)| Entry { key, kind })
    }

    /// Every entry in order, consuming L0 (the start of `freeze`).
    pub(super) fn into_entries(self) -> Vec<Entry> {
        self.entries
            .into_iter()
            .map(|((key, _), kind)| Entry { key, kind })
            .collect()
    }

    /// Entries with key > `after` (all if None), in order.
    pub fn iter_after(&self, after: Option<Key>) -> impl Iterator<Item = Entry> + '_ {
        let lo = match after {
            None => std::ops::Bound::Unbounded,
            Some(k) => std::ops::Bound::Excluded((k, u8::MAX)),
        };
        self.entries
            .range((lo, std::ops::Bound::Unbounded))
            .map(|(&(key, _), &kind)| Entry { key, kind })
    }

    /// Entries with key in [from, to], in order.
    pub fn iter_range(&self, from: Key, to: Key) -> impl Iterator<Item = Entry> + '_ {
        self.entries
            .range((from, 0)..=(to, u8::MAX))
            .map(|(&(key, _), &kind)| Entry { key, kind })
    }

    /// Removes every entry with key ≤ `key`; returns how many were removed.
    /// Pops from the front: a merge step removes a few entries, and a `split_off` per step
    /// allocated new nodes along the split path.
    pub fn remove_through(&mut self, key: Key) -> usize {
        let mut gone = 0;
        while let Some(first) = self.entries.first_entry() {
            if first.key().0 > key {
                break;
            }
            if !first.remove().is_data() {
                self.fences -= 1;
            }
            gone += 1;
        }
        gone
    }

    /// Removes every fence, keeping data entries (merge-finalize with z > 0).
    pub fn remove_fences(&mut self) {
        self.entries.retain(|_, k| k.is_data());
        self.fences = 0;
    }
}
