//! Paper claims and figures reproduced by simulation (`flashlab reproduce`, the paper-results
//! page): every built lab's, in registry order, read from the registry (`labs::PLUGINS`). Each
//! claim runs the model and compares what it computed with the paper's value; the paper's value
//! is only the reference (see `plugin::claim` for the claim kinds).
//!
//! 1. `all_claims`, `lab_claims`: the labs' `claims()` hooks; each claim names the course
//!    scenario that shows it (`Claim::scenario`, filled by its lab).
//! 2. `lab_figures`: the labs' `figures()` hooks (`plugin::figure`).
//! 3. `report`: the text and JSON report of `flashlab reproduce`.

pub mod report;

use crate::plugin::Figure;
pub use crate::plugin::claim::{Claim, ClaimKind, ClaimSummary};
pub use crate::plugin::judgement::Judgement;

/// Every claim this version reproduces.
pub fn all_claims() -> Vec<Claim> {
    crate::labs::PLUGINS
        .iter()
        .flat_map(|plugin| (plugin.claims)())
        .collect()
}

/// The claims of one lab (the paper-results page computes them lab by lab, with progress);
/// `None` for a name that is not a built lab.
pub fn lab_claims(lab: &str) -> Option<Vec<Claim>> {
    crate::labs::PLUGINS
        .iter()
        .find(|plugin| plugin.name == lab)
        .map(|plugin| (plugin.claims)())
}

/// One lab's figures (its `LabSpec::figures`), computed now; `None` for a name that is not a
/// built lab.
pub fn lab_figures(lab: &str) -> Option<Vec<Figure>> {
    crate::labs::PLUGINS
        .iter()
        .find(|plugin| plugin.name == lab)
        .map(|plugin| (plugin.figures)())
}
