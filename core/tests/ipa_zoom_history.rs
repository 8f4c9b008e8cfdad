//! The cell zoom replays a page's real program history (issue 30): on lab runs (SLC and MLC,
//! every region mode, NOP 4 and 8, generated and random workloads), at every step that writes a
//! page, the zoom's replay on the cell model (its block's programs since the erase, the
//! device's NOP and page numbering) accepts every program, senses back the bytes the byte-level
//! data path holds, counts the page's programs as the byte model does, and sees the same
//! LSB/MSB pairing state; only the written bytes' cells gain charge in the zoomed write.

#![allow(clippy::expect_used, clippy::unwrap_used)]

use flashlab_core::ipa::lab::IpaLab;
use flashlab_core::plugin::LabSpec;
use flashlab_core::sim::Run;
use serde_json::{Map, Value, json};

fn object(v: Value) -> Map<String, Value> {
    match v {
        Value::Object(m) => m,
        _ => panic!("not an object"),
    }
}

/// Steps `body` to its end, checking the zoom against the byte model after every write.
fn zoom_agrees_on_every_write(body: Value, what: &str) -> usize {
    let lab = IpaLab::from_body(object(body), 7).unwrap();
    let mut run = Run::new(lab, 1_000_000);
    let mut checked = 0;
    let mut appends = 0;
    while !run.is_done() {
        run.step(1);
        assert!(run.error().is_none(), "{what}: {:?}", run.error());
        let lab = run.lab();
        let Some(w) = lab.last_write.as_ref() else {
            continue;
        };
        if w.step + 1 != lab.steps {
            continue; // not written by this step
        }
        let z = w.zoom(&lab.store, lab.seed ^ w.step);
        let at = format!("{what}, step {}, block {} page {}", w.step, w.block, w.page);
        assert!(z.refused.is_none(), "{at}: {:?}", z.refused);
        let flash = &lab.store.ftl.flash;
        let page = flash.read(w.block, w.page).unwrap();
        let window = &page[w.window_start..w.window_start + w.bytes_after.len()];
        assert_eq!(z.read_back, window, "{at}: cells sense other bytes");
        assert_eq!(z.bit_errors, 0, "{at}");
        let programs = flash.programs(w.block, w.page);
        assert_eq!(z.cell_program_count, programs, "{at}: program count");
        assert_eq!(z.page_programs.len() as u32, programs, "{at}: page history");
        assert!(programs <= z.nop, "{at}: NOP {}", z.nop);
        assert_eq!(z.nop, flash.config().nop, "{at}: the device's NOP");
        assert_eq!(z.page_programs.last().unwrap().append, w.append, "{at}");
        let paired = z
            .paired_page
            .is_some_and(|p| flash.programs(w.block, p) > 0);
        assert_eq!(z.paired_programmed, paired, "{at}: pairing state");
        for (cell, (b, a)) in z.vth_before_v.iter().zip(&z.vth_after_v).enumerate() {
            assert!(a >= b, "{at}: cell {cell} lost charge");
            let byte = w.window_start + cell / 8;
            if w.append && !(w.written_from..w.written_to).contains(&byte) {
                assert_eq!(a, b, "{at}: cell {cell} outside the append was pulsed");
            }
        }
        checked += 1;
        appends += usize::from(w.append && programs > 1);
    }
    assert!(
        checked > 0 && appends > 0,
        "{what}: {checked} writes, {appends} appends"
    );
    checked
}

fn tpcb(cell: &str, mode: &str, nop: u32) -> Value {
    json!({
        "device": {"cell": cell, "mode": mode, "nop": nop, "blocks": 8, "wordlines_per_block": 8},
        "params": {"page_bytes": 512, "n": 2, "m": 3, "v": 12, "buffer_frames": 3},
        "workload": {"generator": {"kind": "tpcb", "transactions": 150, "scale": 60,
                                   "checkpoint_every": 40}},
    })
}

#[test]
fn zoom_replays_the_real_history_on_slc_and_agrees_with_the_byte_model() {
    for nop in [4, 8] {
        zoom_agrees_on_every_write(tpcb("slc", "slc", nop), &format!("slc nop {nop}"));
    }
}

#[test]
fn zoom_replays_the_real_history_on_odd_mlc_and_pslc_and_agrees_with_the_byte_model() {
    zoom_agrees_on_every_write(tpcb("mlc", "odd_mlc", 4), "odd-MLC nop 4");
    zoom_agrees_on_every_write(tpcb("mlc", "pslc", 8), "pSLC nop 8");
}

#[test]
fn zoom_of_a_c2_pair_replays_its_lsb_half_and_agrees_with_the_byte_model() {
    // App. C.2: the zoomed page is the pair's LSB flash page, which holds the delta area.
    let mut body = tpcb("mlc", "odd_mlc", 4);
    body["device"]["c2_pairs"] = json!(true);
    zoom_agrees_on_every_write(body, "odd-MLC C.2 pairs nop 4");
}

#[test]
fn zoom_shows_every_program_of_the_page_since_the_erase() {
    // One page takes its first program, then two appends: the zoom of the last append lists
    // all three, in order, with the append ranges.
    let mut ops: Vec<Value> = (0..4)
        .map(|k| json!({"op": "insert", "key": k, "fields": [1000 + k, 0, 0, 0]}))
        .collect();
    ops.push(json!({"op": "checkpoint"}));
    ops.push(json!({"op": "update", "key": 1, "field": 0, "value": 7}));
    ops.push(json!({"op": "checkpoint"}));
    ops.push(json!({"op": "update", "key": 2, "field": 1, "value": 9}));
    ops.push(json!({"op": "checkpoint"}));
    let body = json!({
        "device": {"blocks": 4, "wordlines_per_block": 4, "nop": 4},
        "params": {"page_bytes": 256, "n": 2, "m": 4, "v": 4, "buffer_frames": 2,
                   "eviction": "non_eager"},
        "workload": {"ops": ops},
    });
    zoom_agrees_on_every_write(body.clone(), "two appends");
    let mut run = Run::new(IpaLab::from_body(object(body), 7).unwrap(), 10_000);
    run.run_to_end();
    let lab = run.lab();
    let w = lab.last_write.as_ref().unwrap();
    let z = w.zoom(&lab.store, 1);
    let kinds: Vec<bool> = z.page_programs.iter().map(|p| p.append).collect();
    assert_eq!(kinds, [false, true, true], "{:?}", z.page_programs);
    assert!(z.page_programs[1].to <= z.page_programs[2].from);
    assert!(z.page_programs.iter().all(|p| p.loops > 0));
}
