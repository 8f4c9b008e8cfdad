//! The `Lab` trait: what every lab (HDD, SSD, NAND, MaSM, FD+tree, IPA, …) implements so that the
//! run machinery, the CLI, the wasm handle and the UI can drive it without knowing what it is.
//!
//! 1. A lab is built from a validated scenario (see `crate::labs`).
//! 2. `step` advances by exactly one step (one simulation event or one op, as the lab defines),
//!    writing what happened into the trace sink; it returns `false` once there is nothing left.
//! 3. `check_invariants` is called by the run after every step; keep it cheap (incremental).
//!    It appends its checks to a buffer the caller owns and clears, so a step allocates nothing
//!    for them (a passing `InvariantCheck` holds only a `&'static str` and an empty `String`).
//! 4. `metrics`, `answers` and `view` are read-only projections for the CLI and the UI.
//! 5. `Clone` is the keyframe mechanism: a snapshot is a clone, restore is an assignment;
//!    `state_bytes` says what one costs.
//! 6. What a lab says about itself to the rest of the program (name, schema, event kinds,
//!    claims, bench cases) is `crate::plugin::LabSpec`.

use serde::Serialize;
use serde_json::Value;

use super::{InvariantCheck, SimError, TraceSink};

/// A named numeric result, e.g. `mean_latency_ms`. Names carry their unit.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Metric {
    pub name: &'static str,
    pub value: f64,
    /// Human label for the UI, e.g. "mean latency".
    pub label: &'static str,
    pub unit: &'static str,
}

impl Metric {
    /// A metric: its name, value, label for the UI and unit (every lab's metrics use this).
    pub const fn new(
        name: &'static str,
        value: f64,
        label: &'static str,
        unit: &'static str,
    ) -> Self {
        Self {
            name,
            value,
            label,
            unit,
        }
    }
}

/// One answer to a read-type op: `{op, kind, ...}` (DESIGN §3.2). `op` is the op's index.
pub type Answer = Value;

/// A bulk numeric array for the UI; crosses the wasm boundary inside one `Float64Array`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct NamedSeries {
    pub name: &'static str,
    pub data: Vec<f64>,
}

/// What the UI needs to draw the current state: small JSON plus bulk numeric series.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct LabView {
    pub meta: Value,
    pub series: Vec<NamedSeries>,
}

/// Describes one event kind so the UI can narrate a numeric event without its own table:
/// `text` is a sentence with `{a}`..`{d}` placeholders for the four arguments.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct EventKindInfo {
    pub code: u32,
    pub name: &'static str,
    pub args: [&'static str; 4],
    pub text: &'static str,
}

pub trait Lab: Clone {
    /// The `lab` string of the scenario format (`hdd`, `ssd`, …).
    fn lab_name(&self) -> &'static str;

    /// Advances one step. Returns `Ok(false)` (and changes nothing) once the run is complete.
    fn step(&mut self, trace: &mut TraceSink) -> Result<bool, SimError>;

    /// Current simulated time.
    fn now_ns(&self) -> u64;

    /// Appends the checks of the invariants after the latest step to `out`, in the lab's fixed
    /// order (the caller clears `out` between steps; the run reuses one buffer for the whole run).
    fn check_invariants(&self, out: &mut Vec<InvariantCheck>);

    /// The checks after the latest step in a new vector: `check_invariants` for tests and one-off
    /// callers (it allocates; per-step loops keep a buffer and call `check_invariants`).
    fn collect_checks(&self) -> Vec<InvariantCheck> {
        let mut out = Vec::new();
        self.check_invariants(&mut out);
        out
    }

    fn metrics(&self) -> Vec<Metric>;

    /// Answers to read-type ops so far, in op order.
    fn answers(&self) -> Vec<Answer>;

    /// DESIGN §3.2 `history` of a run with concurrent clients (None: the lab has none).
    fn history(&self) -> Option<Vec<Answer>> {
        None
    }

    fn view(&self) -> LabView;

    /// Static description: device provenance, anything the UI shows once per load.
    fn info(&self) -> Value;

    /// Approximate bytes of one snapshot of this state (a keyframe is a clone), counting the
    /// large buffers; the keyframe store keeps its total within a budget (`sim::run`).
    fn state_bytes(&self) -> u64;
}
