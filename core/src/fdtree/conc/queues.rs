//! The paper's harness's data (§5, Rem. A.9; `harness` runs it): its shape, the two bounded
//! queues Q_r / Q_w with the workload file behind them, and what a request waited.
//!
//! 1. `HarnessSpec`: T_r, T_w, |Q_r|, |Q_w| and the arrival rate.
//! 2. `Harness`: the file, the queues (index 0 Q_r, 1 Q_w) and the idle workers of each.
//! 3. `QueueWait`: R_q − R_p and R_o − R_q of one request.

use std::collections::VecDeque;

use super::super::workload::Op;
use super::latch::Actor;

/// The harness's shape: workers, queue slots and the arrival rate (step 1–3).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HarnessSpec {
    /// T_r: workers taking lookups and ranges from Q_r.
    pub readers: usize,
    /// T_w: workers taking inserts and deletes from Q_w.
    pub writers: usize,
    /// |Q_r| and |Q_w| (at least 1 each).
    pub read_slots: usize,
    pub write_slots: usize,
    /// 1/v: the supposed time between two arrivals (None: R_o = R_q).
    pub arrival_interval_ns: Option<u64>,
}

impl HarnessSpec {
    /// The paper's split of `slots` queue slots by W_l : (W_i + W_d) (§5), at least 1 each.
    pub fn split_slots(slots: usize, lookup_permille: u32) -> (usize, usize) {
        let reads = (slots * lookup_permille as usize).div_ceil(1000).max(1);
        let writes = slots.saturating_sub(reads).max(1);
        (reads, writes)
    }
}

/// One request in a queue.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Queued {
    pub(super) op: Op,
    /// Its position in the workload file.
    pub(super) request: u64,
    pub(super) enq_ns: u64,
}

/// The injection thread and the two queues (steps 2–3). Index 0 is Q_r, 1 is Q_w.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Harness {
    pub(super) file: VecDeque<Op>,
    pub(super) next_request: u64,
    pub(super) queues: [VecDeque<Queued>; 2],
    pub(super) slots: [usize; 2],
    pub(super) idle: [Vec<Actor>; 2],
    pub(super) readers: usize,
    pub(super) interval_ns: Option<u64>,
}

/// The queue a request goes to: 0 = Q_r, 1 = Q_w.
pub(super) fn queue_of(op: Op) -> usize {
    usize::from(op.is_modification())
}

/// What a worker's request waited before its R_p started (step 4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct QueueWait {
    /// Dequeue − enq: R_q − R_p.
    pub queue_ns: u64,
    /// max(0, enq − arrival): R_o − R_q.
    pub late_ns: u64,
}
