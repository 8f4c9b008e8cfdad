//! The flashlog lab through its scenario format: validation names the field, the recovery
//! answer agrees with a plain model of what was acknowledged at every crash instant of a sweep,
//! the ideal disk visibly loses acknowledged commits (reported, not a lab failure), and
//! Append/Pack reads answer the last written version through packing.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use flashlab_core::Session;
use serde_json::{Value, json};

fn doc(body: Value) -> String {
    let mut d = json!({"version": 1, "lab": "flashlog", "title": "t", "seed": 3});
    if let (Value::Object(d), Value::Object(b)) = (&mut d, body) {
        d.extend(b);
    }
    d.to_string()
}

fn error(body: Value) -> String {
    Session::load(&doc(body), None)
        .map(|_| ())
        .unwrap_err()
        .to_string()
}

fn finished(body: Value) -> Session {
    let mut s = Session::load(&doc(body), None).unwrap();
    s.run_to_end();
    s
}

fn recovery(s: &Session) -> Value {
    s.answers_json()
        .as_array()
        .and_then(|a| a.iter().find(|x| x["kind"] == "recover").cloned())
        .expect("a recovery answer")
}

#[test]
fn bad_input_names_the_field() {
    let usb = json!({"config": "flashlogging", "drives": ["usb-a", "usb-z"]});
    let e = error(json!({"log": usb, "workload": {"generator": {"transactions": 5}}}));
    assert!(e.starts_with("log.drives[1]:"), "{e}");
    let ops = json!([{"op": "commit", "txn": 1, "bytes": 100}, {"op": "commit", "txn": 2}]);
    let e = error(json!({"log": {"config": "disk"}, "workload": {"ops": ops}}));
    assert!(e.starts_with("workload.ops[1].bytes:"), "{e}");
    let ops = json!([{"op": "commit", "txn": 1, "bytes": 100}, {"op": "recover"}]);
    let e = error(json!({"log": {"config": "disk"}, "workload": {"ops": ops}}));
    assert!(e.starts_with("workload.ops[1]:"), "{e}");
    let ops = json!([{"op": "write", "page": 99}]);
    let e = error(json!({"mode": "append_pack", "workload": {"ops": ops}}));
    assert!(e.starts_with("workload.ops[0].page:"), "{e}");
    let e = error(json!({"log": {"config": "disk", "stripe_bytes": 4096},
                         "workload": {"generator": {"transactions": 5}}}));
    assert!(e.starts_with("log.stripe_bytes:"), "{e}");
    let usb = json!({"config": "flashlogging", "drives": ["usb-a"], "flash_capacity_bytes": 65536});
    let e = error(json!({"log": usb, "workload": {"generator": {"transactions": 5}}}));
    assert!(e.starts_with("log.flash_capacity_bytes:"), "{e}");
    for bytes in [1024u64, 65_537, 1 << 40] {
        let usb = json!({"config": "flashlogging", "drives": ["usb-a"], "archival_hdd": true,
                         "flash_capacity_bytes": bytes});
        let e = error(json!({"log": usb, "workload": {"generator": {"transactions": 5}}}));
        assert!(e.starts_with("log.flash_capacity_bytes:"), "{bytes}: {e}");
    }
}

/// The bundled scenario with flash that fills: the drives log more than they hold, the archive
/// frees them, and the recovery after the crash reads the log's start from the archive.
#[test]
fn flash_that_fills_is_freed_by_the_archive_and_recovery_reads_the_archive() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../scenarios/flashlog/flash-fills-and-is-archived.json"
    ))
    .unwrap();
    let mut s = Session::load(&text, None).unwrap();
    s.run_to_end();
    let meta = s.view().meta;
    let log = &meta["logging"];
    let recovered = &log["recovered"];
    assert_eq!(recovered["acked_lost"], 0, "{recovered}");
    let from_archive = recovered["from_archive_bytes"].as_u64().unwrap();
    let end = recovered["recovered_end"].as_u64().unwrap();
    let lanes = log["lanes"].as_array().unwrap();
    let capacity: u64 = lanes
        .iter()
        .filter_map(|l| l["capacity_bytes"].as_u64())
        .sum();
    assert!(end > capacity, "logged {end} B on {capacity} B of flash");
    assert!(from_archive > 0, "{recovered}");
    assert!(
        lanes
            .iter()
            .filter(|l| l["capacity_bytes"].is_u64())
            .all(|l| l["freed_bytes"].as_u64() > Some(0))
    );
    let checks = s.invariants_json();
    assert!(
        checks.as_array().unwrap().iter().all(|c| c["ok"] == true),
        "{checks}"
    );
    // The numbers the lab's "what to watch" paragraph quotes (web/src/labs/flashlog/narration.ts).
    println!(
        "archived {} in {} writes, {} stalls, from archive {from_archive}, end {end}, lanes {}",
        log["archived_upto"],
        log["archive_writes"],
        log["space_stalls"],
        lanes
            .iter()
            .map(|l| format!(
                "{}: used {} freed {}",
                l["name"], l["used_bytes"], l["freed_bytes"]
            ))
            .collect::<Vec<_>>()
            .join("; ")
    );
}

/// A crash at each of many instants of a generated run: the recovery answer holds every
/// transaction acknowledged before the crash, as a gapless prefix in LSN order, each once.
#[test]
fn recovery_answers_hold_every_acknowledged_commit_at_every_crash_instant() {
    let configs = [
        json!({"config": "flashlogging", "drives": ["usb-a", "usb-b", "usb-c"], "archival_hdd": true}),
        json!({"config": "flashlogging", "devices": "ssd_partitions", "partitions": 3}),
        json!({"config": "disk"}),
        json!({"config": "striped", "drives": ["usb-b", "usb-b"], "stripe_bytes": 1024}),
    ];
    let mut points = 0;
    for log in configs {
        for k in 0..60u64 {
            let crash = 150 + k * 97;
            let s = finished(json!({"log": log, "workload": {"generator":
                {"workers": 8, "transactions": 60, "crash_at_us": crash}}}));
            let a = recovery(&s);
            let committed: Vec<u64> = serde_json::from_value(a["committed"].clone()).unwrap();
            let expected: Vec<u64> = (0..committed.len() as u64).collect();
            assert_eq!(
                committed, expected,
                "{log} crash {crash}: not a gapless prefix"
            );
            assert!(committed.len() as u64 >= a["acked_before_crash"].as_u64().unwrap());
            assert_eq!(a["acked_lost"], json!([]), "{log} crash {crash}");
            let inv = s.invariants_json();
            assert!(
                inv.as_array().unwrap().iter().all(|i| i["ok"] == true),
                "{inv}"
            );
            points += 1;
        }
    }
    assert_eq!(points, 240);
}

#[test]
fn the_ideal_disk_loses_acknowledged_commits_and_says_so() {
    let s = finished(json!({"log": {"config": "ideal"},
        "workload": {"generator": {"transactions": 200, "crash_at_us": 8000}}}));
    let a = recovery(&s);
    assert!(!a["acked_lost"].as_array().unwrap().is_empty(), "{a}");
    let lost = s
        .metrics_json()
        .get("acked_commits_lost")
        .and_then(Value::as_f64)
        .unwrap();
    assert!(lost > 0.0);
    let inv = s.invariants_json();
    assert!(
        inv.as_array().unwrap().iter().all(|i| i["ok"] == true),
        "{inv}"
    );
}

#[test]
fn scripted_commits_are_answered_by_their_txn_labels() {
    let ops = json!([
        {"op": "commit", "txn": 42, "bytes": 600, "at_us": 0},
        {"op": "commit", "txn": 7, "bytes": 600, "at_us": 100},
        {"op": "crash", "at_us": 60000},
        {"op": "recover"}
    ]);
    let s = finished(json!({"log": {"config": "disk"}, "workload": {"ops": ops}}));
    let a = recovery(&s);
    assert_eq!(a["committed"], json!([42, 7]));
    assert_eq!(a["recovered_lsn"], json!([0, 1200]));
    assert_eq!(a["op"], json!(3));
}

#[test]
fn append_pack_reads_return_the_last_written_version_through_packing() {
    let mut ops = Vec::new();
    for round in 0..12u32 {
        for p in 0..30u32 {
            if (p + round) % 3 != 0 || round == 0 {
                ops.push(json!({"op": "write", "page": p}));
            }
        }
        ops.push(json!({"op": "read", "page": round}));
    }
    let s = finished(json!({"mode": "append_pack",
        "append_pack": {"eb_pages": 4, "blocks": 12, "logical_pages": 30},
        "workload": {"ops": ops}}));
    let m = s.metrics_json();
    assert!(m["pack_steps"].as_f64().unwrap() > 10.0, "{m}");
    let inv = s.invariants_json();
    assert!(
        inv.as_array().unwrap().iter().all(|i| i["ok"] == true),
        "{inv}"
    );
    let answers = s.answers_json();
    assert_eq!(answers.as_array().unwrap().len(), 12);
}

/// The pack buffer's view never shows the device's "no page" sentinel (u32::MAX): a copy that
/// died in the buffer is `null`, and the bundled packing scenario has such copies.
#[test]
fn the_pack_buffer_view_shows_dead_copies_as_null_not_a_sentinel() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../scenarios/flashlog/append-pack-packing.json"
    ))
    .unwrap();
    let mut s = Session::load(&text, None).unwrap();
    let (mut dead_seen, mut steps) = (0u32, 0u32);
    while s.step(1) > 0 && steps < 5000 {
        steps += 1;
        let meta = s.view().meta;
        let ap = &meta["append_pack"];
        for key in ["pack_buffer", "write_buffer"] {
            for e in ap[key].as_array().unwrap() {
                assert!(
                    e.as_u64().is_none_or(|p| p < u64::from(u32::MAX)),
                    "{key}: {e}"
                );
            }
        }
        dead_seen += ap["pack_buffer"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|e| e.is_null())
            .count() as u32;
    }
    assert!(steps > 100, "ran {steps} steps");
    assert!(
        dead_seen > 0,
        "the scenario shows no dead copy, so this checks nothing"
    );
}

/// The throughput-vs-devices curve `info()` computes: every FlashLogging point above the disk
/// (from two drives on) and none meaningfully above the ideal disk, which only the CPUs limit.
#[test]
fn the_throughput_curve_lies_between_the_disk_and_the_ideal() {
    let s = Session::load(
        &doc(
            json!({"log": {"config": "flashlogging", "drives": ["usb-a", "usb-a"]},
                    "workload": {"generator": {"transactions": 20}}}),
        ),
        None,
    )
    .unwrap();
    let info = s.info_json();
    let curve = &info["lab_info"]["curve"];
    let disk = curve["disk_commits_per_s"].as_f64().unwrap();
    let ideal = curve["ideal_commits_per_s"].as_f64().unwrap();
    let points: Vec<(u64, f64)> = curve["flashlogging"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["devices"].as_u64().unwrap(),
                p["commits_per_s"].as_f64().unwrap(),
            )
        })
        .collect();
    println!("disk {disk:.0} ideal {ideal:.0} flashlogging {points:?}");
    assert_eq!(points.len(), 8);
    assert!(ideal > 4.0 * disk, "{disk} {ideal}");
    for &(n, x) in &points[1..] {
        assert!(
            x > disk && x <= ideal * 1.05,
            "{n} drives: {x} (disk {disk}, ideal {ideal})"
        );
    }
}
