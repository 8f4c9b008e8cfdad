//! `LabHooks`: the eight functions that run a lab, named once per lab, and the one generated
//! `impl Lab` that forwards to them (every lab used to hand-write a 40-line forwarder).
//!
//! 1. A lab's `impl LabSpec` sets `const HOOKS: LabHooks<Self>`, naming its canonical
//!    functions: `step`, `now_ns`, `lab::checks::check_invariants`, `lab::metrics::metrics`,
//!    `answers`, `lab::view::view`, `lab::view::info` and `state_bytes`.
//! 2. The blanket `impl<L: LabSpec> Lab for L` (in `spec.rs`, beside the trait) calls them,
//!    with `lab_name` = `LabSpec::NAME`. `HOOKS` is a constant, so after monomorphisation each
//!    call is a direct call (no indirection in a release build).
//! 3. Types that are not plugins (the registry's `AnyLab`, the run's test labs) implement `Lab`
//!    themselves; coherence allows both because `LabSpec` and those types are this crate's.

use serde_json::Value;

use crate::sim::{Answer, InvariantCheck, LabView, Metric, SimError, TraceSink};

/// The functions that run a lab of type `L`: what `Lab` asks, one field per method.
pub struct LabHooks<L> {
    /// Advances one step (`Lab::step`).
    pub step: fn(&mut L, &mut TraceSink) -> Result<bool, SimError>,
    pub now_ns: fn(&L) -> u64,
    /// Appends the step's checks (`lab/checks.rs` `check_invariants`).
    pub check_invariants: fn(&L, &mut Vec<InvariantCheck>),
    /// `lab/metrics.rs` `metrics`.
    pub metrics: fn(&L) -> Vec<Metric>,
    pub answers: fn(&L) -> Vec<Answer>,
    /// `lab/view.rs` `view`.
    pub view: fn(&L) -> LabView,
    /// `lab/view.rs` `info`.
    pub info: fn(&L) -> Value,
    /// Approximate bytes of one keyframe (`Lab::state_bytes`).
    pub state_bytes: fn(&L) -> u64,
}
