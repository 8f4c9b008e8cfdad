//! The CLI contract (DESIGN §3.2): JSON on stdout, exit codes 0/1/2, one-line errors naming the
//! JSON path.

// Test helpers outside #[test] functions may still fail loudly: this whole file is a test.
#![allow(clippy::expect_used, clippy::unwrap_used)]

use std::path::PathBuf;
use std::process::{Command, Output};

fn flashlab(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_flashlab"))
        .args(args)
        .output()
        .expect("run flashlab")
}

fn repo_path(relative: &str) -> String {
    let mut path = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    path.pop();
    path.push(relative);
    path.to_string_lossy().into_owned()
}

fn write_temp(name: &str, text: &str) -> String {
    let path =
        std::env::temp_dir().join(format!("flashlab-cli-test-{}-{name}", std::process::id()));
    std::fs::write(&path, text).expect("write temp scenario");
    path.to_string_lossy().into_owned()
}

fn first_scenario() -> String {
    let dir = repo_path("scenarios/hdd");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("scenarios/hdd exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    files
        .first()
        .expect("at least one hdd scenario")
        .to_string_lossy()
        .into_owned()
}

#[test]
fn run_prints_the_report_object_with_every_contract_field() {
    let output = flashlab(&["run", &first_scenario()]);
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).expect("stdout is JSON");
    for field in [
        "lab",
        "title",
        "seed",
        "core_version",
        "trace_hash",
        "steps",
        "sim_time_ns",
        "metrics",
        "invariants",
        "answers",
    ] {
        assert!(report.get(field).is_some(), "missing field {field}");
    }
    assert_eq!(report["trace_hash"].as_str().map(str::len), Some(16));
    assert!(report["metrics"].is_object());
    for invariant in report["invariants"].as_array().expect("invariants array") {
        assert_eq!(invariant["ok"], true, "{invariant}");
        assert!(invariant["checks"].as_u64().unwrap_or(0) > 0);
    }
}

#[test]
fn run_is_deterministic_and_the_seed_flag_changes_the_trace() {
    let file = first_scenario();
    let hash = |args: &[&str]| {
        let output = flashlab(args);
        let report: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
        report["trace_hash"].as_str().expect("hash").to_string()
    };
    let a = hash(&["run", &file]);
    assert_eq!(a, hash(&["run", &file]));
    assert_ne!(a, hash(&["run", &file, "--seed", "987654321"]));
}

#[test]
fn bad_input_exits_2_with_one_line_naming_the_path() {
    let cases = [
        (
            "not-json.json",
            "{\"version\": 1,",
            "scenario: not valid JSON",
        ),
        (
            "bad-seed.json",
            r#"{"version":1,"lab":"hdd","title":"t","seed":"x"}"#,
            "seed: expected an unsigned integer",
        ),
        (
            "bad-lab.json",
            r#"{"version":1,"lab":"tape","title":"t","seed":1}"#,
            "lab: unknown lab \"tape\"",
        ),
    ];
    for (name, text, expected) in cases {
        let output = flashlab(&["run", &write_temp(name, text)]);
        assert_eq!(output.status.code(), Some(2), "{name}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.starts_with(expected), "{name}: {stderr}");
        assert_eq!(
            stderr.trim_end().lines().count(),
            1,
            "{name}: one line: {stderr}"
        );
        assert!(output.stdout.is_empty());
    }
    let missing = flashlab(&["run", "/nonexistent/scenario.json"]);
    assert_eq!(missing.status.code(), Some(2));
}

#[test]
fn check_validates_without_running() {
    let output = flashlab(&["check", &first_scenario()]);
    assert_eq!(output.status.code(), Some(0));
    let output = flashlab(&["check", &write_temp("v.json", r#"{"version":3}"#)]);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).starts_with("version: unsupported version 3"));
}

#[test]
fn unknown_command_is_bad_input() {
    assert_eq!(flashlab(&["frobnicate"]).status.code(), Some(2));
}

#[test]
fn reproduce_lists_claims_with_paper_and_simulated_values() {
    let output = flashlab(&["reproduce", "--json"]);
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    let claims = report["claims"].as_array().expect("array");
    assert!(!claims.is_empty());
    let reproductions = claims
        .iter()
        .filter(|c| c["kind"] == "reproduction")
        .count();
    assert_eq!(report["summary"]["reproductions"], reproductions);
    for claim in claims {
        for field in [
            "id",
            "claim",
            "paper_value",
            "simulated_value",
            "error_pct",
            "pass",
            "method",
            "kind",
            "judgement",
            "differences",
            "miss_reason",
            "scenario",
        ] {
            assert!(claim.get(field).is_some(), "{field} in {claim}");
        }
    }
    let all_pass = claims.iter().all(|c| c["pass"] == true);
    assert_eq!(output.status.code(), Some(if all_pass { 0 } else { 1 }));
}

#[test]
fn every_masm_scenario_runs_through_the_cli_with_exit_0_and_its_answers() {
    let dir = repo_path("scenarios/masm");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("scenarios/masm exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    assert!(files.len() >= 8);
    for file in files {
        let path = file.to_string_lossy().into_owned();
        let output = flashlab(&["run", &path]);
        assert_eq!(
            output.status.code(),
            Some(0),
            "{path}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        let report: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
        assert_eq!(report["lab"], "masm", "{path}");
        assert!(
            report["invariants"]
                .as_array()
                .expect("invariants")
                .iter()
                .all(|i| i["ok"] == true),
            "{path}"
        );
        let answers = report["answers"].as_array().expect("answers");
        assert!(!answers.is_empty(), "{path}");
        assert!(answers.iter().all(|a| a["kind"] == "scan"), "{path}");
    }
}

#[test]
fn a_bad_masm_op_exits_2_naming_the_op_and_field() {
    let text = r#"{"version":1,"lab":"masm","title":"t","seed":1,
        "workload":{"ops":[{"op":"insert","key":1,"value":5},{"op":"scan","from":0,"to":3},
                           {"op":"modify","key":70,"value":1}]}}"#;
    let output = flashlab(&["run", &write_temp("masm-bad.json", text)]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(
        stderr.trim_end(),
        "workload.ops[2].key: 70 is outside the key space 0..64"
    );
}
