//! Future events in time order. Two events at the same nanosecond come out in the order they
//! were scheduled (a per-queue sequence number breaks the tie), so a run never depends on the
//! queue's internals.
//!
//! 1. Every event gets the key (time, sequence number); keys are unique, so "earliest key
//!    first" is one total order and any correct priority queue pops the same sequence.
//! 2. Small queues (a device with tens of requests in flight, the common case) are a ring
//!    buffer sorted by ascending key: pop takes the first entry in O(1) and a new event goes in
//!    by binary search, the ring moving whichever side of the gap is shorter. Events are mostly
//!    scheduled near one end (an arrival now, a completion after everything in flight), so the
//!    move is a few entries, where a vector would shift most of the queue for one of the two.
//!    No sift through the levels of a heap.
//! 3. A queue that grows past `SORTED_MAX` entries becomes a binary heap (O(log n) both ways);
//!    once it has shrunk to `SORTED_MAX / 4` it goes back to the sorted vector (the gap stops a
//!    queue hovering at the boundary from converting on every event).

use std::cmp::Ordering;
use std::collections::{BinaryHeap, VecDeque};

/// Above this many entries the queue is a heap (step 3).
const SORTED_MAX: usize = 128;

#[derive(Debug, Clone)]
struct Entry<E> {
    time_ns: u64,
    seq: u64,
    payload: E,
}

impl<E> Entry<E> {
    fn key(&self) -> u128 {
        (u128::from(self.time_ns) << 64) | u128::from(self.seq)
    }
}

impl<E> PartialEq for Entry<E> {
    fn eq(&self, other: &Self) -> bool {
        self.time_ns == other.time_ns && self.seq == other.seq
    }
}
impl<E> Eq for Entry<E> {}
impl<E> PartialOrd for Entry<E> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl<E> Ord for Entry<E> {
    // Reversed: BinaryHeap is a max-heap and we want the earliest (time, seq) first.
    // (time, seq) as one 128-bit key: the same order as comparing the pair, in one comparison.
    fn cmp(&self, other: &Self) -> Ordering {
        other.key().cmp(&self.key())
    }
}

#[derive(Debug, Clone)]
pub struct EventQueue<E> {
    /// Ascending by key, the earliest first (step 2); empty while the heap is in use.
    sorted: VecDeque<Entry<E>>,
    /// In use only past `SORTED_MAX` entries (step 3).
    heap: BinaryHeap<Entry<E>>,
    next_seq: u64,
}

impl<E> Default for EventQueue<E> {
    fn default() -> Self {
        Self {
            sorted: VecDeque::new(),
            heap: BinaryHeap::new(),
            next_seq: 0,
        }
    }
}

impl<E> EventQueue<E> {
    pub fn schedule(&mut self, time_ns: u64, payload: E) {
        let seq = self.next_seq;
        self.next_seq += 1;
        let entry = Entry {
            time_ns,
            seq,
            payload,
        };
        if !self.heap.is_empty() {
            self.heap.push(entry);
        } else if self.sorted.len() < SORTED_MAX {
            // The new sequence number is the largest: it pops after every equal time.
            // Most events go at one end (a completion after everything in flight, an arrival
            // before it): checked first, in O(1); else a binary search.
            let key = entry.key();
            if self.sorted.back().is_none_or(|last| last.key() < key) {
                self.sorted.push_back(entry);
            } else if self.sorted.front().is_some_and(|first| key < first.key()) {
                self.sorted.push_front(entry);
            } else {
                let at = self.sorted.partition_point(|e| e.key() < key);
                self.sorted.insert(at, entry);
            }
        } else {
            let mut all = Vec::from(std::mem::take(&mut self.sorted));
            all.push(entry);
            self.heap = BinaryHeap::from(all);
        }
    }

    /// Removes and returns the earliest event.
    pub fn pop(&mut self) -> Option<(u64, E)> {
        if self.heap.is_empty() {
            return self
                .sorted
                .pop_front()
                .map(|entry| (entry.time_ns, entry.payload));
        }
        let entry = self.heap.pop()?;
        if self.heap.len() <= SORTED_MAX / 4 {
            let mut rest = std::mem::take(&mut self.heap).into_vec();
            rest.sort_unstable_by_key(Entry::key);
            self.sorted = VecDeque::from(rest);
        }
        Some((entry.time_ns, entry.payload))
    }

    pub fn peek_time_ns(&self) -> Option<u64> {
        match self.heap.peek() {
            Some(entry) => Some(entry.time_ns),
            None => self.sorted.front().map(|entry| entry.time_ns),
        }
    }

    pub fn len(&self) -> usize {
        self.sorted.len() + self.heap.len()
    }

    pub fn is_empty(&self) -> bool {
        self.sorted.is_empty() && self.heap.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_pop_in_time_order_with_ties_in_schedule_order() {
        let mut queue = EventQueue::default();
        queue.schedule(30, "c");
        queue.schedule(10, "a1");
        queue.schedule(20, "b");
        queue.schedule(10, "a2");
        queue.schedule(10, "a3");
        let order: Vec<&str> = std::iter::from_fn(|| queue.pop().map(|(_, e)| e)).collect();
        assert_eq!(order, ["a1", "a2", "a3", "b", "c"]);
    }

    #[test]
    fn queue_matches_a_sorted_reference_for_random_schedules() {
        let mut rng = crate::sim::Rng::new(5);
        let mut queue = EventQueue::default();
        let mut reference = Vec::new();
        for i in 0..2_000u64 {
            let time = rng.below(100);
            queue.schedule(time, i);
            reference.push((time, i));
        }
        reference.sort(); // (time, insertion index) is exactly the contract.
        let popped: Vec<(u64, u64)> = std::iter::from_fn(|| queue.pop()).collect();
        assert_eq!(popped, reference);
    }

    /// Interleaved schedules and pops that cross between the sorted vector and the heap in both
    /// directions, against a plain reference: a Vec scanned for its smallest (time, index).
    #[test]
    fn interleaved_use_across_both_forms_matches_a_plain_reference() {
        let mut rng = crate::sim::Rng::new(11);
        let mut queue = EventQueue::default();
        let mut reference: Vec<(u64, u64)> = Vec::new();
        let mut now = 0u64;
        let mut next = 0u64;
        for round in 0..20_000u64 {
            // Phases of growth and shrinkage so the size sweeps 0 .. several × SORTED_MAX.
            let grow = (round / 1_500) % 2 == 0;
            let schedule = if grow {
                rng.below(3) != 0
            } else {
                rng.below(3) == 0
            };
            if schedule || reference.is_empty() {
                let time = now + rng.below(50);
                queue.schedule(time, next);
                reference.push((time, next));
                next += 1;
            } else {
                let (i, &earliest) = reference
                    .iter()
                    .enumerate()
                    .min_by_key(|(_, e)| **e)
                    .unwrap();
                reference.swap_remove(i);
                assert_eq!(queue.peek_time_ns(), Some(earliest.0));
                assert_eq!(queue.pop(), Some(earliest));
                now = earliest.0;
            }
            assert_eq!(queue.len(), reference.len());
        }
    }
}
