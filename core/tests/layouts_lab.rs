//! The layouts lab end to end: every layout, device and scheduler answers a scan exactly as the
//! plain in-memory table generated from the same seed does (the oracle), one I/O per step, and
//! bad input is rejected naming its JSON path.

#![allow(clippy::expect_used, clippy::unwrap_used)]

use flashlab_core::layouts::lab::LayoutsLab;
use flashlab_core::layouts::{Predicate, ScanQuery, Table, TableKind};
use flashlab_core::plugin::LabSpec;
use flashlab_core::sim::{Lab, TraceSink};
use serde_json::{Map, Value, json};

fn body(v: Value) -> Map<String, Value> {
    match v {
        Value::Object(m) => m,
        _ => unreachable!(),
    }
}

fn run(v: Value, seed: u64) -> LayoutsLab {
    let mut lab = LayoutsLab::from_body(body(v), seed).unwrap();
    let mut trace = TraceSink::default();
    let mut steps = 0;
    while lab.step(&mut trace).unwrap() {
        steps += 1;
        assert!(steps < 100_000, "the run ends");
        for check in lab.collect_checks() {
            assert!(check.ok, "{}: {}", check.name, check.detail);
        }
    }
    lab
}

fn oracle_rows(kind: TableKind, rows: u64, seed: u64, query: &ScanQuery) -> Vec<Vec<u64>> {
    Table::generate(kind, rows, seed)
        .oracle_scan(query)
        .into_iter()
        .map(|a| std::iter::once(a.row).chain(a.values).collect())
        .collect()
}

#[test]
fn every_layout_device_and_scheduler_answers_like_the_oracle() {
    let query = ScanQuery {
        columns: vec![3, 0, 5],
        predicate: Predicate {
            column: 0,
            low: 100_000,
            high: 400_001,
        },
    };
    let expected = oracle_rows(TableKind::Orders, 1500, 9, &query);
    assert!(!expected.is_empty());
    for layout in ["nsm", "dsm", "pax"] {
        for device in ["disk", "ssd_fast", "ssd_slow"] {
            for scheduler in ["noop", "cfq"] {
                let lab = run(
                    json!({
                        "table": {"kind": "orders", "rows": 1500},
                        "device": {"id": device},
                        "params": {"layout": layout, "io_unit_bytes": 4096,
                                   "read_ahead_bytes": 8192, "scheduler": scheduler},
                        "workload": {"ops": [
                            {"op": "scan", "columns": [3, 0, 5],
                             "predicate": {"column": 0, "from": 100000, "to": 400000}},
                            {"op": "scan", "columns": [3, 0, 5],
                             "predicate": {"column": 0, "from": 100000, "to": 400000}}
                        ]},
                        "sweep": {"enabled": false}
                    }),
                    9,
                );
                let answers = lab.answers();
                assert_eq!(answers.len(), 2, "{layout} {device} {scheduler}");
                for a in &answers {
                    let rows: Vec<Vec<u64>> = serde_json::from_value(a["rows"].clone()).unwrap();
                    assert_eq!(rows, expected, "{layout} {device} {scheduler}");
                }
            }
        }
    }
}

#[test]
fn one_step_completes_one_io_request() {
    let mut lab = LayoutsLab::from_body(
        body(json!({
            "table": {"kind": "orders", "rows": 3000},
            "params": {"layout": "dsm", "io_unit_bytes": 4096, "read_ahead_bytes": 8192},
            "workload": {"generator": {"projectivity": 7, "selectivity": 0.1}},
            "sweep": {"enabled": false}
        })),
        1,
    )
    .unwrap();
    let mut trace = TraceSink::default();
    let mut last_time = 0;
    while lab.step(&mut trace).unwrap() {
        let done = lab.run.queries[0].finished_ns.is_some();
        assert!(lab.run.steps <= lab.run.devices[0].requests);
        assert!(lab.now_ns() >= last_time, "time never goes back");
        last_time = lab.now_ns();
        if !done {
            assert_eq!(lab.recent.len() as u64, lab.run.steps.min(128));
        }
    }
    assert_eq!(
        lab.run.steps, lab.run.devices[0].requests,
        "every request completed"
    );
    assert!(
        !lab.step(&mut trace).unwrap(),
        "a finished run stays finished"
    );
}

#[test]
fn the_sweep_has_a_disk_crossover_and_none_on_flash() {
    let sweep = |device: &str| {
        let lab = LayoutsLab::from_body(
            body(json!({
                "table": {"kind": "lineitem", "rows": 100},
                "device": {"id": device},
                "workload": {"generator": {"projectivity": 16, "selectivity": 0.1}},
                "sweep": {"rows": 2000000}
            })),
            1,
        )
        .unwrap();
        lab.info()
    };
    let info = sweep("disk");
    // PAX is the third curve: one simulated time per k, the row store's I/O (so never below
    // the row time by more than rounding), and no model series.
    let pax = info["sweep"]["pax_s"].as_array().unwrap();
    assert_eq!(pax.len(), 16);
    let row = info["sweep"]["row_s"].as_f64().unwrap();
    assert!(
        pax.iter().all(|t| t.as_f64().unwrap() >= row * 0.999),
        "{pax:?} {row}"
    );
    // The paper's seek counts get the sweep's count beside them (6 MB read-ahead: E1 only).
    let points = info["paper_points"].as_array().unwrap();
    let e1 = points.iter().find(|p| p["id"] == "E1.seeks_100").unwrap();
    assert!(e1["simulated"].as_f64().unwrap() > 0.0, "{e1}");
    let disk = info["sweep"].clone();
    let fraction = disk["crossover_fraction"]
        .as_f64()
        .expect("a disk crossover");
    assert!((0.8..1.0).contains(&fraction), "{fraction}");
    assert!(disk["model_crossover_fraction"].as_f64().is_some());
    assert_eq!(disk["column_s"].as_array().unwrap().len(), 16);
    assert!(sweep("ssd_fast")["sweep"]["crossover_fraction"].is_null());
}

#[test]
fn bad_input_names_its_json_path() {
    let error = |v: Value| {
        LayoutsLab::from_body(body(v), 1)
            .expect_err("rejected")
            .to_string()
    };
    let ops = |op: Value| json!({"workload": {"ops": [op]}});
    let e = error(ops(
        json!({"op": "scan", "columns": [9], "predicate": {"column": 0, "from": 0, "to": 1}}),
    ));
    assert!(e.starts_with("workload.ops[0].columns[0]"), "{e}");
    let e = error(ops(
        json!({"op": "scan", "columns": [1], "predicate": {"column": 0, "from": 5, "to": 1}}),
    ));
    assert!(e.starts_with("workload.ops[0].predicate.to"), "{e}");
    // A repeated column would multiply the answer (fuzz input 840148: 3,000 rows × 50,000
    // projected columns took 4.4 GB); each column is projected once.
    let e = error(ops(
        json!({"op": "scan", "columns": [4, 1, 4], "predicate": {"column": 0, "from": 0, "to": 1}}),
    ));
    assert!(e.starts_with("workload.ops[0].columns[2]"), "{e}");
    assert!(e.contains("already projected at columns[0]"), "{e}");
    let e = error(
        json!({"params": {"io_unit_bytes": 1000}, "workload": {"generator": {"projectivity": 1, "selectivity": 0.1}}}),
    );
    assert!(e.starts_with("params.io_unit_bytes"), "{e}");
    let e = error(
        json!({"params": {"compression_ratio": 1.5}, "workload": {"generator": {"projectivity": 1, "selectivity": 0.1}}}),
    );
    assert!(e.starts_with("params.compression_ratio"), "{e}");
    let e = error(
        json!({"params": {"compression_ratio": 0.5, "compression_codec": true}, "workload": {"generator": {"projectivity": 1, "selectivity": 0.1}}}),
    );
    assert!(e.starts_with("params.compression_codec"), "{e}");
    let e = error(json!({"workload": {"generator": {"projectivity": 8, "selectivity": 0.1}}}));
    assert!(e.starts_with("workload.generator.projectivity"), "{e}");
    let e = error(json!({"params": {"index": true}, "workload": {"ops": [
        {"op": "scan", "columns": [1], "predicate": {"column": 2, "from": 0, "to": 1}}]}}));
    assert!(e.starts_with("workload.ops[0].predicate.column"), "{e}");
}

#[test]
fn a_raid0_stripe_unit_out_of_range_or_on_another_device_names_device_stripe_bytes() {
    let error = |device: Value| {
        let v = json!({"device": device,
                       "workload": {"generator": {"projectivity": 1, "selectivity": 0.1}}});
        LayoutsLab::from_body(body(v), 1)
            .map(|_| ())
            .map_err(|e| e.to_string())
    };
    for bad in [
        json!({"id": "raid0", "stripe_bytes": 2048}),
        json!({"id": "raid0", "stripe_bytes": 6144}),
        json!({"id": "raid0", "stripe_bytes": 8 * 1024 * 1024}),
        json!({"id": "disk", "stripe_bytes": 65536}),
    ] {
        let e = error(bad.clone()).expect_err("rejected");
        assert!(e.starts_with("device.stripe_bytes"), "{bad}: {e}");
    }
    assert!(error(json!({"id": "raid0", "stripe_bytes": 4096})).is_ok());
    assert!(error(json!({"id": "raid0"})).is_ok());
}

/// CPU time so far is booked in whole ns while the queries' CPU sums fractions, so "CPU time (all
/// queries)" once read −0.2 ns at step 40 of the RAID-0 scenario; at no step of any bundled
/// layouts scenario is it negative.
#[test]
fn cpu_time_is_never_negative_at_any_step_of_a_bundled_scenario() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../scenarios/layouts");
    let mut seen = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().and_then(|e| e.to_str()) != Some("json") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let mut s = flashlab_core::Session::load(&text, None).unwrap();
        let mut step = 0;
        loop {
            let m = s.metrics_json();
            let get = |name: &str| m[name].as_f64().unwrap_or_else(|| panic!("{name} in {m}"));
            let cpu = get("cpu_ms");
            assert!(cpu >= 0.0, "{}: step {step}: CPU {cpu} ms", path.display());
            if s.step(1) == 0 {
                break;
            }
            step += 1;
        }
        seen += 1;
    }
    assert!(seen >= 5, "bundled layouts scenarios found: {seen}");
}

/// The codec's pages are what the scan reads: with `compression_codec`, every file occupies
/// fewer device bytes than uncompressed, the answers still equal the oracle's (the run's checks),
/// and the row store reads fewer bytes than without it.
#[test]
fn the_codec_shrinks_every_file_and_the_scan_still_answers_like_the_oracle() {
    let scenario = |codec: bool| {
        json!({"table": {"kind": "orders", "rows": 3000},
               "params": {"layout": "nsm", "compression_codec": codec},
               "workload": {"generator": {"projectivity": 7, "selectivity": 0.1}}})
    };
    let (plain, packed) = (run(scenario(false), 4), run(scenario(true), 4));
    let bytes = |lab: &LayoutsLab| lab.run.devices[0].bytes;
    assert!(
        bytes(&packed) < bytes(&plain),
        "{} vs {}",
        bytes(&packed),
        bytes(&plain)
    );
    for (a, b) in plain.run.streams.iter().zip(&packed.run.streams) {
        assert!(
            b.io_page_bytes < a.io_page_bytes,
            "{} vs {}",
            b.io_page_bytes,
            a.io_page_bytes
        );
    }
    assert_eq!(
        plain.run.queries[0].answer.len(),
        packed.run.queries[0].answer.len()
    );
}
