//! The one test harness every lab's tests share: scenario files found by reading the folders,
//! building a lab from a body, running it, and the message of a rejected body.

#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

pub mod claim_run;
pub mod ipa_journal;
pub mod nand;
pub mod ssd_ftl;

use std::path::{Path, PathBuf};

use flashlab_core::plugin::LabSpec;
use flashlab_core::sim::{LabView, Run};
use serde_json::Value;

/// The run step limit the tests use (the CLI's).
pub const MAX_STEPS: u64 = flashlab_core::scenario::limits::MAX_STEPS;

pub fn repo_path(relative: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join(relative)
}

/// Every folder of `scenarios/` (one per lab), sorted.
pub fn scenario_labs() -> Vec<String> {
    let mut labs: Vec<String> = std::fs::read_dir(repo_path("scenarios"))
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.path().is_dir())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    labs.sort();
    labs
}

/// Every `scenarios/<lab>/*.json`, sorted.
pub fn scenario_paths(lab: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(repo_path(&format!("scenarios/{lab}")))
        .into_iter()
        .flatten()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    files
}

/// `(path, text)` of every `scenarios/<lab>/*.json`, sorted by path.
pub fn scenario_files(lab: &str) -> Vec<(String, String)> {
    scenario_paths(lab)
        .into_iter()
        .map(|p| {
            (
                p.display().to_string(),
                std::fs::read_to_string(&p).unwrap(),
            )
        })
        .collect()
}

/// A bundled scenario that breaks a protocol on purpose (a teaching scenario): its body sets
/// `params.drop_rule`, and its file name starts with `broken-`. Its run must FAIL an invariant;
/// every other scenario's must hold them all.
pub fn breaks_on_purpose(text: &str) -> bool {
    serde_json::from_str::<Value>(text)
        .ok()
        .and_then(|doc| doc.pointer("/params/drop_rule").cloned())
        .is_some_and(|rule| !rule.is_null())
}

fn object(body: Value) -> serde_json::Map<String, Value> {
    let Value::Object(map) = body else {
        panic!("a scenario body must be a JSON object")
    };
    map
}

/// Builds lab `L` from a scenario body; panics with the error if it is rejected.
pub fn lab<L: LabSpec>(body: Value, seed: u64) -> L {
    L::from_body(object(body), seed).unwrap_or_else(|e| panic!("{e}"))
}

/// The message of a body that `L` rejects; panics if it is accepted.
pub fn error_of<L: LabSpec>(body: Value) -> String {
    L::from_body(object(body), 1)
        .map(|_| ())
        .unwrap_err()
        .to_string()
}

/// Builds and runs lab `L` to its end.
pub fn run_body<L: LabSpec>(body: Value, seed: u64) -> Run<L> {
    let mut run = Run::new(lab::<L>(body, seed), MAX_STEPS);
    run.run_to_end();
    run
}

/// The message `Session::load` gives for a whole scenario document it rejects.
pub fn error_of_text(text: &str) -> String {
    flashlab_core::Session::load(text, None)
        .map(|_| ())
        .unwrap_err()
        .to_string()
}

/// How many seeds a crash sweep runs: `default` in `npm test`, `FLASHLAB_CRASH_SEEDS` for a long
/// sweep (masm_recovery, ftl_recovery, append_pack_recovery).
pub fn crash_seeds(default: u64) -> u64 {
    std::env::var("FLASHLAB_CRASH_SEEDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The data of the view's series `name`; panics naming it when the view has none.
pub fn series<'a>(view: &'a LabView, name: &str) -> &'a [f64] {
    view.series
        .iter()
        .find(|s| s.name == name)
        .unwrap_or_else(|| panic!("the view has no series {name}"))
        .data
        .as_slice()
}
