//! The state of one merge, as plain data a view can draw (digest §3.3, §3.9): the phase, the
//! plan, L0^old and the wavefront fence (key, pointer), the old levels being consumed with their
//! read buffers, the generated levels being filled, the staging area 𝒮 and p_last.
//!
//! 1. `OldLevel`: live blocks head first; the first `read` are read (buffered or retained).
//! 2. `NewLevel`: blocks of a generated level; the last is the in-memory tail while open.
//! 3. `Group`: one staged key-group (the fence into L_succ(m) and the data deepest first).
//! 4. `MergeEvent`: what one step did, for a view or a timing model.

use std::collections::VecDeque;

use super::config::MergePolicy;
use super::entry::{BlockId, Entry, Key};
use super::l0_old::L0Old;
use super::prepare::MergePlan;
use super::store::IoCount;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MergePhase {
    Stage,
    Insert,
    Delete,
    Switch,
    Finalize,
}

/// One old level being consumed left to right.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OldLevel {
    pub label: usize,
    /// Live blocks, head first: the first `read` of them have been read (retained or buffered).
    pub live: VecDeque<BlockId>,
    pub read: usize,
    /// Entries read but not yet staged.
    pub buffer: VecDeque<Entry>,
    /// This level's fences point into L_succ(m) and are copied, not dropped.
    pub fences_to_below: bool,
}

impl OldLevel {
    pub(super) fn needs_read(&self) -> bool {
        self.buffer.is_empty() && self.read < self.live.len()
    }
}

/// One generated level L_j^new, j ∈ Ô \ {0}.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewLevel {
    pub label: usize,
    pub blocks: Vec<BlockId>,
    /// Whether the last block is still the in-memory tail (not yet written).
    pub tail_open: bool,
}

/// One staged key-group: the fence into L_succ(m) and how many data entries it has; the entries
/// themselves (deepest level first) are the next `data_len` of `Merge::staged_data`, so staging
/// a group allocates nothing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Group {
    pub key: Key,
    pub fence: Option<Entry>,
    pub data_len: usize,
}

/// What one step did, for a view or a timing model.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MergeEvent {
    StageRead {
        label: usize,
        block: BlockId,
    },
    Staged {
        groups: usize,
    },
    Inserted {
        groups: usize,
        blocks_written: u64,
    },
    Wavefront {
        key: Key,
        freed_slots: usize,
        reclaimed: Vec<BlockId>,
    },
    Switched {
        reclaimed: Vec<BlockId>,
        blocks_written: u64,
    },
    Finalized {
        o: Vec<(usize, usize)>,
        z: usize,
    },
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Merge {
    pub plan: MergePlan,
    pub phase: MergePhase,
    /// L0^old, frozen; it also holds the staging cursor over its entries.
    pub l0_old: L0Old,
    pub l0_old_at_start: usize,
    /// Wavefront key: None = −∞ (nothing processed yet).
    pub wf_key: Option<Key>,
    /// Wavefront fence pointer: the current head of L_succ(0)^old.
    pub wf_ptr: Option<BlockId>,
    pub old: Vec<OldLevel>,
    /// Generated disk levels top-down; the last one is L_m^new.
    pub new: Vec<NewLevel>,
    pub l0_fences_to_below: bool,
    pub staged: VecDeque<Group>,
    /// The data entries of the staged groups, group after group (see `Group`).
    pub staged_data: VecDeque<Entry>,
    pub last_staged_key: Option<Key>,
    pub(super) round_l0_fence_ptr: Option<BlockId>,
    pub p_last: Option<BlockId>,
    pub io: IoCount,
    pub live_blocks_at_start: u64,
    pub peak_live_blocks: u64,
}

impl Merge {
    /// Slots of the shared L0 buffer still held by L0^old (all of them without sharing).
    pub fn l0_old_slots(&self, policy: MergePolicy) -> usize {
        if policy.share_l0_memory {
            self.l0_old.len()
        } else {
            self.l0_old_at_start
        }
    }

    pub(super) fn exhausted(&self) -> bool {
        self.old
            .iter()
            .all(|l| l.buffer.is_empty() && l.read == l.live.len())
            && self.l0_old.all_staged()
    }
}
