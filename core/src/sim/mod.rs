//! The simulation kernel shared by every lab.
//!
//! 1. `clock`: simulated time, a `u64` of nanoseconds that never goes backwards.
//! 2. `rng`: the one seeded generator (xoshiro256**), so a run is a pure function of its seed.
//! 3. `event_queue`: future events ordered by (time, insertion sequence), so ties are deterministic.
//! 4. `trace`: compact fixed-size numeric events and the running trace hash over them.
//! 5. `lab`: the `Lab` trait every lab implements (step, views, metrics, invariants, answers).
//! 6. `invariants`: the ledger that counts checks after every step and keeps the first failure.
//! 7. `run`: a lab plus its trace, ledger and keyframes; seeking is restore-then-replay.
//! 8. `scheduler`: the one event loop (clock + queue + time limit) every event-driven lab uses;
//!    a pop only moves time forward.
//! 9. `units`: the small helpers every lab's trace uses (`us`, `word`, `model`).
//! 10. `scratch`: `Scratch<T>`, reused buffers and caches that are not state (equal to any
//!     other, cloned empty).
//!
//! Determinism rules for everything below `sim`: no wall clock, no hash-map iteration, no
//! `f64::ln/exp/powf/sin` (their results differ between native and wasm builds): use `+ - * /`,
//! `sqrt` (IEEE-exact) or the `libm` crate, and hash only integers.

pub mod clock;
pub mod error;
pub mod event_queue;
pub mod invariants;
pub mod lab;
pub mod rng;
pub mod run;
pub mod scheduler;
pub mod scratch;
pub mod trace;
pub mod units;

pub use clock::Clock;
pub use error::SimError;
pub use event_queue::EventQueue;
pub use invariants::{InvariantCheck, InvariantLedger, InvariantReport, Verdict};
pub use lab::{Answer, EventKindInfo, Lab, LabView, Metric, NamedSeries};
pub use rng::Rng;
pub use run::{Run, RunState};
pub use scheduler::Scheduler;
pub use trace::{EVENT_WORDS, TraceEvent, TraceHash, TraceSink};
