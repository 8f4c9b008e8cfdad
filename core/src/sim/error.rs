//! Errors raised while a run advances. Bad input is a `ScenarioError`, found before a run starts;
//! a `SimError` means the simulation itself hit a limit or a broken internal assumption.

use thiserror::Error;

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SimError {
    /// A scheduled event would move simulated time backwards: a model bug, never user input.
    #[error("time went backwards: now {now_ns} ns, event {event} at {event_ns} ns")]
    TimeWentBackwards {
        event: String,
        now_ns: u64,
        event_ns: u64,
    },
    /// The run reached a configured limit (steps or simulated time) before finishing.
    #[error("limit reached: {what} = {limit}")]
    LimitReached { what: &'static str, limit: u64 },
    /// An internal consistency failure the model cannot continue from.
    #[error("model error: {0}")]
    Model(String),
}
