//! Fig. 22's CPU/I-O overlap (`masm::reproduce::cpu_pipeline`, `fig22_cpu`): the pipeline against
//! a plain closed form on random inputs, the validation of the cost per record, and the scan
//! arrivals against `scan_cost` when no CPU work is injected, on a small MaSM state.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use flashlab_core::masm::Granularity;
use flashlab_core::masm::io::{Devices, scan_cost};
use flashlab_core::masm::reproduce::cpu_pipeline::{Chunk, CpuCost, MAX_CPU_NS_PER_RECORD};
use flashlab_core::masm::reproduce::fig22_cpu::{
    CpuRow, MasmState, arrivals, claim_values, mean_scan_ns, records_per_scan,
};
use flashlab_core::masm::reproduce::setup::{
    GIB, KEY_BYTES, MIB, fill, io_config, masm_config, place_runs, positions, prefilled_devices,
    table_layout, x25e,
};
use flashlab_core::sim::Rng;

/// The plain reference: the CPU ends at the latest of (start + all the work) and, for every
/// chunk k, (k's arrival + the work of k and every later chunk).
fn closed_form(start: u64, chunks: &[Chunk], ns: u64) -> u64 {
    let work = |from: usize| chunks[from..].iter().map(|c| c.records * ns).sum::<u64>();
    (0..chunks.len())
        .map(|k| chunks[k].ready_ns + work(k))
        .fold(start + work(0), u64::max)
}

#[test]
fn the_pipeline_ends_where_the_closed_form_says_on_random_chunks() {
    let mut rng = Rng::new(22);
    for case in 0..500 {
        let ns = rng.below(3000);
        let cpu = CpuCost::per_record_ns(ns, 100).unwrap();
        let start = rng.below(1_000_000);
        let mut at = start;
        let chunks: Vec<Chunk> = (0..rng.range_inclusive(0, 40))
            .map(|_| {
                at += rng.below(20_000_000);
                Chunk {
                    records: rng.below(12_000),
                    ready_ns: at,
                }
            })
            .collect();
        assert_eq!(
            cpu.pipeline_end_ns(start, &chunks),
            closed_form(start, &chunks, ns),
            "case {case}: {ns} ns/record, {chunks:?}"
        );
    }
}

#[test]
fn chunks_hold_every_whole_record_of_the_range_once() {
    let mut rng = Rng::new(7);
    for _ in 0..200 {
        let record = rng.range_inclusive(1, 5000);
        let cpu = CpuCost::per_record_ns(1000, record).unwrap();
        let mut bytes = 0;
        let arrivals: Vec<(u64, u64)> = (0..rng.range_inclusive(1, 30))
            .map(|i| {
                bytes += rng.below(2 * MIB);
                (bytes, i)
            })
            .collect();
        let chunks = cpu.chunks(&arrivals);
        let total: u64 = chunks.iter().map(|c| c.records).sum();
        assert_eq!(total, bytes / record);
        assert!(chunks.iter().zip(&arrivals).all(|(c, a)| c.ready_ns == a.1));
    }
}

#[test]
fn a_cost_per_record_over_the_limit_or_a_zero_record_is_refused_naming_the_field() {
    let over = CpuCost::per_record_ns(MAX_CPU_NS_PER_RECORD + 1, 100).unwrap_err();
    assert!(over.to_string().contains("cpu_ns_per_record"), "{over}");
    let zero = CpuCost::per_record_ns(500, 0).unwrap_err();
    assert!(zero.to_string().contains("record_bytes"), "{zero}");
    // The largest legal cost over the largest range a 100 GiB table has stays finite.
    let cpu = CpuCost::per_record_ns(MAX_CPU_NS_PER_RECORD, 1).unwrap();
    let whole = [Chunk {
        records: cpu.records_in(100 * GIB),
        ready_ns: 0,
    }];
    assert!(cpu.pipeline_end_ns(0, &whole) < u64::MAX);
}

struct Small {
    dev: Devices,
    masm: flashlab_core::masm::Masm,
    space: flashlab_core::masm::io::CacheSpace,
}

impl Small {
    fn state(&self) -> MasmState<'_> {
        MasmState {
            masm: &self.masm,
            space: &self.space,
        }
    }
}

/// A 1 GiB table, M = 64, the cache half full (a small Fig. 16 state).
fn small(seed: u64) -> Small {
    let table_bytes = GIB;
    let cfg = masm_config(64, (1, 1), Granularity::Coarse, table_bytes, true);
    let masm = fill(cfg, 64 * 64 / 2, 0, seed).unwrap();
    let space = place_runs(&masm, 64 * 64);
    let dev = prefilled_devices(&io_config(table_bytes, x25e(), 64 * 64 * 64 * 1024)).unwrap();
    Small { dev, masm, space }
}

#[test]
fn with_no_cpu_work_a_scan_ends_when_its_io_does() {
    let s = small(3);
    let table = table_layout(GIB);
    let state = s.state();
    let none = CpuCost::per_record_ns(0, 100).unwrap();
    for (i, keys) in [1, 256, 2560, 25_600].into_iter().enumerate() {
        for from in positions(table.key_space, keys, 3, 40 + i as u64) {
            let to = from + keys - 1;
            let (mut a, mut b) = (s.dev.clone(), s.dev.clone());
            let got = arrivals(&mut a, &table, Some(state), 5, from, to);
            let masm_end = none.pipeline_end_ns(5, &none.chunks(&got));
            assert_eq!(
                masm_end,
                scan_cost(&mut b, &s.space, &s.masm, &table, 5, from, to).end_ns
            );
            let (mut c, mut d) = (s.dev.clone(), s.dev.clone());
            let got = arrivals(&mut c, &table, None, 5, from, to);
            let (offset, len) = table.key_range_bytes(from, to);
            assert_eq!(
                none.pipeline_end_ns(5, &none.chunks(&got)),
                d.hdd.read(5, offset, len).end_ns
            );
            assert_eq!(got.last().map(|x| x.0), Some(keys * KEY_BYTES));
        }
    }
}

#[test]
fn scans_turn_cpu_bound_past_the_disk_rate_and_masm_follows_the_pure_scan() {
    let s = small(4);
    let table = table_layout(GIB);
    let state = s.state();
    let keys = 256 * MIB / KEY_BYTES;
    let starts = positions(table.key_space, keys, 2, 9);
    let time = |ns: u64, st: Option<MasmState<'_>>| {
        let cpu = CpuCost::per_record_ns(ns, 100).unwrap();
        mean_scan_ns(&s.dev, &table, st, cpu, &starts, keys)
    };
    let io = time(0, None);
    let records = (keys * KEY_BYTES / 100) as f64;
    // Well below the disk's rate per record the scan stays I/O bound; well above, CPU bound.
    assert!(time(200, None) < io * 1.02, "{} vs {io}", time(200, None));
    let heavy = time(10_000, None);
    assert!(heavy >= records * 10_000.0 && heavy < records * 10_000.0 * 1.02);
    // Determinism: the same inputs give the same times.
    assert_eq!(time(1500, Some(state)), time(1500, Some(state)));
    assert!(time(10_000, Some(state)) / heavy < 1.02);
}

#[test]
fn the_knee_is_the_flat_time_over_the_records_and_the_ratio_the_worst_point() {
    let rows = [
        CpuRow {
            cpu_ns_per_record: 0,
            pure_ns: 1.3e3 * records_per_scan() as f64,
            masm_ns: 9.0,
        },
        CpuRow {
            cpu_ns_per_record: 500,
            pure_ns: 10.0,
            masm_ns: 10.2,
        },
        CpuRow {
            cpu_ns_per_record: 2500,
            pure_ns: 10.0,
            masm_ns: 10.1,
        },
    ];
    let v = claim_values(&rows);
    assert!(
        (v[0] - 1.3).abs() < 1e-9 && (v[1] - 1.02).abs() < 1e-9,
        "{v:?}"
    );
}
