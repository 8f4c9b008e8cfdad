//! The simulated disk: an arena of blocks with read/write counters and space accounting
//! (§2.1 "levels are linked lists of disk blocks"; digest §4 C3, C8).
//!
//! 1. `alloc` reuses the most recently reclaimed id if any (a free list, like a real block
//!    allocator), else a fresh one; the block is live from then on and counts toward space. Each
//!    slot has a generation, bumped at every reclaim: a reader that took a pointer at generation
//!    g and finds another generation has read someone else's block (`gen`, `peek_slot`).
//! 2. `read` counts one block read and fails with `ReadOfReclaimed` on a free slot (the
//!    sequential tree never reads one; the concurrent engine reads slots physically).
//! 3. `mark_written` counts one block write: the merge calls it once per finished block.
//! 4. `reclaim` frees a block (its entry buffer is kept for `entry_vec`, up to 64 of them); `live_blocks` and `peak_live_blocks` give the space-over-time
//!    chart (FD+DS doubling against FD+FC's flat line).
//! 5. With `log_ops` on, every counted read, every write and every reclaim is also appended to
//!    `ops` (the block ids), so a timed run can issue exactly those I/Os to its device
//!    (`conc::device`) and TRIM what was freed.

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

/// One block operation, as `log_ops` records it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BlockOp {
    Read(BlockId),
    Write(BlockId),
    Free(BlockId),
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
    /// Generation of each slot: how many times it was reclaimed.
    gens: Vec<u32>,
    /// Reclaimed slots, reused last-in first-out.
    free: Vec<BlockId>,
    live_blocks: u64,
    peak_live_blocks: u64,
    pub io: IoCount,
    spare: SpareVecs,
    /// Record every read, write and reclaim in `ops` (a timed run drains it).
    pub log_ops: bool,
    pub ops: Vec<BlockOp>,
}

/// Entry buffers of reclaimed blocks, reused for new ones (an allocation cache, not state).
type SpareVecs = Scratch<Vec<Vec<Entry>>>;

const SPARE_VECS_MAX: usize = 64;

impl BlockStore {
    pub fn alloc(&mut self, block: Block) -> BlockId {
        let id = match self.free.pop() {
            Some(id) => {
                self.slots[id as usize] = Some(block);
                id
            }
            None => {
                self.slots.push(Some(block));
                self.gens.push(0);
                (self.slots.len() - 1) as BlockId
            }
        };
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
        if self.log_ops {
            self.ops.push(BlockOp::Read(id));
        }
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

    /// What the slot holds now, whoever owns it (None: free). The physical read of the
    /// concurrent engine: after a reclaim and reuse it is someone else's block.
    pub fn peek_slot(&self, id: BlockId) -> Option<&Block> {
        self.slots.get(id as usize).and_then(Option::as_ref)
    }

    /// The slot's generation (bumped by every reclaim; 0 for an id never handed out).
    pub fn gen_of(&self, id: BlockId) -> u32 {
        self.gens.get(id as usize).copied().unwrap_or(0)
    }

    /// Counts one block read without looking at it (the concurrent engine reads slots itself).
    pub fn count_read(&mut self) {
        self.io.blocks_read += 1;
    }

    pub fn get_mut(&mut self, id: BlockId) -> Result<&mut Block, FdError> {
        match self.slots.get_mut(id as usize) {
            Some(Some(b)) => Ok(b),
            Some(None) => Err(FdError::ReadOfReclaimed(id)),
            None => Err(FdError::NoSuchBlock(id)),
        }
    }

    /// Counts one write of block `id` (logged with `log_ops`).
    pub fn mark_written(&mut self, id: BlockId) {
        self.io.blocks_written += 1;
        if self.log_ops {
            self.ops.push(BlockOp::Write(id));
        }
    }

    /// Every block live now (a timed run writes them to its device before it starts).
    pub fn live_ids(&self) -> impl Iterator<Item = BlockId> + '_ {
        self.slots
            .iter()
            .enumerate()
            .filter(|(_, s)| s.is_some())
            .map(|(i, _)| i as BlockId)
    }

    /// How many slots were ever handed out: every id is below this.
    pub fn slot_count(&self) -> u64 {
        self.slots.len() as u64
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
                self.gens[id as usize] = self.gens[id as usize].wrapping_add(1);
                self.free.push(id);
                if self.log_ops {
                    self.ops.push(BlockOp::Free(id));
                }
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
