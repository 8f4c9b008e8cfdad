//! The course scenarios in `scenarios/hdd`, determinism, and the errors bad input gets.

// Helpers outside #[test] functions may panic too: in a test, a panic is a failure report.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use flashlab_core::Session;
use flashlab_core::scenario::limits::{MAX_GENERATED_OPS, MAX_OPS};
use serde_json::{Value, json};

#[test]
fn every_scenario_in_scenarios_hdd_runs_with_all_invariants_ok() {
    let files = common::scenario_paths("hdd");
    assert!(files.len() >= 4, "{files:?}");
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        let mut session = Session::load(&text, None).unwrap_or_else(|e| panic!("{file:?}: {e}"));
        session.run_to_end();
        let run = session.run();
        assert!(run.error().is_none(), "{file:?}: {:?}", run.error());
        assert!(run.all_invariants_ok(), "{file:?}: {:?}", run.invariants());
        let report = session.report_json();
        assert_eq!(
            report["metrics"]["requests_completed"], report["metrics"]["requests_total"],
            "{file:?}"
        );
        // Small enough to step through in a browser.
        assert!(
            run.step_index() <= 5_000,
            "{file:?}: {} steps",
            run.step_index()
        );
    }
}

#[test]
fn default_scenario_exists_and_reads_are_answered_in_op_order() {
    assert!(
        common::repo_path("scenarios/hdd")
            .join("random-reads-sstf.json")
            .exists()
    );
    let text =
        std::fs::read_to_string(common::repo_path("scenarios/hdd").join("explicit-ops.json"))
            .unwrap();
    let mut session = Session::load(&text, None).unwrap();
    session.run_to_end();
    let doc: Value = serde_json::from_str(&text).unwrap();
    let ops = doc["workload"]["ops"].as_array().unwrap();
    let reads: Vec<usize> = (0..ops.len()).filter(|&i| ops[i]["op"] == "read").collect();
    let answers = session.answers_json();
    let answers = answers.as_array().unwrap();
    assert_eq!(answers.len(), reads.len());
    for (answer, &index) in answers.iter().zip(&reads) {
        assert_eq!(answer["op"], json!(index));
        assert_eq!(answer["kind"], "read");
        assert_eq!(answer["lba"], ops[index]["lba"]);
        let latency = answer["latency_ns"].as_u64().unwrap();
        let completed = answer["completed_ns"].as_u64().unwrap();
        assert!(latency > 0 && latency <= completed);
    }
}

fn hash_of(text: &str, seed: Option<u64>) -> String {
    let mut session = Session::load(text, seed).unwrap();
    session.run_to_end();
    session.run().state().trace_hash
}

#[test]
fn same_seed_gives_the_same_trace_hash_and_a_different_seed_a_different_one() {
    for file in common::scenario_paths("hdd") {
        let text = std::fs::read_to_string(&file).unwrap();
        assert_eq!(hash_of(&text, None), hash_of(&text, None), "{file:?}");
    }
    let text =
        std::fs::read_to_string(common::repo_path("scenarios/hdd").join("random-reads-fcfs.json"))
            .unwrap();
    assert_ne!(hash_of(&text, Some(1)), hash_of(&text, Some(2)));
}

#[test]
fn seeking_back_and_forth_reproduces_the_stepped_state() {
    let text =
        std::fs::read_to_string(common::repo_path("scenarios/hdd").join("scan-with-updates.json"))
            .unwrap();
    let mut reference = Session::load(&text, None).unwrap();
    let mut states = vec![(reference.state_json(), reference.view().meta)];
    while reference.step(1) == 1 {
        states.push((reference.state_json(), reference.view().meta));
    }
    let mut session = Session::load(&text, None).unwrap();
    session.run_to_end();
    let mut rng = flashlab_core::sim::Rng::new(3);
    for _ in 0..40 {
        let target = rng.below(states.len() as u64);
        session.seek(target);
        let (state, meta) = &states[target as usize];
        assert_eq!(
            session.state_json()["traceHash"],
            state["traceHash"],
            "step {target}"
        );
        assert_eq!(&session.view().meta, meta, "step {target}");
    }
}

fn scenario(device: Value, params: Value, workload: Value) -> String {
    json!({
        "version": 1, "lab": "hdd", "title": "t", "seed": 1,
        "device": device, "params": params, "workload": workload,
    })
    .to_string()
}

#[test]
fn bad_bodies_give_the_right_json_path() {
    let barracuda = json!({"preset": "barracuda-7200-200gb"});
    let random = json!({"kind": "random", "requests": 10});
    let ops = |lba: u64| {
        json!({"ops": [
            {"op": "read", "lba": 0}, {"op": "write", "lba": 8, "count": 8}, {"op": "read", "lba": lba}
        ]})
    };
    let cases: Vec<(String, &str)> = vec![
        (
            scenario(json!({"preset": "hdd-1990"}), json!({}), random.clone()),
            "device.preset: unknown preset \"hdd-1990\" (known: barracuda-7200-200gb, hdd-1980, hdd-2010, desktop-7200-2tb, seed001-barracuda-sata2)",
        ),
        (
            scenario(
                json!({"preset": "hdd-2010", "rpm": 10}),
                json!({}),
                random.clone(),
            ),
            "device.rpm: must be between 1000 and 20000 (got 10)",
        ),
        (
            scenario(
                json!({"preset": "hdd-2010", "rpm": "fast"}),
                json!({}),
                random.clone(),
            ),
            "device.rpm: invalid type",
        ),
        (
            scenario(
                json!({"preset": "hdd-2010", "platters": 2}),
                json!({}),
                random.clone(),
            ),
            "device.platters: unknown field",
        ),
        (
            scenario(
                json!({"preset": "hdd-1980", "outer_rate_mb_s": 0.01}),
                json!({}),
                random.clone(),
            ),
            "device: outer_rate_mb_s",
        ),
        (
            scenario(
                barracuda.clone(),
                json!({"scheduler": "clook"}),
                random.clone(),
            ),
            "params.scheduler: unknown variant `clook`",
        ),
        (
            scenario(barracuda.clone(), json!({"queue_depth": 0}), random.clone()),
            "params.queue_depth: must be between 1 and 1024",
        ),
        (
            scenario(barracuda.clone(), json!({}), ops(400_000_000)),
            "workload.ops[2].lba: 400000000 is beyond the end of the disk",
        ),
        (
            scenario(
                barracuda.clone(),
                json!({}),
                json!({"ops": [{"op": "read", "lba": 0}, {"op": "trim", "lba": 0}]}),
            ),
            "workload.ops[1].op: unknown variant `trim`, expected `read` or `write`",
        ),
        (
            scenario(
                barracuda.clone(),
                json!({}),
                json!({"ops": [{"op": "read", "lba": "x"}]}),
            ),
            "workload.ops[0].lba: invalid type: string \"x\", expected an unsigned integer",
        ),
        (
            scenario(
                barracuda.clone(),
                json!({}),
                json!({"ops": [{"op": "read", "lba": 0, "count": 0}]}),
            ),
            "workload.ops[0].count: must be between 1 and 131072",
        ),
        (
            scenario(
                barracuda.clone(),
                json!({}),
                json!({"ops": [{"op": "read", "lba": 0, "at_ns": 5}, {"op": "read", "lba": 0, "at_ns": 4}]}),
            ),
            "workload.ops[1].at_ns: 4 is earlier than ops[0].at_ns",
        ),
        (
            scenario(barracuda.clone(), json!({}), json!({"ops": []})),
            "workload.ops: needs at least one op",
        ),
        (
            scenario(barracuda.clone(), json!({}), json!({"kind": "random"})),
            "workload: missing field `requests`",
        ),
        (
            scenario(
                barracuda.clone(),
                json!({}),
                json!({"kind": "zigzag", "requests": 1}),
            ),
            "workload.kind: unknown variant `zigzag`",
        ),
        (
            scenario(
                barracuda.clone(),
                json!({}),
                json!({"kind": "random", "requests": 1, "request_bytes": 1000}),
            ),
            "workload.request_bytes: must be a multiple of 512",
        ),
        (
            scenario(
                barracuda.clone(),
                json!({}),
                json!({"kind": "random", "requests": 1, "span_bytes": 300_000_000_000u64}),
            ),
            "workload.span_bytes: the span ends at byte",
        ),
        (
            scenario(
                barracuda.clone(),
                json!({}),
                json!({"kind": "sequential_scan", "requests": 10, "read_fraction": 0.5}),
            ),
            "workload.read_fraction: only applies to kind random",
        ),
        (
            scenario(
                json!({"preset": "hdd-1980"}),
                json!({}),
                json!({"kind": "sequential_scan", "requests": 1000, "request_bytes": 1048576}),
            ),
            "workload.requests: 1000 requests of 1048576 bytes scan past the end of the span",
        ),
    ];
    for (text, expected) in cases {
        let error = common::error_of_text(&text);
        assert!(
            error.starts_with(expected),
            "expected {expected:?}\n     got {error:?}"
        );
    }
}

#[test]
fn over_limit_scenarios_are_rejected_with_the_limit_in_the_message() {
    let barracuda = json!({"preset": "barracuda-7200-200gb"});
    let too_many = scenario(
        barracuda.clone(),
        json!({}),
        json!({"kind": "random", "requests": MAX_GENERATED_OPS + 1}),
    );
    assert!(common::error_of_text(&too_many).contains(&MAX_GENERATED_OPS.to_string()));
    let ops: Vec<Value> = (0..=MAX_OPS)
        .map(|_| json!({"op": "read", "lba": 0}))
        .collect();
    let error = common::error_of_text(&scenario(barracuda.clone(), json!({}), json!({"ops": ops})));
    assert!(
        error.starts_with("workload.ops:") && error.contains(&MAX_OPS.to_string()),
        "{error}"
    );
    // A million 64 MiB reads on the 1980 disk would take years of simulated time.
    let slow = scenario(
        json!({"preset": "hdd-2010"}),
        json!({}),
        json!({"kind": "random", "requests": 1_000_000, "request_bytes": 67_108_864}),
    );
    let error = common::error_of_text(&slow);
    assert!(
        error.starts_with("workload: could need up to") && error.contains("86400 s"),
        "{error}"
    );
    let updates = scenario(
        barracuda,
        json!({}),
        json!({"kind": "scan_with_updates", "requests": 900_000, "request_bytes": 4096, "update_every": 1}),
    );
    assert!(common::error_of_text(&updates).contains(&MAX_GENERATED_OPS.to_string()));
}

#[test]
fn view_and_info_have_the_documented_layout() {
    let text =
        std::fs::read_to_string(common::repo_path("scenarios/hdd").join("random-reads-sstf.json"))
            .unwrap();
    let mut session = Session::load(&text, None).unwrap();
    session.step(301); // an arrival step in the middle of a service: busy and queue are set
    let view = session.view();
    let meta = &view.meta;
    for key in [
        "preset",
        "label",
        "now_ns",
        "cylinder_count",
        "head_count",
        "rpm",
        "revolution_ns",
        "platter_angle",
        "head_cylinder",
        "head",
        "scheduler",
        "queue_depth",
        "busy",
        "queue",
        "queue_length",
        "last_decision",
        "counts",
        "done",
    ] {
        assert!(meta.get(key).is_some(), "meta.{key}");
    }
    let angle = meta["platter_angle"].as_f64().unwrap();
    assert!((0.0..1.0).contains(&angle));
    let busy = &meta["busy"];
    assert!(["seek", "rotate", "transfer"].contains(&busy["phase"].as_str().unwrap()));
    let progress = busy["phase_progress"].as_f64().unwrap();
    assert!((0.0..=1.0).contains(&progress));
    let now = meta["now_ns"].as_u64().unwrap();
    assert!(busy["start_ns"].as_u64().unwrap() <= now && now <= busy["end_ns"].as_u64().unwrap());
    assert!(meta["queue"].as_array().unwrap().len() <= 64);
    let names: Vec<&str> = view.series.iter().map(|s| s.name).collect();
    assert_eq!(
        names,
        [
            "latency_histogram_counts",
            "latency_histogram_edges_ms",
            "throughput_time_ms",
            "throughput_mb_s",
            "recent_cylinder",
            "recent_latency_ms",
        ]
    );
    let len = |name: &str| common::series(&view, name).len();
    assert_eq!(len("latency_histogram_counts"), 40);
    assert_eq!(len("latency_histogram_edges_ms"), 41);
    assert_eq!(len("throughput_time_ms"), len("throughput_mb_s"));
    assert!(len("throughput_mb_s") <= 64);
    assert_eq!(len("recent_cylinder"), len("recent_latency_ms"));
    assert!(len("recent_cylinder") <= 200);
    let info = session.info_json();
    let lab_info = &info["lab_info"];
    let constants = lab_info["constants"].as_array().unwrap();
    assert_eq!(constants.len(), 13);
    for c in constants {
        for key in ["key", "label", "value", "unit", "tag", "source"] {
            assert!(c.get(key).is_some(), "constant without {key}: {c}");
        }
    }
    assert_eq!(lab_info["scheduler"]["name"], "sstf");
    assert_eq!(info["eventKinds"].as_array().unwrap().len(), 6);
}
