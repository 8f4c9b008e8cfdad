//! A device's queue of issued requests, indexed for the scheduler (`io::pick` is the policy as a
//! plain function over a slice; this is the same policy over an index, what `dispatch` runs).
//!
//! 1. Requests are kept by `seq`, which the scan assigns in issue order, so iteration is issue
//!    order (NOOP's FIFO) without a separate check.
//! 2. Beside them, per query, the set of its requests' (offset, seq): whether a query has
//!    requests queued, which query comes next round-robin, and C-LOOK's choice (the lowest
//!    offset at or above the head, else the lowest) are each a lookup of O(log n), where a scan
//!    of the queue per dispatch made an index scan with thousands of queued requests quadratic.
//! 3. A query whose I/O is blocked (`cpu.rs` item 4) is skipped, as if its requests were not
//!    queued; `tests` checks every choice against `io::pick` on the filtered queue.

use std::collections::{BTreeMap, BTreeSet};
use std::ops::Bound::{Excluded, Unbounded};

use super::io::{Request, SchedulerState};
use super::settings::Scheduler;

#[derive(Debug, Clone, Default)]
pub struct RequestQueue {
    by_seq: BTreeMap<u64, Request>,
    /// query → its queued (offset, seq); a query with none has no entry.
    by_query: BTreeMap<usize, BTreeSet<(u64, u64)>>,
}

impl RequestQueue {
    pub fn push_back(&mut self, request: Request) {
        self.by_query
            .entry(request.query)
            .or_default()
            .insert((request.offset, request.seq));
        self.by_seq.insert(request.seq, request);
    }

    pub fn len(&self) -> usize {
        self.by_seq.len()
    }

    pub fn is_empty(&self) -> bool {
        self.by_seq.is_empty()
    }

    /// Queued requests in issue order.
    pub fn iter(&self) -> impl Iterator<Item = &Request> {
        self.by_seq.values()
    }

    /// Whether `query` has requests queued.
    pub fn has_query(&self, query: usize) -> bool {
        self.by_query.contains_key(&query)
    }

    /// Removes and returns the request `seq`.
    pub fn remove(&mut self, seq: u64) -> Option<Request> {
        let request = self.by_seq.remove(&seq)?;
        if let Some(set) = self.by_query.get_mut(&request.query) {
            set.remove(&(request.offset, request.seq));
            if set.is_empty() {
                self.by_query.remove(&request.query);
            }
        }
        Some(request)
    }

    /// Step 2: the `seq` of the request `policy` dispatches next, among the requests of queries
    /// not `blocked`; the same choice as `io::pick` over those requests in issue order.
    pub fn pick(
        &self,
        policy: Scheduler,
        s: SchedulerState,
        blocked: impl Fn(usize) -> bool,
    ) -> Option<u64> {
        match policy {
            Scheduler::Noop => self
                .by_seq
                .values()
                .find(|r| !blocked(r.query))
                .map(|r| r.seq),
            Scheduler::Cfq => {
                let open = |q: &&usize| !blocked(**q);
                let active = s
                    .active_query
                    .filter(|&a| s.now_ns < s.slice_ends_ns && self.has_query(a) && !blocked(a));
                let query = match (active, s.active_query) {
                    (Some(a), _) => a,
                    (None, Some(a)) => self
                        .by_query
                        .range((Excluded(a), Unbounded))
                        .map(|(q, _)| q)
                        .find(open)
                        .or_else(|| self.by_query.keys().find(open))
                        .copied()?,
                    (None, None) => *self.by_query.keys().find(open)?,
                };
                let set = self.by_query.get(&query)?;
                set.range((s.head_offset, 0)..)
                    .next()
                    .or_else(|| set.first())
                    .map(|&(_, seq)| seq)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layouts::io::pick;
    use crate::sim::Rng;

    #[test]
    fn indexed_pick_makes_the_choice_of_the_plain_policy_on_the_unblocked_requests() {
        let mut rng = Rng::new(7);
        for _ in 0..20_000 {
            let mut queue = RequestQueue::default();
            let len = rng.below(14);
            for seq in 0..len {
                queue.push_back(Request {
                    stream: 0,
                    index: 0,
                    query: rng.below(4) as usize,
                    offset: rng.below(8) * 100,
                    bytes: 1,
                    seq: seq * 3 + rng.below(3),
                    issued_ns: 0,
                });
            }
            // Remove a few, as dispatch does, so emptied queries leave the index.
            for _ in 0..rng.below(4) {
                let seqs: Vec<u64> = queue.iter().map(|r| r.seq).collect();
                if let Some(&seq) = seqs.get(rng.below(seqs.len() as u64 + 1) as usize) {
                    assert_eq!(queue.remove(seq).map(|r| r.seq), Some(seq));
                }
            }
            let blocked_mask = if rng.below(3) == 0 { rng.below(16) } else { 0 };
            let blocked = |q: usize| blocked_mask >> q & 1 == 1;
            let s = SchedulerState {
                head_offset: rng.below(9) * 100,
                active_query: (rng.below(5) != 4).then(|| rng.below(5) as usize),
                slice_ends_ns: rng.below(3),
                now_ns: rng.below(3),
            };
            let eligible: Vec<Request> = queue
                .iter()
                .copied()
                .filter(|r| !blocked(r.query))
                .collect();
            for policy in [Scheduler::Noop, Scheduler::Cfq] {
                assert_eq!(
                    queue.pick(policy, s, blocked),
                    pick(policy, &eligible, s).map(|i| eligible[i].seq),
                    "{policy:?} {eligible:?} {s:?} blocked {blocked_mask:b}"
                );
            }
            let counts: usize = queue.by_query.values().map(BTreeSet::len).sum();
            assert_eq!(
                counts,
                queue.len(),
                "the index holds exactly the queued requests"
            );
        }
    }
}
