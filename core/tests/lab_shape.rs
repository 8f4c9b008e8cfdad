//! Every lab folder has the agreed shape (issue 26): the same files, and in them the same hook
//! names, so a reader who knows one lab knows where everything is in the others.
//!
//! 1. Find the lab folders the way the conformance suite finds scenarios: every folder under
//!    `core/src` with a `plugin.rs`. Its lab name is the `const NAME` of that `plugin.rs`.
//! 2. The names found must be exactly the registry's `BUILT_LABS` (a lab folder the registry
//!    misses, or a registry line without a folder, fails here).
//! 3. In each folder, check every file of `SHAPE` exists and holds each of its required texts
//!    (a signature such as `pub fn check_invariants(`), that a lab with figures keeps them in
//!    `figures.rs`, and that `plugin.rs` writes no `impl Lab` of its own (it is generated from
//!    `LabSpec::HOOKS`).
//! 4. Fail once, listing everything missing in every lab.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use flashlab_core::labs::BUILT_LABS;

/// Each file of a lab folder, with the texts it must hold.
const SHAPE: &[(&str, &[&str])] = &[
    (
        "plugin.rs",
        &["impl LabSpec for ", "const HOOKS: LabHooks<Self>"],
    ),
    (
        "claims.rs",
        &[
            "pub fn claims() -> Vec<Claim>",
            "pub const SCENARIOS: ClaimScenarios",
        ],
    ),
    ("bench.rs", &["pub fn cases() -> Vec<BenchCase>"]),
    (
        "calibration.rs",
        &["pub fn blocks() -> Vec<GeneratedBlock>"],
    ),
    ("lab/mod.rs", &[]),
    ("lab/checks.rs", &["pub fn check_invariants(lab: &"]),
    (
        "lab/events.rs",
        &["pub const EVENT_KINDS: &[EventKindInfo]"],
    ),
    ("lab/metrics.rs", &["pub fn metrics(lab: &"]),
    ("lab/payload.rs", &["pub constants: Vec<ConstantPayload>"]),
    ("lab/view.rs", &["pub fn view(lab: &", "pub fn info(lab: &"]),
];

/// Texts no file of the folder may hold, with why.
const FORBIDDEN: &[(&str, &str, &str)] = &[(
    "plugin.rs",
    "impl Lab for ",
    "a hand-written `impl Lab` (it is generated from `LabSpec::HOOKS`)",
)];

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// Every folder under `dir` that holds a `plugin.rs`.
fn plugin_folders(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            if path.join("plugin.rs").is_file() {
                out.push(path.clone());
            }
            plugin_folders(&path, out);
        }
    }
}

/// The `const NAME: &'static str = "…";` of a `plugin.rs`.
fn lab_name(plugin: &str) -> Option<String> {
    let rest = plugin.split("const NAME: &'static str = \"").nth(1)?;
    Some(rest.split('"').next()?.to_string())
}

/// What is missing from one lab folder against `SHAPE` and `FORBIDDEN`.
fn missing_in(folder: &Path) -> Vec<String> {
    let mut missing = Vec::new();
    for (file, texts) in SHAPE {
        let Ok(text) = std::fs::read_to_string(folder.join(file)) else {
            missing.push(format!("no file {file}"));
            continue;
        };
        for wanted in *texts {
            if !text.contains(wanted) {
                missing.push(format!("{file} has no `{wanted}`"));
            }
        }
    }
    // Figures are optional, but a lab that has them keeps them in `figures.rs`.
    let plugin = std::fs::read_to_string(folder.join("plugin.rs")).unwrap_or_default();
    if plugin.contains("fn figures()") {
        let figures = std::fs::read_to_string(folder.join("figures.rs")).unwrap_or_default();
        if !figures.contains("pub fn figures() -> Vec<Figure>") {
            missing.push("figures.rs has no `pub fn figures() -> Vec<Figure>`".into());
        }
    }
    for (file, text, what) in FORBIDDEN {
        let held = std::fs::read_to_string(folder.join(file)).unwrap_or_default();
        if held.contains(text) {
            missing.push(format!("{file} holds {what}"));
        }
    }
    missing
}

fn lab_folders() -> BTreeMap<String, PathBuf> {
    let mut folders = Vec::new();
    plugin_folders(&src(), &mut folders);
    folders
        .into_iter()
        .map(|folder| {
            let plugin = std::fs::read_to_string(folder.join("plugin.rs")).unwrap();
            let name = lab_name(&plugin)
                .unwrap_or_else(|| panic!("{}/plugin.rs names no `const NAME`", folder.display()));
            (name, folder)
        })
        .collect()
}

#[test]
fn the_lab_folders_are_exactly_the_registrys_labs() {
    let mut found: Vec<String> = lab_folders().into_keys().collect();
    let mut built: Vec<String> = BUILT_LABS.iter().map(|s| s.to_string()).collect();
    found.sort();
    built.sort();
    assert_eq!(
        found, built,
        "folders with a plugin.rs (left) against the registry's BUILT_LABS (right)"
    );
}

#[test]
fn every_lab_folder_has_the_agreed_shape() {
    let root = src();
    let report: Vec<String> = lab_folders()
        .into_iter()
        .flat_map(|(name, folder)| {
            let at = folder
                .strip_prefix(&root)
                .unwrap_or(&folder)
                .display()
                .to_string();
            missing_in(&folder)
                .into_iter()
                .map(move |m| format!("{name} (core/src/{at}): {m}"))
        })
        .collect();
    assert!(
        report.is_empty(),
        "{} lab-shape gaps:\n  {}",
        report.len(),
        report.join("\n  ")
    );
}
