//! Buffers an `IpaStore` reuses between operations so the transaction path does not allocate
//! (issue 10 "Performance"). They hold no state of the simulation: each is emptied before use,
//! so the store keeps them as `sim::scratch::Scratch<Buffers>`: two stores compare equal
//! whatever their scratch holds, and a clone starts with none.
//!
//! 1. `changed`: the offsets one page change altered (`NsmPage::*_into`); `body_masks` and
//!    `meta_masks`: the same as byte masks (`NsmPage::insert_masks`).
//! 2. `body`, `meta`, `delta`: the sorted offsets and the encoded records of one append.
//! 3. `frames`: frames evicted from the buffer pool, whose page image and offset sets a later
//!    fetch refills instead of allocating (`Frame::refill`).
//! 4. `keys`: a cache of index lookups, key → (lba, slot). A key's location never changes
//!    while the index holds it (no deletes, no moves: GC remaps physical pages, not LBAs); only
//!    a crash rebuilds the index, and the store then calls `forget_keys`. Only hits of the
//!    index are cached, so a key inserted later is never answered stale. The cache is dense,
//!    one table per workload table (`key >> 40`, `workload::key`) indexed by the id (the low
//!    40 bits): every key is cached once looked up (no collisions, no second index search),
//!    and the workloads' hot ids (the skew's first 20 %) sit together in a few KB. An entry is
//!    8 bytes (lba, slot as u32; `lba == u32::MAX` marks an empty one: no store has that many
//!    pages). Keys of a table past `KEY_TABLES` or an id past `KEY_IDS` are not cached, and a
//!    table grows only by doubling (`KEY_GROWTH_MIN` first): an id more than twice past its
//!    table's length is not cached, so a scenario's few sparse high keys cannot make the cache
//!    allocate 2 MiB per table (64 tables × 2¹⁸ ids × 8 B = 128 MiB); it stays within ~4× the
//!    keys the workload really uses densely.

use super::frame::Frame;
use super::offsets::MaskParts;

#[derive(Debug, Default)]
pub struct Buffers {
    pub changed: Vec<usize>,
    pub body: Vec<usize>,
    pub meta: Vec<usize>,
    pub delta: Vec<u8>,
    /// Step 1 as byte masks (`NsmPage::insert_masks`): the tuple's and the metadata's.
    pub body_masks: MaskParts,
    pub meta_masks: MaskParts,
    pub frames: Vec<Frame>,
    /// Step 4: `keys[table][id]`, grown on demand.
    keys: Vec<Vec<KeySlot>>,
}

/// One entry of the lookup cache: (lba, slot), empty when `lba == EMPTY_LBA`.
#[derive(Debug, Clone, Copy)]
struct KeySlot {
    lba: u32,
    slot: u32,
}

const EMPTY_LBA: u32 = u32::MAX;
const EMPTY: KeySlot = KeySlot {
    lba: EMPTY_LBA,
    slot: 0,
};

/// Tables (`key >> 40`) and ids per table the cache holds (step 4).
const KEY_TABLES: usize = 64;
const KEY_IDS: usize = 1 << 18;
/// A table's first allocation may hold ids up to this (8 KB); later ones double it.
const KEY_GROWTH_MIN: usize = 1024;

/// (table, id) of `key` if the cache may hold it.
fn key_slot(key: u64) -> Option<(usize, usize)> {
    let (table, id) = ((key >> 40) as usize, (key & ((1 << 40) - 1)) as usize);
    (table < KEY_TABLES && id < KEY_IDS).then_some((table, id))
}

impl Buffers {
    /// Step 4: the cached location of `key`, if cached.
    pub fn cached(&self, key: u64) -> Option<(u32, usize)> {
        let (table, id) = key_slot(key)?;
        match self.keys.get(table)?.get(id) {
            Some(e) if e.lba != EMPTY_LBA => Some((e.lba, e.slot as usize)),
            _ => None,
        }
    }

    /// Step 4: remembers `key`'s location (found in the index).
    pub fn cache(&mut self, key: u64, at: (u32, usize)) {
        let Some((table, id)) = key_slot(key) else {
            return;
        };
        if table >= self.keys.len() {
            self.keys.resize_with(table + 1, Vec::new);
        }
        let ids = &mut self.keys[table];
        if id >= ids.len() {
            if id >= (2 * ids.len()).max(KEY_GROWTH_MIN) {
                return; // sparse: answered by the index, not cached
            }
            ids.resize((id + 1).next_power_of_two(), EMPTY);
        }
        // A location the entry cannot hold is not cached (the index answers it).
        ids[id] = match (at.0, u32::try_from(at.1)) {
            (lba, Ok(slot)) if lba != EMPTY_LBA => KeySlot { lba, slot },
            _ => EMPTY,
        };
    }

    /// Step 4: forgets every cached location (the index was rebuilt).
    pub fn forget_keys(&mut self) {
        self.keys.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::Rng;
    use std::collections::BTreeMap;

    /// The reference is the index itself: a cached answer is always the last location cached
    /// for that key, and a forgotten cache answers nothing.
    #[test]
    fn a_cached_location_is_the_last_one_cached_for_its_key() {
        let mut rng = Rng::new(21);
        let (mut scratch, mut plain) = (Buffers::default(), BTreeMap::new());
        let mut hits = 0;
        for _ in 0..50_000 {
            // Ids past KEY_IDS and tables past KEY_TABLES are never cached, nor sparse ids.
            let table = [0, 1, 4, 63, 64, 1 << 20][rng.below(6) as usize];
            // Mostly dense ids (cached once their table has grown to them), some sparse ones.
            let id = if rng.chance(0.1) {
                KEY_IDS as u64 - 1 + rng.below(2)
            } else {
                rng.below(3000)
            };
            let key = (table << 40) | id;
            if rng.chance(0.5) {
                let at = (rng.below(1 << 20) as u32, rng.below(300) as usize);
                scratch.cache(key, at);
                plain.insert(key, at);
            } else if let Some(at) = scratch.cached(key) {
                assert_eq!(Some(&at), plain.get(&key));
                hits += 1;
            }
            if rng.chance(0.0005) {
                scratch.forget_keys();
                plain.clear();
            }
        }
        assert!(hits > 500, "{hits} hits");
        // Ids cached in order (a load phase) are all cached: the table doubles as they arrive.
        let mut dense = Buffers::default();
        for id in 0..100_000u64 {
            dense.cache((3 << 40) | id, (id as u32, 1));
        }
        assert!((0..100_000u64).all(|id| dense.cached((3 << 40) | id) == Some((id as u32, 1))));
        // Sparse high ids are not cached and allocate nothing.
        let mut sparse = Buffers::default();
        for table in 0..KEY_TABLES as u64 {
            sparse.cache((table << 40) | (KEY_IDS as u64 - 1), (1, 2));
        }
        assert!(sparse.keys.iter().all(Vec::is_empty));
        assert_eq!(sparse.cached(KEY_IDS as u64 - 1), None);
        scratch.cache(7, (1, 2));
        scratch.cache(8, (1, 2));
        scratch.cache(7, (EMPTY_LBA, 0));
        scratch.cache(8, (1, usize::MAX));
        assert_eq!((scratch.cached(7), scratch.cached(8)), (None, None));
    }
}
