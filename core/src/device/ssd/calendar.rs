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
//! 4. The intervals are a vector read from a head index: forgetting one bumps the index, and
//!    the dead prefix is dropped in one move every `COMPACT_AFTER` (simulator speed only).

/// Forgotten intervals kept at the front before the vector is compacted (a front pop is then
/// an index bump, and compaction moves the few live intervals once per this many pops).
const COMPACT_AFTER: usize = 64;

/// The intervals live in `busy[head..]`; `busy[..head]` are forgotten ones not yet dropped.
#[derive(Debug, Clone, Default)]
pub struct Calendar {
    busy: Vec<(u64, u64)>,
    head: usize,
}

impl PartialEq for Calendar {
    fn eq(&self, other: &Self) -> bool {
        self.live() == other.live()
    }
}

impl Eq for Calendar {}

impl Calendar {
    fn live(&self) -> &[(u64, u64)] {
        &self.busy[self.head..]
    }

    /// Step 2's forgetting: drops intervals that end by `horizon`.
    #[inline]
    fn forget(&mut self, horizon: u64) {
        while self
            .busy
            .get(self.head)
            .is_some_and(|&(_, end)| end <= horizon)
        {
            self.head += 1;
        }
        if self.head == self.busy.len() {
            self.busy.clear();
            self.head = 0;
        } else if self.head >= COMPACT_AFTER {
            self.compact();
        }
    }

    /// Step 4's move, once per `COMPACT_AFTER` forgotten intervals: out of line, so that the
    /// common path of `reserve` stays small.
    #[cold]
    #[inline(never)]
    fn compact(&mut self) {
        self.busy.drain(..self.head);
        self.head = 0;
    }

    /// Books `duration` ns at the earliest time ≥ `ready`; returns the start.
    #[inline]
    pub fn reserve(&mut self, ready: u64, duration: u64, horizon: u64) -> u64 {
        self.forget(horizon);
        if duration == 0 {
            return ready;
        }
        // Step 3's common cases: at or after the last booking, or right after it when `ready`
        // falls after every earlier booking but the gap before the last is too short (the
        // search below would find the same place: the end of the last booking).
        let n = self.busy.len();
        let Some(&(last_start, last_end)) = self.busy.last() else {
            self.busy.push((ready, ready + duration));
            return ready;
        };
        if ready >= last_end {
            if ready == last_end {
                self.busy[n - 1].1 += duration;
            } else {
                self.busy.push((ready, ready + duration));
            }
            return ready;
        }
        let after_earlier = n - 1 == self.head || self.busy[n - 2].1 <= ready;
        if after_earlier && ready + duration > last_start {
            self.busy[n - 1].1 = last_end + duration;
            return last_end;
        }
        self.reserve_in_gap(ready, duration)
    }

    /// Step 3's rare case: the first gap of `duration` at or after `ready` among the bookings
    /// (out of line, so that the common path of `reserve` stays small).
    #[inline(never)]
    fn reserve_in_gap(&mut self, ready: u64, duration: u64) -> u64 {
        let live = self.head;
        let mut i = live + self.live().partition_point(|&(_, end)| end <= ready);
        let mut start = ready;
        while let Some(&(s, e)) = self.busy.get(i) {
            if start + duration <= s {
                break;
            }
            start = start.max(e);
            i += 1;
        }
        let end = start + duration;
        let joins_previous = i > live && self.busy[i - 1].1 == start;
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
        self.live().last().map_or(0, |&(_, end)| end)
    }

    pub fn intervals(&self) -> usize {
        self.live().len()
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

    /// Step 2 and 3 written out plainly: forget, then first fit over the sorted intervals.
    fn first_fit(busy: &mut Vec<(u64, u64)>, ready: u64, duration: u64, horizon: u64) -> u64 {
        busy.retain(|&(_, end)| end > horizon);
        if duration == 0 {
            return ready;
        }
        let mut start = ready;
        for &(s, e) in busy.iter() {
            if e <= start {
                continue;
            }
            if start + duration <= s {
                break;
            }
            start = e;
        }
        busy.push((start, start + duration));
        busy.sort_unstable();
        let mut merged: Vec<(u64, u64)> = Vec::new();
        for &(s, e) in busy.iter() {
            match merged.last_mut() {
                Some(last) if last.1 == s => last.1 = e,
                _ => merged.push((s, e)),
            }
        }
        *busy = merged;
        start
    }

    #[test]
    fn the_fast_paths_book_where_a_plain_first_fit_does() {
        let mut rng = crate::sim::Rng::new(11);
        let mut c = Calendar::default();
        let mut plain = Vec::new();
        let mut horizon = 0;
        for _ in 0..20_000 {
            horizon += rng.below(20);
            // Mostly near the end of the bookings (the channels' pattern), sometimes in a gap.
            let reach = if rng.below(4) == 0 { 400 } else { 60 };
            let ready = horizon + rng.below(reach);
            let duration = rng.below(40);
            let expected = first_fit(&mut plain, ready, duration, horizon);
            assert_eq!(c.reserve(ready, duration, horizon), expected);
            assert_eq!(c.live(), plain.as_slice());
        }
    }
}
