//! The SSD lab end to end through `flashlab_core::sim::Run`: course scenarios, answers against a
//! plain reference model, determinism of the trace hash, seeking, the view layout and bad input.

// Test helpers outside #[test] functions may still fail loudly: this whole file is a test.
#![allow(clippy::expect_used, clippy::unwrap_used)]

mod common;

use flashlab_core::plugin::LabSpec;

use flashlab_core::device::ssd::SsdLab;
use flashlab_core::labs::KNOWN_LABS;
use flashlab_core::scenario::parse_document;
use flashlab_core::sim::{Lab, Run};
use serde_json::{Value, json};

/// The answers a plain model gives: per read op, the index of the last write covering its LBA.
fn reference_answers(ops: &[Value], filled: u64) -> Vec<Value> {
    let mut last: std::collections::BTreeMap<u64, Option<u64>> = std::collections::BTreeMap::new();
    let mut answers = Vec::new();
    for (i, op) in ops.iter().enumerate() {
        let lba = op["lba"].as_u64().unwrap();
        let count = op["count"].as_u64().unwrap_or(1);
        match op["op"].as_str().unwrap() {
            "write" => (lba..lba + count).for_each(|l| {
                last.insert(l, Some(i as u64));
            }),
            "trim" => (lba..lba + count).for_each(|l| {
                last.insert(l, None);
            }),
            _ => {
                let mut answer = json!({"op": i, "kind": "read", "lba": lba});
                match last.get(&lba) {
                    Some(Some(v)) => answer["version"] = json!(v),
                    Some(None) => answer["version"] = Value::Null,
                    None if lba < filled => {
                        answer["preconditioned"] = json!(true);
                        answer["version"] = Value::Null;
                    }
                    None => answer["version"] = Value::Null,
                }
                answers.push(answer);
            }
        }
    }
    answers
}

#[test]
fn every_course_scenario_runs_with_all_invariants_ok() {
    let files = common::scenario_files("ssd");
    assert!(files.len() >= 4, "{files:?}");
    for (path, text) in files {
        let (header, body) = parse_document(&text, KNOWN_LABS).unwrap();
        assert_eq!(header.lab, "ssd", "{path}");
        let mut run = Run::new(
            SsdLab::from_body(body.clone(), header.seed).unwrap(),
            common::MAX_STEPS,
        );
        run.run_to_end();
        assert!(run.error().is_none(), "{path}: {:?}", run.error());
        assert!(run.all_invariants_ok(), "{path}: {:?}", run.invariants());
        assert!(
            run.step_index() <= 5_001,
            "{path}: {} steps",
            run.step_index()
        );
        assert!(
            run.invariants()
                .iter()
                .all(|i| i.checks == run.step_index())
        );
        if let Some(ops) = body["workload"]["ops"].as_array() {
            let fill = body["workload"]["fill_fraction"].as_f64().unwrap_or(0.0);
            let logical = run.lab().ftl().geometry.logical_pages;
            let filled = (f64::from(logical) * fill).floor() as u64;
            assert_eq!(
                run.lab().answers(),
                reference_answers(ops, filled),
                "{path}"
            );
            assert!(run.lab().ftl().counters.erases > 0, "{path}: GC never ran");
        }
    }
}

#[test]
fn random_explicit_ops_answer_like_a_plain_map_through_gc() {
    let mut rng = flashlab_core::sim::Rng::new(5);
    for round in 0..4 {
        let mut ops = Vec::new();
        for _ in 0..1_500 {
            let lba = rng.below(150);
            ops.push(match rng.below(10) {
                0 => json!({"op": "trim", "lba": lba, "count": 1 + rng.below(4)}),
                1..=3 => json!({"op": "read", "lba": lba}),
                _ => json!({"op": "write", "lba": lba, "count": 1 + rng.below(3)}),
            });
        }
        let policy = ["greedy", "cost_benefit", "fifo", "greedy"][round];
        let body = json!({
            "device": {"channels": 2, "dies_per_channel": 2, "blocks_per_plane": 12,
                       "pages_per_block": 8, "over_provisioning": 0.4},
            "params": {"gc_policy": policy, "static_wear_leveling": round == 3,
                       "static_wear_threshold": 2, "gc_high_watermark_blocks": 3},
            "workload": {"queue_depth": 1 + round as u32 * 3, "ops": ops.clone()},
        });
        let run = common::run_body::<SsdLab>(body, round as u64);
        assert!(run.all_invariants_ok(), "{policy}: {:?}", run.invariants());
        assert_eq!(run.lab().answers(), reference_answers(&ops, 0), "{policy}");
        assert!(
            run.lab().ftl().counters.erases > 50,
            "{policy}: GC barely ran"
        );
    }
}

fn generator_body() -> Value {
    json!({"workload": {"fill_fraction": 0.9, "warmup_writes": 5000, "queue_depth": 8,
        "generator": {"pattern": "hot_cold", "requests": 800, "read_fraction": 0.3,
                      "trim_fraction": 0.05}}})
}

#[test]
fn the_same_seed_gives_the_same_trace_hash_and_another_seed_does_not() {
    let a = common::run_body::<SsdLab>(generator_body(), 3).state();
    let b = common::run_body::<SsdLab>(generator_body(), 3).state();
    let c = common::run_body::<SsdLab>(generator_body(), 4).state();
    assert_eq!(a, b);
    assert_ne!(a.trace_hash, c.trace_hash);
}

#[test]
fn seeking_reproduces_the_state_reached_by_stepping() {
    let mut reference = Run::new(
        common::lab::<SsdLab>(generator_body(), 3),
        common::MAX_STEPS,
    );
    let mut hashes = vec![reference.state().trace_hash];
    while reference.step(1) == 1 {
        hashes.push(reference.state().trace_hash);
    }
    let mut run = Run::new(
        common::lab::<SsdLab>(generator_body(), 3),
        common::MAX_STEPS,
    );
    run.run_to_end();
    for target in [1_500u64, 3, 700, 1_599, 64, 0] {
        run.seek(target);
        assert_eq!(
            run.state().trace_hash,
            hashes[target as usize],
            "seek {target}"
        );
    }
}

#[test]
fn the_view_has_one_value_per_page_and_per_block() {
    let run = common::run_body::<SsdLab>(generator_body(), 1);
    let view = run.lab().view();
    let g = run.lab().ftl().geometry;
    let series = |name: &str| common::series(&view, name);
    assert_eq!(series("page_state").len(), g.physical_pages() as usize);
    assert!(
        series("page_state")
            .iter()
            .all(|&x| x == 0.0 || x == 1.0 || x == 2.0)
    );
    let valid_pages = series("page_state").iter().filter(|&&x| x == 1.0).count();
    assert_eq!(valid_pages as u32, run.lab().ftl().mapped_pages());
    for name in ["block_state", "erase_count", "valid_count"] {
        assert_eq!(series(name).len(), g.blocks() as usize, "{name}");
    }
    assert_eq!(series("die_timeline").len() % 4, 0);
    assert_eq!(series("die_busy_until_us").len(), g.dies() as usize);
    assert_eq!(series("channel_busy_until_us").len(), g.channels as usize);
    assert!(series("wa_over_time").len() >= 2);
    assert_eq!(view.meta["geometry"]["blocks"], json!(g.blocks()));
    assert_eq!(
        view.meta["write_points"].as_array().unwrap().len(),
        g.dies() as usize
    );
    assert!(
        view.meta["last_gc"]["reason"]
            .as_str()
            .unwrap()
            .starts_with("greedy")
    );
    let info = run.lab().info();
    assert!(info["constants"].as_array().unwrap().len() >= 16);
}

#[test]
fn bad_bodies_are_rejected_with_the_exact_json_path() {
    let ops = |ops: Value| json!({"workload": {"ops": ops}});
    let cases = [
        (json!({}), "scenario: missing field `workload`"),
        (
            json!({"device": {"over_provisioning": 1.5}, "workload": {"ops": []}}),
            "device.over_provisioning: must be between 0 and 0.9 (got 1.5)",
        ),
        (
            json!({"device": {"preset": "x25f"}, "workload": {"ops": []}}),
            "device.preset: unknown variant `x25f`",
        ),
        (
            ops(json!([{"op": "write", "lba": 0}, {"op": "read", "lba": 1},
                       {"op": "write", "lba": 20000}])),
            "workload.ops[2].lba: must be between 0 and 14744 (got 20000)",
        ),
        (
            ops(json!([{"op": "write", "lba": 14740, "count": 10}])),
            "workload.ops[0].count: must be between 1 and 5 (got 10)",
        ),
        (
            ops(json!([{"op": "read", "lba": 3, "count": 2}])),
            "workload.ops[0].count: a read takes one page: remove count",
        ),
        (
            ops(json!([{"op": "erase", "lba": 3}])),
            "workload.ops[0].op: unknown variant `erase`",
        ),
        (
            ops(json!([{"op": "read", "lba": "x"}])),
            "workload.ops[0].lba: invalid type: string \"x\", expected an unsigned integer",
        ),
        (
            json!({"workload": {"ops": [], "generator": {"pattern": "uniform", "requests": 1}}}),
            "workload: give exactly one of `ops` and `generator`",
        ),
        (
            json!({"workload": {"generator": {"pattern": "uniform", "requests": 0}}}),
            "workload.generator.requests: must be between 1 and 1000000 (got 0)",
        ),
        (
            json!({"device": {"over_provisioning": 0.01}, "workload": {"ops": []}}),
            "device.over_provisioning: leaves 164 spare pages; GC needs more than 768",
        ),
        (
            json!({"device": {"blocks_per_plane": 65536}, "workload": {"ops": []}}),
            "device.blocks_per_plane: the device has 16777216 physical pages",
        ),
        (
            json!({"params": {"gc_low_watermark_blocks": 1}, "workload": {"ops": []}}),
            "params.gc_low_watermark_blocks: must be between 2 and 32 (got 1)",
        ),
        (
            json!({"workload": {"warmup_writes": 10, "ops": []}}),
            "workload.warmup_writes: needs workload.fill_fraction > 0",
        ),
        (
            json!({"workload": {"ops": [], "extra": 1}}),
            "workload.extra: unknown field `extra`",
        ),
    ];
    for (body, expected) in cases {
        let error = common::error_of::<SsdLab>(body.clone());
        assert!(
            error.starts_with(expected),
            "{body}\n  got:  {error}\n  want: {expected}"
        );
    }
}

#[test]
fn the_body_schema_names_every_definition_with_the_ssd_prefix() {
    let schema = serde_json::to_value(SsdLab::body_schema()).unwrap();
    let definitions = schema["definitions"].as_object().unwrap();
    assert!(definitions.len() >= 8);
    for name in definitions.keys() {
        assert!(
            name.starts_with("Ssd"),
            "{name} would collide with other labs' definitions"
        );
    }
    let combined =
        flashlab_core::scenario::schema::combined_schema(&[("ssd", SsdLab::body_schema())]);
    assert_eq!(combined["oneOf"][0]["properties"]["lab"]["const"], "ssd");
    assert!(
        combined["oneOf"][0]["required"]
            .as_array()
            .unwrap()
            .contains(&json!("workload"))
    );
}
