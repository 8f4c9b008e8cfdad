//! Paper claims about disks, reproduced by running the HDD lab (the same code path as a scenario
//! file) over many random requests, each claim over the seeds `DEFAULT_SEEDS` (the
//! seed draws the positions and the platter's starting angle) and judged on the median. The paper's value is only the reference.
//!
//! 1. Seed 003 ("Flash in a DBMS"), Table 1, HDD 1980 and HDD 2010 rows:
//!    - random-access bandwidth: 20,000 random 8 KiB reads over the whole device at queue
//!      depth 1; the table's convention is 8 KiB / latency in MiB/s with transfer ignored
//!      (flash-dbms digest §3.1), so we report 8 KiB / mean(seek + rotation);
//!    - device scan time: a full sequential scan in 1 MiB requests (the table divides capacity
//!      by sequential bandwidth).
//!
//!    These rows' seek curves are fitted to the table's latency (see `presets`), so these
//!    claims check that the mechanics (seek distribution, rotation, skew, zoning) add up to
//!    the table, not an independent measurement: tolerance 5%.
//! 2. MaSM §5.2, measured on the Barracuda testbed: a 4 KB range scan takes 12.2 ms and a 1 MB
//!    range scan 29.8 ms (one disk I/O each, random position within the 100 GB table). Our
//!    preset is NOT fitted to these: its seek curve is the calibration.md B5 datasheet fit. The
//!    tolerance, 20%, was fixed before running: the seek curve is a stand-in drive's, and the
//!    measurements include OS and controller overheads the model does not have.
//!
//! `claims()` is the lab's one claims hook: each claim names the course scenario that shows it,
//! from the lab's own table `SCENARIOS` (the paper-results page opens it).

use serde_json::{Map, Value, json};

use super::HddLab;
use crate::plugin::seeds::{DEFAULT_SEEDS, SeedSpread, measure};
use crate::plugin::{Claim, ClaimRun, ClaimScenarios, LabSpec, scenario_document, with_scenarios};
use crate::sim::{Lab, TraceSink};

const KIB: u64 = 1024;
const MIB: u64 = 1024 * 1024;
const TABLE1_TOLERANCE_PCT: f64 = 5.0;
const MASM_TOLERANCE_PCT: f64 = 20.0;
/// What Table 1's HDD rows differ in from the paper's.
const TABLE1_DIFFERENCES: &str = "a modelled drive of the table's era (capacity, rotation and \
    media rate from the table, seek curve scaled to its latency), not a measured one";

/// Runs a body to the end; returns its metrics by name.
pub fn run_to_end(body: Value, seed: u64) -> Result<(HddLab, Map<String, Value>), String> {
    let Value::Object(map) = body else {
        return Err("body is not an object".into());
    };
    let mut lab = HddLab::from_body(map, seed).map_err(|e| e.to_string())?;
    let mut trace = TraceSink::default();
    while lab.step(&mut trace).map_err(|e| e.to_string())? {}
    let metrics = lab
        .metrics()
        .into_iter()
        .map(|m| (m.name.to_string(), json!(m.value)))
        .collect();
    Ok((lab, metrics))
}

/// The claim's own run (issue 27, item 6): the very body it ran, at its first seed.
fn own_run(title: &str, body: &Value) -> ClaimRun {
    let body = body.as_object().cloned().unwrap_or_default();
    ClaimRun::own(
        "hdd",
        scenario_document("hdd", title, DEFAULT_SEEDS[0], body),
    )
}

fn get(metrics: &Map<String, Value>, name: &str) -> f64 {
    metrics
        .get(name)
        .and_then(Value::as_f64)
        .unwrap_or(f64::NAN)
}

/// Which course scenario shows each claim (`plugin::claim_scenario`): claim-id prefix →
/// `scenarios/hdd/<name>.json`; the longest matching prefix wins.
pub const SCENARIOS: ClaimScenarios = &[
    ("seed003.table1.hdd1980", "table1-hdd-1980"),
    ("seed003.table1.hdd2010", "table1-hdd-2010"),
    ("masm.s52", "sequential-scan"),
];

/// Every claim of the lab, computed now, each naming the scenario that shows it.
pub fn claims() -> Vec<Claim> {
    with_scenarios(SCENARIOS, computed())
}

fn computed() -> Vec<Claim> {
    let mut out = Vec::new();
    for (preset, year, random_bw, scan_s) in [
        ("hdd-1980", 1980, 0.28, 83.0),
        ("hdd-2010", 2010, 0.98, 12_500.0),
    ] {
        out.push(table1_random_bw(preset, year, random_bw));
        out.push(table1_scan(preset, year, scan_s));
    }
    out.push(masm_range_scan(
        "masm.s52.range_scan_4kb_ms",
        "MaSM §5.2: a 4 KB range scan without updates takes 12.2 ms on the Barracuda testbed",
        4 * KIB,
        12.2,
        |m| {
            format!(
                "The measured 12.2 ms leaves about 12.2 - 4.17 (half a revolution) - 0.05 \
                 (transfer) = 8.0 ms of seek, near the B5 curve's 8.5 ms full-disk average; \
                 seeks confined to the first half of the disk average {:.2} ms here, which is \
                 most of the gap.",
                get(m, "mean_seek_ms")
            )
        },
    ));
    out.push(masm_range_scan(
        "masm.s52.range_scan_1mb_ms",
        "MaSM §5.2: a 1 MB range scan without updates takes 29.8 ms on the Barracuda testbed",
        MIB,
        29.8,
        |m| {
            format!(
                "The paper's 29.8 - 12.2 ms gives about 17.6 ms for the extra 1 MB, i.e. about \
                 60 MB/s, while the model streams at the quoted 77 MB/s ({:.2} ms media + {:.2} \
                 ms switches); with the shorter seeks of the 4 KB case this is the gap. It is \
                 close to the tolerance; the sampling error of the mean is about 0.05 ms.",
                get(m, "mean_transfer_ms"),
                get(m, "mean_switch_ms")
            )
        },
    ));
    out
}

/// Runs `body` over the default seeds and reads `value` from each run's metrics: the spread, and
/// the first seed's metrics for the method text; the first failure if any run failed.
fn over_seeds(
    body: &Value,
    value: impl Fn(&Map<String, Value>) -> f64,
) -> Result<(SeedSpread, Map<String, Value>), String> {
    let mut first: Option<Map<String, Value>> = None;
    let mut failure = None;
    let spread = measure(&DEFAULT_SEEDS, |seed| {
        match run_to_end(body.clone(), seed) {
            Ok((_, m)) => {
                let v = value(&m);
                first.get_or_insert(m);
                v
            }
            Err(e) => {
                failure = Some(e);
                f64::NAN
            }
        }
    });
    match (first, failure) {
        (Some(m), None) => Ok((spread, m)),
        (_, failure) => Err(failure.unwrap_or_default()),
    }
}

fn failed(id: &str, claim: &str, unit: &str, paper: f64, tol: f64, error: String) -> Claim {
    Claim::new(
        id,
        claim,
        unit,
        paper,
        f64::NAN,
        tol,
        format!("simulation failed: {error}"),
    )
}

fn table1_random_bw(preset: &str, year: u32, paper: f64) -> Claim {
    let id = format!("seed003.table1.hdd{year}.random_bw");
    let claim = format!(
        "Flash in a DBMS, Table 1: HDD {year} random-access bandwidth {paper} MB/s (8 KiB per \
         random access)"
    );
    let requests = 20_000;
    let body = json!({
        "device": {"preset": preset},
        "params": {"scheduler": "fcfs", "queue_depth": 1},
        "workload": {"kind": "random", "requests": requests, "request_bytes": 8 * KIB},
    });
    let mib_s = |ms: f64| (8 * KIB) as f64 / (ms / 1e3) / MIB as f64;
    let positioning =
        |m: &Map<String, Value>| mib_s(get(m, "mean_seek_ms") + get(m, "mean_rotation_ms"));
    let (spread, m) = match over_seeds(&body, positioning) {
        Ok(run) => run,
        Err(e) => return failed(&id, &claim, "MiB/s", paper, TABLE1_TOLERANCE_PCT, e),
    };
    let positioning_ms = get(&m, "mean_seek_ms") + get(&m, "mean_rotation_ms");
    let service_ms = get(&m, "mean_service_ms");
    Claim::new(
        &id,
        &claim,
        "MiB/s",
        paper,
        spread.median,
        TABLE1_TOLERANCE_PCT,
        format!(
            "preset {preset}: {requests} uniformly random 8 KiB reads over the whole device, \
             FCFS, queue depth 1, median of seeds 1–5. Table convention: 8 KiB / latency in \
             MiB/s with transfer ignored; simulated latency (seed 1) = mean seek {:.2} ms + \
             mean rotation {:.2} ms = {positioning_ms:.2} ms (Table 1: random latency). \
             Including transfer and switches (mean service {service_ms:.2} ms) it would be \
             {:.3} MiB/s. The seek curve is fitted to the table's latency, so this checks the \
             mechanics, not the table.",
            get(&m, "mean_seek_ms"),
            get(&m, "mean_rotation_ms"),
            mib_s(service_ms)
        ),
    )
    .calibration_point(
        "the seek curve is scaled so that mean seek + half a revolution is Table 1's random \
         latency, which fixes this bandwidth",
    )
    .over_seeds(spread)
    .run(own_run(
        &format!("Table 1, HDD {year}: random 8 KiB reads"),
        &body,
    ))
    .differences(TABLE1_DIFFERENCES)
}

fn table1_scan(preset: &str, year: u32, paper: f64) -> Claim {
    let id = format!("seed003.table1.hdd{year}.device_scan_s");
    let claim = format!("Flash in a DBMS, Table 1: scanning the whole HDD {year} takes {paper} s");
    let capacity_bytes = match super::presets::preset(preset)
        .ok_or_else(|| format!("no preset {preset}"))
        .and_then(|p| super::disk::Disk::from_params(&p.params))
    {
        Ok(disk) => disk.geometry.capacity_bytes(),
        Err(e) => return failed(&id, &claim, "s", paper, TABLE1_TOLERANCE_PCT, e),
    };
    let request_bytes = MIB;
    let requests = capacity_bytes / request_bytes;
    let body = json!({
        "device": {"preset": preset},
        "params": {"scheduler": "fcfs", "queue_depth": 1},
        "workload": {"kind": "sequential_scan", "requests": requests, "request_bytes": request_bytes},
    });
    let scanned = (requests * request_bytes) as f64;
    let whole_s =
        |m: &Map<String, Value>| get(m, "scan_time_ms") / 1e3 * capacity_bytes as f64 / scanned;
    let (spread, m) = match over_seeds(&body, whole_s) {
        Ok(run) => run,
        Err(e) => return failed(&id, &claim, "s", paper, TABLE1_TOLERANCE_PCT, e),
    };
    let scan_s = get(&m, "scan_time_ms") / 1e3;
    Claim::new(
        &id,
        &claim,
        "s",
        paper,
        spread.median,
        TABLE1_TOLERANCE_PCT,
        format!(
            "preset {preset}: sequential scan from LBA 0 in {requests} requests of 1 MiB, back \
             to back (queue depth 1), median of seeds 1–5 (the seed sets the platter's starting \
             angle): seed 1 took {scan_s:.1} s for {scanned:.0} B, scaled to the modelled \
             capacity of {capacity_bytes} B (the last partial MiB, {:.4}% of the disk, is \
             extrapolated). Sustained {:.3} MB/s including head and cylinder switches.",
            100.0 * (1.0 - scanned / capacity_bytes as f64),
            get(&m, "scan_throughput_mb_s")
        ),
    )
    .calibration_point(
        "the preset's capacity and media rate are Table 1's, so the scan time is their quotient \
         plus switch overheads",
    )
    .over_seeds(spread)
    .run(own_run(
        &format!("Table 1, HDD {year}: scan of the device"),
        &body,
    ))
    .differences(TABLE1_DIFFERENCES)
}

fn masm_range_scan(
    id: &str,
    claim: &str,
    request_bytes: u64,
    paper: f64,
    note: fn(&Map<String, Value>) -> String,
) -> Claim {
    let requests = 10_000;
    let table_bytes = 100_000_000_000u64;
    let body = json!({
        "device": {"preset": "barracuda-7200-200gb"},
        "params": {"scheduler": "fcfs", "queue_depth": 1},
        "workload": {
            "kind": "random", "requests": requests, "request_bytes": request_bytes,
            "span_start_bytes": 0, "span_bytes": table_bytes,
        },
    });
    let mut first: Option<Map<String, Value>> = None;
    let mut failure = None;
    let spread = measure(&DEFAULT_SEEDS, |seed| {
        match run_to_end(body.clone(), seed) {
            Ok((_, m)) => {
                let value = get(&m, "mean_latency_ms");
                first.get_or_insert(m);
                value
            }
            Err(e) => {
                failure = Some(e);
                f64::NAN
            }
        }
    });
    let (Some(m), None) = (first, failure.clone()) else {
        let e = failure.unwrap_or_default();
        return failed(id, claim, "ms", paper, MASM_TOLERANCE_PCT, e);
    };
    Claim::new(
        id,
        claim,
        "ms",
        paper,
        spread.median,
        MASM_TOLERANCE_PCT,
        format!(
            "preset barracuda-7200-200gb (seek curve from calibration.md B5, not fitted to \
             MaSM): {requests} reads of {request_bytes} B at random aligned positions in the \
             first 100 GB (the 100 GB table on the 200 GB disk, placed at the outer edge), FCFS, \
             queue depth 1, median of seeds 1–5. Seed 1's mean = seek {:.2} + rotation {:.2} + \
             transfer {:.2} + switches {:.2} ms.",
            get(&m, "mean_seek_ms"),
            get(&m, "mean_rotation_ms"),
            get(&m, "mean_transfer_ms"),
            get(&m, "mean_switch_ms"),
        ),
    )
    .over_seeds(spread)
    .run(own_run(
        &format!("MaSM §5.2: random {request_bytes} B range scans"),
        &body,
    ))
    .differences(&format!(
        "not modelled: OS, file-system and controller overheads, and the real Barracuda's own \
         seek curve (a datasheet fit stands in). {}",
        note(&m)
    ))
}
