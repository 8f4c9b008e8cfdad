//! Small conversions every lab's trace and errors use, defined once.

use super::SimError;

/// Nanoseconds to whole microseconds (rounded), saturating at `u32::MAX`: trace events carry
/// times as u32 µs. Saturation is legitimate here, not a hidden bug: these are narration
/// arguments (a latency, a scan's duration or end), a run may span `MAX_SIM_TIME_NS` (one day)
/// while a u32 holds 71.6 minutes of µs, and every event's own stamp keeps the exact u64 ns.
pub fn us(ns: u64) -> u32 {
    word(ns.saturating_add(500) / 1000)
}

/// Any count or index as a trace word, saturating at `u32::MAX`. Legitimate saturation: the
/// arguments are narration (counts, sizes, indices shown in a sentence), and the identifiers
/// among them (op, request, LBA, page) are bounded by the scenario limits and device sizes far
/// below 2^32; a word whose overflow would be a bug (the step number) is asserted where it is
/// made (`sim::run`). Changing this would change every trace hash.
pub fn word(value: impl TryInto<u32>) -> u32 {
    value.try_into().unwrap_or(u32::MAX)
}

/// A broken internal assumption as a `SimError` (never user input: that is a `ScenarioError`).
pub fn model(error: impl std::fmt::Display) -> SimError {
    SimError::Model(error.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conversions_round_and_saturate() {
        assert_eq!(us(1_499), 1);
        assert_eq!(us(1_500), 2);
        assert_eq!(us(u64::MAX), u32::MAX);
        assert_eq!(word(7u64), 7);
        assert_eq!(word(usize::MAX), u32::MAX);
    }
}
