//! Paper claims about SSDs reproduced by running the SSD lab (the same code path as a scenario
//! file) and compared with the paper's value, which is only the reference.
//! Tolerances were fixed before the first run; a figure a preset was fitted to is never claimed.
//!
//! 1. Seed 000, X25-E (fitted: 250 MB/s read, 75 µs latency, 170 MB/s write): 64 KB reads at
//!    queue depth 1 against FBW = 193 MB/s (±10 %); 4 KB random reads at depth 32 against the
//!    lower bound "over 35,000 per second"; 4 KB random writes at steady state against seed 001
//!    Table 1's SSD row, 3,300/s (±50 %).
//! 2. Seed 001 Table 2 (fitted per device: sequential read, random-read IOPS; Medium and Slow
//!    also their 20 MB/s write): read latency (±30 %), SSD-Fast's sequential write (±30 %),
//!    steady-state random-write IOPS (±50 %).
//! 3. Seed 003 (`fusionio`, nothing fitted): Table 1 SSD 2010 sequential bandwidth and device
//!    scan time (±25 %), random-access latency and mixed random bandwidth (±25 %), and §2.2's
//!    "sustained random writes reach about 16 % of the advertised random throughput" (±50 %).

use serde_json::{Value, json};

use crate::device::ssd::SsdLab;
use crate::device::ssd::config::{LAB_MAX_PHYSICAL_PAGES, build};
use crate::device::ssd::lab::body::SsdBody;
use crate::plugin::policy::MEASURED_TOLERANCE_PCT;
use crate::plugin::seeds::{self, DEFAULT_SEEDS, SeedSpread};
use crate::plugin::{Claim, ClaimRun, SetupSweep, scenario_document};
use crate::scenario::parse_body;
use crate::sim::{Lab, TraceSink};

/// Physical pages the reproductions may simulate (they run natively, not in a tab).
const REPRODUCTION_MAX_PAGES: u32 = 1 << 23;
/// Random reads at queue depth 32 per seed.
const READS_AT_DEPTH: u64 = 20_000;
/// Measured steady-state random writes per seed.
const STEADY_WRITES: u64 = 10_000;
/// Blocks per plane of seed 001 Table 2's steady-state random writes.
const TABLE2_BLOCKS_PER_PLANE: u32 = 128;
/// Device size and request count of Table 1's mixed random bandwidth.
const MIXED_BLOCKS_PER_PLANE: u32 = 64;
const MIXED_REQUESTS: u64 = 5_000;
/// §2.2's sustained share: the device size it is judged at, the sweep shown beside it, and the
/// writes per phase.
pub const SUSTAINED_BLOCKS_PER_PLANE: u32 = 64;
pub const SUSTAINED_SWEEP: [u32; 4] = [32, 48, 64, 96];
const SUSTAINED_WRITES: u64 = 10_000;

/// Runs a scenario body to the end; returns the lab if every invariant held.
pub fn simulate(body: Value, seed: u64) -> Result<SsdLab, String> {
    let Value::Object(map) = body else {
        return Err("body is not an object".into());
    };
    let body: SsdBody = parse_body(map).map_err(|e| e.to_string())?;
    let config = build(&body, REPRODUCTION_MAX_PAGES).map_err(|e| e.to_string())?;
    let mut lab = SsdLab::from_config(config, seed);
    let mut trace = TraceSink::default();
    while lab.step(&mut trace).map_err(|e| e.to_string())? {}
    if let Some(bad) = lab.collect_checks().into_iter().find(|c| !c.ok) {
        return Err(format!("invariant {} failed: {}", bad.name, bad.detail));
    }
    Ok(lab)
}

/// The claim's own run (issue 27, item 6): the very body it ran, at its first seed.
fn own(label: &str, title: &str, body: &Value) -> ClaimRun {
    let body = body.as_object().cloned().unwrap_or_default();
    ClaimRun::own(
        label,
        scenario_document("ssd", title, DEFAULT_SEEDS[0], body),
    )
}

/// The claim's run with `blocks` blocks per plane (`body` builds the claim's body at a size),
/// own-scale when the browser's page limit takes it, else a course-scale version: the largest
/// multiple of 16 blocks per plane under the limit, the same body function, and `shrunk`
/// saying what changed.
fn sized(
    label: &str,
    title: &str,
    preset: &str,
    blocks: u32,
    body: impl Fn(u32) -> Value,
) -> ClaimRun {
    let limit = u64::from(LAB_MAX_PHYSICAL_PAGES);
    let (physical, logical) = pages(preset, blocks);
    if physical <= limit {
        return own(label, title, &body(blocks));
    }
    let per_block = physical / u64::from(blocks);
    let course = ((limit / per_block) as u32 / 16 * 16).max(1);
    let (course_physical, course_logical) = pages(preset, course);
    let scaled = body(course);
    let warmup = |b: &Value| b["workload"]["warmup_writes"].as_u64();
    let warmup_text = match (warmup(&body(blocks)), warmup(&scaled)) {
        (Some(a), Some(b)) => format!("; warm-up {a} → {b} writes (still 2 × the logical pages)"),
        _ => String::new(),
    };
    let shrunk = format!(
        "blocks per plane {blocks} → {course}: {physical} → {course_physical} physical pages \
         ({logical} → {course_logical} logical), under the browser's limit of {limit}{warmup_text}; \
         same preset, spare share, GC and requests"
    );
    let body = scaled.as_object().cloned().unwrap_or_default();
    ClaimRun::course_scale(
        label,
        scenario_document("ssd", title, DEFAULT_SEEDS[0], body),
        &shrunk,
    )
}

/// A metric of a finished lab (NaN if absent).
pub fn metric(lab: &SsdLab, name: &str) -> f64 {
    lab.metrics()
        .into_iter()
        .find(|m| m.name == name)
        .map_or(f64::NAN, |m| m.value)
}

/// Runs `body` over the default seeds: the metric's spread, and a failure note (empty when
/// every seed ran). A failed seed is NaN, which fails the claim (`SeedSpread::of`).
fn measure(body: &Value, name: &str) -> (SeedSpread, String) {
    measure_on(&DEFAULT_SEEDS, body, name)
}

/// `measure` on the given seeds (a sweep's side points run on fewer).
fn measure_on(seeds: &[u64], body: &Value, name: &str) -> (SeedSpread, String) {
    let mut failure = String::new();
    let spread = seeds::measure(seeds, |seed| match simulate(body.clone(), seed) {
        Ok(lab) => metric(&lab, name),
        Err(e) => {
            failure = format!(" SIMULATION FAILED (seed {seed}): {e}");
            f64::NAN
        }
    });
    (spread, failure)
}

/// The same seeds' values mapped one by one (a unit change, or a value derived per seed).
fn mapped(spread: &SeedSpread, f: impl Fn(f64) -> f64) -> SeedSpread {
    let values = spread.values.iter().map(|&v| f(v)).collect();
    SeedSpread::of(&spread.seeds, values, spread.stochastic)
}

/// Seed by seed `f(a, b)` of two spreads over the same seeds.
fn zipped(a: &SeedSpread, b: &SeedSpread, f: impl Fn(f64, f64) -> f64) -> SeedSpread {
    let values = a
        .values
        .iter()
        .zip(&b.values)
        .map(|(&x, &y)| f(x, y))
        .collect();
    SeedSpread::of(&a.seeds, values, a.stochastic || b.stochastic)
}

fn device(preset: &str, blocks_per_plane: Option<u32>) -> Value {
    match blocks_per_plane {
        Some(b) => json!({"preset": preset, "blocks_per_plane": b}),
        None => json!({"preset": preset}),
    }
}

/// Random single-page reads (or `pages`-page reads) on a full device at queue depth `qd`.
fn random_reads(preset: &str, pages: u32, qd: u32, requests: u64) -> Value {
    json!({"device": device(preset, None), "workload": {"fill_fraction": 1.0, "queue_depth": qd,
        "generator": {"pattern": "uniform", "requests": requests, "request_pages": pages,
                      "read_fraction": 1.0}}})
}

/// Steady-state 4 KB random writes at depth 32 on a device with `blocks` blocks per plane.
fn steady_random_writes(preset: &str, blocks: u32, requests: u64) -> Value {
    let logical = logical_pages(preset, blocks);
    json!({"device": device(preset, Some(blocks)), "workload": {"fill_fraction": 1.0,
        "warmup_writes": 2 * logical, "queue_depth": 32,
        "generator": {"pattern": "uniform", "requests": requests}}})
}

fn logical_pages(preset: &str, blocks: u32) -> u64 {
    pages(preset, blocks).1
}

/// Physical and logical pages of `preset` with `blocks` blocks per plane (0 if it does not build).
fn pages(preset: &str, blocks: u32) -> (u64, u64) {
    let body = json!({"device": device(preset, Some(blocks)),
                      "workload": {"generator": {"pattern": "uniform", "requests": 1}}});
    let Value::Object(map) = body else {
        return (0, 0);
    };
    parse_body::<SsdBody>(map)
        .ok()
        .and_then(|b| build(&b, REPRODUCTION_MAX_PAGES).ok())
        .map_or((0, 0), |c| {
            let g = c.geometry;
            (u64::from(g.physical_pages()), u64::from(g.logical_pages))
        })
}

/// What every SSD-lab claim differs in from the paper's setup.
const PRESET_DIFFERENCES: &str = "a simulated stand-in for the paper's drive (the preset's \
    timings and geometry are quoted or chosen, see its provenance), at lab scale: far fewer \
    blocks per plane than the real drive";

pub fn seed000() -> Vec<Claim> {
    let fbw_body = random_reads("x25e", 16, 1, 2_000);
    let iops_body = random_reads("x25e", 1, 32, READS_AT_DEPTH);
    let writes_body = steady_random_writes("x25e", 1024, STEADY_WRITES);
    let (fbw, e1) = measure(&fbw_body, "throughput_mb_s");
    let (iops, e2) = measure(&iops_body, "iops");
    let (writes, e3) = measure(&writes_body, "iops");
    vec![
        Claim::new(
            "seed000.x25e.read_64k_bw",
            "X25-E effective bandwidth for one 64 KB read: FBW = 193 MB/s (seed 000 Table II)",
            "MB/s",
            193.0,
            fbw.median,
            10.0,
            format!(
                "x25e preset, full device, 2,000 random 64 KB (16-page) reads at queue depth 1, \
                 median of seeds 1–5{e1}"
            ),
        )
        .calibration_point(
            "the preset's read path is fitted to 250 MB/s and 75 µs (seed 000 §5.1), which fix \
             a 64 KB read at about 75 µs + 64 KB / 250 MB/s = 337 µs, i.e. 194 MB/s",
        )
        .over_seeds(fbw)
        .run(own(
            "ssd",
            "X25-E: random 64 KB reads at depth 1",
            &fbw_body,
        ))
        .differences(PRESET_DIFFERENCES),
        Claim::at_least(
            "seed000.x25e.random_4k_reads_per_s",
            "Intel X25-E supports over 35,000 random 4 KB reads per second (seed 000 §5.2): a \
             lower bound",
            "reads/s",
            35_000.0,
            iops.median,
            format!(
                "x25e preset, full device, {READS_AT_DEPTH} uniformly random 4 KB reads at queue \
                 depth 32, median of seeds 1–5{e2}"
            ),
        )
        .over_seeds(iops)
        .run(own(
            "ssd",
            "X25-E: random 4 KB reads at depth 32",
            &iops_body,
        ))
        .differences(PRESET_DIFFERENCES),
        Claim::new(
            "seed001.table1.ssd.random_4k_writes_per_s",
            "SSD (X25-E class) random 4 KB writes: 3,300 per second (seed 001 Table 1)",
            "writes/s",
            3_300.0,
            writes.median,
            MEASURED_TOLERANCE_PCT,
            format!(
                "x25e preset with 1,024 blocks per plane, filled, 2×logical random warm-up \
                 writes, then {STEADY_WRITES} random 4 KB writes at queue depth 32, greedy GC, \
                 7 % spare, median of seeds 1–5{e3}"
            ),
        )
        .over_seeds(writes)
        .run(sized(
            "ssd",
            "X25-E: steady-state random 4 KB writes",
            "x25e",
            1024,
            |b| steady_random_writes("x25e", b, STEADY_WRITES),
        ))
        .differences(
            "the x25e preset stands in for seed 001's unnamed 'SSD' of Table 1; 1,024 blocks \
             per plane, not the real drive's; its spare share and GC policy are chosen, and \
             they set the steady-state write rate",
        ),
    ]
}

pub fn seed001() -> Vec<Claim> {
    let mut claims = Vec::new();
    let seq_body = json!({"device": {"preset": "ssd_fast"}, "workload": {"queue_depth": 4,
        "generator": {"pattern": "sequential", "requests": 2_000, "request_pages": 32}}});
    let (seq_write, e) = measure(&seq_body, "throughput_mb_s");
    claims.push(
        Claim::new(
            "seed001.table2.ssd_fast.seq_write_mb_s",
            "SSD-Fast sequential write: 70 MB/s (seed 001 Table 2)",
            "MB/s",
            70.0,
            seq_write.median,
            MEASURED_TOLERANCE_PCT,
            format!(
                "ssd_fast preset, empty device, 2,000 sequential 128 KB writes at depth 4, \
                 median of seeds 1–5{e}"
            ),
        )
        .over_seeds(seq_write)
        .run(own("ssd", "SSD-Fast: sequential 128 KB writes", &seq_body))
        .differences(PRESET_DIFFERENCES),
    );
    for (preset, name, latency_ms, write_iops) in [
        ("ssd_fast", "SSD-Fast", 0.1, 3_300.0),
        ("ssd_medium", "SSD-Medium", 0.2, 66.0),
        ("ssd_slow", "SSD-Slow", 0.6, 136.0),
    ] {
        let lat_body = random_reads(preset, 1, 1, 5_000);
        let (lat_us, e) = measure(&lat_body, "mean_read_latency_us");
        let lat_ms = mapped(&lat_us, |us| us / 1e3);
        claims.push(
            Claim::new(
                &format!("seed001.table2.{preset}.latency_ms"),
                &format!("{name} access latency: {latency_ms} ms (seed 001 Table 2)"),
                "ms",
                latency_ms,
                lat_ms.median,
                MEASURED_TOLERANCE_PCT,
                format!(
                    "{preset} preset, full device, 5,000 random 4 KB reads at queue depth 1, \
                     median of seeds 1–5{e}"
                ),
            )
            .over_seeds(lat_ms)
            .run(own(
                "ssd",
                &format!("{name}: random 4 KB reads at depth 1"),
                &lat_body,
            ))
            .differences(PRESET_DIFFERENCES),
        );
        let iops_body = steady_random_writes(preset, TABLE2_BLOCKS_PER_PLANE, STEADY_WRITES);
        let (iops, e) = measure(&iops_body, "iops");
        claims.push(
            Claim::new(
                &format!("seed001.table2.{preset}.random_4k_writes_per_s"),
                &format!("{name} random 4 KB writes: {write_iops} per second (seed 001 Table 2)"),
                "writes/s",
                write_iops,
                iops.median,
                MEASURED_TOLERANCE_PCT,
                format!(
                    "{preset} preset with {TABLE2_BLOCKS_PER_PLANE} blocks per plane, filled, 2×logical random warm-up \
                     writes, then {STEADY_WRITES} random 4 KB writes at depth 32, page-mapped \
                     FTL, greedy GC, median of seeds 1–5{e}"
                ),
            )
            .over_seeds(iops)
            .run(sized(
                "ssd",
                &format!("{name}: steady-state random 4 KB writes"),
                preset,
                TABLE2_BLOCKS_PER_PLANE,
                |b| steady_random_writes(preset, b, STEADY_WRITES),
            ))
            .differences(
                "a page-mapped FTL with greedy GC and the preset's spare share; the paper's \
                 drives' FTLs (and their write buffers) are unknown, and a low-end drive's \
                 block-mapped FTL can be far slower on random writes; 128 blocks per plane (512 \
                 before the runs went over 5 seeds), not the real drive's",
            ),
        );
    }
    claims
}

pub fn seed003() -> Vec<Claim> {
    let mut claims = table1_ssd2010();
    claims.push(sustained_random_writes());
    claims
}

/// Seed 003 Table 1's SSD 2010 row on the `fusionio` preset.
fn table1_ssd2010() -> Vec<Claim> {
    let mut claims = Vec::new();
    // A full sequential scan of the lab-scale device in 1 MiB requests, depth 4.
    let logical = logical_pages("fusionio", 48);
    let scan_body = json!({"device": {"preset": "fusionio"}, "workload": {"fill_fraction": 1.0,
        "queue_depth": 4, "generator": {"pattern": "sequential", "request_pages": 256,
        "read_fraction": 1.0, "requests": logical / 256}}});
    let (bw, e) = measure(&scan_body, "throughput_mb_s");
    let scan_run = own(
        "ssd",
        "SSD 2010 (fusionio): a full sequential scan",
        &scan_body,
    );
    let scan_s = mapped(&bw, |mb_s| 100e9 / (mb_s * 1e6));
    claims.push(
        Claim::new(
            "seed003.table1.ssd2010.seq_bw_mb_s",
            "SSD 2010 sequential access bandwidth: 700 MB/s (seed 003 Table 1)",
            "MB/s",
            700.0,
            bw.median,
            MEASURED_TOLERANCE_PCT,
            format!(
                "fusionio preset (not fitted: SLC datasheet timings, PCIe 1.x ×4 link, 80 dies), \
                 a full sequential scan in 1 MiB reads at depth 4, median of seeds 1–5{e}"
            ),
        )
        .over_seeds(bw)
        .run(scan_run.clone())
        .differences(FUSIONIO_DIFFERENCES),
    );
    claims.push(
        Claim::new(
            "seed003.table1.ssd2010.scan_s",
            "SSD 2010 device scan: 143 s for 100 GB (seed 003 Table 1)",
            "s",
            143.0,
            scan_s.median,
            MEASURED_TOLERANCE_PCT,
            format!("100 GB divided by the simulated scan bandwidth, seed by seed{e}"),
        )
        .identity(
            "Table 1's scan time is 100 GB over its 700 MB/s sequential bandwidth (143 s), and \
             here 100 GB over the simulated bandwidth of seed003.table1.ssd2010.seq_bw_mb_s: \
             the same measurement inverted, no evidence of its own",
        )
        .over_seeds(scan_s)
        .run(scan_run)
        .differences(FUSIONIO_DIFFERENCES),
    );
    let lat_body = random_reads("fusionio", 2, 1, 5_000);
    let (lat_us, e) = measure(&lat_body, "mean_read_latency_us");
    let lat_ms = mapped(&lat_us, |us| us / 1e3);
    claims.push(
        Claim::new(
            "seed003.table1.ssd2010.random_latency_ms",
            "SSD 2010 random access latency: 0.026 ms (seed 003 Table 1)",
            "ms",
            0.026,
            lat_ms.median,
            MEASURED_TOLERANCE_PCT,
            format!(
                "fusionio preset, full device, 5,000 random 8 KiB reads at queue depth 1, median \
                 of seeds 1–5{e}"
            ),
        )
        .over_seeds(lat_ms)
        .run(own(
            "ssd",
            "SSD 2010 (fusionio): random 8 KiB reads",
            &lat_body,
        ))
        .differences(FUSIONIO_DIFFERENCES)
        .if_missed(
            "the preset's 8 KiB read adds to the SLC array read (tR 25 µs, the Numonyx \
             datasheet's) 5 µs of firmware, a 4 KB page over a 133 MB/s channel (30.8 µs, the \
             two pages on two channels at once) and 8 KiB over the PCIe 1.x ×4 link (9.7 µs): \
             70.5 µs on every seed; the paper's 26 µs is about tR alone and leaves no room for \
             the channel and link transfers this preset models (nothing in it is fitted)",
        ),
    );
    let mixed_body = steady_mixed_8k(MIXED_BLOCKS_PER_PLANE);
    let (mixed_bw, e) = measure(&mixed_body, "throughput_mb_s");
    let mixed_mib_s = mapped(&mixed_bw, |mb_s| mb_s * 1e6 / 1_048_576.0);
    claims.push(
        Claim::new(
            "seed003.table1.ssd2010.random_bw_mib_s",
            "SSD 2010 random access bandwidth, a mix of reads and writes: 300 MiB/s (seed 003 \
             Table 1 and its footnote 1)",
            "MiB/s",
            300.0,
            mixed_mib_s.median,
            MEASURED_TOLERANCE_PCT,
            format!(
                "fusionio preset with {MIXED_BLOCKS_PER_PLANE} blocks per plane at GC steady \
                 state, {MIXED_REQUESTS} random 8 KiB requests, half reads and half writes, \
                 queue depth 1, median of seeds 1–5{e}"
            ),
        )
        .over_seeds(mixed_mib_s)
        .run(sized(
            "ssd",
            "SSD 2010 (fusionio): steady-state mixed 8 KiB",
            "fusionio",
            MIXED_BLOCKS_PER_PLANE,
            steady_mixed_8k,
        ))
        .differences(FUSIONIO_DIFFERENCES),
    );
    claims
}

/// Seed 003 §2.2 / Figure 3a: sustained 4 KB random writes as a share of the fresh rate, at
/// `SUSTAINED_BLOCKS_PER_PLANE`, with the same claim's median over a sweep of device sizes.
fn sustained_random_writes() -> Claim {
    let fresh_body = |blocks: u32| {
        json!({"device": device("fusionio", Some(blocks)), "workload": {"queue_depth": 32,
            "generator": {"pattern": "uniform", "requests": SUSTAINED_WRITES}}})
    };
    let steady_body = |blocks: u32| steady_random_writes("fusionio", blocks, SUSTAINED_WRITES);
    let at = |blocks: u32, seeds: &[u64]| {
        let (fresh, e1) = measure_on(seeds, &fresh_body(blocks), "iops");
        let (steady, e2) = measure_on(seeds, &steady_body(blocks), "iops");
        let pct = zipped(&steady, &fresh, |s, f| s / f * 100.0);
        (pct, fresh.median, steady.median, format!("{e1}{e2}"))
    };
    let (pct, fresh, steady, e) = at(SUSTAINED_BLOCKS_PER_PLANE, &DEFAULT_SEEDS);
    let sweep = SUSTAINED_SWEEP
        .iter()
        .map(|&b| {
            let median = if b == SUSTAINED_BLOCKS_PER_PLANE {
                pct.median
            } else {
                at(b, &DEFAULT_SEEDS[..1]).0.median
            };
            (f64::from(b), median)
        })
        .collect();
    Claim::new(
        "seed003.s2_2.random_write_sustained_pct",
        "Continuous 4K random writes on a FusionIO card sustain about 16 % of the advertised \
         random throughput (seed 003 §2.2, Figure 3a)",
        "%",
        16.0,
        pct.median,
        MEASURED_TOLERANCE_PCT,
        format!(
            "fusionio preset, {SUSTAINED_BLOCKS_PER_PLANE} blocks per plane, 7 % spare, greedy \
             GC: {SUSTAINED_WRITES} 4 KB random writes at depth 32 at GC steady state (filled, \
             2×logical warm-up; median {steady:.0}/s) over the same on a fresh device (median \
             {fresh:.0}/s), seed by seed, median of seeds 1–5. The one claim of this sentence: \
             flashlog's seed003.appendpack.random_sustained_pct (the same ratio on flashlog's \
             timed SSD at 48 blocks per plane) was its duplicate and is dropped{e}"
        ),
    )
    .over_seeds(pct)
    .run(sized(
        "fresh",
        "FusionIO: 4 KB random writes on a fresh device",
        "fusionio",
        SUSTAINED_BLOCKS_PER_PLANE,
        fresh_body,
    ))
    .run(sized(
        "steady state",
        "FusionIO: 4 KB random writes at GC steady state",
        "fusionio",
        SUSTAINED_BLOCKS_PER_PLANE,
        steady_body,
    ))
    .differences(
        "the advertised random rate is not given (digest §8 item 14): the fresh device's rate \
         stands in for it; the real 160 GB card has about 8,192 blocks per plane, the run 64 (the sweep shows the \
         share at 32 to 96; at 512 it is about 34 %)",
    )
    .setup(SetupSweep {
        parameter: "blocks per plane".into(),
        value: f64::from(SUSTAINED_BLOCKS_PER_PLANE),
        why: "64 blocks per plane is the project's paper-scale fusionio device (flashlog's \
              full-size Figure 3 run); the share grows with the device, because the blocks GC \
              holds back eat a smaller part of the 7 % spare, so the verdict depends on it. \
              The sweep's other sizes run on seed 1 only (at 64 the five seeds differ by less \
              than 0.1 points)"
            .into(),
        sweep,
    })
}

/// The differences of every seed 003 Table 1 SSD claim.
const FUSIONIO_DIFFERENCES: &str = "the fusionio preset (an ioDrive-class card, nothing fitted) \
    stands in for Table 1's generic 'SSD 2010' row; lab scale: 48 blocks per plane by default, \
    not the real card's";

fn steady_mixed_8k(blocks: u32) -> Value {
    let logical = logical_pages("fusionio", blocks);
    json!({"device": device("fusionio", Some(blocks)), "workload": {
        "fill_fraction": 1.0, "warmup_writes": 2 * logical, "queue_depth": 1,
        "generator": {"pattern": "uniform", "requests": MIXED_REQUESTS, "request_pages": 2,
                      "read_fraction": 0.5}}})
}
