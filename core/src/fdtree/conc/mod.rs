//! Concurrency in the discrete-event kernel (§3–5; digest §3): closed-loop clients, the L0
//! mutex, per-block readers-writer latches, a merge process, and the three schemes FD+XM,
//! FD+DS and FD+FC on a simple SSD cost.
//!
//! 1. `latch`: FIFO readers-writer locks (global lock, L0 mutex, block latches).
//! 2. `cost`: constant per-block read/write and per-op CPU costs, with the calibration point.
//! 3. `engine`: actors, micro-step programs and the event loop.
//! 4. `steps`: the linearization of client ops and the merge process's steps.
//! 5. `report`: per-request R_p, merge intervals, space over time, the answer check.
//! 6. `log`: what happened inside one event, for a lab that steps the run event by event.

pub mod cost;
pub mod engine;
pub mod latch;
pub mod log;
pub mod report;
pub mod steps;

pub use cost::SsdCost;
pub use engine::{ConcurrentRun, Scheme};
pub use latch::{Actor, Mode, Res};
pub use log::{Outcome, RunEvent};
pub use report::{Completion, LatencyStats, OpKind, SimReport};
