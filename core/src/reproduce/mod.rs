//! Paper claims reproduced by simulation (`flashlab reproduce`): every built lab's claims, in
//! registry order. Each claim runs the model and compares what it computed with the paper's
//! value; the paper's value is only the reference (see `plugin::claim` for the claim kinds).
//!
//! 1. `links`: the course scenario that produces each claim (the paper-results page opens it).
//! 2. `figures`: figure-shaped results, a simulated curve with the paper's points over it.

pub mod figures;
pub mod links;
pub mod report;

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
pub fn lab_figures(lab: &str) -> Option<Vec<figures::Figure>> {
    crate::labs::PLUGINS
        .iter()
        .find(|plugin| plugin.name == lab)
        .map(|plugin| (plugin.figures)())
}
