//! FD+FC's latch protocol as four rules a scenario may drop, one at a time, to show what each
//! one prevents (§4.3–4.4, Lem. 6–8, Rem. A.5). All on is the paper's protocol.
//!
//! 1. `lock_coupling` (§4.3, Lem. 8): a reader S-latches the next block before it releases the
//!    L0 mutex or the block it came from. Dropped: it releases first, and a reclaim can slip
//!    into the gap (use after reclaim).
//! 2. `reclaim_latch` (§4.4.2): m-delete, the switch and finalize X-latch a block before they
//!    reclaim it, passing through the old heads above it top-down. Dropped: blocks are
//!    reclaimed at once, under readers still reading them.
//! 3. `retention` (Rem. A.5): an old block is reclaimed only once its following block's first
//!    key is processed. Dropped: it goes as soon as its own entries are, though its fences
//!    still direct lookups above the wavefront (a dangling pointer).
//! 4. `wavefront_after_insert` (§4.4.2): the wavefront moves after m-insert wrote the staged
//!    groups. Dropped: it moves before, and lookups sent to the new side miss those keys.

use super::super::config::MergePolicy;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Protocol {
    pub lock_coupling: bool,
    pub reclaim_latch: bool,
    pub retention: bool,
    pub wavefront_after_insert: bool,
}

impl Protocol {
    /// The paper's protocol: every rule on.
    pub const PAPER: Self = Self {
        lock_coupling: true,
        reclaim_latch: true,
        retention: true,
        wavefront_after_insert: true,
    };

    pub fn is_paper(&self) -> bool {
        *self == Self::PAPER
    }

    /// The two rules the tree's merge itself follows.
    pub fn apply(&self, policy: &mut MergePolicy) {
        policy.retention = self.retention;
        policy.wavefront_after_insert = self.wavefront_after_insert;
    }
}

impl Default for Protocol {
    fn default() -> Self {
        Self::PAPER
    }
}
