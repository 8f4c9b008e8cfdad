//! The NAND lab through the run machinery: scenarios, determinism, step granularity, views,
//! and bad input.

mod common;

use flashlab_core::plugin::LabSpec;

use flashlab_core::device::nand::NandLab;
use flashlab_core::device::nand::lab::events;
use flashlab_core::labs::KNOWN_LABS;
use flashlab_core::scenario::parse_document;
use flashlab_core::sim::{Lab, Run};
use serde_json::{Value, json};

fn lab_from_text(text: &str, seed: Option<u64>) -> Result<NandLab, String> {
    let (header, body) = parse_document(text, KNOWN_LABS).map_err(|e| e.to_string())?;
    NandLab::from_body(body, seed.unwrap_or(header.seed)).map_err(|e| e.to_string())
}

fn lab_from(value: Value) -> Result<NandLab, String> {
    let mut doc = json!({"version": 1, "lab": "nand", "title": "t", "seed": 1});
    if let (Value::Object(d), Value::Object(b)) = (&mut doc, value) {
        d.extend(b);
    }
    lab_from_text(&doc.to_string(), None)
}

fn run_to_end(lab: NandLab) -> Run<NandLab> {
    let mut run = Run::new(lab, 100_000);
    run.run_to_end();
    run
}

#[test]
fn every_nand_scenario_runs_with_all_invariants_ok() {
    let files = common::scenario_paths("nand");
    assert!(files.len() >= 5);
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        let run = run_to_end(lab_from_text(&text, None).unwrap());
        let name = file.display();
        assert!(run.error().is_none(), "{name}: {:?}", run.error());
        assert!(
            run.step_index() <= 2_000,
            "{name}: {} steps",
            run.step_index()
        );
        for report in run.invariants() {
            assert!(
                report.ok,
                "{name}: {} failed: {}",
                report.name, report.detail
            );
            assert!(report.checks > 0);
        }
        // The lab's six, and the kernel's time rule.
        assert_eq!(run.invariants().len(), 7, "{name}");
        let reads = text.matches("\"read\"").count();
        assert_eq!(
            run.lab().answers().len(),
            reads,
            "{name}: one answer per read"
        );
    }
}

#[test]
fn same_seed_gives_the_same_trace_hash() {
    let text = std::fs::read_to_string(&common::scenario_paths("nand")[0]).unwrap();
    let hash = |seed| {
        run_to_end(lab_from_text(&text, Some(seed)).unwrap())
            .state()
            .trace_hash
    };
    assert_eq!(hash(5), hash(5));
    assert_ne!(hash(5), hash(6));
}

#[test]
fn one_step_is_one_ispp_pulse_while_programming() {
    let lab = lab_from(json!({
        "device": {"preset": "mlc", "wordlines": 1, "cells_per_wordline": 64},
        "workload": {"ops": [
            {"op": "program", "page": 0, "data": {"pattern": "random"}},
            {"op": "program", "page": 1, "data": {"pattern": "random"}},
            {"op": "read", "page": 1}
        ]}
    }))
    .unwrap();
    let mut run = Run::new(lab, 10_000);
    let mut pulses_per_step = Vec::new();
    let mut seen = 0u64;
    while run.step(1) == 1 {
        let events: Vec<_> = run
            .trace()
            .recent()
            .filter(|e| u64::from(e.step) == run.step_index())
            .cloned()
            .collect();
        pulses_per_step.push(events.iter().filter(|e| e.kind == events::PULSE).count());
        seen += events.len() as u64;
    }
    assert!(seen > 0);
    assert!(pulses_per_step.iter().all(|&n| n <= 1));
    let pulses: usize = pulses_per_step.iter().sum();
    let metrics = run.lab().metrics();
    let metric = |name: &str| metrics.iter().find(|m| m.name == name).unwrap().value;
    let loops = metric("mean_loops_lsb") + metric("mean_loops_msb");
    assert_eq!(pulses as f64, loops);
    // 2 program starts + pulses + 1 read.
    assert_eq!(run.step_index() as usize, 2 + pulses + 1);
    assert!(metric("mean_program_latency_us_msb") > metric("mean_program_latency_us_lsb"));
}

#[test]
fn view_series_have_the_documented_shapes() {
    let lab = lab_from(json!({
        "device": {"preset": "tlc", "wordlines": 2, "cells_per_wordline": 128},
        "workload": {"ops": [{"op": "program", "page": 0, "data": {"pattern": "random"}}]}
    }))
    .unwrap();
    let mut run = Run::new(lab, 10_000);
    run.step(4); // start + 3 pulses: a program in progress
    let view = run.lab().view();
    let series = |name: &str| common::series(&view, name);
    for name in [
        "vth_v",
        "programmed_vth_v",
        "state",
        "target_state",
        "target_verify_v",
        "inhibited",
    ] {
        assert_eq!(series(name).len(), 128, "{name}");
    }
    let meta = &view.meta;
    let bins = meta["histogram"]["bins"].as_u64().unwrap() as usize;
    let rows = meta["states"].as_array().unwrap().len();
    assert_eq!(meta["histogram"]["rows"].as_u64().unwrap() as usize, rows);
    assert_eq!(series("hist_edges_v").len(), bins + 1);
    assert_eq!(series("hist_counts").len(), rows * bins);
    assert_eq!(series("hist_counts").iter().sum::<f64>(), 128.0);
    assert_eq!(series("vpgm_staircase_v").len(), 3);
    assert!(series("inhibited").contains(&0.0));
    assert_eq!(meta["ispp"]["active"], true);
    assert_eq!(meta["ispp"]["loop"], 3);
    assert_eq!(series("rber_model_pe").len(), series("rber_model").len());
    assert_eq!(series("rber_model")[0], 0.0);
    assert_eq!(meta["levels"].as_array().unwrap().len(), 8);
    assert_eq!(meta["read_refs_v"].as_array().unwrap().len(), 7);
    let info = run.lab().info();
    assert!(info["constants"].as_array().unwrap().len() > 25);
}

#[test]
fn refusals_are_events_with_their_reason_and_the_run_goes_on() {
    let lab = lab_from(json!({
        "device": {"preset": "slc", "wordlines": 1, "cells_per_wordline": 16},
        "workload": {"ops": [
            {"op": "program", "page": 0, "data": {"hex": "00ff"}},
            {"op": "append", "page": 0, "offset_bits": 4, "data": {"hex": "f"}},
            {"op": "read", "page": 0}
        ]}
    }))
    .unwrap();
    let run = run_to_end(lab);
    let refused: Vec<_> = run
        .trace()
        .recent()
        .filter(|e| e.kind == events::REFUSED_BASE + 3)
        .collect();
    assert_eq!(refused.len(), 1);
    assert_eq!(
        refused[0].args[..2],
        [0, 4],
        "page 0, first cell that would lower: 4"
    );
    let answers = run.lab().answers();
    assert_eq!(answers[0]["bits"], "00ff");
    assert_eq!(answers[0]["bit_errors"], 0);
    assert_eq!(answers[0]["op"], 2);
    assert!(run.all_invariants_ok());
    assert!(
        run.lab().view().meta["last_refusal"]
            .as_str()
            .unwrap()
            .contains("lower cell 4")
    );
}

#[test]
fn bad_bodies_name_the_exact_json_path() {
    let device = json!({"preset": "mlc", "wordlines": 2, "cells_per_wordline": 64});
    let cases = [
        (
            json!({"device": device, "workload": {"ops": [{"op": "erase"}, {"op": "read", "page": 9}]}}),
            "workload.ops[1].page: must be between 0 and 3 (got 9)",
        ),
        (
            json!({"device": device, "workload": {"ops": [{"op": "read", "page": "x"}]}}),
            "workload.ops[0].page: invalid type: string \"x\", expected an unsigned integer",
        ),
        (
            json!({"device": device, "workload": {"ops": [{"op": "fly"}]}}),
            "workload.ops[0].op: unknown op \"fly\"",
        ),
        (
            json!({"device": device, "workload": {"ops": [{"page": 1}]}}),
            "workload.ops[0].op: missing (required)",
        ),
        (
            json!({"device": device, "workload": {"ops": [{"op": "read", "page": 0, "extra": 1}]}}),
            "workload.ops[0].extra: unknown field `extra`",
        ),
        (
            json!({"device": device, "workload": {"ops": [{"op": "program", "page": 0, "data": {"hex": "zz"}}]}}),
            "workload.ops[0].data.hex: 'z' is not a hex digit",
        ),
        (
            json!({"device": device, "workload": {"ops": [{"op": "program", "page": 0, "data": {"pattern": "stripes"}}]}}),
            "workload.ops[0].data.pattern: unknown variant `stripes`",
        ),
        (
            json!({"device": device, "workload": {"ops": [{"op": "append", "page": 0, "offset_bits": 0, "data": {"pattern": "zeros"}}]}}),
            "workload.ops[0].len_bits: required with a pattern",
        ),
        (
            json!({"device": device, "workload": {"ops": [{"op": "append", "page": 0, "offset_bits": 60, "len_bits": 8, "data": {"pattern": "zeros"}}]}}),
            "workload.ops[0].len_bits: must be between 1 and 4 (got 8)",
        ),
        (
            json!({"device": device, "workload": {"ops": [{"op": "set_ispp", "delta_vpgm_v": 2.0}]}}),
            "workload.ops[0].delta_vpgm_v: must be between 0.01 and 0.536 (got 2)",
        ),
        (
            json!({"device": device, "workload": {"ops": [{"op": "cycle", "count": 0}]}}),
            "workload.ops[0].count: must be between 1 and 1000000 (got 0)",
        ),
        (
            json!({"device": device, "workload": {"ops": [{"op": "retention", "hours": -1.0}]}}),
            "workload.ops[0].hours: must be above 0",
        ),
        (
            json!({"device": {"preset": "qlc"}, "workload": {"ops": []}}),
            "device.preset: unknown variant `qlc`",
        ),
        (
            json!({"device": {"preset": "slc", "cells_per_wordline": 12}, "workload": {"ops": []}}),
            "device.cells_per_wordline: must be a multiple of 8 (got 12)",
        ),
        (
            json!({"device": {"preset": "slc", "wordlines": 0}, "workload": {"ops": []}}),
            "device.wordlines: must be between 1 and 64 (got 0)",
        ),
        (
            json!({"device": {"preset": "slc"}}),
            "scenario: missing field `workload`",
        ),
        (
            // Found by fuzz_scenarios: serde read the array as the struct and named `workload.ops[0]`.
            json!({"device": {"preset": "slc"}, "workload": [[{"op": "read", "page": 0}]]}),
            "workload: expected an object",
        ),
    ];
    for (body, expected) in cases {
        let error = lab_from(body).unwrap_err();
        assert!(
            error.starts_with(expected),
            "expected {expected:?}, got {error:?}"
        );
    }
}

#[test]
fn cycling_flags_the_block_worn_out_past_its_endurance() {
    let lab = lab_from(json!({
        "device": {"preset": "tlc", "wordlines": 1, "cells_per_wordline": 64},
        "workload": {"ops": [{"op": "cycle", "count": 4000}, {"op": "cycle", "count": 1}]}
    }))
    .unwrap();
    let run = run_to_end(lab);
    let kinds: Vec<u32> = run.trace().recent().map(|e| e.kind).collect();
    assert_eq!(kinds, [events::CYCLE, events::WORN_OUT, events::CYCLE]);
    assert!(run.lab().block().worn_out());
    assert!(run.all_invariants_ok());
    assert!(run.state().sim_time_ns > 4000 * 3_000_000);
}

#[test]
fn body_schema_describes_every_op() {
    let schema = serde_json::to_string(&NandLab::body_schema()).unwrap();
    for op in [
        "program",
        "append",
        "read",
        "erase",
        "cycle",
        "retention",
        "set_ispp",
    ] {
        assert!(schema.contains(&format!("\"{op}\"")), "{op}");
    }
}
