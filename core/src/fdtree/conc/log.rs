//! What happened inside one event of the concurrent run, for a lab that steps it one event at a
//! time and narrates each (issue 9 "Lab view"). Recording is off by default (the paper-scale
//! reproductions do not pay for it); `ConcurrentRun::record` turns it on.
//!
//! 1. `Started`: a client's op arrives (R_p starts); `Completed`: it finishes, with its R_p.
//! 2. `Answered`: the op has its answer (a read: at its last block; a write: applied to L0),
//!    the side of the wavefront it was served from, the disk blocks on its path and the block
//!    I/O it spent (lookup path, range scan, uniqueness check, or a whole FD+XM merge).
//! 3. `Queued`: an actor had to wait for a lock; `SlotWait`: a writer found no free L0 slot.
//! 4. `MergeBegun` and `MergeStep`: the merge process's steps (`MergeEvent`); `Reclaimed`:
//!    a block freed under its X-latch.
//! 5. `UseAfterReclaim` and `WrongAnswer`: what a dropped protocol rule causes, at the step.

use super::super::entry::BlockId;
use super::super::lookup::Side;
use super::super::merge::MergeEvent;
use super::super::prepare::{MergePlan, MergeWhy};
use super::super::store::IoCount;
use super::super::tree::ModOutcome;
use super::latch::{Actor, Mode, Res};

/// The answer an op got (a read: built from its blocks as each was read; a write: its apply).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    Value(Option<u64>),
    Rows(Vec<(u64, u64)>),
    Mod(ModOutcome),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RunEvent {
    Started {
        client: Actor,
        index: u64,
    },
    Answered {
        client: Actor,
        index: u64,
        outcome: Outcome,
        side: Side,
        path: Vec<BlockId>,
        io: IoCount,
    },
    Completed {
        client: Actor,
        index: u64,
        r_p_ns: u64,
    },
    Queued {
        actor: Actor,
        res: Res,
        mode: Mode,
    },
    SlotWait {
        client: Actor,
    },
    MergeBegun {
        why: MergeWhy,
        m: usize,
        /// Merge-prepare's plan (Û, B̂, ô, Ô), for a view (recorded runs only).
        plan: Option<Box<MergePlan>>,
    },
    MergeStep(MergeEvent),
    /// The merge process freed a block (its id may be handed out again).
    Reclaimed {
        block: BlockId,
    },
    /// A reader reached a block after it was reclaimed (`reused`: the slot already holds
    /// another block, whose entries it read). Only a dropped protocol rule lets this happen.
    UseAfterReclaim {
        client: Actor,
        index: u64,
        block: BlockId,
        reused: bool,
    },
    /// A read answered a value its key never held while it ran (or a rejected write's
    /// presence check was wrong).
    WrongAnswer {
        client: Actor,
        index: u64,
    },
}
