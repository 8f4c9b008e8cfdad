//! Opening a claim's own run as the results page does: its scenario document through the
//! loader (validation and the lab's work budget), run to the end, its metrics by name.

use std::collections::BTreeMap;

use flashlab_core::labs::{AnyLab, build};
use flashlab_core::plugin::{ClaimRun, RunScale};
use flashlab_core::reproduce::Claim;
use flashlab_core::sim::{Lab, Run};

/// `run`'s scenario built by the loader; panics with the loader's error if it is refused.
pub fn load(run: &ClaimRun) -> AnyLab {
    let text = serde_json::to_string(&run.scenario).unwrap();
    build(&text, None)
        .unwrap_or_else(|e| panic!("{}: {e}\n{text}", run.label))
        .1
}

/// The metrics of `run`'s scenario, loaded and run to its end; panics if it does not load.
pub fn metrics_of(run: &ClaimRun) -> BTreeMap<String, f64> {
    let mut sim = Run::new(load(run), super::MAX_STEPS);
    sim.run_to_end();
    sim.lab()
        .metrics()
        .into_iter()
        .map(|m| (m.name.to_string(), m.value))
        .collect()
}

/// The claim's one own-scale run labelled `label`; panics if it has none.
pub fn own_run<'a>(claim: &'a Claim, label: &str) -> &'a ClaimRun {
    claim
        .runs
        .iter()
        .find(|r| r.label == label && r.scale == RunScale::Own)
        .unwrap_or_else(|| panic!("{}: no own-scale run {label:?}", claim.id))
}
