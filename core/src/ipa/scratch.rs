//! Buffers an `IpaStore` reuses between operations so the transaction path does not allocate
//! (issue 10 "Performance"). They hold no state of the simulation: each is emptied before use,
//! so two stores compare equal whatever their scratch holds, and a clone starts with none.
//!
//! 1. `changed`: the offsets one page change altered (`NsmPage::*_into`).
//! 2. `body`, `meta`, `delta`: the sorted offsets and the encoded records of one append.
//! 3. `frames`: frames evicted from the buffer pool, whose page image and offset sets a later
//!    fetch refills instead of allocating (`Frame::refill`).
//! 4. `keys`: a direct-mapped cache of index lookups, key → (lba, slot). A key's location
//!    never changes while the index holds it (no deletes, no moves: GC remaps physical pages,
//!    not LBAs); only a crash rebuilds the index, and the store then calls `forget_keys`.
//!    Only hits of the index are cached, so a key inserted later is never answered stale.

use super::frame::Frame;

#[derive(Debug, Default)]
pub struct Scratch {
    pub changed: Vec<usize>,
    pub body: Vec<usize>,
    pub meta: Vec<usize>,
    pub delta: Vec<u8>,
    pub frames: Vec<Frame>,
    keys: Vec<Option<(u64, (u32, usize))>>,
}

/// Entries of the lookup cache (a power of two).
const KEY_SLOTS: usize = 4096;

fn key_slot(key: u64) -> usize {
    (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 52) as usize % KEY_SLOTS
}

impl Scratch {
    /// Step 4: the cached location of `key`, if cached.
    pub fn cached(&self, key: u64) -> Option<(u32, usize)> {
        match self.keys.get(key_slot(key)) {
            Some(Some((k, at))) if *k == key => Some(*at),
            _ => None,
        }
    }

    /// Step 4: remembers `key`'s location (found in the index).
    pub fn cache(&mut self, key: u64, at: (u32, usize)) {
        if self.keys.is_empty() {
            self.keys = vec![None; KEY_SLOTS];
        }
        self.keys[key_slot(key)] = Some((key, at));
    }

    /// Step 4: forgets every cached location (the index was rebuilt).
    pub fn forget_keys(&mut self) {
        self.keys.clear();
    }
}

/// Scratch is not simulation state: a clone starts empty.
impl Clone for Scratch {
    fn clone(&self) -> Self {
        Self::default()
    }
}

/// Scratch is not simulation state: it never makes two stores differ.
impl PartialEq for Scratch {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}
