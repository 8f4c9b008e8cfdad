//! MaSM benchmark cases (`flashlab bench`, `npm run bench`).
//!
//! 1. "masm: update ingest (buffer, flushes, 2-pass merges)": MaSM-M at M = 256 with 16 records
//!    per page (an SSD of 1,048,576 records), page stealing on, uniformly random modifies, and a
//!    point scan every 65,536 updates, whose start flushes the buffer and runs the 2-pass merges
//!    of Fig. 9 lines 1–8. When the SSD passes 90% full the instance is replaced by a fresh one
//!    (migration is not part of this case). Unit: updates.
//! 2. "masm: range-scan merge throughput": a MaSM-M state (M = 64, 16 records per page, SSD
//!    full, 32 runs) over a table of 1,048,576 rows (every other key), then range scans of
//!    1/64 of the key space at rotating positions. Unit: update records merged into the output
//!    (each scan also walks about 8,000 table rows).
//! 3. "masm: Fig. 16 reproduction": the whole Fig. 16 sweep of `reproduce::fig16_slowdown`
//!    (devices, MaSM states, every scheme and range). Unit: sweeps.

use super::reproduce::{fig12_model, fig16_slowdown};
use super::{Change, FieldPatch, Masm, MasmConfig, Row};
use crate::plugin::BenchCase;
use crate::sim::Rng;

pub const INGEST_CASE: &str = "masm: update ingest (buffer, flushes, 2-pass merges)";
pub const SCAN_CASE: &str = "masm: range-scan merge throughput";
pub const FIG16_CASE: &str = "masm: Fig. 16 reproduction";

const INGEST_KEY_SPACE: u64 = 1 << 24;
const SCAN_EVERY: u64 = 1 << 16;

fn ingest_masm() -> Option<Masm> {
    let mut cfg = MasmConfig::masm_m(256, 16, INGEST_KEY_SPACE);
    cfg.keys_per_table_page = 4096;
    cfg.page_stealing = true;
    Masm::new(cfg, &[]).ok()
}

/// Case 1: `updates` updates; returns how many were applied.
pub fn ingest(updates: u64) -> u64 {
    let Some(mut masm) = ingest_masm() else {
        return 0;
    };
    let capacity_records = 256 * 256 * 16;
    let mut rng = Rng::new(7);
    let mut done = 0;
    while done < updates {
        let key = rng.below(INGEST_KEY_SPACE);
        let change = Change::Modify(FieldPatch {
            mask: 1,
            values: [done, 0],
        });
        if masm.update(key, change).is_err() {
            break;
        }
        done += 1;
        if done % SCAN_EVERY == 0 {
            if masm.scan(key, key).is_err() {
                break;
            }
            if masm.metrics().records_flushed * 10 > capacity_records * 9 {
                match ingest_masm() {
                    Some(fresh) => masm = fresh,
                    None => break,
                }
            }
        }
    }
    done
}

/// Case 2: scans until `records` update records have been merged; returns the count merged.
pub fn scan_merge(records: u64) -> u64 {
    let key_space: u64 = 1 << 21;
    let rows: Vec<(u64, Row)> = (0..key_space)
        .step_by(2)
        .map(|k| (k, Row([k, 0])))
        .collect();
    let mut cfg = MasmConfig::masm_m(64, 16, key_space);
    cfg.keys_per_table_page = 256;
    let Ok(mut masm) = Masm::new(cfg, &rows) else {
        return 0;
    };
    let mut rng = Rng::new(11);
    for i in 0..64 * 64 * 16 {
        let change = Change::Modify(FieldPatch {
            mask: 1,
            values: [i, 0],
        });
        if masm.update(rng.below(key_space), change).is_err() {
            return 0;
        }
    }
    let width = key_space / 64;
    let mut merged = 0;
    let mut from = 0;
    while merged < records {
        match masm.scan(from, from + width - 1) {
            Ok(result) => merged += result.update_records_merged.max(1),
            Err(_) => break,
        }
        from = (from + width * 7) % (key_space - width);
    }
    merged
}

/// Case 3: `sweeps` full Fig. 16 sweeps.
pub fn fig16(sweeps: u64) -> u64 {
    let Ok(devices) = fig12_model::paper_devices() else {
        return 0;
    };
    (0..sweeps)
        .filter(|_| fig16_slowdown::sweep(&devices).is_ok())
        .count() as u64
}

pub fn cases() -> Vec<BenchCase> {
    vec![
        BenchCase {
            name: INGEST_CASE,
            unit: "updates",
            run: ingest,
            default_size: 4_000_000,
        },
        BenchCase {
            name: SCAN_CASE,
            unit: "merged update records",
            run: scan_merge,
            default_size: 6_000_000,
        },
        BenchCase {
            name: FIG16_CASE,
            unit: "sweeps",
            run: fig16,
            default_size: 1,
        },
    ]
}
