//! The IPA lab end to end through `sim::Run`: random op lists with checkpoints and crashes over
//! many seeds, both eviction policies, NOP 1/4/8 and every region mode (every `get` equals a
//! plain map, every invariant holds after every step), validation paths, the view and the cell
//! zoom, every scenario file, and the claims.

#![allow(clippy::expect_used, clippy::unwrap_used)]

mod common;

use std::collections::BTreeMap;

use flashlab_core::ipa::lab::IpaLab;
use flashlab_core::plugin::LabSpec;
use flashlab_core::sim::{Lab, Rng, Run};
use serde_json::{Map, Value, json};

fn object(v: Value) -> Map<String, Value> {
    match v {
        Value::Object(m) => m,
        _ => panic!("not an object"),
    }
}

fn build(body: Value) -> Result<IpaLab, String> {
    IpaLab::from_body(object(body), 1).map_err(|e| e.to_string())
}

/// Random well-formed ops over `keys` keys: inserts of absent keys, updates of present keys
/// (small and large changes), gets of any key, checkpoints and crashes.
fn random_ops(rng: &mut Rng, n: usize, keys: u64) -> Vec<Value> {
    let mut present: BTreeMap<u64, ()> = BTreeMap::new();
    let mut ops = Vec::new();
    for _ in 0..n {
        let key = rng.below(keys);
        let roll = rng.below(100);
        let op = if !present.contains_key(&key) && roll < 60 {
            present.insert(key, ());
            json!({"op": "insert", "key": key, "fields": [key, 1, 2, 3]})
        } else if present.contains_key(&key) && roll < 75 {
            let value = if rng.chance(0.7) {
                rng.below(256)
            } else {
                rng.below(1 << 32)
            };
            json!({"op": "update", "key": key, "field": rng.below(4), "value": value})
        } else if roll < 92 {
            json!({"op": "get", "key": key})
        } else if roll < 97 {
            json!({"op": "checkpoint"})
        } else {
            json!({"op": "crash"})
        };
        ops.push(op);
    }
    ops.push(json!({"op": "crash"}));
    for k in 0..keys {
        ops.push(json!({"op": "get", "key": k}));
    }
    ops
}

/// Replays the ops on a plain map: the expected answers.
fn plain(ops: &[Value]) -> Vec<Value> {
    let mut map: BTreeMap<u64, Vec<u64>> = BTreeMap::new();
    let mut out = Vec::new();
    for (i, op) in ops.iter().enumerate() {
        let key = op["key"].as_u64().unwrap_or(0);
        match op["op"].as_str().unwrap() {
            "insert" => {
                let f = op["fields"].as_array().unwrap();
                map.insert(key, f.iter().map(|v| v.as_u64().unwrap()).collect());
            }
            "update" => {
                let f = op["field"].as_u64().unwrap() as usize;
                map.get_mut(&key).unwrap()[f] = op["value"].as_u64().unwrap();
            }
            "get" => out.push(json!({"op": i, "kind": "get", "key": key, "fields": map.get(&key)})),
            _ => {}
        }
    }
    out
}

fn run_to_end(lab: IpaLab, what: &str) -> Run<IpaLab> {
    let mut run = Run::new(lab, 1_000_000);
    run.run_to_end();
    assert!(run.error().is_none(), "{what}: {:?}", run.error());
    for inv in run.invariants() {
        assert!(inv.ok, "{what}: {} failed: {}", inv.name, inv.detail);
    }
    run
}

fn metrics_of(run: &Run<IpaLab>) -> BTreeMap<&'static str, f64> {
    run.lab()
        .metrics()
        .iter()
        .map(|m| (m.name, m.value))
        .collect()
}

#[test]
fn every_get_equals_a_plain_map_across_appends_gc_evictions_and_crashes() {
    let devices = [
        json!({"cell": "slc", "nop": 4, "blocks": 6, "wordlines_per_block": 4}),
        json!({"cell": "slc", "nop": 8, "blocks": 7, "wordlines_per_block": 4}),
        json!({"cell": "slc", "nop": 1, "blocks": 6, "wordlines_per_block": 4}),
        json!({"cell": "mlc", "mode": "odd_mlc", "blocks": 6, "wordlines_per_block": 4}),
        json!({"cell": "mlc", "mode": "pslc", "blocks": 8, "wordlines_per_block": 4}),
        json!({"cell": "slc", "mode": "no_ipa", "blocks": 6, "wordlines_per_block": 4}),
    ];
    let mut rng = Rng::new(10);
    let mut appends = 0.0;
    let mut erases = 0.0;
    let mut refused = 0;
    for seed in 0..1000u64 {
        let device = &devices[seed as usize % devices.len()];
        let eviction = if seed % 2 == 0 { "eager" } else { "non_eager" };
        let ops = random_ops(&mut rng, 150, 40);
        let body = json!({
            "device": device,
            "params": {"page_bytes": 256, "n": 1 + seed % 3, "m": 2 + seed % 4, "v": 4,
                       "buffer_frames": 1 + seed % 4, "eviction": eviction,
                       "compare": seed % 5 == 0},
            "workload": {"ops": ops},
        });
        let what = format!("seed {seed}: {body}");
        // Bodies whose database outgrows the tiny device are refused at `device.blocks`.
        let lab = match build(body) {
            Ok(lab) => lab,
            Err(e) if e.starts_with("device.blocks") => {
                refused += 1;
                continue;
            }
            Err(e) => panic!("{what}: {e}"),
        };
        let run = run_to_end(lab, &what);
        assert_eq!(
            Value::Array(run.lab().answers()),
            Value::Array(plain(&ops)),
            "{what}"
        );
        let m = metrics_of(&run);
        appends += m["appends"];
        erases += m["erases"];
    }
    assert!(
        refused < 200,
        "most random bodies fit their device ({refused} refused)"
    );
    assert!(appends > 100.0, "the random runs append ({appends})");
    assert!(erases > 10.0, "the random runs garbage-collect ({erases})");
}

#[test]
fn generated_workloads_run_with_every_invariant_and_nop_1_never_appends() {
    for (kind, nop) in [("tpcb", 4), ("tpcc", 8), ("tatp", 4), ("tpcc", 1)] {
        let body = json!({
            "device": {"nop": nop, "blocks": 10, "wordlines_per_block": 8},
            "params": {"buffer_frames": 4, "compare": true},
            "workload": {"generator": {"kind": kind, "transactions": 40, "scale": 120,
                                       "checkpoint_every": 15, "crash_after": 25}},
        });
        let run = run_to_end(build(body).unwrap(), kind);
        let m = metrics_of(&run);
        if nop == 1 {
            assert_eq!(m["appends"], 0.0, "NOP 1 leaves no second program");
        } else {
            assert!(m["appends"] > 0.0, "{kind}: {m:?}");
        }
        let view = run.lab().view();
        let sides = view.meta["compare"].as_array().unwrap();
        assert_eq!(sides.len(), 3);
    }
}

/// The compare view's IPL grid is read from IPL's own blocks: its erase counts add up to the
/// IPL side's erases, and it has a page per flash page of the §8.3 geometry.
#[test]
fn the_ipl_grid_holds_every_block_and_its_erases_add_up_to_ipls_erases() {
    let mut merged = 0.0;
    for (kind, seed) in [("tpcb", 1), ("tpcc", 2), ("tatp", 3)] {
        let body = json!({
            "device": {"nop": 4, "blocks": 12, "wordlines_per_block": 8},
            "params": {"buffer_frames": 3, "compare": true},
            "workload": {"generator": {"kind": kind, "transactions": 120, "scale": 60}},
        });
        let lab = IpaLab::from_body(object(body), seed).unwrap();
        let run = run_to_end(lab, kind);
        let view = run.lab().view();
        let ipl = view.meta["compare"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["name"] == "IPL")
            .unwrap()
            .clone();
        let blocks = &view.meta["ipl_blocks"];
        let series = |name: &str| common::series(&view, name);
        let (state, erases) = (series("ipl_page_state"), series("ipl_erase_counts"));
        assert_eq!(erases.len() as u64, blocks["blocks"].as_u64().unwrap());
        assert_eq!(state.len() as u64, erases.len() as u64 * 64, "{kind}");
        let erased: f64 = erases.iter().sum();
        assert_eq!(erased, ipl["erases"].as_f64().unwrap(), "{kind}");
        assert_eq!(
            erases.iter().cloned().fold(0.0, f64::max),
            blocks["max_erase_count"].as_f64().unwrap()
        );
        assert!(state.iter().all(|&s| s == 0.0 || s == 1.0 || s == 3.0));
        assert!(state.contains(&1.0), "{kind}: DB pages are on IPL's blocks");
        merged += erased;
    }
    assert!(merged > 0.0, "some run merges an erase unit");
}

fn error_of(ops: Value) -> String {
    build(json!({"workload": {"ops": ops}}))
        .err()
        .unwrap_or_default()
}

#[test]
fn bad_ops_are_refused_naming_their_json_path() {
    let ins = json!({"op": "insert", "key": 1, "fields": [1, 2, 3, 4]});
    let e = error_of(json!([{"op": "update", "key": 1, "field": 0, "value": 1}]));
    assert!(e.starts_with("workload.ops[0].key"), "{e}");
    let e = error_of(json!([ins, ins]));
    assert!(e.starts_with("workload.ops[1].key"), "{e}");
    let e = error_of(json!([ins, {"op": "update", "key": 1, "field": 4, "value": 1}]));
    assert!(e.starts_with("workload.ops[1].field"), "{e}");
    let e = error_of(json!([{"op": "insert", "key": 1, "fields": [1]}]));
    assert!(e.starts_with("workload.ops[0].fields"), "{e}");
    let e = error_of(json!([{"op": "get"}]));
    assert!(e.starts_with("workload.ops[0].key"), "{e}");
    let e = build(json!({"device": {"nop": 3}, "workload": {"ops": []}}))
        .err()
        .unwrap();
    assert!(e.starts_with("device.nop"), "{e}");
    let e = build(json!({"device": {"cell": "slc", "mode": "pslc"}, "workload": {"ops": []}}))
        .err()
        .unwrap();
    assert!(e.starts_with("device.mode"), "{e}");
    let e = build(json!({"params": {"page_bytes": 256, "n": 8, "m": 64}, "workload": {"ops": []}}))
        .err()
        .unwrap();
    assert!(e.starts_with("params.n"), "{e}");
    let many: Vec<Value> = (0..400)
        .map(|k| json!({"op": "insert", "key": k, "fields": [0, 0, 0, 0]}))
        .collect();
    let e = build(
        json!({"device": {"blocks": 4, "wordlines_per_block": 4}, "workload": {"ops": many}}),
    )
    .err()
    .unwrap();
    assert!(e.starts_with("device.blocks"), "{e}");
}

#[test]
fn a_4_byte_update_appends_one_record_and_the_zoom_raises_only_its_cells() {
    let mut ops: Vec<Value> = (0..8)
        .map(|k| json!({"op": "insert", "key": k, "fields": [1000 + k, 0, 0, 0]}))
        .collect();
    ops.push(json!({"op": "checkpoint"}));
    ops.push(json!({"op": "update", "key": 3, "field": 0, "value": 0x0A0B_0C0D}));
    ops.push(json!({"op": "checkpoint"}));
    let body = json!({
        "device": {"blocks": 4, "wordlines_per_block": 4},
        "params": {"page_bytes": 256, "n": 2, "m": 4, "v": 4, "buffer_frames": 2,
                   "eviction": "non_eager"},
        "workload": {"ops": ops},
    });
    let run = run_to_end(build(body).unwrap(), "4-byte update");
    let view = run.lab().view();
    let meta = &view.meta;
    assert_eq!(meta["counters"]["appends"], 1);
    let zoom = &meta["zoom"];
    assert_eq!(zoom["append"], true);
    assert!(zoom["refused"].is_null(), "{zoom}");
    assert!(!zoom["programming_per_pulse"].as_array().unwrap().is_empty());
    let series = |name: &str| common::series(&view, name);
    let (before, after) = (series("zoom_vth_before_v"), series("zoom_vth_after_v"));
    let start = zoom["window_start"].as_u64().unwrap() as usize;
    let (from, to) = (
        zoom["written_from"].as_u64().unwrap() as usize,
        zoom["written_to"].as_u64().unwrap() as usize,
    );
    for (cell, (b, a)) in before.iter().zip(after).enumerate() {
        assert!(a >= b, "cell {cell} lost charge");
        let byte = start + cell / 8;
        if !(from..to).contains(&byte) {
            assert_eq!(a, b, "cell {cell} outside the record was not inhibited");
        }
    }
    assert_eq!(meta["focus"]["records_on_flash"], 1);
    let pairs = meta["focus"]["records"][0]["pairs"].as_array().unwrap();
    assert_eq!(
        pairs.iter().filter(|p| p["meta"] == false).count(),
        4,
        "{pairs:?}"
    );
}

/// Every bundled scenario file, built.
fn scenario_labs() -> Vec<(String, IpaLab)> {
    common::scenario_files("ipa")
        .into_iter()
        .map(|(path, text)| {
            let doc: Value = serde_json::from_str(&text).unwrap();
            let mut body = object(doc.clone());
            for k in ["version", "lab", "title", "seed"] {
                body.remove(k);
            }
            let lab = IpaLab::from_body(body, doc["seed"].as_u64().unwrap()).unwrap();
            (path, lab)
        })
        .collect()
}

/// Store step 6: the page cleaner's and a checkpoint's write-backs come one per step, so a
/// student sees every append and out-of-place write on its own. An op writes only what it must
/// evict to make room: one page, or two for an insert (the last page's fetch, then a new page);
/// a checkpoint none; a crash's redo is one restart and may write several.
#[test]
fn every_page_write_back_is_a_step_of_its_own_and_queued_ones_come_before_the_next_op() {
    use flashlab_core::ipa::lab::config::PlannedOp;
    use flashlab_core::ipa::noftl::FlashOp;
    let mut drained = 0;
    for (path, lab) in scenario_labs() {
        let mut run = Run::new(lab, 1_000_000);
        while run.step(1) == 1 {
            let lab = run.lab();
            let writes = lab
                .last
                .flash_ops
                .iter()
                .filter(|o| matches!(o, FlashOp::Program { .. } | FlashOp::Append { .. }))
                .count();
            let allowed = match lab.last.op.map(|i| &lab.ops()[i]) {
                Some(PlannedOp::Crash) => usize::MAX,
                Some(PlannedOp::Checkpoint) => 0,
                Some(PlannedOp::Insert { .. }) => 2,
                Some(_) => 1,
                None if lab.last.write_back.is_some() => 1,
                None => 0,
            };
            assert!(
                writes <= allowed,
                "{path} step {}: {writes} writes",
                run.step_index()
            );
            if let Some((_, left)) = lab.last.write_back {
                drained += 1;
                assert_eq!(lab.store.pending.len(), left, "{path}");
            }
            assert!(
                lab.store.pending.is_empty()
                    || lab.last.op.is_some()
                    || lab.last.write_back.is_some()
            );
        }
        assert!(run.error().is_none(), "{path}: {:?}", run.error());
    }
    assert!(drained > 100, "{drained}");
}

#[test]
fn every_scenario_file_runs_and_every_claim_is_computed() {
    let mut n = 0;
    for (path, lab) in scenario_labs() {
        run_to_end(lab, &path);
        n += 1;
    }
    assert!(n >= 5);
    // About 2 s in the dev profile on the shared machine (the CLI's reproduce test runs them).
    let claims = IpaLab::claims();
    assert!(claims.iter().all(|c| c.simulated_value.is_finite()));
}

/// The explorer's cell for the scenario's own scheme is a run of the same ops: its share of
/// appends equals the stepped lab's, and more delta records never cost less space.
#[test]
fn the_explorer_cell_of_the_scenarios_own_scheme_equals_the_runs_share_of_appends() {
    use flashlab_core::ipa::lab::explorer::{EXPLORER_OPS, scheme_grid};
    let mut compared = 0;
    for (path, lab) in scenario_labs() {
        let grid = scheme_grid(&lab.cfg);
        for a in &grid {
            for b in grid.iter().filter(|b| b.m == a.m && b.n == a.n + 1) {
                assert!(b.space_percent > a.space_percent, "{path}");
            }
        }
        let scheme = lab.cfg.store.scheme;
        let own = grid
            .iter()
            .find(|c| c.n == scheme.n as u64 && c.m == scheme.m as u64);
        let (Some(own), true) = (own, lab.cfg.ops.len() <= EXPLORER_OPS) else {
            continue;
        };
        let run = run_to_end(lab, &path);
        let c = &run.lab().store.counters;
        assert_eq!(own.appends, c.appends, "{path}");
        assert_eq!(
            own.update_write_backs,
            c.appends + c.out_of_place_writes,
            "{path}"
        );
        compared += 1;
    }
    assert!(compared >= 4, "{compared}");
}

/// The "what to watch" paragraph of `whole-data-path-on-cells` (web/src/labs/ipa/narration.ts)
/// quotes its run's counts: each number it states is the run's metric.
#[test]
fn the_cells_scenarios_what_to_watch_quotes_its_runs_counts() {
    let text = std::fs::read_to_string(common::repo_path(
        "scenarios/ipa/whole-data-path-on-cells.json",
    ))
    .unwrap();
    let mut doc: Value = serde_json::from_str(&text).unwrap();
    let seed = doc["seed"].as_u64().unwrap();
    for k in ["version", "lab", "title", "seed"] {
        doc.as_object_mut().unwrap().remove(k);
    }
    let run = common::run_body::<IpaLab>(doc, seed);
    let metrics = metrics_of(&run);
    let n = |name: &str| metrics[name] as u64;
    let narration =
        std::fs::read_to_string(common::repo_path("web/src/labs/ipa/narration.ts")).unwrap();
    let start = narration.find("\"whole-data-path-on-cells\":").unwrap();
    let paragraph = &narration[start..start + narration[start..].find("\n  \"").unwrap()];
    let update_write_backs = n("appends") + n("out_of_place_writes");
    for quoted in [
        format!("{} loops in all", n("cell_model_ispp_loops")),
        format!(
            "{} of the {update_write_backs} update write-backs are appends",
            n("appends")
        ),
        format!("GC migrates {} pages", n("gc_migrations")),
        format!("erases {} blocks", n("erases")),
    ] {
        assert!(
            paragraph.contains(&quoted),
            "the paragraph should say {quoted:?}: {paragraph}"
        );
    }
}
