//! The store's index, key → (lba, slot) (issue 10 "Performance": every op looks a key up and
//! every insert adds one). Same contract as the `BTreeMap<u64, (u32, usize)>` it replaces, for
//! the calls the store makes (`get`, `contains_key`, `insert`, `clear`, `len`, and `iter` in
//! key order), but a lookup of a workload key is two loads instead of a tree search.
//!
//! 1. Dense part: one table per workload table (`key >> 40`, `workload::key`) indexed by the
//!    id (the low 40 bits), 8 bytes an entry (lba, slot as u32; `lba == u32::MAX` marks an
//!    empty one: no store has that many pages). The workloads' ids are dense from 0.
//! 2. Sparse part: a `BTreeMap` for every other key: tables past `DENSE_TABLES`, ids past
//!    `DENSE_IDS`, locations an entry cannot hold, and ids more than twice past their table's
//!    length (a table grows only by doubling, `GROWTH_MIN` first), so a scenario's few sparse
//!    high keys cannot make the index allocate 2 MiB per table (64 tables × 2¹⁸ ids × 8 B =
//!    128 MiB); the dense part stays within ~4× the keys a workload really uses densely.
//! 3. A key lives in exactly one part: `insert` updates it where it is, else places it by
//!    step 2's rule. The sparse part is consulted only when it is not empty.
//! 4. Equality and `iter` are the map's: (key, location) pairs in rising key order.

use std::collections::BTreeMap;

/// A key's location: (lba, slot).
pub type Location = (u32, usize);

#[derive(Debug, Clone, Default)]
pub struct KeyIndex {
    dense: Vec<Vec<Entry>>,
    sparse: BTreeMap<u64, Location>,
    len: usize,
}

/// One dense entry: (lba, slot), empty when `lba == EMPTY_LBA`.
#[derive(Debug, Clone, Copy)]
struct Entry {
    lba: u32,
    slot: u32,
}

const EMPTY_LBA: u32 = u32::MAX;

impl Entry {
    fn location(self) -> Option<Location> {
        (self.lba != EMPTY_LBA).then_some((self.lba, self.slot as usize))
    }
}
const EMPTY: Entry = Entry {
    lba: EMPTY_LBA,
    slot: 0,
};

/// Tables (`key >> 40`) and ids per table the dense part may hold (step 2).
const DENSE_TABLES: usize = 64;
const DENSE_IDS: usize = 1 << 18;
/// A table's first allocation may hold ids up to this (8 KB); later ones double it.
const GROWTH_MIN: usize = 1024;

/// (table, id) of `key` if the dense part may hold it.
fn dense_slot(key: u64) -> Option<(usize, usize)> {
    let (table, id) = ((key >> 40) as usize, (key & ((1 << 40) - 1)) as usize);
    (table < DENSE_TABLES && id < DENSE_IDS).then_some((table, id))
}

impl KeyIndex {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The location of `key` (by value: a dense entry is stored packed).
    pub fn get(&self, key: &u64) -> Option<Location> {
        match self.get_dense(*key) {
            Some(at) => Some(at),
            None if self.sparse.is_empty() => None,
            None => self.sparse.get(key).copied(),
        }
    }

    pub fn contains_key(&self, key: &u64) -> bool {
        self.get(key).is_some()
    }

    fn get_dense(&self, key: u64) -> Option<Location> {
        let (table, id) = dense_slot(key)?;
        match self.dense.get(table)?.get(id) {
            Some(e) => e.location(),
            None => None,
        }
    }

    /// Maps `key` to `at` (step 3); returns the previous location, if any.
    pub fn insert(&mut self, key: u64, at: Location) -> Option<Location> {
        if !self.sparse.is_empty()
            && let Some(old) = self.sparse.get_mut(&key)
        {
            return Some(std::mem::replace(old, at));
        }
        let packed = u32::try_from(at.1).ok().filter(|_| at.0 != EMPTY_LBA);
        if let Some(slot) = packed
            && let Some(entry) = self.dense_entry(key)
        {
            let old = std::mem::replace(entry, Entry { lba: at.0, slot }).location();
            self.len += usize::from(old.is_none());
            return old;
        }
        // A location the dense part cannot hold: the key moves to the sparse part.
        let old = self.take_dense(key);
        self.sparse.insert(key, at);
        self.len += usize::from(old.is_none());
        old
    }

    /// The dense entry `key` goes to, growing its table by step 2's rule, or None.
    fn dense_entry(&mut self, key: u64) -> Option<&mut Entry> {
        let (table, id) = dense_slot(key)?;
        if table >= self.dense.len() {
            self.dense.resize_with(table + 1, Vec::new);
        }
        let ids = &mut self.dense[table];
        if id >= ids.len() {
            if id >= (2 * ids.len()).max(GROWTH_MIN) {
                return None;
            }
            ids.resize((id + 1).next_power_of_two(), EMPTY);
        }
        ids.get_mut(id)
    }

    /// Empties `key`'s dense entry; its location, if it had one.
    fn take_dense(&mut self, key: u64) -> Option<Location> {
        let (table, id) = dense_slot(key)?;
        let entry = self.dense.get_mut(table)?.get_mut(id)?;
        std::mem::replace(entry, EMPTY).location()
    }

    pub fn clear(&mut self) {
        self.dense.clear();
        self.sparse.clear();
        self.len = 0;
    }

    /// Every (key, location), in rising key order (step 4).
    pub fn iter(&self) -> impl Iterator<Item = (u64, Location)> + '_ {
        let mut all: Vec<(u64, Location)> = self.sparse.iter().map(|(&k, &at)| (k, at)).collect();
        for (table, ids) in self.dense.iter().enumerate() {
            for (id, e) in ids.iter().enumerate() {
                if let Some(at) = e.location() {
                    all.push((((table as u64) << 40) | id as u64, at));
                }
            }
        }
        all.sort_unstable_by_key(|&(k, _)| k);
        all.into_iter()
    }
}

impl PartialEq for KeyIndex {
    fn eq(&self, other: &Self) -> bool {
        self.len == other.len && self.iter().eq(other.iter())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::Rng;

    /// Against the map it replaces: random inserts (new keys and moves) of dense, sparse and
    /// out-of-range keys and locations, and clears; every answer and the iteration agree.
    #[test]
    fn behaves_like_a_btreemap_of_locations() {
        let mut rng = Rng::new(21);
        let (mut index, mut plain) = (KeyIndex::new(), BTreeMap::new());
        for _ in 0..60_000 {
            let table = [0, 1, 4, 63, 64, 1 << 20][rng.below(6) as usize];
            let id = match rng.below(10) {
                0 => DENSE_IDS as u64 - 1 + rng.below(2),
                1 => rng.below(1 << 30),
                _ => rng.below(3000),
            };
            let key = (table << 40) | id;
            if rng.chance(0.5) {
                let lba = if rng.chance(0.01) {
                    EMPTY_LBA
                } else {
                    rng.below(1 << 20) as u32
                };
                let slot = if rng.chance(0.01) {
                    usize::MAX
                } else {
                    rng.below(300) as usize
                };
                assert_eq!(
                    index.insert(key, (lba, slot)),
                    plain.insert(key, (lba, slot))
                );
            } else {
                assert_eq!(index.get(&key), plain.get(&key).copied());
                assert_eq!(index.contains_key(&key), plain.contains_key(&key));
            }
            assert_eq!(index.len(), plain.len());
            if rng.chance(0.0005) {
                index.clear();
                plain.clear();
            }
        }
        assert!(index.iter().eq(plain.iter().map(|(&k, &at)| (k, at))));
        assert!(!index.sparse.is_empty() && index.dense.iter().any(|t| !t.is_empty()));
        // Ids inserted in order (a load phase) are all dense: the table doubles as they arrive.
        let mut dense = KeyIndex::new();
        for id in 0..100_000u64 {
            dense.insert((3 << 40) | id, (id as u32, 1));
        }
        assert!(dense.sparse.is_empty());
        // Sparse high ids allocate no dense table.
        let mut sparse = KeyIndex::new();
        for table in 0..DENSE_TABLES as u64 {
            sparse.insert((table << 40) | (DENSE_IDS as u64 - 1), (1, 2));
        }
        assert!(sparse.dense.iter().all(Vec::is_empty));
        assert_eq!(sparse.len(), DENSE_TABLES);
    }

    /// Equal contents compare equal whichever part holds them.
    #[test]
    fn equality_is_the_maps() {
        let (mut a, mut b) = (KeyIndex::new(), KeyIndex::new());
        a.insert(5, (1, 2));
        a.insert(7, (1, 3));
        b.insert(7, (1, 3));
        b.sparse.insert(5, (1, 2));
        b.len += 1;
        assert_eq!(a, b);
        b.insert(5, (1, 4));
        assert_ne!(a, b);
    }
}
