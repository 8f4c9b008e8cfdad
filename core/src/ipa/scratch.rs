//! Buffers an `IpaStore` reuses between operations so the transaction path does not allocate
//! (issue 10 "Performance"). They hold no state of the simulation: each is emptied before use,
//! so the store keeps them as `sim::scratch::Scratch<Buffers>`: two stores compare equal
//! whatever their scratch holds, and a clone starts with none.
//!
//! 1. `changed`: the offsets one page change altered (`NsmPage::*_into`).
//! 2. `body`, `meta`, `delta`: the sorted offsets and the encoded records of one append.
//! 3. `frames`: frames evicted from the buffer pool, whose page image and offset sets a later
//!    fetch refills instead of allocating (`Frame::refill`).
//! 4. `keys`: a direct-mapped cache of index lookups, key → (lba, slot). A key's location
//!    never changes while the index holds it (no deletes, no moves: GC remaps physical pages,
//!    not LBAs); only a crash rebuilds the index, and the store then calls `forget_keys`.
//!    Only hits of the index are cached, so a key inserted later is never answered stale.
//!    An entry is 16 bytes (key, lba, slot as u32; `lba == u32::MAX` marks an empty one: no
//!    store has that many pages), so the table is 64 KB, not the 128 KB of `Option`s.

use super::frame::Frame;

#[derive(Debug, Default)]
pub struct Buffers {
    pub changed: Vec<usize>,
    pub body: Vec<usize>,
    pub meta: Vec<usize>,
    pub delta: Vec<u8>,
    pub frames: Vec<Frame>,
    keys: Vec<KeySlot>,
}

/// One entry of the lookup cache: key → (lba, slot), empty when `lba == EMPTY_LBA`.
#[derive(Debug, Clone, Copy)]
struct KeySlot {
    key: u64,
    lba: u32,
    slot: u32,
}

const EMPTY_LBA: u32 = u32::MAX;
const EMPTY: KeySlot = KeySlot {
    key: 0,
    lba: EMPTY_LBA,
    slot: 0,
};

/// Entries of the lookup cache (a power of two).
const KEY_SLOTS: usize = 4096;

fn key_slot(key: u64) -> usize {
    (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 52) as usize % KEY_SLOTS
}

impl Buffers {
    /// Step 4: the cached location of `key`, if cached.
    pub fn cached(&self, key: u64) -> Option<(u32, usize)> {
        match self.keys.get(key_slot(key)) {
            Some(e) if e.key == key && e.lba != EMPTY_LBA => Some((e.lba, e.slot as usize)),
            _ => None,
        }
    }

    /// Step 4: remembers `key`'s location (found in the index).
    pub fn cache(&mut self, key: u64, at: (u32, usize)) {
        if self.keys.is_empty() {
            self.keys = vec![EMPTY; KEY_SLOTS];
        }
        // A location the entry cannot hold is not cached (the index answers it).
        self.keys[key_slot(key)] = match (at.0, u32::try_from(at.1)) {
            (lba, Ok(slot)) if lba != EMPTY_LBA => KeySlot { key, lba, slot },
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
            let key = rng.below(10_000);
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
        assert!(hits > 1000, "{hits} hits");
        scratch.cache(7, (1, 2));
        scratch.cache(8, (1, 2));
        scratch.cache(7, (EMPTY_LBA, 0));
        scratch.cache(8, (1, usize::MAX));
        assert_eq!((scratch.cached(7), scratch.cached(8)), (None, None));
    }
}
