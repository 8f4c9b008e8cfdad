//! Typed errors of the FD+tree core. Each names the rule that was hit, so a lab can show it
//! to a student as-is.

use thiserror::Error;

use super::entry::BlockId;

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum FdError {
    /// The configuration cannot run the algorithm (β ≤ γ, zero sizes, …).
    #[error("invalid FD+tree configuration: {0}")]
    InvalidConfig(String),
    /// A lookup or the merge touched a block that was already reclaimed (digest C3).
    #[error("block {0} was read after it was reclaimed")]
    ReadOfReclaimed(BlockId),
    /// A block id that was never allocated.
    #[error("block {0} does not exist")]
    NoSuchBlock(BlockId),
    /// A modification during a merge found no free L0 slot: the caller must step the merge
    /// (FD+FC §4.2 "a modification waits only if no slot is free").
    #[error("no free L0 slot: {used} of {capacity} taken")]
    L0Full { used: usize, capacity: usize },
    /// `merge_begin` while a merge is already active (digest §8 item 24: one merge at a time).
    #[error("a merge is already active")]
    MergeActive,
    /// `merge_step` with no active merge.
    #[error("no merge is active")]
    NoMerge,
    /// A range query with from > to.
    #[error("empty range: from {from} > to {to}")]
    EmptyRange { from: u64, to: u64 },
    /// The event loop refused a step (time limit or time running backwards).
    #[error("simulation: {0}")]
    Sim(String),
    /// The SSD the blocks live on cannot serve a block I/O (its id is past the device's
    /// capacity, or the FTL refused the write).
    #[error("SSD: {0}")]
    Device(String),
    /// A structural state the algorithm guarantees cannot happen (a bug, reported not clamped).
    #[error("impossible state: {0}")]
    Impossible(String),
}
