//! The I/O side of the scan: request stream, read-ahead, seeks, devices, knobs.

use flashlab_core::layouts::reproduce::runner::{Case, run};
use flashlab_core::layouts::{
    AccessPath, Compression, DeviceId, Layout, QuerySpec, ScanQuery, ScanRun, ScanSettings,
    Scheduler, Schema, StoredTable, TableKind,
};

const ROWS: u64 = 2_000_000;

fn case(device: DeviceId, table: TableKind, layout: Layout, k: usize, s: f64) -> Case {
    Case {
        rows: ROWS,
        ..Case::paper(device, table, layout, k, s)
    }
}

#[test]
fn each_step_completes_exactly_one_request() {
    let spec = case(DeviceId::SsdFast, TableKind::Orders, Layout::Dsm, 4, 0.1)
        .spec(0, 1)
        .unwrap();
    let mut run = ScanRun::new(&[DeviceId::SsdFast], vec![spec], ScanSettings::default()).unwrap();
    let mut steps = 0u64;
    let mut last = 0;
    let mut parallel = false;
    while let Some(e) = run.step().unwrap() {
        steps += 1;
        assert!(e.now_ns >= last, "time never goes back");
        last = e.now_ns;
        parallel |= run.devices[0].in_flight.len() > 1;
    }
    let needed: usize = run.streams.iter().map(|s| s.units.len()).sum();
    assert_eq!(steps, needed as u64);
    assert_eq!(run.devices[0].requests, steps);
    assert!(parallel, "an SSD keeps several requests in flight");
    assert_eq!(run.check_invariants(), Ok(()));
}

#[test]
fn a_row_scan_streams_at_each_devices_sequential_rate() {
    let settings = ScanSettings::default();
    for (device, mb_s) in [(DeviceId::Disk, 80.0), (DeviceId::SsdFast, 250.0)] {
        let out = run(
            &case(device, TableKind::Orders, Layout::Nsm, 7, 0.1),
            &settings,
        )
        .unwrap();
        let rate = out.bytes_read as f64 / 1e6 / out.elapsed_s();
        assert!((rate / mb_s - 1.0).abs() < 0.05, "{device:?}: {rate} MB/s");
    }
}

#[test]
fn a_larger_read_ahead_cuts_column_seeks_on_disk_but_not_time_on_flash() {
    let small = ScanSettings {
        read_ahead_bytes: 256 * 1024,
        ..ScanSettings::default()
    };
    let large = ScanSettings::default();
    let disk = case(DeviceId::Disk, TableKind::Orders, Layout::Dsm, 7, 0.1);
    let (a, b) = (run(&disk, &small).unwrap(), run(&disk, &large).unwrap());
    assert!(a.seeks > 5 * b.seeks, "{} vs {}", a.seeks, b.seeks);
    assert!(a.elapsed_ns > b.elapsed_ns);
    // Big enough that the first windows (2 × 6 MB per column) are a small part of the scan.
    let ssd = Case {
        rows: 5 * ROWS,
        ..case(DeviceId::SsdFast, TableKind::Orders, Layout::Dsm, 7, 0.1)
    };
    let (c, d) = (run(&ssd, &small).unwrap(), run(&ssd, &large).unwrap());
    let ratio = c.elapsed_ns as f64 / d.elapsed_ns as f64;
    assert!((ratio - 1.0).abs() < 0.05, "{ratio}");
}

#[test]
fn a_column_scan_reads_only_the_projected_files() {
    let schema = Schema::orders();
    let s = ScanSettings::default();
    let one = run(
        &case(DeviceId::SsdFast, TableKind::Orders, Layout::Dsm, 1, 0.1),
        &s,
    )
    .unwrap();
    let dsm = StoredTable::shape_only(&schema, ROWS, Layout::Dsm, 4096).unwrap();
    assert_eq!(one.bytes_read, dsm.files[0].bytes());
    let all = run(
        &case(DeviceId::SsdFast, TableKind::Orders, Layout::Nsm, 1, 0.1),
        &s,
    )
    .unwrap();
    let nsm = StoredTable::shape_only(&schema, ROWS, Layout::Nsm, 4096).unwrap();
    assert_eq!(all.bytes_read, nsm.files[0].bytes());
}

#[test]
fn compression_shrinks_the_bytes_read_by_its_ratio() {
    let plain = ScanSettings::default();
    let packed = ScanSettings {
        compression: Compression::ORDERS_12_OF_32,
        ..ScanSettings::default()
    };
    for layout in [Layout::Nsm, Layout::Dsm] {
        let c = case(DeviceId::SsdFast, TableKind::Orders, layout, 7, 0.1);
        let (a, b) = (run(&c, &plain).unwrap(), run(&c, &packed).unwrap());
        let ratio = b.bytes_read as f64 / a.bytes_read as f64;
        assert!((ratio - 0.375).abs() < 0.01, "{layout:?}: {ratio}");
    }
}

#[test]
fn an_index_reads_fewer_bytes_at_low_selectivity_and_more_units_near_full() {
    let index = ScanSettings {
        access: AccessPath::Index { entry_bytes: 6.25 },
        ..ScanSettings::default()
    };
    let full = ScanSettings::default();
    let low = case(DeviceId::SsdFast, TableKind::Orders, Layout::Nsm, 7, 0.0001);
    let (a, b) = (run(&low, &index).unwrap(), run(&low, &full).unwrap());
    assert!(
        a.bytes_read * 4 < b.bytes_read,
        "{} vs {}",
        a.bytes_read,
        b.bytes_read
    );
    assert!(a.elapsed_ns < b.elapsed_ns);
    let high = case(DeviceId::SsdFast, TableKind::Orders, Layout::Nsm, 7, 1.0);
    let (c, d) = (run(&high, &index).unwrap(), run(&high, &full).unwrap());
    assert!(
        c.elapsed_ns > d.elapsed_ns,
        "at s = 1 the index only adds its own reads"
    );
}

#[test]
fn competing_scans_on_a_disk_seek_and_noop_differs_from_cfq() {
    let spec = |q: usize, table| {
        let layout = Layout::Nsm;
        QuerySpec {
            table: StoredTable::shape_only(&Schema::of(table), 5_000_000, layout, 4096).unwrap(),
            query: ScanQuery::first_k(1, 0.1),
            device: 0,
            index_device: 0,
            seed: q as u64,
        }
    };
    let mut times = Vec::new();
    for scheduler in [Scheduler::Noop, Scheduler::Cfq] {
        let settings = ScanSettings {
            scheduler,
            ..ScanSettings::default()
        };
        let alone = {
            let mut r = ScanRun::new(
                &[DeviceId::Disk],
                vec![spec(0, TableKind::Orders)],
                settings.clone(),
            )
            .unwrap();
            r.run_to_end().unwrap();
            r.outcome(0).unwrap()
        };
        let specs = vec![spec(0, TableKind::Orders), spec(1, TableKind::Lineitem)];
        let mut r = ScanRun::new(&[DeviceId::Disk], specs, settings).unwrap();
        r.stop_after_first = true;
        r.run_to_end().unwrap();
        let shared = r.outcome(0).unwrap();
        assert!(
            shared.elapsed_ns > alone.elapsed_ns * 3 / 2,
            "{scheduler:?}"
        );
        assert!(r.devices[0].seeks > 5 * alone.seeks.max(1), "{scheduler:?}");
        times.push(shared.elapsed_ns);
    }
    assert_ne!(times[0], times[1]);
}

#[test]
fn a_scan_cloned_mid_run_finishes_exactly_like_the_original() {
    let spec = case(DeviceId::Disk, TableKind::Lineitem, Layout::Dsm, 6, 0.1)
        .spec(0, 1)
        .unwrap();
    let mut run = ScanRun::new(&[DeviceId::Disk], vec![spec], ScanSettings::default()).unwrap();
    for _ in 0..50 {
        run.step().unwrap();
    }
    let mut copy = run.clone();
    run.run_to_end().unwrap();
    copy.run_to_end().unwrap();
    assert_eq!(run.outcome(0), copy.outcome(0));
    assert_eq!(run.devices[0].seeks, copy.devices[0].seeks);
}

#[test]
fn the_view_shows_column_streams_and_the_disk_head_moving() {
    let spec = case(DeviceId::Disk, TableKind::Orders, Layout::Dsm, 3, 0.1)
        .spec(0, 1)
        .unwrap();
    let mut run = ScanRun::new(&[DeviceId::Disk], vec![spec], ScanSettings::default()).unwrap();
    let mut heads = std::collections::BTreeSet::new();
    while run.step().unwrap().is_some() {
        let v = run.view();
        assert_eq!(v.streams.len(), 3);
        assert!(
            v.devices[0].in_flight <= 1,
            "a disk serves one request at a time"
        );
        heads.insert(v.devices[0].head_offset);
        for s in &v.streams {
            assert!(s.delivered_units <= s.issued_units && s.issued_units <= s.needed_units);
        }
    }
    let v = run.view();
    let columns: Vec<Option<usize>> = v.streams.iter().map(|s| s.column).collect();
    assert_eq!(columns, vec![Some(0), Some(1), Some(2)]);
    assert!(heads.len() > 100);
    assert_eq!(v.queries[0].cursor_row, ROWS);
}

#[test]
fn a_scan_that_reads_every_file_whole_draws_nothing_from_its_seed_and_a_sparse_one_does() {
    let whole = case(DeviceId::Disk, TableKind::Orders, Layout::Nsm, 7, 0.1);
    assert!(!run(&whole, &ScanSettings::default()).unwrap().drew);
    // LINEITEM's widest column holds few rows per page: at s = 0.1 % some pages hold no
    // qualifying row, so which ones is drawn.
    let sparse = case(
        DeviceId::SsdFast,
        TableKind::Lineitem,
        Layout::Dsm,
        16,
        0.001,
    );
    let drawn: Vec<u64> = [1, 2]
        .iter()
        .map(|&seed| {
            let out = run(
                &Case {
                    seed,
                    ..sparse.clone()
                },
                &ScanSettings::default(),
            )
            .unwrap();
            assert!(out.drew);
            out.bytes_read
        })
        .collect();
    assert_ne!(drawn[0], drawn[1], "another seed draws other pages");
}

/// RAID-0 (`raid.rs` step 5): each member's head is the array byte after the last byte that
/// member served, checked against walking every request unit by unit.
#[test]
fn each_heads_array_byte_follows_the_last_array_byte_that_member_served() {
    let mut rng = flashlab_core::sim::Rng::new(13);
    let stripe = 64 * 1024;
    let Ok(flashlab_core::layouts::device::ScanDevice::Raid0(mut raid)) =
        flashlab_core::layouts::device::ScanDevice::new(DeviceId::Raid0, stripe)
    else {
        panic!("a RAID-0 device");
    };
    // Plain reference: the last byte of each request on each member, walked unit by unit.
    let mut expected = [None, None];
    let mut now = 0;
    for _ in 0..200 {
        let offset = rng.below(1 << 30);
        let bytes = 1 + rng.below(4 * stripe);
        now = raid.serve(offset, bytes, now).unwrap();
        for b in offset..offset + bytes {
            if b % stripe == stripe - 1 || b == offset + bytes - 1 {
                expected[((b / stripe) % flashlab_core::layouts::raid::RAID0_MEMBERS) as usize] =
                    Some(b + 1);
            }
        }
        for (m, want) in expected.iter().enumerate() {
            assert_eq!(
                raid.head_on_array(m),
                *want,
                "member {m} after {offset}+{bytes}"
            );
        }
    }
}
