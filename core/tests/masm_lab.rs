//! The MaSM lab end to end through `sim::Run`: random workloads with scans, migrations and
//! crashes at random points over several seeds and variants (every answer equals a plain model,
//! every invariant holds after every step), determinism, the view layout and bad input.

// Test helpers outside #[test] functions may still fail loudly: this whole file is a test.
#![allow(clippy::expect_used, clippy::unwrap_used)]

mod masm_support;

use flashlab_core::plugin::LabSpec;
use std::collections::BTreeMap;

use flashlab_core::labs::KNOWN_LABS;
use flashlab_core::masm::lab::MasmLab;
use flashlab_core::scenario::parse_document;
use flashlab_core::sim::{Lab, Rng, Run};
use masm_support::{MAX_STEPS, body, error_of, lab, random_ops, run_body, scenario_files};
use serde_json::{Value, json};

/// The answers a plain map gives when every op runs alone, in order (closed loop): each scan
/// sees every update before it. Base rows: even keys with value 10 × key.
fn serial_answers(ops: &[Value], key_space: u64) -> Vec<Value> {
    let mut table: BTreeMap<u64, u64> = (0..key_space).step_by(2).map(|k| (k, k * 10)).collect();
    let mut out = Vec::new();
    for (i, op) in ops.iter().enumerate() {
        let key = op["key"].as_u64().unwrap_or(0);
        match op["op"].as_str().unwrap() {
            "insert" | "modify" => {
                table.insert(key, op["value"].as_u64().unwrap());
            }
            "delete" => {
                table.remove(&key);
            }
            "scan" => {
                let (from, to) = (op["from"].as_u64().unwrap(), op["to"].as_u64().unwrap());
                let rows: Vec<Value> = table.range(from..=to).map(|(k, v)| json!([k, v])).collect();
                out.push(json!({"op": i, "rows": rows}));
            }
            _ => {}
        }
    }
    out
}

fn check_run(run: &Run<MasmLab>, what: &str) {
    assert!(run.error().is_none(), "{what}: {:?}", run.error());
    for inv in run.invariants() {
        assert!(inv.ok, "{what}: {} failed: {}", inv.name, inv.detail);
    }
    let metrics: BTreeMap<&str, f64> = run
        .lab()
        .metrics()
        .iter()
        .map(|m| (m.name, m.value))
        .collect();
    assert_eq!(metrics["ops_completed"], metrics["ops_total"], "{what}");
}

const VARIANTS: [&str; 4] = ["2M", "M", "alphaM", "M-coalesce"];

fn params_for(variant: &str) -> Value {
    match variant {
        "2M" => json!({"variant": "2M", "m_pages": 4, "records_per_page": 2, "key_space": 40,
                       "keys_per_table_page": 4, "migration_threshold": 0.8}),
        "M" => json!({"variant": "M", "m_pages": 32, "records_per_page": 1, "key_space": 40,
                      "keys_per_table_page": 3, "migration_threshold": 0.5}),
        "alphaM" => json!({"variant": "alphaM", "alpha": 0.75, "m_pages": 32,
                           "records_per_page": 1, "key_space": 40, "keys_per_table_page": 5,
                           "granularity": "fine", "migration_threshold": 0.6}),
        _ => json!({"variant": "M", "m_pages": 32, "records_per_page": 1, "key_space": 40,
                    "keys_per_table_page": 4, "coalesce": true, "page_stealing": false,
                    "migration_threshold": 0.4}),
    }
}

#[test]
fn closed_loop_random_workloads_answer_like_a_serial_map_with_crashes_and_migrations() {
    for variant in VARIANTS {
        for seed in 1..=3u64 {
            let mut rng = Rng::new(seed * 101);
            let ops = random_ops(&mut rng, 400, 40, false);
            let what = format!("{variant} seed {seed}");
            let run = run_body(body(params_for(variant), &ops), seed);
            check_run(&run, &what);
            let expected = serial_answers(&ops, 40);
            let answers = run.lab().answers();
            assert_eq!(answers.len(), expected.len(), "{what}");
            for (got, want) in answers.iter().zip(&expected) {
                assert_eq!(got["op"], want["op"], "{what}");
                assert_eq!(got["rows"], want["rows"], "{what}: op {}", want["op"]);
            }
        }
    }
}

#[test]
fn concurrent_random_workloads_keep_every_invariant_after_every_step() {
    for variant in VARIANTS {
        for seed in 1..=4u64 {
            let mut rng = Rng::new(seed * 7919);
            let ops = random_ops(&mut rng, 400, 40, true);
            let what = format!("{variant} seed {seed} (concurrent)");
            let run = run_body(body(params_for(variant), &ops), seed);
            check_run(&run, &what);
            let scans = ops.iter().filter(|o| o["op"] == "scan").count();
            assert_eq!(run.lab().answers().len(), scans, "{what}");
        }
    }
}

#[test]
fn every_course_scenario_runs_with_all_invariants_ok_and_fits_a_browser() {
    let files = scenario_files();
    assert!(files.len() >= 8, "{files:?}");
    assert!(
        files
            .iter()
            .any(|(p, _)| p.ends_with("life-of-an-update.json"))
    );
    for (path, text) in files {
        let (header, body) = parse_document(&text, KNOWN_LABS).unwrap();
        assert_eq!(header.lab, "masm", "{path}");
        let mut run = Run::new(
            MasmLab::from_body(body.clone(), header.seed).unwrap(),
            MAX_STEPS,
        );
        run.run_to_end();
        check_run(&run, &path);
        assert!(
            run.step_index() <= 3_000,
            "{path}: {} steps",
            run.step_index()
        );
        let scans = run.lab().config().ops.iter().filter(|o| {
            matches!(
                o.kind,
                flashlab_core::masm::lab::workload::PlannedKind::Scan { .. }
            )
        });
        assert_eq!(run.lab().answers().len(), scans.count(), "{path}");
        if let Some(ops) = body["workload"]["ops"].as_array()
            && !ops.iter().any(|o| o.get("at_ns").is_some())
        {
            let key_space = body["params"]["key_space"].as_u64().unwrap();
            let expected = serial_answers(ops, key_space);
            for (got, want) in run.lab().answers().iter().zip(&expected) {
                assert_eq!(got["rows"], want["rows"], "{path}: op {}", want["op"]);
            }
        }
    }
}

fn generator_body(compare: bool) -> Value {
    json!({
        "params": {"variant": "M", "m_pages": 32, "records_per_page": 1, "key_space": 64,
                   "migration_threshold": 0.3, "compare": compare},
        "workload": {"generator": {"updates": 500, "scan_every": 25, "scan_keys": 12,
                                   "interarrival_ns": 300000}}
    })
}

#[test]
fn the_same_seed_gives_the_same_trace_hash_and_another_seed_does_not() {
    let a = run_body(generator_body(false), 3).state();
    let b = run_body(generator_body(false), 3).state();
    let c = run_body(generator_body(false), 4).state();
    assert_eq!(a, b);
    assert_ne!(a.trace_hash, c.trace_hash);
}

#[test]
fn seeking_reproduces_the_state_reached_by_stepping() {
    let mut reference = Run::new(lab(generator_body(false), 3), MAX_STEPS);
    let mut hashes = vec![reference.state().trace_hash];
    let mut metas = vec![reference.lab().view().meta];
    while reference.step(1) == 1 {
        hashes.push(reference.state().trace_hash);
        metas.push(reference.lab().view().meta);
    }
    let last = hashes.len() as u64 - 1;
    let mut run = Run::new(lab(generator_body(false), 3), MAX_STEPS);
    run.run_to_end();
    for target in [last / 2, 3, last, 700.min(last), 1, 0] {
        run.seek(target);
        assert_eq!(
            run.state().trace_hash,
            hashes[target as usize],
            "seek {target}"
        );
        assert_eq!(
            run.lab().view().meta,
            metas[target as usize],
            "seek {target}"
        );
    }
}

#[test]
fn the_view_carries_every_contract_field() {
    let run = run_body(generator_body(true), 2);
    check_run(&run, "compare");
    let view = run.lab().view();
    let meta = &view.meta;
    for key in [
        "variant",
        "alpha",
        "m_pages",
        "buffer_pages",
        "query_pages",
        "fan_in",
        "ssd_capacity_pages",
        "records_per_page",
        "records_per_granule",
        "granularity",
        "page_bytes",
        "record_bytes",
        "key_space",
        "keys_per_table_page",
        "table_pages",
        "cache_device",
        "theorem_writes_per_update",
        "migration_threshold",
        "now_ns",
        "clock_ts",
        "buffer",
        "flush",
        "runs",
        "scans",
        "migration",
        "memory",
        "writes",
        "log",
        "counts",
        "compare",
    ] {
        assert!(meta.get(key).is_some(), "meta.{key}");
    }
    assert_eq!(meta["variant"], "M");
    assert_eq!(meta["fan_in"], 13);
    assert_eq!(meta["table_pages"], 16);
    let hist = meta["writes"]["histogram"].as_array().unwrap();
    let flushed: u64 = hist.iter().map(|v| v.as_u64().unwrap()).sum();
    let stats = run.lab().masm().metrics();
    assert_eq!(flushed, stats.records_flushed);
    assert!(
        hist[1].as_u64().unwrap() > 0,
        "2-pass merges wrote records twice"
    );
    assert_eq!(hist[2], 0);
    let schemes: Vec<&str> = meta["compare"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["scheme"].as_str().unwrap())
        .collect();
    assert_eq!(schemes, ["masm", "in_place", "iu", "lsm"]);
    let series = |name: &str| masm_support::common::series(&view, name);
    assert_eq!(series("table_page_ts").len(), 16);
    assert_eq!(series("table_page_rows").len(), 16);
    assert_eq!(series("hdd_ops").len() % 4, 0);
    assert!(series("cache_ops").len() >= 4 && series("cache_ops").len() <= 256);
    let scans = run.lab().answers().len();
    for name in [
        "scan_ns_masm",
        "scan_ns_in_place",
        "scan_ns_iu",
        "scan_ns_lsm",
    ] {
        assert_eq!(series(name).len(), scans, "{name}");
    }
    let writes = series("writes_per_update");
    assert!(writes.len() >= 4 && writes.len() <= 256 && writes.len() % 2 == 0);
    let info = run.lab().info();
    assert!(info["constants"].as_array().unwrap().len() >= 20);
    assert_eq!(info["theorem"]["N"], 13);
    assert_eq!(info["theorem"]["K2"], 4);
    // Without compare the series are empty and meta.compare is null.
    let plain = run_body(generator_body(false), 2);
    assert!(plain.lab().view().meta["compare"].is_null());
    assert!(
        plain
            .lab()
            .view()
            .series
            .iter()
            .all(|s| !s.name.starts_with("scan_ns") || s.data.is_empty())
    );
}

#[test]
fn bad_bodies_are_rejected_with_the_exact_json_path() {
    let ops = |ops: Value| json!({"workload": {"ops": ops}});
    let with = |params: Value| json!({"params": params, "workload": {"ops": []}});
    let cases = [
        (
            ops(
                json!([{"op": "insert", "key": 1, "value": 1}, {"op": "delete", "key": 2},
                       {"op": "modify", "key": 4, "value": 2}, {"op": "insert", "key": 70, "value": 0}]),
            ),
            "workload.ops[3].key: 70 is outside the key space 0..64",
        ),
        (
            ops(json!([{"op": "insert", "key": 4, "value": 1}])),
            "workload.ops[0].key: key 4 is present at this point",
        ),
        (
            ops(json!([{"op": "delete", "key": 4}, {"op": "modify", "key": 4, "value": 1}])),
            "workload.ops[1].key: key 4 is absent at this point (modify needs a present key)",
        ),
        (
            ops(json!([{"op": "delete", "key": 5}])),
            "workload.ops[0].key: key 5 is absent at this point (delete needs a present key)",
        ),
        (
            ops(json!([{"op": "scan", "from": 9, "to": 5}])),
            "workload.ops[0].from: 9 is after to = 5",
        ),
        (
            ops(json!([{"op": "scan", "from": 9}])),
            "workload.ops[0].to: required by scan",
        ),
        (
            ops(json!([{"op": "crash", "key": 1}])),
            "workload.ops[0].key: not used by crash",
        ),
        (
            ops(json!([{"op": "insert", "key": "x"}])),
            "workload.ops[0].key: invalid type",
        ),
        (
            ops(json!([{"op": "jump"}])),
            "workload.ops[0].op: unknown variant `jump`",
        ),
        (
            ops(json!([{"op": "migrate", "colour": 1}])),
            "workload.ops[0].colour: unknown field `colour`",
        ),
        (
            with(json!({"variant": "alphaM"})),
            "params.alpha: required with variant alphaM",
        ),
        (
            with(json!({"variant": "M", "alpha": 1.0})),
            "params.alpha: only used with variant alphaM",
        ),
        (
            with(json!({"variant": "alphaM", "alpha": 0.5, "m_pages": 32})),
            "params.alpha: invalid MaSM configuration: α = 1/2 is below 2/M^(1/3) for M = 32",
        ),
        (
            with(json!({"m_pages": 100})),
            "params.m_pages: must be between 2 and 64 (got 100)",
        ),
        (
            with(json!({"iu_queue_depth": 0})),
            "params.iu_queue_depth: must be between 1 and 32 (got 0)",
        ),
        (
            with(json!({"iu_queue_depth": 33})),
            "params.iu_queue_depth: must be between 1 and 32 (got 33)",
        ),
        (
            with(json!({"buffer_pages": 3})),
            "params.buffer_pages: only used with variant M or alphaM",
        ),
        (
            with(json!({"variant": "M", "m_pages": 32, "fan_in": 40})),
            "params.fan_in: must be between 2 and 16 (got 40)",
        ),
        (
            with(json!({"m_pages": 64, "records_per_page": 32})),
            "params.records_per_page: M² × records per page = 131072 cached records",
        ),
        (
            with(json!({"key_space": 65536, "keys_per_table_page": 1})),
            "params.keys_per_table_page: the table would have 65536 pages",
        ),
        (
            with(json!({"migration_threshold": 0.0})),
            "params.migration_threshold: must be between",
        ),
        (
            with(json!({"variant": "3M"})),
            "params.variant: unknown variant `3M`",
        ),
        (
            json!({"device": {"hdd": "floppy"}, "workload": {"ops": []}}),
            "device.hdd: unknown HDD preset \"floppy\"",
        ),
        (
            json!({"device": {"cache": "tape"}, "workload": {"ops": []}}),
            "device.cache: unknown cache \"tape\"",
        ),
        (
            json!({"workload": {}}),
            "workload: give exactly one of `ops` and `generator`",
        ),
        (
            json!({"workload": {"generator": {"updates": 50000}}}),
            "workload.generator.updates: must be between 1 and 20000 (got 50000)",
        ),
        (
            json!({"workload": {"generator": {"updates": 10, "mix": {"insert": 0, "modify": 0, "delete": 0}}}}),
            "workload.generator.mix: the weights sum to 0",
        ),
    ];
    for (body, expected) in cases {
        let error = error_of(body.clone());
        assert!(
            error.starts_with(expected),
            "{body}: got {error:?}, want {expected:?}"
        );
    }
}

#[test]
fn a_generated_workload_is_well_formed_and_reaches_every_kind() {
    let run = run_body(generator_body(false), 9);
    check_run(&run, "generator");
    let kinds: std::collections::BTreeSet<String> = run
        .lab()
        .config()
        .ops
        .iter()
        .map(|o| {
            format!("{:?}", o.kind)
                .split([' ', '{'])
                .next()
                .unwrap()
                .to_string()
        })
        .collect();
    for k in ["Insert", "Modify", "Delete", "Scan"] {
        assert!(kinds.contains(k), "{kinds:?}");
    }
}
