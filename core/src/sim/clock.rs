//! Simulated time in nanoseconds. Owned by the core; the UI only displays it.

use super::SimError;

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Clock {
    now_ns: u64,
}

impl Clock {
    pub fn now_ns(&self) -> u64 {
        self.now_ns
    }

    /// Moves time to `time_ns`. Moving backwards is refused: it would mean an event was
    /// scheduled in the past, which no model may do.
    pub fn advance_to(&mut self, time_ns: u64) -> Result<(), SimError> {
        if time_ns < self.now_ns {
            return Err(SimError::TimeWentBackwards {
                event: "clock advance".into(),
                now_ns: self.now_ns,
                event_ns: time_ns,
            });
        }
        self.now_ns = time_ns;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_refuses_to_go_backwards() {
        let mut clock = Clock::default();
        clock.advance_to(10).unwrap();
        clock.advance_to(10).unwrap();
        assert_eq!(
            clock.advance_to(9),
            Err(SimError::TimeWentBackwards {
                event: "clock advance".into(),
                now_ns: 10,
                event_ns: 9
            })
        );
        assert_eq!(clock.now_ns(), 10);
    }
}
