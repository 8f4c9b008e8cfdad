//! Concurrency in the discrete-event kernel (§3–5; digest §3): closed-loop clients, the L0
//! mutex, per-block readers-writer latches, a merge process, and the three schemes FD+XM,
//! FD+DS and FD+FC on the SSD model (or, for the calibration, a constant cost).
//!
//! 1. `latch`: FIFO readers-writer locks (global lock, L0 mutex, block latches).
//! 2. `cost`: per-op CPU cost and the constant per-block costs of the calibration point;
//!    `device`: block I/O on the SSD model (the X25-E preset), queued on its dies and channels.
//! 3. `engine`: actors, micro-step programs and the event loop.
//! 4. `client`: an op run through the tree step by step under lock coupling (`cursor`: where it is).
//! 5. `merge_proc`: the merge process's steps with the latches they take first.
//! 6. `steps`: FD+XM's modifications, the merge's start, reclaims.
//! 7. `protocol`: the latch protocol's rules, each of which a teaching scenario may drop.
//! 8. `answers`: the per-read answer window and the op history.
//! 9. `report`: per-request R_p, merge intervals, space over time, the answer check.
//! 10. `log`: what happened inside one event, for a lab that steps the run event by event.
//! 11. `inspect`: the lock table and the clients' cursors, read by a view.
//! 12. `harness`: the paper's injection thread, bounded queues Q_r / Q_w and worker threads
//!     (§5, Rem. A.9), for R_q and R_o beside R_p; `queues`: its data (no engine code).

pub mod answers;
pub mod client;
pub mod cost;
pub mod cursor;
pub mod device;
pub mod engine;
pub mod harness;
pub mod inspect;
pub mod latch;
pub mod log;
pub mod merge_proc;
pub mod protocol;
pub mod queues;
pub mod report;
pub mod steps;

pub use answers::HistoryEntry;
pub use cost::SsdCost;
pub use device::BlockDevice;
pub use engine::{ConcurrentRun, Scheme};
pub use latch::{Actor, LatchRow, Mode, Res};
pub use log::{Outcome, RunEvent};
pub use protocol::Protocol;
pub use queues::{HarnessSpec, QueueWait};
pub use report::{Completion, LatencyStats, OpKind, Response, SimReport};
