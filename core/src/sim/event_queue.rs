//! Future events in time order. Two events at the same nanosecond come out in the order they
//! were scheduled (a per-queue sequence number breaks the tie), so a run never depends on heap
//! internals.

use std::cmp::Ordering;
use std::collections::BinaryHeap;

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
    heap: BinaryHeap<Entry<E>>,
    next_seq: u64,
}

impl<E> Default for EventQueue<E> {
    fn default() -> Self {
        Self {
            heap: BinaryHeap::new(),
            next_seq: 0,
        }
    }
}

impl<E> EventQueue<E> {
    pub fn schedule(&mut self, time_ns: u64, payload: E) {
        let seq = self.next_seq;
        self.next_seq += 1;
        self.heap.push(Entry {
            time_ns,
            seq,
            payload,
        });
    }

    /// Removes and returns the earliest event.
    pub fn pop(&mut self) -> Option<(u64, E)> {
        self.heap.pop().map(|entry| (entry.time_ns, entry.payload))
    }

    pub fn peek_time_ns(&self) -> Option<u64> {
        self.heap.peek().map(|entry| entry.time_ns)
    }

    pub fn len(&self) -> usize {
        self.heap.len()
    }

    pub fn is_empty(&self) -> bool {
        self.heap.is_empty()
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
}
