//! `LabSpec`: everything the rest of the program needs to know about a lab, in one trait.
//!
//! 1. `NAME` is the scenario's `lab` string; `from_body` builds the lab from a validated body
//!    and `body_schema` describes that body for `scenarios/schema.json`.
//! 2. `EVENT_KINDS` is the table that narrates its trace events (one source for CLI and UI).
//! 3. `claims`, `figures`, `bench_cases` and `calibration` feed `flashlab reproduce` and the
//!    paper-results page, `flashlab bench` and the generated blocks of `docs/CALIBRATION.md`;
//!    each defaults to nothing.
//! 4. `work_estimates` bounds the work a scenario asks for, before it runs (see `work`).
//!
//! `crate::labs` lists the implementors once; everything else is derived from that list.

use schemars::schema::RootSchema;
use serde_json::{Map, Value};

use super::{BenchCase, Claim, Figure, GeneratedBlock, WorkEstimate};
use crate::scenario::ScenarioError;
use crate::sim::{EventKindInfo, Lab};

pub trait LabSpec: Lab + Sized {
    /// The `lab` string of the scenario format (`hdd`, `ssd`, …).
    const NAME: &'static str;

    /// How to narrate each event kind this lab emits.
    const EVENT_KINDS: &'static [EventKindInfo];

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

    /// Blocks of `docs/CALIBRATION.md` generated from the constants the lab runs on.
    fn calibration() -> Vec<GeneratedBlock> {
        Vec::new()
    }
}
