//! Caps on everything an untrusted scenario controls. Each is far above what a course scenario
//! needs and far below what would exhaust a browser tab (the worker has ~1-2 GB and one core).

/// Bytes of scenario JSON accepted at all (a share URL holds the same JSON, compressed).
pub const MAX_SCENARIO_BYTES: usize = 4 * 1024 * 1024;
/// Explicit ops in `workload.ops`.
pub const MAX_OPS: usize = 100_000;
/// JSON objects and arrays in a document, counted before parsing (`shape`): a few per op.
pub const MAX_JSON_CONTAINERS: usize = 5 * MAX_OPS + 1_000;
/// Requests or operations a generator may produce.
pub const MAX_GENERATED_OPS: u64 = 1_000_000;
/// Steps a run may take before it is stopped with a `LimitReached` error.
pub const MAX_STEPS: u64 = 10_000_000;
/// Simulated time a workload may span: one day. Keeps ns values far below 2^53 for JS.
pub const MAX_SIM_TIME_NS: u64 = 86_400 * 1_000_000_000;
/// Characters in a title.
pub const MAX_TITLE_CHARS: usize = 200;
/// Largest seed: JavaScript numbers are exact only up to 2^53 - 1.
pub const MAX_SEED: u64 = (1 << 53) - 1;
/// Elementary operations a validated scenario may ask for: steps, plus what a lab does inside one
/// step (see `plugin::work`). Seconds to tens of seconds natively, depending on the lab.
pub const MAX_WORK: u64 = 20_000_000;
/// Rows in all answers of a run together (a full-range scan answers as many rows as keys).
pub const MAX_ANSWER_ROWS: u64 = 500_000;
/// Bytes of one snapshot of a lab's state at its largest.
pub const MAX_STATE_BYTES: u64 = 64 * 1024 * 1024;
/// Bytes the keyframe store of one run may hold (several snapshots; see `sim::run`).
pub const KEYFRAME_BYTES: u64 = 256 * 1024 * 1024;
