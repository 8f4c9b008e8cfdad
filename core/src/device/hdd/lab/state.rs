//! The lab's state records: events on the queue, queued and in-service requests, the last
//! scheduling decision, and the ledger behind the invariants (see `checks.rs`).

use std::collections::BTreeSet;

use super::workload::Request;
use crate::device::hdd::service::{HeadState, ServiceBreakdown};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Event {
    Arrival,
    Completion(u32),
}

/// A request in the queue, with the time the host issued it.
#[derive(Debug, Clone, Copy)]
pub struct Queued {
    pub request: Request,
    pub admitted_ns: u64,
}

/// The request under the head and its planned phases.
#[derive(Debug, Clone, Copy)]
pub struct InService {
    pub queued: Queued,
    pub start_ns: u64,
    pub from: HeadState,
    pub breakdown: ServiceBreakdown,
}

/// Why the last request was chosen, for the UI.
#[derive(Debug, Clone, Copy)]
pub struct Decision {
    pub request: u32,
    pub distance_cylinders: u32,
    pub candidates: usize,
}

/// Incremental bookkeeping behind the invariants.
#[derive(Debug, Clone, Default)]
pub struct Ledger {
    pub admitted: u64,
    pub completed: u64,
    pub outstanding: BTreeSet<u32>,
    pub bytes_requested: u64,
    pub bytes_transferred: u64,
    pub busy_ns: u64,
    pub reads_completed: u64,
    pub writes_completed: u64,
    pub max_latency_ns: u64,
    /// First broken exactly-once rule, with the step's facts.
    pub violation: Option<String>,
}
