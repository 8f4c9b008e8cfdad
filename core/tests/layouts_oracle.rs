//! Every layout, device and knob setting returns exactly the answer of the plain in-memory
//! table generated from the same seed (property tests over seeds, predicates, projections).

use flashlab_core::layouts::{
    AccessPath, Compression, DeviceId, Layout, Predicate, QuerySpec, ScanQuery, ScanRun,
    ScanSettings, Scheduler, StoredTable, Table, TableKind,
};
use flashlab_core::sim::Rng;

fn random_query(rng: &mut Rng, columns: usize) -> ScanQuery {
    let k = 1 + rng.below(columns as u64) as usize;
    let mut cols: Vec<usize> = (0..columns).collect();
    // Fisher-Yates prefix: a random projection in a random order.
    for i in 0..k {
        let j = i + rng.below((columns - i) as u64) as usize;
        cols.swap(i, j);
    }
    cols.truncate(k);
    let predicate = if rng.chance(0.7) {
        Predicate::on_first_with_selectivity(rng.unit_f64())
    } else {
        let column = rng.below(columns as u64) as usize;
        let low = rng.below(8);
        Predicate {
            column,
            low,
            high: low + rng.below(1 << 20),
        }
    };
    ScanQuery {
        columns: cols,
        predicate,
    }
}

fn random_settings(rng: &mut Rng) -> ScanSettings {
    let unit = 4096 * (1 + rng.below(3));
    ScanSettings {
        io_unit_bytes: unit,
        read_ahead_bytes: unit * (1 + rng.below(4)),
        fragment_bytes: unit * 16,
        fragment_gap_bytes: 4096,
        scheduler: if rng.chance(0.5) {
            Scheduler::Noop
        } else {
            Scheduler::Cfq
        },
        compression: if rng.chance(0.3) {
            Compression::ORDERS_12_OF_32
        } else {
            Compression::NONE
        },
        access: if rng.chance(0.3) {
            AccessPath::Index { entry_bytes: 6.25 }
        } else {
            AccessPath::FullScan
        },
        block_rows: 1 + rng.below(300),
        ..ScanSettings::default()
    }
}

fn device(rng: &mut Rng) -> DeviceId {
    DeviceId::ALL[rng.below(4) as usize]
}

#[test]
fn every_layout_on_every_device_answers_like_the_in_memory_table() {
    for seed in 0..150u64 {
        let mut rng = Rng::new(seed);
        let kind = if rng.chance(0.5) {
            TableKind::Lineitem
        } else {
            TableKind::Orders
        };
        let rows = 1 + rng.below(600);
        let table = Table::generate(kind, rows, seed);
        let query = random_query(&mut rng, table.schema.columns.len());
        let expected = table.oracle_scan(&query);
        let settings = random_settings(&mut rng);
        let dev = device(&mut rng);
        for layout in Layout::ALL {
            let stored = StoredTable::load(&table, layout, 4096).unwrap();
            // Every other seed puts the index (if any) on a second device, SSD-Fast.
            let spec = QuerySpec {
                table: stored,
                query: query.clone(),
                device: 0,
                index_device: usize::from(seed % 2 == 0),
                seed,
            };
            let mut run =
                ScanRun::new(&[dev, DeviceId::SsdFast], vec![spec], settings.clone()).unwrap();
            while run.step().unwrap().is_some() {
                assert_eq!(run.check_invariants(), Ok(()), "seed {seed} {layout:?}");
            }
            assert_eq!(run.check_invariants(), Ok(()), "seed {seed} {layout:?}");
            let out = run.outcome(0).unwrap();
            assert_eq!(
                out.answer, expected,
                "seed {seed} {layout:?} {dev:?} {query:?}"
            );
            assert!(out.elapsed_ns > 0 || rows == 0);
        }
    }
}

#[test]
fn concurrent_queries_each_answer_like_their_own_table() {
    for seed in 0..40u64 {
        let mut rng = Rng::new(1000 + seed);
        let settings = random_settings(&mut rng);
        let dev = device(&mut rng);
        let n = 2 + rng.below(3) as usize;
        let mut specs = Vec::new();
        let mut expected = Vec::new();
        for q in 0..n {
            let kind = if rng.chance(0.5) {
                TableKind::Lineitem
            } else {
                TableKind::Orders
            };
            let table = Table::generate(kind, 1 + rng.below(400), seed * 10 + q as u64);
            let query = random_query(&mut rng, table.schema.columns.len());
            expected.push(table.oracle_scan(&query));
            let layout = Layout::ALL[rng.below(3) as usize];
            specs.push(QuerySpec {
                table: StoredTable::load(&table, layout, 4096).unwrap(),
                query,
                device: 0,
                index_device: 0,
                seed,
            });
        }
        let mut run = ScanRun::new(&[dev], specs, settings).unwrap();
        run.run_to_end().unwrap();
        assert_eq!(run.check_invariants(), Ok(()), "seed {seed}");
        for (q, want) in expected.iter().enumerate() {
            assert_eq!(
                &run.outcome(q).unwrap().answer,
                want,
                "seed {seed} query {q}"
            );
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_run() {
    let table = Table::generate(TableKind::Orders, 500, 3);
    let query = ScanQuery::first_k(4, 0.2);
    let run = || {
        let stored = StoredTable::load(&table, Layout::Dsm, 4096).unwrap();
        let settings = ScanSettings {
            io_unit_bytes: 4096,
            read_ahead_bytes: 8192,
            fragment_bytes: 65536,
            ..ScanSettings::default()
        };
        let mut r = ScanRun::single(DeviceId::Disk, stored, query.clone(), settings, 1).unwrap();
        r.run_to_end().unwrap();
        r.outcome(0).unwrap()
    };
    assert_eq!(run(), run());
}
