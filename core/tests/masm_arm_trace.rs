//! The compare view's disk-arm trace (`masm::baseline::arm_trace`, `masm::lab::arm_view`): its
//! points are the very I/Os the baselines issued.
//!
//! 1. In-place: a plain reference disk (`HddDev` of the same preset), driven with the same
//!    read-modify-writes and the scans' requests one by one, gives the same spans and offsets,
//!    in the same order, as the trace's two streams.
//! 2. IU: the disk stream equals a reference disk reading the scans' ranges request by request
//!    (IU's disk does nothing else), and the SSD stream has one read per SSD page the metrics
//!    count, ending when the merge's fetch queue says (`Iu::last_reads`).
//! 3. The lab: with `compare`, the view's meta and series carry both traces, bounded, and
//!    in-place's update stream counts every update it applied.
//! 4. IU in the lab (`iu_scan`): a scan opened and moved on with the clock books the very
//!    I/Os, with the same times, as the scan run at once when no update arrives meanwhile; its
//!    SSD reads are issued as the clock reaches them, not all at the scan's start.
//! 5. The lab books an in-place scan's requests one by one as its clock advances: updates
//!    committed during a long scan are served between its requests, the head leaves the scan's
//!    region mid-scan, and a plain disk (`HddDev`) serving the same interleaved sequence gives
//!    every I/O's span and so the scan's time.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use flashlab_core::labs::build;
use flashlab_core::masm::baseline::arm_trace::{ARM_TRACE_CAP, ArmIo};
use flashlab_core::masm::baseline::{BASELINE_PAGE_BYTES, BaselineConfig, InPlace, Iu};
use flashlab_core::masm::io::{HddDev, IoConfig};
use flashlab_core::masm::{Change, FieldPatch};
use flashlab_core::sim::Rng;
use flashlab_core::sim::{Lab, Run};

fn config(key_space: u64, table_bytes: u64) -> BaselineConfig {
    BaselineConfig {
        key_space,
        keys_per_table_page: 4,
        record_bytes: 100,
        io: IoConfig {
            table_bytes,
            ..IoConfig::default()
        },
        iu_lru_pages: 2,
        iu_queue_depth: 1,
        lsm_c0_records: 64,
        lsm_levels: 3,
    }
}

fn modify(i: u64) -> Change {
    Change::Modify(FieldPatch {
        mask: 1,
        values: [i, 0],
    })
}

/// One op: its time, `Some((from, to))` for a scan or `None` for an update, and the update's key.
type Op = (u64, Option<(u64, u64)>, u64);

/// The ops both sides run.
fn ops(seed: u64, key_space: u64) -> Vec<Op> {
    let mut rng = Rng::new(seed);
    let mut now = 0;
    (0..400)
        .map(|i| {
            now += 1_000_000 + rng.below(20_000_000);
            let op = if i % 25 == 24 {
                let from = rng.below(key_space);
                Some((from, (from + rng.below(key_space / 2)).min(key_space - 1)))
            } else {
                None
            };
            (now, op, rng.below(key_space))
        })
        .collect()
}

fn io(span_start: u64, span_end: u64, offset: u64) -> ArmIo {
    ArmIo {
        start_ns: span_start,
        end_ns: span_end,
        offset_bytes: offset,
    }
}

/// A scan of keys `from..=to` on the plain disk: its requests one by one, back to back.
fn reference_scan(
    disk: &mut HddDev,
    cfg: &BaselineConfig,
    now: u64,
    from: u64,
    to: u64,
) -> Vec<ArmIo> {
    let (offset, end) = cfg.key_range_bytes(from, to);
    let mut ready = now;
    disk.requests_of(offset, end - offset)
        .into_iter()
        .map(|(request, len)| {
            let span = disk.read(ready, request, len);
            ready = span.end_ns;
            io(span.start_ns, span.end_ns, request)
        })
        .collect()
}

#[test]
fn in_place_trace_is_the_requests_a_plain_disk_serves_for_the_same_ops() {
    let key_space = 4096;
    let cfg = config(key_space, 64 << 20);
    let mut scheme = InPlace::new(&cfg, &[]).unwrap();
    let mut disk = HddDev::new(&cfg.io.hdd_preset, cfg.io.scan_request_bytes).unwrap();
    let (mut scans, mut updates) = (Vec::new(), Vec::new());
    for (i, (now, op, key)) in ops(5, key_space).into_iter().enumerate() {
        match op {
            Some((from, to)) => {
                scheme.scan(now, from, to).unwrap();
                scans.extend(reference_scan(&mut disk, &cfg, now, from, to));
            }
            None => {
                scheme.update(now, key, modify(i as u64)).unwrap();
                let offset = cfg.key_range_bytes(key, key).0;
                let page = offset / BASELINE_PAGE_BYTES * BASELINE_PAGE_BYTES;
                let span = disk.read_modify_write(now, page, BASELINE_PAGE_BYTES);
                updates.push(io(span.start_ns, span.end_ns, page));
            }
        }
    }
    let trace = scheme.arm_trace();
    assert!(!scans.is_empty() && !updates.is_empty());
    assert_eq!(trace.scan.ios.iter().copied().collect::<Vec<_>>(), scans);
    assert_eq!(trace.other.ios.iter().copied().collect::<Vec<_>>(), updates);
    assert_eq!(trace.other.total, scheme.metrics().updates);
}

#[test]
fn iu_trace_is_its_disk_requests_and_one_ssd_read_per_page_it_read() {
    let key_space = 4096;
    let cfg = config(key_space, 64 << 20);
    let mut scheme = Iu::new(&cfg, &[]).unwrap();
    let mut disk = HddDev::new(&cfg.io.hdd_preset, cfg.io.scan_request_bytes).unwrap();
    let mut scans = Vec::new();
    let mut reads_seen = 0;
    for (i, (now, op, key)) in ops(7, key_space).into_iter().enumerate() {
        match op {
            Some((from, to)) => {
                let before = scheme.arm_trace().other.total;
                scheme.scan(now, from, to).unwrap();
                scans.extend(reference_scan(&mut disk, &cfg, now, from, to));
                // This scan's SSD reads: the fetch queue's, in its order, at log-page offsets.
                let trace = scheme.arm_trace();
                let new = usize::try_from(trace.other.total - before).unwrap();
                let reads: Vec<u64> = trace
                    .other
                    .ios
                    .iter()
                    .rev()
                    .take(new)
                    .map(|r| r.end_ns)
                    .collect();
                let queue: Vec<u64> = scheme.last_reads().iter().rev().map(|r| r.1).collect();
                assert_eq!(reads, queue);
                assert!(
                    trace
                        .other
                        .ios
                        .iter()
                        .all(|r| r.offset_bytes % BASELINE_PAGE_BYTES == 0
                            && r.offset_bytes < cfg.io.cache_bytes)
                );
                reads_seen += new as u64;
            }
            None => {
                scheme.update(now, key, modify(i as u64)).unwrap();
            }
        }
    }
    let trace = scheme.arm_trace();
    assert_eq!(trace.scan.ios.iter().copied().collect::<Vec<_>>(), scans);
    assert_eq!(reads_seen, scheme.metrics().ssd_pages_read);
    assert!(reads_seen > 0);
}

/// IU with the updates of `ops(seed)` before a whole-table scan at `at_ns`.
fn iu_with_updates(cfg: &BaselineConfig, seed: u64) -> Iu {
    let mut scheme = Iu::new(cfg, &[]).unwrap();
    for (i, (now, _, key)) in ops(seed, cfg.key_space).into_iter().enumerate() {
        scheme.update(now, key, modify(i as u64)).unwrap();
    }
    scheme
}

#[test]
fn iu_in_the_lab_issues_its_reads_as_the_clock_advances_and_books_what_a_scan_at_once_books() {
    let key_space = 4096;
    let cfg = config(key_space, 64 << 20);
    for seed in 1..=5 {
        let at_ns = 10_000_000_000;
        let mut at_once = iu_with_updates(&cfg, seed);
        let (rows, end_ns) = at_once.scan(at_ns, 0, key_space - 1).unwrap();
        let mut stepped = iu_with_updates(&cfg, seed);
        let before = stepped.arm_trace().clone();
        assert_eq!(stepped.open_scan(at_ns, 0, key_space - 1).unwrap(), rows);
        // Halfway through, only the reads issued so far are booked.
        stepped.advance_scans(at_ns + (end_ns - at_ns) / 2);
        let half = stepped.arm_trace().other.total - before.other.total;
        let all = at_once.arm_trace().other.total - before.other.total;
        assert!(
            half > 0 && half < all,
            "seed {seed}: {half} of {all} reads by half time"
        );
        let mut now = at_ns;
        while stepped.take_finished_scan_ns().is_empty() && now < 2 * end_ns {
            now += 1_000_000;
            stepped.advance_scans(now);
        }
        assert_eq!(stepped.arm_trace(), at_once.arm_trace(), "seed {seed}");
        assert_eq!(stepped.metrics(), at_once.metrics(), "seed {seed}");
    }
}

fn compare_scenario(scan_keys: u64) -> String {
    format!(
        r#"{{"version": 1, "lab": "masm", "title": "t", "seed": 11,
        "params": {{"variant": "2M", "m_pages": 8, "records_per_page": 4, "key_space": 64,
                    "keys_per_table_page": 4, "compare": true}},
        "workload": {{"generator": {{"updates": 240, "mix": {{"modify": 1}}, "scan_every": 30,
                     "scan_keys": {scan_keys}, "interarrival_ns": 15000000}}}}}}"#
    )
}

#[test]
fn the_lab_sends_both_traces_bounded_with_every_in_place_update() {
    let (_, lab) = build(&compare_scenario(16), None).unwrap();
    let mut run = Run::new(lab, 1_000_000);
    run.run_to_end();
    let view = run.lab().view();
    let meta = &view.meta;
    let arms = meta["disk_arm"].as_array().unwrap();
    assert_eq!(arms.len(), 2);
    for arm in arms {
        let scheme = arm["scheme"].as_str().unwrap();
        for stream in ["scan", "other"] {
            let name = format!("arm_{scheme}_{stream}");
            let kept = arm[format!("{stream}_kept")].as_u64().unwrap();
            assert_eq!(
                common::series(&view, &name).len() as u64,
                3 * kept,
                "{name}"
            );
            assert!(kept <= ARM_TRACE_CAP as u64);
        }
        assert!(arm["last_scan"].is_object());
    }
    let in_place = &arms[0];
    assert_eq!(in_place["scheme"], "in_place");
    let updates = meta["compare"].as_array().unwrap()[1]["updates"]
        .as_u64()
        .unwrap();
    assert_eq!(in_place["other_total"].as_u64().unwrap(), updates);
}

/// A long range in the lab: a 64 MiB table (4,096 keys of 16 KiB) scanned whole in 64 requests,
/// a scan every 2.4 s (60 updates 40 ms apart). In-place's scans, pulled away by the updates
/// between their requests, can outlast that gap: the next scan's requests then interleave too.
const LONG_RANGE: &str = r#"{"version": 1, "lab": "masm", "title": "compare, whole-table scans", "seed": 11,
    "params": {"variant": "2M", "m_pages": 8, "records_per_page": 4, "key_space": 4096,
               "record_bytes": 16384, "keys_per_table_page": 4, "compare": true},
    "workload": {"generator": {"updates": 360, "mix": {"modify": 1}, "scan_every": 60,
                 "scan_keys": 4096, "interarrival_ns": 40000000}}}"#;

/// A 16 MiB range (1,024 keys of 16 KiB, 16 requests) of a 64 MiB table after every 60
/// updates, updates 10 ms apart still arriving while it runs (30 after the last scan).
fn mid_scan_scenario(seed: u64) -> String {
    format!(
        r#"{{"version": 1, "lab": "masm", "title": "t", "seed": {seed},
        "params": {{"variant": "2M", "m_pages": 8, "records_per_page": 4, "key_space": 4096,
                    "record_bytes": 16384, "keys_per_table_page": 4, "compare": true}},
        "workload": {{"generator": {{"updates": 330, "mix": {{"modify": 1}}, "scan_every": 60,
                     "scan_keys": 1024, "interarrival_ns": 10000000}}}}}}"#
    )
}

/// One I/O of in-place's disk, either stream.
#[derive(Debug, Clone, Copy)]
struct DiskIo {
    start_ns: u64,
    end_ns: u64,
    offset: u64,
    is_update: bool,
}

fn disk_ios(data: &[f64], is_update: bool) -> Vec<DiskIo> {
    data.chunks(3)
        .map(|r| DiskIo {
            start_ns: r[0] as u64,
            end_ns: r[1] as u64,
            offset: r[2] as u64,
            is_update,
        })
        .collect()
}

#[test]
fn in_the_lab_updates_pull_the_head_away_mid_scan_and_a_plain_disk_times_it_alike() {
    let io_cfg = IoConfig::default();
    let request = io_cfg.scan_request_bytes;
    for seed in 1..=5 {
        let (_, lab) = build(&mid_scan_scenario(seed), None).unwrap();
        let mut run = Run::new(lab, 1_000_000);
        run.run_to_end();
        let view = run.lab().view();
        let arm = &view.meta["disk_arm"].as_array().unwrap()[0];
        assert_eq!(arm["scheme"], "in_place");
        assert_eq!(
            arm["scan_total"], arm["scan_kept"],
            "seed {seed}: whole run kept"
        );
        assert_eq!(arm["other_total"], arm["other_kept"]);
        let series = |name: &str| common::series(&view, name);
        let mut all = disk_ios(series("arm_in_place_scan"), false);
        all.extend(disk_ios(series("arm_in_place_other"), true));
        all.sort_by_key(|io| io.start_ns);
        // The reference: a plain disk of the same preset, fed the same I/Os in the same order.
        let mut disk = HddDev::new(&io_cfg.hdd_preset, request).unwrap();
        for (i, io) in all.iter().enumerate() {
            let span = if io.is_update {
                disk.read_modify_write(io.start_ns, io.offset, BASELINE_PAGE_BYTES)
            } else {
                disk.read(io.start_ns, io.offset, request)
            };
            assert_eq!(
                (span.start_ns, span.end_ns),
                (io.start_ns, io.end_ns),
                "seed {seed}, I/O {i}"
            );
        }
        // The latest scan: its 16 requests, each issued when the one before it completed.
        let (t0, t1) = (
            arm["last_scan"]["start_ns"].as_u64().unwrap(),
            arm["last_scan"]["end_ns"].as_u64().unwrap(),
        );
        let in_scan: Vec<usize> = (0..all.len())
            .filter(|&i| !all[i].is_update && all[i].start_ns >= t0 && all[i].end_ns <= t1)
            .collect();
        assert_eq!(in_scan.len(), 16, "seed {seed}");
        assert_eq!(
            all[in_scan[15]].end_ns, t1,
            "the scan ends with its last request"
        );
        let region = all[in_scan[0]].offset..all[in_scan[15]].offset + request;
        let between = &all[in_scan[0]..in_scan[15]];
        let updates: Vec<&DiskIo> = between.iter().filter(|io| io.is_update).collect();
        assert!(!updates.is_empty(), "seed {seed}: no update mid-scan");
        assert!(
            updates.iter().any(|io| !region.contains(&io.offset)),
            "seed {seed}: the head never left the scan's region"
        );
        for pair in in_scan.windows(2) {
            let (prev, next) = (all[pair[0]], all[pair[1]]);
            assert_eq!(next.offset, prev.offset + request);
            // Issued at the previous request's end; later only behind an update it queued behind.
            let behind = all[pair[0] + 1..pair[1]].last().map(|io| io.end_ns);
            assert_eq!(
                next.start_ns,
                behind.unwrap_or(prev.end_ns).max(prev.end_ns)
            );
        }
    }
}

/// The rows of one series that overlap `[t0, t1]`.
fn rows_in(data: &[f64], t0: f64, t1: f64) -> Vec<[f64; 3]> {
    data.chunks(3)
        .filter(|r| r[1] > t0 && r[0] < t1)
        .map(|r| [r[0], r[1], r[2]])
        .collect()
}

/// Prints what each trace shows for the latest scan of the bundled short-range scenario and of
/// `LONG_RANGE` (the report's numbers): `cargo test -p flashlab-core --test masm_arm_trace --
/// --ignored --nocapture`.
#[test]
#[ignore]
fn prints_the_traces_at_a_short_and_a_long_range() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../scenarios/masm/compare-baselines.json"
    );
    let short = std::fs::read_to_string(path).unwrap();
    for (name, text) in [("short", short.as_str()), ("long", LONG_RANGE)] {
        let (_, lab) = build(text, None).unwrap();
        let mut run = Run::new(lab, 1_000_000);
        run.run_to_end();
        let view = run.lab().view();
        for arm in view.meta["disk_arm"].as_array().unwrap() {
            let scheme = arm["scheme"].as_str().unwrap();
            let series = |s: &str| {
                let name = format!("arm_{scheme}_{s}");
                view.series
                    .iter()
                    .find(|x| x.name == name)
                    .unwrap()
                    .data
                    .clone()
            };
            let (t0, t1) = (
                arm["last_scan"]["start_ns"].as_f64().unwrap(),
                arm["last_scan"]["end_ns"].as_f64().unwrap(),
            );
            let (scan, other) = (
                rows_in(&series("scan"), t0, t1),
                rows_in(&series("other"), t0, t1),
            );
            let ms = |ns: f64| ns / 1e6;
            let first = scan.first().copied().unwrap_or_default();
            let rest = scan.iter().skip(1).map(|r| r[1] - r[0]).sum::<f64>()
                / (scan.len().max(2) - 1) as f64;
            println!(
                "{name} {scheme}: latest scan {:.2} ms, {} disk requests in it (the first starts {:.2} ms \
                 after arrival and takes {:.2} ms, the others {:.2} ms on average), {} {} I/Os in it \
                 ({:.2} to {:.2} ms after arrival); recorded: {} scan, {} other",
                ms(t1 - t0),
                scan.len(),
                ms(first[0] - t0),
                ms(first[1] - first[0]),
                ms(rest),
                other.len(),
                arm["other_device"],
                ms(other.first().map_or(0.0, |r| r[0] - t0)),
                ms(other.last().map_or(0.0, |r| r[1] - t0)),
                arm["scan_total"],
                arm["other_total"],
            );
        }
        for c in view.meta["compare"].as_array().unwrap() {
            let mean = c["mean_scan_ns"].as_f64().unwrap() / 1e6;
            println!("  {name} {}: mean scan {mean:.2} ms", c["scheme"]);
        }
        if name == "long" {
            // The same whole-table scan on an idle disk: the slowdown the updates cause.
            let mut alone = InPlace::new(&config(4096, 64 << 20), &[]).unwrap();
            let alone_ms = alone.scan(0, 0, 4095).unwrap().1 as f64 / 1e6;
            let c = &view.meta["compare"].as_array().unwrap()[1];
            assert_eq!(c["scheme"], "in_place");
            let mean = c["mean_scan_ns"].as_f64().unwrap() / 1e6;
            println!(
                "  long in_place: alone {alone_ms:.2} ms, under updates {mean:.2} ms: slowdown {:.2}x",
                mean / alone_ms
            );
        }
    }
}
