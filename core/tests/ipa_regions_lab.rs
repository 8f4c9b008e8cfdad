//! Several NoFTL regions in one lab database (seed 004 §5, Fig. 3) with App. C.2's paired pages
//! in the odd-MLC region, through `sim::Run`, against plain reference models: the routing
//! function `key >> 40` decides where each key must live, `PageMap` decides which flash pages
//! are LSB, and each region's counters must equal the sum of its per-page operations.

#![allow(clippy::expect_used, clippy::unwrap_used)]

use flashlab_core::device::nand::page_map::PageMap;
use flashlab_core::ipa::lab::IpaLab;
use flashlab_core::ipa::store::IpaStore;
use flashlab_core::plugin::LabSpec;
use flashlab_core::sim::{Lab, Run};
use serde_json::{Map, Value, json};

const STOCK: u64 = 4;

fn body(c2_pairs: bool, transactions: u64) -> Map<String, Value> {
    let v = json!({
        "device": {"cell": "mlc", "nop": 4, "mode": "odd_mlc", "c2_pairs": c2_pairs,
                   "blocks": 16, "wordlines_per_block": 8,
                   "regions": [{"name": "hot", "mode": "pslc", "tables": [STOCK], "blocks": 8}]},
        "params": {"page_bytes": 512, "n": 2, "m": 3, "v": 12, "buffer_frames": 4},
        "workload": {"generator": {"kind": "tpcc", "transactions": transactions, "scale": 200,
                                   "checkpoint_every": 50, "crash_after": 120}}
    });
    match v {
        Value::Object(m) => m,
        _ => unreachable!(),
    }
}

fn finished(c2_pairs: bool, transactions: u64) -> IpaLab {
    let mut run = Run::new(
        IpaLab::from_body(body(c2_pairs, transactions), 3).unwrap(),
        10_000_000,
    );
    run.run_to_end();
    assert!(run.is_done() && run.error().is_none(), "{:?}", run.error());
    let failed: Vec<_> = run.invariants().iter().filter(|i| !i.ok).collect();
    assert!(failed.is_empty(), "{failed:?}");
    run.lab().clone()
}

/// Reference counts of one region: its counters against the sum over its operations.
fn assert_counters_add_up(name: &str, s: &IpaStore) {
    let c = &s.counters;
    let f = &s.ftl.counters;
    assert_eq!(
        c.write_backs,
        c.appends + c.out_of_place_writes + c.new_page_writes,
        "{name}"
    );
    assert_eq!(f.write_deltas, c.appends, "{name}");
    let erased: u64 = s.ftl.flash.total_erases();
    assert_eq!(f.erases, erased, "{name}");
    // Programs on flash now: every mapped DB page is one program per flash page it spans
    // plus one per delta record it carries.
    let mapped = (0..s.ftl.logical_pages() as u32).filter(|&l| s.ftl.ppa(l).is_ok());
    for lba in mapped {
        let ppa = s.ftl.ppa(lba).unwrap();
        let first = s.ftl.flash.programs(ppa.block, ppa.page);
        let delta = s.ftl.flash.programs(ppa.block, s.ftl.delta_page(ppa));
        assert!(first >= 1 && delta >= 1, "{name}: LBA {lba}");
        assert!(
            delta <= 1 + s.layout.scheme.n as u32,
            "{name}: LBA {lba}: {delta}"
        );
    }
}

#[test]
fn every_key_lives_in_the_region_its_table_is_placed_in() {
    let lab = finished(true, 300);
    assert_eq!(lab.regions.len(), 1);
    let hot = &lab.regions[0].store;
    assert!(hot.index.len() > 100);
    for (key, _) in hot.index.iter() {
        assert_eq!(key >> 40, STOCK, "key {key} in the hot region");
    }
    for (key, _) in lab.store.index.iter() {
        assert_ne!(key >> 40, STOCK, "key {key} in main");
    }
    assert_eq!(hot.index.len() + lab.store.index.len(), lab.oracle.len());
}

#[test]
fn with_c2_pairs_every_db_page_of_the_odd_mlc_region_sits_on_an_lsb_delta_page() {
    let map = PageMap::new(8, 2);
    let lab = finished(true, 300);
    let s = &lab.store;
    let mut mapped = 0;
    for lba in 0..s.ftl.logical_pages() as u32 {
        let Ok(ppa) = s.ftl.ppa(lba) else { continue };
        mapped += 1;
        let delta = s.ftl.delta_page(ppa);
        assert_eq!(
            map.address(delta).map(|a| a.1),
            Some(0),
            "LBA {lba} at {ppa:?}"
        );
        let programs = s.ftl.flash.programs(ppa.block, delta);
        // Reference: a DB page takes an append iff its LSB delta page has a program left.
        assert_eq!(s.ftl.can_append(lba), programs < 4, "LBA {lba}");
    }
    assert!(mapped > 20, "{mapped}");
    assert!(s.counters.appends > 0 && lab.regions[0].store.counters.appends > 0);
}

#[test]
fn without_c2_pairs_db_pages_on_msb_pages_of_the_odd_mlc_region_never_take_an_append() {
    let map = PageMap::new(8, 2);
    let lab = finished(false, 300);
    let s = &lab.store;
    let on_msb: Vec<u32> = (0..s.ftl.logical_pages() as u32)
        .filter(|&l| {
            s.ftl
                .ppa(l)
                .is_ok_and(|p| map.address(p.page).is_some_and(|a| a.1 == 1))
        })
        .collect();
    assert!(!on_msb.is_empty());
    assert!(on_msb.iter().all(|&l| !s.ftl.can_append(l)));
}

#[test]
fn each_regions_counters_equal_the_sum_of_its_page_operations() {
    for pairs in [true, false] {
        let lab = finished(pairs, 300);
        assert_counters_add_up("main", &lab.store);
        for r in &lab.regions {
            assert_counters_add_up(&r.name, &r.store);
        }
        let view = lab.view();
        let regions = view.meta["regions"].as_array().unwrap();
        assert_eq!(regions.len(), 2);
        assert_eq!(regions[0]["mode"], "odd_mlc");
        assert_eq!(regions[0]["c2_pairs"], pairs);
        assert_eq!(regions[1]["mode"], "pslc");
        assert_eq!(
            regions[1]["counters"]["appends"],
            lab.regions[0].store.counters.appends
        );
    }
}

fn error(mut b: Map<String, Value>, path: &[&str], value: Value) -> String {
    let mut at = &mut b;
    for p in &path[..path.len() - 1] {
        at = at.get_mut(*p).unwrap().as_object_mut().unwrap();
    }
    at.insert(path[path.len() - 1].to_string(), value);
    IpaLab::from_body(b, 1).map(|_| ()).unwrap_err().to_string()
}

#[test]
fn bad_region_fields_are_rejected_naming_the_field() {
    let region = |extra: Value| {
        let mut r = json!({"name": "hot", "mode": "pslc", "tables": [STOCK]});
        for (k, v) in extra.as_object().unwrap() {
            r[k] = v.clone();
        }
        json!([r])
    };
    let cases = [
        (
            vec!["device", "regions"],
            region(json!({"mode": "slc"})),
            "device.regions[0].mode",
        ),
        (
            vec!["device", "regions"],
            region(json!({"name": "main"})),
            "device.regions[0].name",
        ),
        (
            vec!["device", "regions"],
            region(json!({"tables": []})),
            "device.regions[0].tables",
        ),
        (
            vec!["device", "regions"],
            region(json!({"tables": [4, 4]})),
            "device.regions[0].tables[1]",
        ),
        (
            vec!["device", "regions"],
            region(json!({"blocks": 2})),
            "device.regions[0].blocks",
        ),
        (
            vec!["device", "regions"],
            region(json!({"c2_pairs": true})),
            "device.regions[0].c2_pairs",
        ),
        (
            vec!["device", "regions"],
            json!([{"name": "a", "mode": "pslc", "tables": [1]},
                   {"name": "b", "mode": "pslc", "tables": [2]},
                   {"name": "c", "mode": "pslc", "tables": [3]},
                   {"name": "d", "mode": "pslc", "tables": [5]}]),
            "device.regions",
        ),
        (vec!["device", "mode"], json!("pslc"), "device.c2_pairs"),
        (vec!["params", "n"], json!(8), "device.c2_pairs"),
        (vec!["params", "compare"], json!(true), "device.regions"),
    ];
    for (path, value, field) in cases {
        let e = error(body(true, 10), &path, value);
        assert!(e.starts_with(&format!("{field}: ")), "{path:?}: {e}");
    }
}

/// The update and insert events of an op on another region's table name that region's page, as
/// a plain lookup in the owning region's index says (they printed u32::MAX, main's "no page").
#[test]
fn every_update_event_names_the_page_of_the_region_that_ran_it() {
    let mut run = Run::new(IpaLab::from_body(body(true, 200), 3).unwrap(), 10_000_000);
    let mut checked = 0;
    while run.step(1) == 1 {
        let step = run.state().step;
        let events: Vec<_> = run
            .trace()
            .recent()
            .filter(|e| u64::from(e.step) == step && (e.kind == 1 || e.kind == 2))
            .cloned()
            .collect();
        for e in events {
            assert_ne!(
                e.args[2],
                u32::MAX,
                "step {step}: op {} names no page",
                e.args[0]
            );
            checked += 1;
        }
    }
    assert!(checked > 100, "only {checked} insert/update events");
}
