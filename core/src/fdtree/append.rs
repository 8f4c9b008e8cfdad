//! APPEND_GROUP and PUT_FENCE: how merge-execute writes the generated levels (§2.3 prose,
//! which Alg. 1 lines 35–40 contradict; digest §2.5, §8 item 13).
//!
//! 1. A coalesced group R = [f]? ++ COALESCE(S) goes into the tail of L_m^new if it fits whole (groups
//!    never straddle blocks); a fence f into L_succ(m) moves p_last to f's target.
//! 2. Otherwise a new block starts: with f first, or with a synthetic first-entry fence
//!    (k → p_last) so that (I2) holds, or bare on the bottom level of a full merge.
//! 3. Starting a block closes the previous tail (one block written) and links it, then
//!    PUT_FENCE puts (key, → new block) into the generated level above (−∞ for a level's first
//!    block), recursively; above the top generated disk level is L0^new.

use super::entry::{Coalesced, Entry, Key};
use super::error::FdError;
use super::lookup::first_fence_key;
use super::store::Block;
use super::tree::FdTree;

impl FdTree {
    /// APPEND_GROUP into L_m^new (digest §2.5, following the §2.3 prose).
    pub(super) fn append_group(
        &mut self,
        key: Key,
        fence: Option<Entry>,
        c: Coalesced,
    ) -> Result<(), FdError> {
        // R = [f]? ++ COALESCE(S), pushed entry by entry (no staging array: 1–3 entries).
        let r_len = usize::from(fence.is_some()) + c.len();
        let beta = self.cfg.beta_entries;
        let m = self.merge.as_mut().ok_or(FdError::NoMerge)?;
        let full = m.plan.full;
        let deepest = m.new.len() - 1;
        if let Some(f) = fence {
            m.p_last = f.fence_target();
        }
        let level = &m.new[deepest];
        if let (true, Some(&tail)) = (level.tail_open, level.blocks.last()) {
            let t = self.store.get_mut(tail)?;
            // The merge emits one group per key, in ascending key order: the output level
            // stays sorted (I1).
            debug_assert!(
                t.entries.last().is_none_or(|e| e.key < key),
                "group {key} after {:?}",
                t.entries.last()
            );
            if t.entries.len() + r_len <= beta {
                if let Some(f) = fence {
                    t.entries.push(f);
                }
                c.push_to(key, &mut t.entries);
                return Ok(());
            }
        }
        let mut entries = self.store.entry_vec(beta);
        if fence.is_none() && !full {
            let p_last = m
                .p_last
                .ok_or_else(|| FdError::Impossible("no p_last".into()))?;
            entries.push(Entry::fence(key, p_last)); // synthetic first-entry fence (I2)
        }
        if let Some(f) = fence {
            entries.push(f);
        }
        c.push_to(key, &mut entries);
        self.new_block(
            deepest,
            Block {
                entries,
                next: None,
            },
            key,
        )
    }

    /// Starts a new block in generated level `idx` (closing its tail) and fences it from the
    /// level above (PUT_FENCE).
    pub(super) fn new_block(&mut self, idx: usize, block: Block, key: Key) -> Result<(), FdError> {
        let first_key = block.entries.first().map(|e| e.key);
        let id = self.store.alloc(block);
        let m = self.merge.as_mut().ok_or(FdError::NoMerge)?;
        let level = &mut m.new[idx];
        let prev = level.blocks.last().copied();
        // A block starts past the last key of the block before it (groups never straddle).
        debug_assert!(
            prev.is_none_or(|p| {
                let last = self
                    .store
                    .peek(p)
                    .ok()
                    .and_then(|b| b.entries.last().map(|e| e.key));
                last.zip(first_key).is_none_or(|(last, first)| last < first)
            }),
            "level {idx}: block {id} starts at {first_key:?}, not past the block before it"
        );
        let close_prev = level.tail_open;
        level.blocks.push(id);
        level.tail_open = true;
        let fence_key = first_fence_key(prev.is_none(), key);
        if let Some(p) = prev {
            self.store.get_mut(p)?.next = Some(id);
            if close_prev {
                self.store.mark_written(p);
            }
        }
        self.put_fence(idx, Entry::fence(fence_key, id))
    }

    /// PUT_FENCE into the generated level above `idx` (L0^new above the top one).
    fn put_fence(&mut self, idx: usize, fence: Entry) -> Result<(), FdError> {
        if idx == 0 {
            self.l0.add(fence);
            return Ok(());
        }
        let beta = self.cfg.beta_entries;
        let m = self.merge.as_mut().ok_or(FdError::NoMerge)?;
        let level = &m.new[idx - 1];
        if let (true, Some(&tail)) = (level.tail_open, level.blocks.last()) {
            let t = self.store.get_mut(tail)?;
            // Blocks below start in ascending key order, so their fences do too.
            debug_assert!(
                t.entries.last().is_none_or(|e| e.key < fence.key),
                "fence {fence:?} after {:?}",
                t.entries.last()
            );
            if t.entries.len() < beta {
                t.entries.push(fence);
                return Ok(());
            }
        }
        self.new_block(
            idx - 1,
            Block {
                entries: vec![fence],
                next: None,
            },
            fence.key,
        )
    }
}
