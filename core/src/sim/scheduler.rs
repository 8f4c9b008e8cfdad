//! The one event loop every event-driven lab uses: the clock, the queue of future events and the
//! simulated-time limit, together, so that no lab can move time by hand.
//!
//! 1. `schedule(at_ns, event)` files an event; `schedule_after` files it `delay_ns` from now.
//! 2. `pop()` takes the earliest event (ties in schedule order) and moves the clock to its time.
//!    Time only moves forward: an event filed in the past is an error that names the event,
//!    never a clamp. An event past the time limit ends the run with `LimitReached`; the limit
//!    is `MAX_SIM_TIME_NS` (`new`) unless a lab states at its call site why it needs another
//!    (`with_limit`).
//! 3. A step's time is the time of the event it pops, so step times never decrease. An event a
//!    lab writes to the trace may carry a later stamp than its step (a device booking work
//!    that completes in the future), never an earlier one; `crate::sim::run` checks both.

use std::fmt::Debug;

use super::{Clock, EventQueue, SimError};
use crate::scenario::limits::MAX_SIM_TIME_NS;

#[derive(Debug, Clone)]
pub struct Scheduler<E> {
    clock: Clock,
    queue: EventQueue<E>,
    limit_ns: u64,
}

impl<E: Debug> Default for Scheduler<E> {
    fn default() -> Self {
        Self::new()
    }
}

impl<E: Debug> Scheduler<E> {
    /// A scheduler with the standard time limit, `MAX_SIM_TIME_NS` (one simulated day, which
    /// keeps every ns value far below 2^53 for JavaScript). A lab that needs more uses
    /// `with_limit` and says why at its call site.
    pub fn new() -> Self {
        Self::with_limit(MAX_SIM_TIME_NS)
    }

    /// A scheduler whose events past `limit_ns` end the run with `LimitReached`.
    pub fn with_limit(limit_ns: u64) -> Self {
        Self {
            clock: Clock::default(),
            queue: EventQueue::default(),
            limit_ns,
        }
    }

    pub fn now_ns(&self) -> u64 {
        self.clock.now_ns()
    }

    pub fn schedule(&mut self, at_ns: u64, event: E) {
        debug_assert!(
            at_ns >= self.clock.now_ns(),
            "{event:?} scheduled at {at_ns} ns, before now ({} ns)",
            self.clock.now_ns()
        );
        self.queue.schedule(at_ns, event);
    }

    pub fn schedule_after(&mut self, delay_ns: u64, event: E) {
        let at_ns = self.clock.now_ns().saturating_add(delay_ns);
        self.queue.schedule(at_ns, event);
    }

    /// The earliest event, with the clock moved to its time; `None` when nothing is left.
    pub fn pop(&mut self) -> Result<Option<(u64, E)>, SimError> {
        let Some((time_ns, event)) = self.queue.pop() else {
            return Ok(None);
        };
        if time_ns < self.clock.now_ns() {
            return Err(SimError::TimeWentBackwards {
                event: format!("{event:?}"),
                now_ns: self.clock.now_ns(),
                event_ns: time_ns,
            });
        }
        if time_ns > self.limit_ns {
            return Err(SimError::LimitReached {
                what: "simulated time (ns)",
                limit: self.limit_ns,
            });
        }
        self.clock.advance_to(time_ns)?;
        Ok(Some((time_ns, event)))
    }

    /// Keeps only the events `keep` accepts, in their order; the clock does not move. (A crash
    /// drops what was in flight in memory.) Ties among kept events keep their order, and events
    /// scheduled afterwards come after them.
    pub fn retain(&mut self, mut keep: impl FnMut(&E) -> bool) {
        let mut kept = EventQueue::default();
        while let Some((time_ns, event)) = self.queue.pop() {
            if keep(&event) {
                kept.schedule(time_ns, event);
            }
        }
        self.queue = kept;
    }

    pub fn peek_time_ns(&self) -> Option<u64> {
        self.queue.peek_time_ns()
    }

    pub fn len(&self) -> usize {
        self.queue.len()
    }

    pub fn is_empty(&self) -> bool {
        self.queue.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pop_moves_the_clock_to_each_event_in_order() {
        let mut s = Scheduler::with_limit(1_000);
        s.schedule(30, "c");
        s.schedule(10, "a");
        s.schedule_after(20, "b");
        assert_eq!(s.pop(), Ok(Some((10, "a"))));
        assert_eq!(s.now_ns(), 10);
        s.schedule_after(5, "a2");
        assert_eq!(s.pop(), Ok(Some((15, "a2"))));
        assert_eq!(s.pop(), Ok(Some((20, "b"))));
        assert_eq!(s.pop(), Ok(Some((30, "c"))));
        assert_eq!(s.pop(), Ok(None));
        assert_eq!(s.now_ns(), 30);
    }

    #[test]
    fn retain_keeps_order_and_leaves_the_clock() {
        let mut s = Scheduler::with_limit(1_000);
        for (t, e) in [(5, "a"), (9, "drop"), (5, "b"), (7, "c")] {
            s.schedule(t, e);
        }
        assert_eq!(s.pop(), Ok(Some((5, "a"))));
        s.retain(|e| *e != "drop");
        s.schedule(5, "d");
        let rest: Vec<&str> =
            std::iter::from_fn(|| s.pop().ok().flatten().map(|(_, e)| e)).collect();
        assert_eq!(rest, ["b", "d", "c"]);
    }

    #[test]
    fn the_standard_limit_is_one_simulated_day() {
        let mut s = Scheduler::new();
        s.schedule(MAX_SIM_TIME_NS, "last");
        s.schedule(MAX_SIM_TIME_NS + 1, "late");
        assert_eq!(s.pop(), Ok(Some((MAX_SIM_TIME_NS, "last"))));
        assert!(matches!(
            s.pop(),
            Err(SimError::LimitReached {
                limit: MAX_SIM_TIME_NS,
                ..
            })
        ));
    }

    #[test]
    fn an_event_past_the_limit_ends_the_run() {
        let mut s = Scheduler::with_limit(100);
        s.schedule(101, "late");
        assert!(matches!(
            s.pop(),
            Err(SimError::LimitReached { limit: 100, .. })
        ));
    }

    #[test]
    #[cfg(not(debug_assertions))]
    fn an_event_in_the_past_is_an_error_naming_it() {
        let mut s = Scheduler::with_limit(100);
        s.schedule(50, "first");
        assert!(s.pop().is_ok());
        s.queue.schedule(40, "stale");
        let error = s.pop().unwrap_err().to_string();
        assert!(error.contains("\"stale\""), "{error}");
    }

    #[test]
    fn an_event_in_the_past_is_an_error_naming_it_even_past_the_debug_check() {
        let mut s = Scheduler::with_limit(100);
        s.schedule(50, "first");
        assert!(s.pop().is_ok());
        s.queue.schedule(40, "stale"); // bypasses `schedule`'s debug assertion, as a bug would
        let error = s.pop().unwrap_err().to_string();
        assert!(error.contains("\"stale\""), "{error}");
        assert!(error.contains("now 50 ns"), "{error}");
    }
}
