//! Where a client's op is in the tree (§4.3): the side it chose, the block it holds, the locks
//! it still holds, the range parts left, and what it has read so far.
//!
//! 1. `Cursor`: one per client, reset (keeping its buffers) when the client starts an op.
//! 2. The client steps (`client`) move it block by block; the engine (`engine`) only owns it.

use std::collections::VecDeque;

use super::super::entry::{BlockId, Entry, Key};
use super::super::lookup::Side;

/// Where a client's op is in the tree.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Cursor {
    pub side: Option<Side>,
    /// The block this op holds S-latched (the current block of its path).
    pub held: Option<BlockId>,
    /// Whether the op still holds the lock it took first (L0 mutex or global lock).
    pub lock_held: bool,
    /// The first lock is kept until the op ends (FD+XM readers, checked writes).
    pub lock_whole_op: bool,
    /// The part starts a range latched under the L0 mutex and has not descended yet.
    pub parked: VecDeque<(Key, Key, BlockId, u32)>,
    /// The key range of the part being descended (a lookup: key..=key).
    pub part: (Key, Key),
    pub level: Vec<Entry>,
    pub child: Option<(BlockId, u32)>,
    pub sources: Vec<Vec<Entry>>,
    pub path: Vec<BlockId>,
    pub reads: u64,
    pub hops: u32,
}

impl Cursor {
    /// Back to the default for the next op, keeping the buffers' capacity.
    pub fn reset(&mut self) {
        let mut parked = std::mem::take(&mut self.parked);
        let mut level = std::mem::take(&mut self.level);
        let mut sources = std::mem::take(&mut self.sources);
        let mut path = std::mem::take(&mut self.path);
        parked.clear();
        level.clear();
        sources.clear();
        path.clear();
        *self = Cursor {
            parked,
            level,
            sources,
            path,
            ..Cursor::default()
        };
    }
}
