//! The simulated disk: an arena of blocks with read/write counters and space accounting
//! (§2.1 "levels are linked lists of disk blocks"; digest §4 C3, C8).
//!
//! 1. `alloc` hands out a fresh id (ids are never reused, so a stale pointer is caught);
//!    the block is live from then on and counts toward space.
//! 2. `read` counts one block read and fails with `ReadOfReclaimed` on a reclaimed block: the
//!    poisoning that catches a use-after-reclaim (the missing pass-through latch, digest §3.6).
//! 3. `mark_written` counts one block write: the merge calls it once per finished block.
//! 4. `reclaim` frees a block (its entry buffer is kept for `entry_vec`, up to 64 of them); `live_blocks` and `peak_live_blocks` give the space-over-time
//!    chart (FD+DS doubling against FD+FC's flat line).

use super::entry::{BlockId, Entry};
use super::error::FdError;
use crate::sim::scratch::Scratch;

#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Block {
    /// Sorted by (key, rank); at most β entries.
    pub entries: Vec<Entry>,
    /// The next block of the same level (the linked list of §2.1).
    pub next: Option<BlockId>,
}

impl Block {
    pub fn first_key(&self) -> Option<u64> {
        self.entries.first().map(|e| e.key)
    }
}

/// Block I/O counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct IoCount {
    pub blocks_read: u64,
    pub blocks_written: u64,
}

impl IoCount {
    pub fn since(self, earlier: IoCount) -> IoCount {
        IoCount {
            blocks_read: self.blocks_read - earlier.blocks_read,
            blocks_written: self.blocks_written - earlier.blocks_written,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct BlockStore {
    slots: Vec<Option<Block>>,
    live_blocks: u64,
    peak_live_blocks: u64,
    pub io: IoCount,
    spare: SpareVecs,
}

/// Entry buffers of reclaimed blocks, reused for new ones (an allocation cache, not state).
type SpareVecs = Scratch<Vec<Vec<Entry>>>;

const SPARE_VECS_MAX: usize = 64;

impl BlockStore {
    pub fn alloc(&mut self, block: Block) -> BlockId {
        let id = self.slots.len() as BlockId;
        self.slots.push(Some(block));
        self.live_blocks += 1;
        self.peak_live_blocks = self.peak_live_blocks.max(self.live_blocks);
        id
    }

    /// An empty entry buffer with room for `capacity` entries (a reclaimed block's if any).
    pub fn entry_vec(&mut self, capacity: usize) -> Vec<Entry> {
        match self.spare.pop() {
            Some(v) if v.capacity() >= capacity => v,
            _ => Vec::with_capacity(capacity),
        }
    }

    /// A counted read (one block I/O).
    pub fn read(&mut self, id: BlockId) -> Result<&Block, FdError> {
        self.io.blocks_read += 1;
        self.peek(id)
    }

    /// An uncounted look (invariant checks, views, in-memory tails).
    pub fn peek(&self, id: BlockId) -> Result<&Block, FdError> {
        match self.slots.get(id as usize) {
            Some(Some(b)) => Ok(b),
            Some(None) => Err(FdError::ReadOfReclaimed(id)),
            None => Err(FdError::NoSuchBlock(id)),
        }
    }

    pub fn get_mut(&mut self, id: BlockId) -> Result<&mut Block, FdError> {
        match self.slots.get_mut(id as usize) {
            Some(Some(b)) => Ok(b),
            Some(None) => Err(FdError::ReadOfReclaimed(id)),
            None => Err(FdError::NoSuchBlock(id)),
        }
    }

    pub fn mark_written(&mut self) {
        self.io.blocks_written += 1;
    }

    pub fn reclaim(&mut self, id: BlockId) -> Result<(), FdError> {
        match self.slots.get_mut(id as usize) {
            Some(slot @ Some(_)) => {
                if let Some(mut block) = slot.take()
                    && self.spare.len() < SPARE_VECS_MAX
                {
                    block.entries.clear();
                    self.spare.push(block.entries);
                }
                self.live_blocks -= 1;
                Ok(())
            }
            Some(None) => Err(FdError::ReadOfReclaimed(id)),
            None => Err(FdError::NoSuchBlock(id)),
        }
    }

    pub fn is_live(&self, id: BlockId) -> bool {
        matches!(self.slots.get(id as usize), Some(Some(_)))
    }

    pub fn live_blocks(&self) -> u64 {
        self.live_blocks
    }

    pub fn peak_live_blocks(&self) -> u64 {
        self.peak_live_blocks
    }

    /// Restart the peak (e.g. at a merge start, to measure that merge's excess).
    pub fn reset_peak(&mut self) {
        self.peak_live_blocks = self.live_blocks;
    }
}
