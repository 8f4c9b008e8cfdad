//! Limits bound the work, not only the counts (DESIGN principle 7).
//!
//! 1. A scenario whose estimated work, answer rows or state is over a budget is rejected by
//!    `check`, naming the field that drives it and the limit (e.g. a MaSM scenario of 10,000
//!    updates each followed by a full-key-space scan, which once ran for minutes and took 24 GB).
//! 2. `--seed` obeys the same range as the file's `seed`.
//! 3. The largest legal scenario of every lab runs through the CLI within a stated memory and
//!    time; the cases cover exactly the registry's `BUILT_LABS`. These runs take minutes in a debug build, so they are `#[ignore]`d here and run by
//!    `npm test` in their own stage in an optimised profile:
//!    `cargo test --profile bench-fast -p flashlab-core --test work_bounds -- --ignored`.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::io::Write;
use std::process::{Command, Stdio};

use flashlab_core::Session;
use flashlab_core::labs::BUILT_LABS;
use flashlab_core::scenario::limits::{MAX_ANSWER_ROWS, MAX_GENERATED_OPS, MAX_WORK};
use serde_json::{Value, json};

/// Peak resident memory a largest-legal run may reach (keyframes ≤ 256 MiB, state ≤ 64 MiB,
/// answers and the JSON report on top).
const PEAK_RSS_LIMIT_BYTES: u64 = 1536 * 1024 * 1024;
/// Wall time a largest-legal run may take in the optimised test profile (a hang guard on a
/// shared 2-core machine, not a performance figure: those are in `flashlab bench`).
const WALL_LIMIT_S: u64 = 300;

fn doc(lab: &str, body: Value) -> String {
    let mut d = json!({"version": 1, "lab": lab, "title": "bounds", "seed": 1});
    if let (Value::Object(d), Value::Object(b)) = (&mut d, body) {
        d.extend(b);
    }
    d.to_string()
}

fn masm_scan_storm(updates: u64, scan_keys: u64) -> String {
    doc(
        "masm",
        json!({
            "params": {"variant": "2M", "m_pages": 64, "records_per_page": 4,
                       "key_space": 65_536, "keys_per_table_page": 16},
            "workload": {"generator": {"updates": updates, "scan_every": 1,
                                       "scan_keys": scan_keys, "interarrival_ns": 1_000}}
        }),
    )
}

fn ssd_fill(warmup_writes: u64, requests: u64, request_pages: u32) -> String {
    doc(
        "ssd",
        json!({
            // x25e at 408 blocks per plane: 261,120 physical pages, under the lab's 262,144.
            "device": {"preset": "x25e", "blocks_per_plane": 408},
            "workload": {"fill_fraction": 1.0, "warmup_writes": warmup_writes,
                         "queue_depth": 32,
                         "generator": {"pattern": "uniform", "requests": requests,
                                       "request_pages": request_pages}}
        }),
    )
}

/// LINEITEM as 16 column files read in 512 B units, every row qualifying, and the sweep at
/// `sweep_rows`: the most I/O steps, answer rows and sweep work a layouts scenario can ask for.
fn layouts_scan(rows: u64, sweep_rows: u64) -> String {
    doc(
        "layouts",
        json!({
            "table": {"kind": "lineitem", "rows": rows},
            "params": {"layout": "dsm", "io_unit_bytes": 512, "read_ahead_bytes": 512},
            "workload": {"generator": {"projectivity": 16, "selectivity": 1.0}},
            "sweep": {"rows": sweep_rows}
        }),
    )
}

/// `layouts_scan` on the RAID-0 of two disks with the smallest stripe unit: every request is
/// timed on the members' models (the budget charges each request to both members).
fn layouts_raid_scan(rows: u64, sweep_rows: u64) -> String {
    doc(
        "layouts",
        json!({
            "table": {"kind": "lineitem", "rows": rows},
            "device": {"id": "raid0", "stripe_bytes": 4096},
            "params": {"layout": "dsm", "io_unit_bytes": 512, "read_ahead_bytes": 512},
            "workload": {"generator": {"projectivity": 16, "selectivity": 1.0}},
            "sweep": {"rows": sweep_rows}
        }),
    )
}

/// `layouts_scan` with the page codec on: each query's and each sweep scan's page sizes packed
/// from up to `codec::SAMPLE_ROWS` rows (the sweep's 32 scans each pack a generated sample).
fn layouts_codec_scan(rows: u64, sweep_rows: u64) -> String {
    doc(
        "layouts",
        json!({
            "table": {"kind": "lineitem", "rows": rows},
            "params": {"layout": "dsm", "io_unit_bytes": 512, "read_ahead_bytes": 512,
                       "compression_codec": true},
            "workload": {"generator": {"projectivity": 16, "selectivity": 1.0, "concurrency": 8}},
            "sweep": {"rows": sweep_rows}
        }),
    )
}

fn fdtree_generated(requests: u64) -> String {
    // The tiny default geometry (the most merges per key), the largest preload, and the three
    // compare runs on top of the stepped one.
    doc(
        "fdtree",
        json!({
            "params": {"preload": 20_000, "compare": true},
            "workload": {"generator": {"requests": requests, "lookup_fraction": 0.2}}
        }),
    )
}

/// The same at its largest with a protocol rule dropped (`params.drop_rule`, FD+FC only):
/// lookups may follow reused blocks (bounded by the path's hop limit) and the merge reclaims
/// without waiting, so the work differs from the paper's protocol.
fn fdtree_broken(requests: u64) -> String {
    doc(
        "fdtree",
        json!({
            "params": {"preload": 20_000, "compare": true, "scheme": "fc",
                       "drop_rule": "retention"},
            "workload": {"generator": {"requests": requests, "lookup_fraction": 0.2}}
        }),
    )
}

/// The paper's harness at its largest (`workload.generator.queues`): the largest preload, the
/// fewest queue slots (the injection thread blocks most) and the fastest arrivals.
fn fdtree_queued(requests: u64) -> String {
    doc(
        "fdtree",
        json!({
            "params": {"preload": 20_000},
            "workload": {"generator": {"requests": requests, "lookup_fraction": 0.2,
                         "queues": {"slots": 2, "arrivals_per_s": 10_000_000.0}}}
        }),
    )
}

/// G_T at its largest preload (6 warehouses × 10 districts × 111 customers × 3 orders = 19,980
/// keys), 91.3% inserts, with the compare runs.
fn fdtree_gt(requests: u64) -> String {
    doc(
        "fdtree",
        json!({
            "params": {"compare": true},
            "workload": {"generator": {"kind": "gt", "requests": requests, "warehouses": 6,
                         "customers_per_district": 111}}
        }),
    )
}

fn nand_programs(ops: usize) -> String {
    let program = |i: usize| json!({"op": "program", "page": i % 2, "data": {"pattern": "random"}});
    let mut list = Vec::new();
    for i in 0..ops {
        if i % 2 == 0 {
            list.push(json!({"op": "erase"}));
        }
        list.push(program(i));
    }
    doc(
        "nand",
        json!({
            "device": {"preset": "slc", "wordlines": 2, "cells_per_wordline": 4096},
            "workload": {"ops": list}
        }),
    )
}

fn ipa_tpcc_race(transactions: u64) -> String {
    doc(
        "ipa",
        json!({
            "device": {"cell": "slc", "nop": 8, "blocks": 32, "wordlines_per_block": 16},
            "params": {"page_bytes": 2048, "n": 3, "m": 10, "v": 12, "buffer_frames": 64,
                       "compare": true},
            "workload": {"generator": {"kind": "tpcc", "transactions": transactions,
                                       "scale": 1000, "checkpoint_every": 100}}
        }),
    )
}

/// Four regions (the most), TPC-C's tables spread over them, the odd-MLC ones with C.2 pairs:
/// every region's GC and buffer work joins the bound, so each region is the race's block count
/// halved and the scale half the race's (at 1,000 not even one transaction fits the work).
fn ipa_four_regions(transactions: u64) -> String {
    let region = |name: &str, mode: &str, tables: Value, pairs: bool| {
        json!({"name": name, "mode": mode, "tables": tables, "blocks": 16,
               "wordlines_per_block": 16, "c2_pairs": pairs})
    };
    doc(
        "ipa",
        json!({
            "device": {"cell": "mlc", "nop": 8, "mode": "odd_mlc", "c2_pairs": true,
                       "blocks": 16, "wordlines_per_block": 16,
                       "regions": [region("stock", "pslc", json!([4]), false),
                                   region("customer", "odd_mlc", json!([3]), true),
                                   region("history", "no_ipa", json!([5, 6]), false)]},
            "params": {"page_bytes": 2048, "n": 3, "m": 10, "v": 12, "buffer_frames": 64},
            "workload": {"generator": {"kind": "tpcc", "transactions": transactions,
                                       "scale": 500, "checkpoint_every": 100}}
        }),
    )
}

/// The whole data path on the cell model (`params.flash_model: cells`) on the largest device it
/// allows (32 × 8 wordlines × 512 B SLC = `MAX_CELLS` cells): `inserts` records, then a
/// checkpoint writes them to flash.
fn ipa_cells(inserts: u64) -> String {
    let mut ops: Vec<Value> = (0..inserts)
        .map(|k| json!({"op": "insert", "key": k, "fields": [k, 1, 2, 3]}))
        .collect();
    ops.push(json!({"op": "checkpoint"}));
    doc(
        "ipa",
        json!({
            "device": {"cell": "slc", "nop": 8, "blocks": 32, "wordlines_per_block": 8},
            "params": {"page_bytes": 512, "buffer_frames": 4, "flash_model": "cells"},
            "workload": {"ops": ops}
        }),
    )
}

#[test]
fn a_scan_after_every_update_over_the_whole_key_space_is_rejected_naming_field_and_limit() {
    let error = common::error_of_text(&masm_scan_storm(10_000, 65_536));
    assert!(error.starts_with("workload: "), "{error}");
    assert!(error.contains("answer rows"), "{error}");
    assert!(error.contains(&MAX_ANSWER_ROWS.to_string()), "{error}");
}

#[test]
fn an_ssd_preconditioning_over_the_work_budget_is_rejected() {
    let error = common::error_of_text(&ssd_fill(1_000_000, 1_000_000, 64));
    assert!(error.starts_with("workload: "), "{error}");
    assert!(error.contains("elementary operations"), "{error}");
    assert!(error.contains(&MAX_WORK.to_string()), "{error}");
}

#[test]
fn a_nand_scenario_over_the_cell_work_budget_is_rejected() {
    let error = common::error_of_text(&nand_programs(20_000));
    assert!(error.starts_with("workload.ops: "), "{error}");
    assert!(error.contains("elementary operations"), "{error}");
}

#[test]
fn the_seed_override_obeys_the_range_of_the_file_seed() {
    let text = doc(
        "hdd",
        json!({"device": {"preset": "barracuda-7200-200gb"},
        "workload": {"kind": "random", "requests": 10, "request_bytes": 4096}}),
    );
    let error = Session::load(&text, Some(u64::MAX))
        .map(|_| ())
        .unwrap_err()
        .to_string();
    assert!(error.starts_with("--seed: "), "{error}");
    assert!(Session::load(&text, Some((1 << 53) - 1)).is_ok());
}

/// The largest legal scenario of every lab: each is at (or just under) the budget that binds it.
fn flashlog_commits(transactions: u64) -> String {
    doc(
        "flashlog",
        json!({
            // The smallest flash the format takes: the most archive writes and freeing.
            "log": {"config": "flashlogging", "drives": ["usb-a", "usb-b", "usb-c"],
                    "archival_hdd": true, "flash_capacity_bytes": 65_536},
            // The crash comes after the last commit: recovery merges every record written.
            "workload": {"generator": {"transactions": transactions,
                                       "crash_at_us": 3_600_000_000u64}}
        }),
    )
}

fn largest_legal() -> Vec<(&'static str, String)> {
    let hdd = doc(
        "hdd",
        json!({
            "device": {"preset": "barracuda-7200-200gb"},
            "params": {"scheduler": "sstf", "queue_depth": 32},
            "workload": {"kind": "random", "requests": MAX_GENERATED_OPS, "request_bytes": 4096}
        }),
    );
    // The largest device, filled, twenty device-fulls of warm-up writes (the most allowed), then
    // a million 48 KB requests: about 19 million page operations.
    let ssd = ssd_fill(4_800_000, 1_000_000, 12);
    let nand = nand_programs(largest_accepted(|ops| nand_programs(ops as usize)) as usize);
    // Every update followed by a scan: the answer rows at the budget.
    let masm = masm_scan_storm(MAX_ANSWER_ROWS / 4_096, 4_096);
    let flashlog = flashlog_commits(largest_accepted(flashlog_commits));
    // The three-way race on TPC-C at the largest scale, as many transactions as the work allows.
    let ipa = ipa_tpcc_race(largest_accepted(ipa_tpcc_race));
    let ipa_regions = ipa_four_regions(largest_accepted(ipa_four_regions));
    let ipa_on_cells = ipa_cells(largest_accepted(ipa_cells));
    let layouts_rows = largest_accepted(|n| layouts_scan(n * 2, 8_000_000)) * 2;
    let layouts = layouts_scan(layouts_rows, 8_000_000);
    // Each request is charged to both members, so the largest sweep is half the disk's.
    let raid_rows = largest_accepted(|n| layouts_raid_scan(n * 2, 4_000_000)) * 2;
    let layouts_raid = layouts_raid_scan(raid_rows, 4_000_000);
    let codec_rows = largest_accepted(|n| layouts_codec_scan(n * 2, 8_000_000)) * 2;
    let layouts_codec = layouts_codec_scan(codec_rows, 8_000_000);
    let fdtree = fdtree_generated(largest_accepted(fdtree_generated));
    let fdtree_dropped = fdtree_broken(largest_accepted(fdtree_broken));
    let fdtree_harness = fdtree_queued(largest_accepted(fdtree_queued));
    let fdtree_tpcc = fdtree_gt(largest_accepted(fdtree_gt));
    let cases = vec![
        ("hdd", hdd),
        ("ssd", ssd),
        ("nand", nand),
        ("masm", masm),
        ("flashlog", flashlog),
        ("ipa", ipa),
        ("ipa", ipa_regions),
        ("ipa", ipa_on_cells),
        ("layouts", layouts),
        ("layouts", layouts_raid),
        ("layouts", layouts_codec),
        ("fdtree", fdtree),
        ("fdtree", fdtree_dropped),
        ("fdtree", fdtree_harness),
        ("fdtree", fdtree_tpcc),
    ];
    assert_covers_the_registry(&cases);
    cases
}

/// Every built lab has a case (a lab with an option that changes its work, such as FD+tree's
/// `drop_rule`, has one more), and no case is of an unbuilt lab: a lab added to the registry
/// without its largest legal scenario here fails, named.
fn assert_covers_the_registry(cases: &[(&'static str, String)]) {
    let mut covered: Vec<&str> = cases.iter().map(|(lab, _)| *lab).collect();
    covered.dedup();
    let missing: Vec<&str> = BUILT_LABS
        .iter()
        .copied()
        .filter(|lab| !covered.contains(lab))
        .collect();
    let unknown: Vec<&str> = covered
        .iter()
        .copied()
        .filter(|lab| !BUILT_LABS.contains(lab))
        .collect();
    assert!(
        missing.is_empty() && unknown.is_empty() && covered.len() == BUILT_LABS.len(),
        "largest_legal() must have one case per built lab: missing {missing:?}, not built \
         {unknown:?}, cases {covered:?}"
    );
}

/// The largest `n` in 1..=100,000 whose scenario `make(n)` passes `check` (by bisection).
fn largest_accepted(make: impl Fn(u64) -> String) -> u64 {
    let (mut ok, mut over) = (1u64, 100_001u64);
    assert!(
        Session::load(&make(ok), None).is_ok(),
        "even the smallest is rejected"
    );
    while over - ok > 1 {
        let mid = (ok + over) / 2;
        if Session::load(&make(mid), None).is_ok() {
            ok = mid;
        } else {
            over = mid;
        }
    }
    ok
}

#[test]
fn every_largest_legal_scenario_passes_check() {
    for (lab, text) in largest_legal() {
        if let Err(e) = Session::load(&text, None) {
            panic!("{lab}: the largest legal scenario is rejected: {e}");
        }
    }
}

/// Runs `flashlab run` on `text`, returning (exit code, peak RSS bytes, wall seconds).
#[allow(clippy::disallowed_methods)] // measures a child process, not the simulation
fn run_cli(text: &str) -> (Option<i32>, u64, f64) {
    let dir = std::env::temp_dir().join(format!("flashlab-bounds-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("scenario.json");
    std::fs::File::create(&file)
        .unwrap()
        .write_all(text.as_bytes())
        .unwrap();
    let start = std::time::Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_flashlab"))
        .args(["run", file.to_str().unwrap()])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let status_path = format!("/proc/{}/status", child.id());
    let mut peak = 0u64;
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return (status.code(), peak, start.elapsed().as_secs_f64());
        }
        if let Ok(status) = std::fs::read_to_string(&status_path) {
            let hwm = status
                .lines()
                .find(|l| l.starts_with("VmHWM:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|kb| kb.parse::<u64>().ok())
                .unwrap_or(0);
            peak = peak.max(hwm * 1024);
        }
        if start.elapsed().as_secs() > WALL_LIMIT_S {
            child.kill().unwrap();
            panic!("over {WALL_LIMIT_S} s");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

#[test]
#[ignore = "minutes in a debug build: run by npm test in the bench-fast profile"]
#[cfg(target_os = "linux")]
fn every_largest_legal_scenario_runs_within_its_memory_and_time() {
    for (lab, text) in largest_legal() {
        let (code, peak, seconds) = run_cli(&text);
        println!(
            "{lab}: exit {code:?}, peak RSS {} MiB, {seconds:.1} s",
            peak >> 20
        );
        // `run` exits 1 when an invariant fails, which a dropped protocol rule is there to cause.
        let expected = if common::breaks_on_purpose(&text) {
            [Some(0), Some(1)]
        } else {
            [Some(0), Some(0)]
        };
        assert!(expected.contains(&code), "{lab}: the run failed ({code:?})");
        assert!(peak > 0, "{lab}: no memory reading");
        assert!(
            peak <= PEAK_RSS_LIMIT_BYTES,
            "{lab}: peak RSS {} MiB",
            peak >> 20
        );
    }
}
