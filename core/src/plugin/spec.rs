//! `LabSpec`: everything the rest of the program needs to know about a lab, in one trait.
//!
//! 1. `NAME` is the scenario's `lab` string; `from_body` builds the lab from a validated body
//!    and `body_schema` describes that body for `scenarios/schema.json`.
//! 2. `EVENT_KINDS` is the table that narrates its trace events (one source for CLI and UI).
//! 3. `claims`, `figures`, `bench_cases` and `calibration` feed `flashlab reproduce` and the
//!    paper-results page, `flashlab bench` and the generated blocks of `docs/CALIBRATION.md`;
//!    each defaults to nothing.
//! 4. `HOOKS` names the functions that run the lab; `Lab` is implemented from them for every
//!    `LabSpec` (`hooks.rs`), so a lab writes no forwarding.
//! 5. `work_estimates` bounds the work a scenario asks for, before it runs (see `work`).
//! 6. `pseudocode` and `pseudo_line`: the listings of the algorithm a scenario runs and the line
//!    each event executes (see `pseudocode`); both default to none.
//!
//! `crate::labs` lists the implementors once; everything else is derived from that list.

use schemars::schema::RootSchema;
use serde_json::{Map, Value};

use super::hooks::LabHooks;
use super::{BenchCase, Claim, Figure, GeneratedBlock, PseudoListing, WorkEstimate};
use crate::scenario::ScenarioError;
use crate::sim::{
    Answer, EventKindInfo, InvariantCheck, Lab, LabView, Metric, SimError, TraceEvent, TraceSink,
};

pub trait LabSpec: Clone + Sized {
    /// The `lab` string of the scenario format (`hdd`, `ssd`, …).
    const NAME: &'static str;

    /// How to narrate each event kind this lab emits.
    const EVENT_KINDS: &'static [EventKindInfo];

    /// The functions that run the lab (`step`, `check_invariants`, `view`, …); `crate::sim::Lab`
    /// is implemented from them.
    const HOOKS: LabHooks<Self>;

    /// Pseudo-code listings of the algorithm this scenario runs (line ids only; `pseudocode`).
    fn pseudocode(&self) -> &'static [PseudoListing] {
        &[]
    }

    /// The id of the `pseudocode()` line that `event` executes, if it executes one.
    fn pseudo_line(&self, _event: &TraceEvent) -> Option<&'static str> {
        None
    }

    /// Builds the lab from a scenario body (everything but the common header).
    fn from_body(body: Map<String, Value>, seed: u64) -> Result<Self, ScenarioError>;

    fn body_schema() -> RootSchema;

    /// Upper bounds of the run's work, output and state, from the validated scenario alone.
    fn work_estimates(&self) -> Vec<WorkEstimate>;

    /// Whether this scenario's run depends on its seed at all. A lab that draws anything from the
    /// seed says `true`; a scenario that is fully determined without it (explicit ops on
    /// noise-free devices) says `false`, and the conformance suite then checks that another
    /// seed gives the same trace hash, instead of another.
    fn seed_matters(&self) -> bool {
        true
    }

    /// Adds the lab's view and info payload types (`Lab::view().meta`, `Lab::info()`) to a
    /// schema generator; `tests/payload_types.rs` prints them as the lab's TypeScript types.
    fn payload_types(_generator: &mut schemars::r#gen::SchemaGenerator) {}

    /// Paper claims this lab reproduces (each computed by running its models).
    fn claims() -> Vec<Claim> {
        Vec::new()
    }

    /// Paper figures the results page draws: the simulated curve with the paper's points over it.
    fn figures() -> Vec<Figure> {
        Vec::new()
    }

    fn bench_cases() -> Vec<BenchCase> {
        Vec::new()
    }

    /// DESIGN §3.2 `history` of a run with concurrent clients (None: the lab has none).
    fn op_history(&self) -> Option<Vec<Value>> {
        None
    }

    /// Blocks of `docs/CALIBRATION.md` generated from the constants the lab runs on.
    fn calibration() -> Vec<GeneratedBlock> {
        Vec::new()
    }
}

/// Every lab's `Lab`, generated from its `HOOKS` (see `hooks.rs`).
impl<L: LabSpec> Lab for L {
    fn lab_name(&self) -> &'static str {
        L::NAME
    }

    fn step(&mut self, trace: &mut TraceSink) -> Result<bool, SimError> {
        (L::HOOKS.step)(self, trace)
    }

    fn now_ns(&self) -> u64 {
        (L::HOOKS.now_ns)(self)
    }

    fn check_invariants(&self, out: &mut Vec<InvariantCheck>) {
        (L::HOOKS.check_invariants)(self, out)
    }

    fn metrics(&self) -> Vec<Metric> {
        (L::HOOKS.metrics)(self)
    }

    fn answers(&self) -> Vec<Answer> {
        (L::HOOKS.answers)(self)
    }

    fn history(&self) -> Option<Vec<Answer>> {
        self.op_history()
    }

    fn view(&self) -> LabView {
        (L::HOOKS.view)(self)
    }

    fn info(&self) -> Value {
        (L::HOOKS.info)(self)
    }

    fn state_bytes(&self) -> u64 {
        (L::HOOKS.state_bytes)(self)
    }
}
