//! A shared resource's reservation calendar: the busy intervals of a bus (a channel, the host
//! link) that are still in the future, so that a transfer can use a gap before a later one.
//!
//! Why not a single busy-until time: requests reserve resources when they arrive, and a read
//! that must first wait for its die (say, behind a 100 ms garbage collection) books its
//! channel and link slot 100 ms ahead. With busy-until, every later transfer would queue behind
//! that booking although the bus is idle until then. A calendar lets it go first.
//!
//! 1. Intervals are disjoint and sorted; touching intervals are merged.
//! 2. `reserve(ready, duration, horizon)` forgets intervals that end by `horizon` (the current
//!    arrival time: nothing can be booked before it), then takes the first gap of `duration`
//!    at or after `ready`.
//! 3. Reservations are almost always at the end (transfers follow time), which costs O(1); a
//!    gap in the middle costs O(intervals in the future).

use std::collections::VecDeque;

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Calendar {
    busy: VecDeque<(u64, u64)>,
}

impl Calendar {
    /// Books `duration` ns at the earliest time ≥ `ready`; returns the start.
    pub fn reserve(&mut self, ready: u64, duration: u64, horizon: u64) -> u64 {
        while self.busy.front().is_some_and(|&(_, end)| end <= horizon) {
            self.busy.pop_front();
        }
        if duration == 0 {
            return ready;
        }
        match self.busy.back_mut() {
            None => {
                self.busy.push_back((ready, ready + duration));
                return ready;
            }
            Some(last) if ready >= last.1 => {
                if ready == last.1 {
                    last.1 += duration;
                } else {
                    self.busy.push_back((ready, ready + duration));
                }
                return ready;
            }
            Some(_) => {}
        }
        let mut i = self.busy.partition_point(|&(_, end)| end <= ready);
        let mut start = ready;
        while let Some(&(s, e)) = self.busy.get(i) {
            if start + duration <= s {
                break;
            }
            start = start.max(e);
            i += 1;
        }
        let end = start + duration;
        let joins_previous = i > 0 && self.busy[i - 1].1 == start;
        let joins_next = self.busy.get(i).is_some_and(|&(s, _)| s == end);
        match (joins_previous, joins_next) {
            (true, true) => {
                let next_end = self.busy[i].1;
                self.busy[i - 1].1 = next_end;
                self.busy.remove(i);
            }
            (true, false) => self.busy[i - 1].1 = end,
            (false, true) => self.busy[i].0 = start,
            (false, false) => self.busy.insert(i, (start, end)),
        }
        start
    }

    /// When the last booking ends (0 if none).
    pub fn busy_until(&self) -> u64 {
        self.busy.back().map_or(0, |&(_, end)| end)
    }

    pub fn intervals(&self) -> usize {
        self.busy.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_transfer_uses_the_gap_before_a_later_booking() {
        let mut c = Calendar::default();
        assert_eq!(c.reserve(100, 10, 0), 100);
        assert_eq!(c.reserve(0, 10, 0), 0);
        assert_eq!(c.reserve(0, 95, 0), 110, "no 95 ns gap before 100");
        assert_eq!(c.reserve(10, 90, 0), 10, "exactly fills 10..100");
        assert_eq!(c.intervals(), 1);
        assert_eq!(c.busy_until(), 205);
    }

    #[test]
    fn bookings_never_overlap_and_past_ones_are_forgotten() {
        let mut c = Calendar::default();
        let mut rng = crate::sim::Rng::new(3);
        let mut booked: Vec<(u64, u64)> = Vec::new();
        for _ in 0..2_000 {
            let ready = rng.below(10_000);
            let duration = 1 + rng.below(50);
            let start = c.reserve(ready, duration, 0);
            assert!(start >= ready);
            for &(s, e) in &booked {
                assert!(start + duration <= s || start >= e, "overlap");
            }
            booked.push((start, start + duration));
        }
        c.reserve(1_000_000, 1, 999_999);
        assert_eq!(c.intervals(), 1);
    }
}
