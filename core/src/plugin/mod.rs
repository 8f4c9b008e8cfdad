//! What a lab says about itself to the rest of the program, and the shared types it says it with.
//!
//! 1. `spec`: the `LabSpec` trait. A lab is a plugin: its name, how it builds from a scenario
//!    body, its body schema, its event-kind table, its paper claims, its bench cases, its
//!    calibration constants and an upper bound of the work a validated scenario asks for.
//!    `hooks`: the functions that run it (`LabHooks`), from which its `impl Lab` is generated.
//! 2. `claim` (with `claim_scenario`, the scenario that shows each claim, and `claim_run`, the
//!    scenario of the run a claim's number came from), `figure`,
//!    `bench_case`, `markdown`: the types those hooks return. They are leaves (they import
//!    nothing from any lab or registry), so a lab can use them without a module cycle.
//!    `pseudocode`: the listings a lab lights from its events (`LabSpec::pseudocode`).
//! 3. `crate::labs` lists the plugins once; `reproduce`, `bench`, `calibration_doc` and the
//!    schema read that list and nothing else.

pub mod bench_case;
pub mod claim;
pub mod claim_run;
pub mod claim_scenario;
pub mod figure;
pub mod hooks;
pub mod judgement;
pub mod markdown;
pub mod policy;
pub mod pseudocode;
pub mod seeds;
pub mod spec;
pub mod work;

pub use bench_case::BenchCase;
pub use claim::{Claim, ClaimKind, ClaimSummary, SetupSweep};
pub use claim_run::{ClaimRun, RunScale, scenario_document};
pub use claim_scenario::{ClaimScenarios, with_scenarios};
pub use figure::{Axis, Figure, Series, SeriesKind};
pub use hooks::LabHooks;
pub use judgement::Judgement;
pub use markdown::{GeneratedBlock, cell, format_value};
pub use pseudocode::{PseudoFrame, PseudoListing};
pub use seeds::SeedSpread;
pub use spec::LabSpec;
pub use work::{Budget, WorkEstimate};
