//! The B+tree's buffer pool: an LRU of leaf pages with dirty bits (the paper's 15 MB
//! main-memory buffer cache, §5; Berkeley DB's pool writes a dirty page back when it is
//! evicted).
//!
//! 1. `touch(id, dirty)`: a page in the pool moves to the most recently used end (and is
//!    marked dirty if written); a page not in it is a miss: the caller reads it, and it enters
//!    at the MRU end.
//! 2. Entering may evict the least recently used page; an evicted dirty page must be written
//!    back in place (returned to the caller).
//! 3. `forget(id)`: a dropped leaf leaves the pool without a write.

use std::collections::BTreeMap;

#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct LruPool {
    pub capacity_pages: u64,
    /// Page → (its last-use stamp, dirty).
    pages: BTreeMap<u32, (u64, bool)>,
    /// Last-use stamp → page (the LRU order).
    order: BTreeMap<u64, u32>,
    clock: u64,
}

/// What one touch cost: whether the page had to be read, and the dirty pages evicted.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Touch {
    pub miss: bool,
    pub write_back: Vec<u32>,
}

impl LruPool {
    pub fn new(capacity_pages: u64) -> Self {
        Self {
            capacity_pages: capacity_pages.max(1),
            ..Self::default()
        }
    }

    /// Steps 1–2: uses page `id` (written if `dirty`).
    pub fn touch(&mut self, id: u32, dirty: bool) -> Touch {
        self.clock += 1;
        let stamp = self.clock;
        let mut out = Touch::default();
        match self.pages.get_mut(&id) {
            Some((old, d)) => {
                self.order.remove(old);
                *old = stamp;
                *d |= dirty;
            }
            None => {
                out.miss = true;
                self.pages.insert(id, (stamp, dirty));
            }
        }
        self.order.insert(stamp, id);
        while self.pages.len() as u64 > self.capacity_pages {
            let Some((_, victim)) = self.order.pop_first() else {
                break;
            };
            if let Some((_, true)) = self.pages.remove(&victim) {
                out.write_back.push(victim);
            }
        }
        out
    }

    /// Step 3.
    pub fn forget(&mut self, id: u32) {
        if let Some((stamp, _)) = self.pages.remove(&id) {
            self.order.remove(&stamp);
        }
    }

    pub fn len(&self) -> usize {
        self.pages.len()
    }

    pub fn is_empty(&self) -> bool {
        self.pages.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_least_recently_used_page_goes_and_only_a_dirty_one_is_written_back() {
        let mut p = LruPool::new(2);
        assert!(p.touch(1, true).miss);
        assert!(p.touch(2, false).miss);
        assert!(!p.touch(1, false).miss); // 2 is now the LRU
        let t = p.touch(3, false);
        assert!(t.write_back.is_empty()); // 2 was clean
        let t = p.touch(4, false); // evicts 1, dirty
        assert_eq!(t.write_back, vec![1]);
        assert_eq!(p.len(), 2);
    }
}
