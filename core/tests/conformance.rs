//! One conformance suite for every built lab and every course scenario, found by reading the
//! `scenarios/` folders (a new lab's files are checked without editing this file):
//!
//! 1. every scenario folder is a built lab, and every built lab has scenarios;
//! 2. every scenario runs to its end with every invariant holding (the kernel's time rule too),
//!    except a `broken-*` one (a protocol rule dropped on purpose, `params.drop_rule`), which
//!    runs to its end with some invariant FAILING: that is what it is there to show;
//! 3. the same seed gives the same trace hash, and another seed another (or, for a scenario the
//!    lab says is fully determined without its seed, the same one);
//! 4. seeking to any step and stepping on equals stepping from the start, with the same
//!    invariant ledger, answers and run error (also at the very end);
//! 5. each lab's event-kind table is well formed, and every event a run emits is in it;
//! 6. each scenario's trace hash equals the golden value in `tests/golden/trace_hashes.json`,
//!    so a behaviour change shows in review (`FLASHLAB_BLESS=1` rewrites the file).

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::collections::BTreeMap;

use flashlab_core::Session;
use flashlab_core::labs::{BUILT_LABS, PLUGINS};
use flashlab_core::sim::{EventKindInfo, Rng};

fn all_scenarios() -> Vec<(String, String)> {
    let mut out = Vec::new();
    for lab in common::scenario_labs() {
        for path in common::scenario_paths(&lab) {
            let name = path.file_stem().unwrap().to_string_lossy().into_owned();
            out.push((
                format!("{lab}/{name}"),
                std::fs::read_to_string(&path).unwrap(),
            ));
        }
    }
    out
}

/// `state()` without `totalSteps`, which a run knows only once it has reached its end.
fn position(s: &Session) -> serde_json::Value {
    let mut state = s.state_json();
    if let Some(object) = state.as_object_mut() {
        object.remove("totalSteps");
    }
    state
}

fn session(id: &str, text: &str, seed: Option<u64>) -> Session {
    Session::load(text, seed).unwrap_or_else(|e| panic!("{id}: {e}"))
}

#[test]
fn every_scenario_folder_is_a_built_lab_and_every_built_lab_has_scenarios() {
    let folders = common::scenario_labs();
    for folder in &folders {
        assert!(
            BUILT_LABS.contains(&folder.as_str()),
            "scenarios/{folder} is not a built lab"
        );
    }
    for lab in BUILT_LABS {
        assert!(
            folders.iter().any(|f| f == lab),
            "{lab} has no scenarios/{lab}/"
        );
        assert!(
            !common::scenario_paths(lab).is_empty(),
            "scenarios/{lab}/ is empty"
        );
    }
}

#[test]
fn every_scenario_runs_to_its_end_with_every_invariant_holding() {
    for (id, text) in all_scenarios() {
        let mut s = session(&id, &text, None);
        s.run_to_end();
        let run = s.run();
        assert!(run.is_done(), "{id}");
        assert!(run.error().is_none(), "{id}: {:?}", run.error());
        let broken = common::breaks_on_purpose(&text);
        let name = id.rsplit('/').next().unwrap_or(&id);
        assert_eq!(
            name.starts_with("broken-"),
            broken,
            "{id}: a scenario is named broken-* exactly when it sets params.drop_rule"
        );
        if broken {
            assert!(
                !run.all_invariants_ok(),
                "{id} drops a protocol rule but every invariant held: it shows nothing"
            );
        } else {
            assert!(run.all_invariants_ok(), "{id}: {:#?}", run.invariants());
        }
        assert!(
            run.invariants()
                .iter()
                .any(|r| r.name == "time_only_moves_forward"),
            "{id}: the kernel's time rule was not checked"
        );
        assert!(
            id.starts_with(s.header().lab.as_str()),
            "{id} is in the wrong folder"
        );
    }
}

#[test]
fn the_same_seed_gives_the_same_hash_and_another_seed_another() {
    for (id, text) in all_scenarios() {
        let hash = |seed: Option<u64>| {
            let mut s = session(&id, &text, seed);
            s.run_to_end();
            s.run().state().trace_hash
        };
        let loaded = session(&id, &text, None);
        let seed = loaded.header().seed;
        assert_eq!(hash(None), hash(Some(seed)), "{id}");
        assert_eq!(hash(None), hash(None), "{id}");
        if loaded.run().lab().seed_matters() {
            assert_ne!(
                hash(None),
                hash(Some(seed ^ 0x5EED)),
                "{id}: the seed changes nothing"
            );
        } else {
            assert_eq!(
                hash(None),
                hash(Some(seed ^ 0x5EED)),
                "{id}: said not to use its seed"
            );
        }
    }
}

#[test]
fn seeking_then_stepping_equals_stepping_from_the_start() {
    let mut rng = Rng::new(2026);
    for (id, text) in all_scenarios() {
        let mut reference = session(&id, &text, None);
        reference.run_to_end();
        let total = reference.run().step_index();
        let end = (
            position(&reference),
            reference.invariants_json(),
            reference.answers_json(),
        );
        let mut seeker = reference.clone();
        for _ in 0..3 {
            let k = rng.below(total + 1);
            seeker.seek(k);
            let mut stepped = session(&id, &text, None);
            stepped.step(k);
            if k == total {
                // A seek to the known end also attempts the step past it (so it learns `done`
                // and records an end-of-run error as stepping there does); so does a user who
                // presses "step" once more.
                stepped.step(1);
            }
            assert_eq!(position(&seeker), position(&stepped), "{id} at {k}");
            assert_eq!(
                seeker.invariants_json(),
                stepped.invariants_json(),
                "{id} at {k}"
            );
            assert_eq!(seeker.answers_json(), stepped.answers_json(), "{id} at {k}");
            seeker.step(total + 1 - k);
            let again = (
                position(&seeker),
                seeker.invariants_json(),
                seeker.answers_json(),
            );
            assert_eq!(again, end, "{id}: stepping on from {k}");
        }
        seeker.seek(0);
        seeker.seek(total);
        let at_end = (
            position(&seeker),
            seeker.invariants_json(),
            seeker.answers_json(),
        );
        assert_eq!(at_end, end, "{id}: seeking to the end");
    }
}

fn check_event_table(lab: &str, kinds: &[EventKindInfo]) {
    assert!(!kinds.is_empty(), "{lab}: no event kinds");
    let mut codes = std::collections::BTreeSet::new();
    for kind in kinds {
        assert!(codes.insert(kind.code), "{lab}: code {} twice", kind.code);
        assert!(
            !kind.name.is_empty() && !kind.text.is_empty(),
            "{lab}: kind {} unnamed",
            kind.code
        );
        for placeholder in placeholders(kind.text) {
            let problem = placeholder_problem(&placeholder, &kind.args);
            assert!(
                problem.is_none(),
                "{lab}: kind {} ({}) has placeholder {{{placeholder}}}: {}",
                kind.code,
                kind.name,
                problem.unwrap_or_default()
            );
        }
    }
}

/// The `{...}` groups of a narration sentence (web/src/sim/events.ts renders them).
fn placeholders(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        let Some(close) = rest[open..].find('}') else {
            found.push(rest[open + 1..].to_string());
            break;
        };
        found.push(rest[open + 1..open + close].to_string());
        rest = &rest[open + close + 1..];
    }
    found
}

/// Why a placeholder is malformed: `a`..`d` naming an argument, then nothing, `:one|many`, or
/// `=code:word,...` with integer codes.
fn placeholder_problem(placeholder: &str, args: &[&str; 4]) -> Option<String> {
    let mut chars = placeholder.chars();
    let slot = match chars.next() {
        Some(letter @ 'a'..='d') => letter as usize - 'a' as usize,
        _ => return Some("must start with a, b, c or d".into()),
    };
    if args[slot].is_empty() {
        return Some("narrates an argument the kind does not name".into());
    }
    let rest: String = chars.collect();
    if rest.is_empty() {
        return None;
    }
    if let Some(nouns) = rest.strip_prefix(':') {
        let parts: Vec<&str> = nouns.split('|').collect();
        return (parts.len() != 2 || parts.iter().any(|p| p.is_empty()))
            .then(|| "a plural form is `:singular|plural`".into());
    }
    if let Some(codes) = rest.strip_prefix('=') {
        let bad = codes.split(',').any(|entry| match entry.split_once(':') {
            Some((code, word)) => code.trim().parse::<u32>().is_err() || word.trim().is_empty(),
            None => true,
        });
        return bad.then(|| "a code list is `=1:word,2:word`".into());
    }
    Some("unknown form (expected {a}, {a:one|many} or {a=1:word,2:word})".into())
}

#[test]
fn every_event_kind_table_is_well_formed_and_covers_every_emitted_event() {
    let tables: BTreeMap<&str, &[EventKindInfo]> =
        PLUGINS.iter().map(|p| (p.name, p.event_kinds)).collect();
    for (lab, kinds) in &tables {
        check_event_table(lab, kinds);
    }
    for (id, text) in all_scenarios() {
        let mut s = session(&id, &text, None);
        let kinds = tables[s.header().lab.as_str()];
        while s.step(1) == 1 {
            for event in s.run().trace().recent() {
                assert!(
                    kinds.iter().any(|k| k.code == event.kind),
                    "{id}: event kind {} at step {} is not in the table",
                    event.kind,
                    event.step
                );
            }
        }
    }
}

#[test]
fn every_scenario_keeps_its_golden_trace_hash() {
    let path = common::repo_path("core/tests/golden/trace_hashes.json");
    let mut now = BTreeMap::new();
    for (id, text) in all_scenarios() {
        let mut s = session(&id, &text, None);
        s.run_to_end();
        now.insert(id, s.run().state().trace_hash);
    }
    let text = serde_json::to_string_pretty(&now).unwrap() + "\n";
    if std::env::var_os("FLASHLAB_BLESS").is_some() {
        std::fs::write(&path, &text).unwrap();
        return;
    }
    let golden: BTreeMap<String, String> = serde_json::from_str(
        &std::fs::read_to_string(&path).expect("golden file (FLASHLAB_BLESS=1 writes it)"),
    )
    .unwrap();
    let mut changed = Vec::new();
    for (id, hash) in &now {
        match golden.get(id) {
            Some(old) if old == hash => {}
            Some(old) => changed.push(format!("{id}: {old} -> {hash}")),
            None => changed.push(format!("{id}: new scenario, no golden hash")),
        }
    }
    for id in golden.keys().filter(|id| !now.contains_key(*id)) {
        changed.push(format!("{id}: golden hash of a scenario that is gone"));
    }
    assert!(
        changed.is_empty(),
        "trace hashes changed (say why in the commit, then FLASHLAB_BLESS=1):\n{}",
        changed.join("\n")
    );
}
