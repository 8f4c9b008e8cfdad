//! Updates that compete with a scan for the disk, request by request (§2.2, Figs. 3, 4, 16).
//!
//! 1. A source says when its next update arrives at the disk's queue and what it is.
//! 2. The disk serves requests in arrival order: before each of a scan's 1 MB requests, every
//!    update that arrived no later than that request is served first (`InPlace::scan_with`).
//! 3. `ClosedLoopUpdater`: one updater with one update outstanding, issuing the next uniformly
//!    random update the moment the previous one completes (the fastest one updater can go; the
//!    paper gives no update rate, digest §8.23, so this is the lab's named choice).

use crate::masm::record::{Change, FieldPatch};
use crate::sim::Rng;

/// Step 1: a stream of updates arriving at the disk.
pub trait UpdateSource {
    /// When the next update arrives (None: there is none).
    fn next_arrival_ns(&self) -> Option<u64>;
    /// The next update's key and change; the caller serves it and reports `done`.
    fn take(&mut self) -> (u64, Change);
    /// The update taken last completed at `end_ns`.
    fn done(&mut self, end_ns: u64);
}

/// No competing updates: a scan's requests run back to back.
#[derive(Debug, Clone, Copy, Default)]
pub struct NoUpdates;

impl UpdateSource for NoUpdates {
    fn next_arrival_ns(&self) -> Option<u64> {
        None
    }
    fn take(&mut self) -> (u64, Change) {
        (0, Change::Delete)
    }
    fn done(&mut self, _end_ns: u64) {}
}

/// Step 3: one closed-loop updater of uniformly random field modifies.
#[derive(Debug, Clone)]
pub struct ClosedLoopUpdater {
    rng: Rng,
    key_space: u64,
    next_ns: u64,
    /// Updates completed so far.
    pub completed: u64,
}

impl ClosedLoopUpdater {
    /// An updater over keys `0..key_space` whose first update arrives at `start_ns`.
    pub fn new(seed: u64, key_space: u64, start_ns: u64) -> Self {
        Self {
            rng: Rng::new(seed),
            key_space: key_space.max(1),
            next_ns: start_ns,
            completed: 0,
        }
    }
}

impl UpdateSource for ClosedLoopUpdater {
    fn next_arrival_ns(&self) -> Option<u64> {
        Some(self.next_ns)
    }
    fn take(&mut self) -> (u64, Change) {
        let key = self.rng.below(self.key_space);
        let change = Change::Modify(FieldPatch {
            mask: 1,
            values: [self.completed, 0],
        });
        (key, change)
    }
    fn done(&mut self, end_ns: u64) {
        self.next_ns = end_ns;
        self.completed += 1;
    }
}
