//! The whole data path on the cell model (issue 30, `params.flash_model: "cells"`) against the
//! byte model: the same lab scenarios (TPC-B and TPC-C, several seeds, SLC, odd-MLC, pSLC and
//! App. C.2 pairs, with appends and GC) run on `ipa::cellnand` and on `ipa::bytenand`, and
//! after every step the pages the step touched hold the same bytes (the cells as sensed), the
//! page and erase counts, the FTL's counters and mapping and the answers agree; at every 40th
//! step and at the end the whole device agrees page by page. On the FTL directly, random
//! writes, appends (some over programmed bytes, some past NOP) and GC get the same accept or
//! refuse from both models, with the same error.

#![allow(clippy::expect_used, clippy::unwrap_used)]

use flashlab_core::device::nand::{CellType, NandConfig};
use flashlab_core::ipa::flash::{Flash, FlashModel};
use flashlab_core::ipa::lab::IpaLab;
use flashlab_core::ipa::noftl::NoFtl;
use flashlab_core::ipa::{IpaMode, IpaStore};
use flashlab_core::plugin::LabSpec;
use flashlab_core::sim::{Rng, Run};
use serde_json::{Map, Value, json};

fn object(v: Value) -> Map<String, Value> {
    match v {
        Value::Object(m) => m,
        _ => panic!("not an object"),
    }
}

/// Every page of the two devices, their program and erase counts.
fn same_device(bytes: &Flash, cells: &Flash, at: &str) {
    assert_eq!(bytes.model_name(), "bytes");
    assert_eq!(cells.model_name(), "cells");
    assert_eq!(bytes.block_count(), cells.block_count(), "{at}");
    for b in 0..bytes.block_count() {
        same_block(bytes, cells, b, at);
    }
}

fn same_block(bytes: &Flash, cells: &Flash, b: usize, at: &str) {
    assert_eq!(
        bytes.erase_count(b),
        cells.erase_count(b),
        "{at}: block {b}"
    );
    assert_eq!(
        bytes.history(b),
        cells.history(b),
        "{at}: block {b} history"
    );
    for p in 0..bytes.pages_per_block() {
        assert_eq!(
            bytes.programs(b, p),
            cells.programs(b, p),
            "{at}: block {b} page {p} programs"
        );
        assert_eq!(
            bytes.read(b, p).unwrap(),
            cells.read(b, p).unwrap(),
            "{at}: block {b} page {p} bytes"
        );
    }
}

fn same_store(bytes: &IpaStore, cells: &IpaStore, at: &str) {
    assert_eq!(bytes.ftl.counters, cells.ftl.counters, "{at}: FTL counters");
    assert_eq!(bytes.counters, cells.counters, "{at}: store counters");
    assert_eq!(bytes.ftl.l2p, cells.ftl.l2p, "{at}: mapping");
    assert_eq!(
        bytes.ftl.free_blocks, cells.ftl.free_blocks,
        "{at}: free blocks"
    );
}

/// Steps `body` on both models in lockstep (module header); returns (steps, appends, erases).
fn lockstep(mut body: Value, seed: u64, what: &str) -> (u64, u64, u64) {
    let on_bytes = IpaLab::from_body(object(body.clone()), seed).unwrap();
    body["params"]["flash_model"] = json!("cells");
    let on_cells = IpaLab::from_body(object(body), seed).unwrap();
    let (mut a, mut c) = (Run::new(on_bytes, 1_000_000), Run::new(on_cells, 1_000_000));
    while !a.is_done() {
        a.step(1);
        c.step(1);
        let (la, lc) = (a.lab(), c.lab());
        let at = format!("{what} seed {seed} step {}", la.steps);
        assert!(a.error().is_none(), "{at}: {:?}", a.error());
        assert_eq!(a.error(), c.error(), "{at}: refusals");
        assert_eq!(la.last.flash_ops, lc.last.flash_ops, "{at}: flash ops");
        assert_eq!(la.answers, lc.answers, "{at}: answers");
        same_store(&la.store, &lc.store, &at);
        let (fa, fc) = (&la.store.ftl.flash, &lc.store.ftl.flash);
        if la.steps % 40 == 0 {
            same_device(fa, fc, &at);
        } else {
            for op in &la.last.flash_ops {
                let block = match op {
                    flashlab_core::ipa::noftl::FlashOp::Program { to, .. }
                    | flashlab_core::ipa::noftl::FlashOp::Migrate { to, .. } => to.block,
                    flashlab_core::ipa::noftl::FlashOp::Append { at, .. } => at.block,
                    flashlab_core::ipa::noftl::FlashOp::Erase { block, .. } => *block,
                };
                same_block(fa, fc, block, &at);
            }
        }
        assert!(c.all_invariants_ok(), "{at}: invariants on cells");
    }
    assert!(c.is_done(), "{what}: the cells run is longer");
    let (la, lc) = (a.lab(), c.lab());
    same_device(&la.store.ftl.flash, &lc.store.ftl.flash, what);
    assert_eq!(a.trace().hash(), c.trace().hash(), "{what}: trace hash");
    assert!(lc.store.ftl.flash.model_name() == "cells");
    let f = &la.store.ftl.counters;
    (la.steps, f.write_deltas, f.erases)
}

fn scenario(cell: &str, mode: &str, kind: &str, transactions: u64) -> Value {
    json!({
        "device": {"cell": cell, "mode": mode, "nop": 4, "blocks": 6, "wordlines_per_block": 8},
        "params": {"page_bytes": 512, "n": 2, "m": 3, "v": 12, "buffer_frames": 3},
        "workload": {"generator": {"kind": kind, "transactions": transactions, "scale": 60,
                                   "checkpoint_every": 25}},
    })
}

#[test]
fn cells_and_bytes_run_tpcb_on_slc_identically_over_seeds() {
    let (mut appends, mut erases) = (0, 0);
    for seed in 1..=3 {
        let (_, a, e) = lockstep(scenario("slc", "slc", "tpcb", 120), seed, "TPC-B SLC");
        appends += a;
        erases += e;
    }
    assert!(
        appends > 20 && erases > 5,
        "{appends} appends, {erases} erases"
    );
}

#[test]
fn cells_and_bytes_run_tpcc_on_odd_mlc_and_pslc_identically() {
    let mut erases = 0;
    for seed in 1..=2 {
        erases += lockstep(
            scenario("mlc", "odd_mlc", "tpcc", 80),
            seed,
            "TPC-C odd-MLC",
        )
        .2;
        erases += lockstep(scenario("mlc", "pslc", "tpcb", 80), seed, "TPC-B pSLC").2;
    }
    assert!(erases > 5, "{erases} erases");
}

#[test]
fn cells_and_bytes_run_c2_pairs_and_a_crash_identically() {
    let mut body = scenario("mlc", "odd_mlc", "tpcb", 80);
    body["device"]["c2_pairs"] = json!(true);
    body["workload"]["generator"]["crash_after"] = json!(50);
    let (_, appends, _) = lockstep(body, 5, "TPC-B C.2 pairs + crash");
    assert!(appends > 0);
}

/// One region on each model with the same random FTL operations.
fn ftl_pair(cell_type: CellType, mode: IpaMode, seed: u64) -> (NoFtl, NoFtl) {
    let mut config = NandConfig::preset(cell_type);
    config.override_value("nop", 4.0);
    let make = |model| NoFtl::new(Flash::new(model, config.clone(), (6, 4), 32), mode, 0.1);
    (make(FlashModel::Bytes), make(FlashModel::Cells { seed }))
}

#[test]
fn ftl_operations_are_accepted_and_refused_alike_on_both_models() {
    let mut refused = std::collections::BTreeSet::new();
    let mut accepted = 0;
    for seed in 0..24 {
        let (cell_type, mode) = [
            (CellType::Slc, IpaMode::Slc),
            (CellType::Mlc, IpaMode::OddMlc),
            (CellType::Mlc, IpaMode::PSlc),
        ][seed as usize % 3];
        let (mut bytes, mut cells) = ftl_pair(cell_type, mode, seed);
        let mut rng = Rng::new(seed);
        let lbas = bytes.logical_pages() as u64;
        for step in 0..120 {
            let lba = rng.below(lbas) as u32;
            let at = format!("seed {seed} step {step} lba {lba}");
            let (x, y) = if rng.below(3) == 0 {
                let image: Vec<u8> = (0..32)
                    .map(|i| if i < 24 { rng.below(256) as u8 } else { 0xFF })
                    .collect();
                (bytes.write_page(lba, &image), cells.write_page(lba, &image))
            } else {
                // Mostly into the erased tail; sometimes over programmed bytes.
                let offset = rng.range_inclusive(16, 31) as usize;
                let data = [rng.below(256) as u8];
                (
                    bytes.write_delta(lba, offset, &data),
                    cells.write_delta(lba, offset, &data),
                )
            };
            assert_eq!(x, y, "{at}");
            match &x {
                Ok(_) => accepted += 1,
                Err(e) => {
                    let name = format!("{e:?}");
                    refused.insert(name.split([' ', '{', '(']).next().unwrap_or("").to_string());
                }
            }
            if rng.below(8) == 0 {
                assert_eq!(bytes.gc_step(), cells.gc_step(), "{at}: GC");
            }
            assert_eq!(bytes.counters, cells.counters, "{at}");
            assert_eq!(bytes.l2p, cells.l2p, "{at}");
        }
        same_device(&bytes.flash, &cells.flash, &format!("seed {seed}"));
        cells.check_invariants().unwrap();
    }
    assert!(accepted > 500, "{accepted}");
    assert!(refused.len() >= 2, "{refused:?}");
}

#[test]
fn a_cells_scenario_is_refused_above_the_course_scale_naming_the_field_and_limit() {
    let mut body = scenario("slc", "slc", "tpcb", 10);
    body["device"]["blocks"] = json!(64);
    body["device"]["wordlines_per_block"] = json!(16);
    body["params"]["flash_model"] = json!("cells");
    let error = IpaLab::from_body(object(body.clone()), 1).unwrap_err();
    assert_eq!(error.path, "params.flash_model");
    let text = error.message;
    let limit = flashlab_core::ipa::lab::cells::MAX_CELLS.to_string();
    assert!(text.contains(&limit), "{text}");
    body["params"]["flash_model"] = json!("bytes");
    assert!(IpaLab::from_body(object(body), 1).is_ok());
}

/// With App. C.2 pairs, the race's out-of-place side (no pairs) has flash pages twice the IPA
/// side's, so it holds twice its cells: the limit counts it as built. 24 blocks of 8 wordlines
/// of 256-byte flash pages are 393,216 cells; with the race, 393,216 + 786,432 > `MAX_CELLS`,
/// which counting the race as a copy of the IPA side (786,432) would have let through.
#[test]
fn the_cell_limit_counts_the_races_out_of_place_side_as_built_with_c2_pairs() {
    let mut body = scenario("mlc", "odd_mlc", "tpcb", 10);
    body["device"]["c2_pairs"] = json!(true);
    body["device"]["blocks"] = json!(24);
    body["params"]["flash_model"] = json!("cells");
    assert!(IpaLab::from_body(object(body.clone()), 1).is_ok());
    body["params"]["compare"] = json!(true);
    let error = IpaLab::from_body(object(body.clone()), 1).unwrap_err();
    assert_eq!(error.path, "params.flash_model");
    assert!(error.message.contains("1179648 cells"), "{}", error.message);
    body["params"]["flash_model"] = json!("bytes");
    assert!(IpaLab::from_body(object(body), 1).is_ok());
}

/// Live cells vs the zoom's replay: after every write of a cells run, the zoomed page's window
/// holds, cell by cell, the same charge state (placement on the Vth axis) on the live device
/// as on the zoom's replay of the block's history, and the zoom senses the same bytes.
#[test]
fn live_cell_charges_after_a_base_program_and_appends_equal_the_zoom_replay() {
    for (cell, mode) in [("slc", "slc"), ("mlc", "odd_mlc")] {
        let mut body = scenario(cell, mode, "tpcb", 60);
        body["params"]["flash_model"] = json!("cells");
        let mut run = Run::new(IpaLab::from_body(object(body), 3).unwrap(), 1_000_000);
        let mut appends = 0;
        while !run.is_done() {
            run.step(1);
            let lab = run.lab();
            let Some(w) = lab.last_write.as_ref().filter(|w| w.step + 1 == lab.steps) else {
                continue;
            };
            let z = w.zoom(&lab.store, lab.seed ^ w.step);
            let at = format!("{cell} step {}: block {} page {}", w.step, w.block, w.page);
            assert!(z.refused.is_none(), "{at}: {:?}", z.refused);
            let flash = &lab.store.ftl.flash;
            let live = flash.placements(w.block, z.wordline).unwrap();
            let cells = w.window_start * 8..(w.window_start + w.bytes_after.len()) * 8;
            assert_eq!(z.placements_after, live[cells], "{at}: charge states");
            let page = flash.read(w.block, w.page).unwrap();
            let window = &page[w.window_start..w.window_start + w.bytes_after.len()];
            assert_eq!(z.read_back, window, "{at}");
            appends += usize::from(w.append);
        }
        assert!(appends > 0, "{cell}: no append zoomed");
    }
}
