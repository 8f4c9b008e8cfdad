//! Fig. 22 (§5.2): 10 GB range scans with CPU work injected per record (0.5–2.5 µs), pure
//! scans against MaSM. The paper: "almost flat until the 1.5us point, indicating the range scan
//! is I/O bound. From 1.5us to 2.5us, the execution time grows roughly linearly ... range scans
//! with MaSM have indistinguishable performance compared with pure range scans for all cases."
//!
//! 1. State as Fig. 16: the 100 GiB table on the Barracuda model, MaSM-M with the coarse (64 KB)
//!    run index (the paper's index for ranges ≥ 100 MB, Fig. 17) and the 4 GB X25-E cache 50 %
//!    full (`setup::fill`, 128 runs), its runs placed in order (`setup::place_runs`).
//! 2. A scan of 10 GiB reads its range in 1 MiB requests (`HddDev::read_each`: when each request
//!    has arrived); MaSM also issues its granule batch (`masm_cost::granule_pieces`) at the
//!    scan's start, as `masm_cost::scan_cost` does, and a chunk's records can be merged once
//!    the cached updates of its key share have arrived: the batch is taken to deliver its bytes
//!    at an even rate over its span (the merge reads the runs in key order). With no CPU cost
//!    a MaSM scan ends exactly when `scan_cost` says.
//! 3. The query's CPU work: the paper's 100 B records, `cpu_pipeline` (a two-stage pipeline,
//!    records processed in key order as their chunk arrives, the disk reading ahead). MaSM's
//!    own merge CPU is not timed (the paper: O(log #runs) per record, "insignificant").
//! 4. Scans run back to back at random positions (`setup::positions`), each starting when the
//!    previous one's last record is processed; every CPU cost replays the same scans on a fresh
//!    copy of the devices, pure and MaSM at the same positions.
//! 5. Claims per seed: the knee, where the CPU line (records × cost) meets the I/O-bound flat
//!    time (the mean pure scan with no CPU work over the records per scan: computed from the
//!    disk model, so it moves with its bandwidth); and the largest MaSM / pure time over the
//!    paper's five costs. Each claim is the median over `DEFAULT_SEEDS`.

use super::course::PaperRun;
use super::cpu_pipeline::{Chunk, CpuCost};
use super::fig16_slowdown::scans_for;
use super::seeded::{Spec, judged_claims, over_seeds};
use super::setup::{
    GIB, KEY_BYTES, M_PAGES, TABLE_BYTES, fill, idle_ns, masm_config, mean, place_runs, positions,
    table_layout, x25e,
};
use crate::masm::io::masm_cost::granule_pieces;
use crate::masm::io::{CacheSpace, Devices, TableLayout};
use crate::masm::{Granularity, Masm};
use crate::plugin::seeds::DEFAULT_SEEDS;
use crate::plugin::{Claim, ClaimRun, Judgement};

/// The paper's range (§5.2: "10GB ranges").
pub const RANGE_BYTES: u64 = 10 * GIB;
/// The paper's record (§5.1: 100-byte records).
pub const RECORD_BYTES: u64 = 100;
/// CPU cost per record, ns: none, then the paper's five points (0.5–2.5 µs).
pub const CPU_NS_PER_RECORD: [u64; 6] = [0, 500, 1000, 1500, 2000, 2500];
/// The knee is a measured position read off a figure: the policy's limit for a measured number.
const KNEE_TOLERANCE_PCT: f64 = 25.0;
/// "Indistinguishable": within the paper's own run-to-run spread ("standard deviations are
/// within 5% of the averages", §5.1).
const SAME_TOLERANCE_PCT: f64 = 5.0;

/// Mean scan times at one CPU cost.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CpuRow {
    pub cpu_ns_per_record: u64,
    pub pure_ns: f64,
    pub masm_ns: f64,
}

/// The MaSM state a scan merges with.
#[derive(Clone, Copy)]
pub struct MasmState<'a> {
    pub masm: &'a Masm,
    pub space: &'a CacheSpace,
}

/// Step 2: the (bytes arrived, when) pairs of one scan of keys [from, to] started at `ready`,
/// pure when `state` is `None`.
pub fn arrivals(
    dev: &mut Devices,
    table: &TableLayout,
    state: Option<MasmState<'_>>,
    ready_ns: u64,
    from: u64,
    to: u64,
) -> Vec<(u64, u64)> {
    let (offset, len) = table.key_range_bytes(from, to);
    let disk = dev.hdd.read_each(ready_ns, offset, len);
    let cache = state.and_then(|s| {
        let (pieces, _) = granule_pieces(s.space, s.masm, dev.cache.page_bytes, from, to);
        (!pieces.is_empty()).then(|| dev.cache.read_pieces(ready_ns, &pieces))
    });
    disk.into_iter()
        .map(|(end_byte, at_ns)| {
            let bytes = end_byte.saturating_sub(offset).min(len);
            let merged_ns = cache.map_or(0, |c| {
                let span = u128::from(c.end_ns.saturating_sub(c.start_ns));
                let share = span * u128::from(bytes) / u128::from(len.max(1));
                c.start_ns + u64::try_from(share).unwrap_or(u64::MAX)
            });
            (bytes, at_ns.max(merged_ns))
        })
        .collect()
}

/// Steps 3–4: mean time of back-to-back scans at `starts` on a copy of `base`.
pub fn mean_scan_ns(
    base: &Devices,
    table: &TableLayout,
    state: Option<MasmState<'_>>,
    cpu: CpuCost,
    starts: &[u64],
    keys: u64,
) -> f64 {
    let mut dev = base.clone();
    let mut ready = idle_ns(&dev);
    let mut times = Vec::new();
    for &from in starts {
        let got = arrivals(&mut dev, table, state, ready, from, from + keys - 1);
        let chunks: Vec<Chunk> = cpu.chunks(&got);
        let end = cpu.pipeline_end_ns(ready, &chunks);
        times.push(end.saturating_sub(ready) as f64);
        ready = end.max(idle_ns(&dev));
    }
    mean(&times)
}

/// The whole figure for one seed: one row per CPU cost.
pub fn sweep_seeded(base: &Devices, seed: u64) -> Result<Vec<CpuRow>, String> {
    let cfg = masm_config(M_PAGES, (1, 1), Granularity::Coarse, TABLE_BYTES, true);
    let masm = fill(cfg, M_PAGES * M_PAGES / 2, 0, seed).map_err(|e| e.to_string())?;
    let space = place_runs(&masm, M_PAGES * M_PAGES);
    let state = MasmState {
        masm: &masm,
        space: &space,
    };
    let table = table_layout(TABLE_BYTES);
    let keys = RANGE_BYTES / KEY_BYTES;
    let starts = positions(
        table.key_space,
        keys,
        scans_for(RANGE_BYTES),
        seed + RANGE_BYTES,
    );
    CPU_NS_PER_RECORD
        .iter()
        .map(|&ns| {
            let cpu = CpuCost::per_record_ns(ns, RECORD_BYTES).map_err(|e| e.to_string())?;
            Ok(CpuRow {
                cpu_ns_per_record: ns,
                pure_ns: mean_scan_ns(base, &table, None, cpu, &starts, keys),
                masm_ns: mean_scan_ns(base, &table, Some(state), cpu, &starts, keys),
            })
        })
        .collect()
}

/// Records a scan of `RANGE_BYTES` retrieves.
pub fn records_per_scan() -> u64 {
    RANGE_BYTES / RECORD_BYTES
}

/// Step 5 per seed: [knee in µs per record, largest MaSM / pure over the paper's costs].
pub fn claim_values(rows: &[CpuRow]) -> Vec<f64> {
    let flat_ns = rows
        .iter()
        .find(|r| r.cpu_ns_per_record == 0)
        .map_or(f64::NAN, |r| r.pure_ns);
    let knee_us = flat_ns / records_per_scan() as f64 / 1e3;
    let worst = rows
        .iter()
        .filter(|r| r.cpu_ns_per_record > 0)
        .map(|r| r.masm_ns / r.pure_ns)
        .fold(f64::NAN, f64::max);
    vec![knee_us, worst]
}

fn table_text(rows: &[CpuRow]) -> String {
    rows.iter()
        .map(|r| {
            let cpu_s = (records_per_scan() * r.cpu_ns_per_record) as f64 / 1e9;
            format!(
                "{:.1} µs: pure {:.1} s, MaSM {:.1} s ({:.4}x; CPU alone {cpu_s:.1} s)",
                r.cpu_ns_per_record as f64 / 1e3,
                r.pure_ns / 1e9,
                r.masm_ns / 1e9,
                r.masm_ns / r.pure_ns
            )
        })
        .collect::<Vec<_>>()
        .join("; ")
}

const DIFFERENCES: &str = "the CPU work is a cost per record in a two-stage pipeline (records \
    processed in key order as their 1 MiB request arrives, unbounded read-ahead: the paper gives \
    no prefetch depth); MaSM's own merge CPU and the paper's OS costs are not timed; the paper \
    does not name the run index of Fig. 22: the coarse one, its choice for ranges from 100 MB \
    (Fig. 17); the granule batch is taken to deliver its bytes evenly over its span; device \
    models (barracuda-7200-200gb, x25e) stand for the paper's machine; a simulated update record \
    stands for 4 KB of 100 B records; 2 scans per seed (the paper: 10 ranges x 5 runs). Because \
    MaSM's merge CPU is not timed, the MaSM / pure ratio tests only whether the cached updates \
    arrive before the records they merge with (the paper's statement also covers that CPU, \
    which it calls insignificant). The knee follows the disk model's rate: the Barracuda model \
    streams 10 GiB in about 139.5 s (77 MB/s, the paper's quoted rate), so its scans are \
    already CPU bound at 1.5 µs per record, where the paper's were still almost flat (the \
    paper's measured 1 MB scans, 29.8 ms, suggest a slower effective rate than 77 MB/s)";

/// The course-scale runs (`course`): the 10 GB MaSM scans and the same scans without updates.
/// The lab times no CPU work, so they show the I/O side only (said in the labels).
fn claim_runs() -> [ClaimRun; 2] {
    let cfg = masm_config(M_PAGES, (1, 1), Granularity::Coarse, TABLE_BYTES, true);
    let run = PaperRun::half_full(
        &cfg,
        TABLE_BYTES,
        RANGE_BYTES,
        scans_for(RANGE_BYTES),
        x25e(),
    );
    let title = "Fig. 22 course-scale: 10 GB ranges (I/O only: the lab times no CPU work)";
    let mut pure = run.no_updates_run(&format!("{title}, no updates"), DEFAULT_SEEDS[0]);
    pure.label = "no updates, 10gb (I/O only)".into();
    [
        run.course_run(
            "MaSM-M, coarse index, 10gb (I/O only)",
            title,
            DEFAULT_SEEDS[0],
        ),
        pure,
    ]
}

/// The claims of Fig. 22, each the median over `DEFAULT_SEEDS`.
pub fn claims(base: &Result<Devices, String>) -> Vec<Claim> {
    let (spreads, first) = match over_seeds(base, sweep_seeded, |rows| claim_values(rows)) {
        Ok(out) => out,
        Err(e) => return vec![failed(&e)],
    };
    let method = format!(
        "MaSM-M, coarse (64 KB) index, 4 GB X25-E cache 50 % full (128 runs), 100 GiB table on \
         the Barracuda model; {} back-to-back 10 GiB scans at random positions per seed, pure \
         and MaSM at the same positions, each CPU cost on fresh devices; CPU work = cost x \
         {} records of 100 B per scan, overlapped with the 1 MiB requests in a two-stage \
         pipeline (cpu_pipeline); knee = mean pure scan time without CPU work / records per \
         scan (where the CPU line meets the I/O-bound time); medians over seeds \
         {DEFAULT_SEEDS:?}. Seed {}: {}",
        scans_for(RANGE_BYTES),
        records_per_scan(),
        DEFAULT_SEEDS[0],
        table_text(&first)
    );
    let specs: Vec<Spec> = vec![
        (
            "seed000.fig22.knee",
            "Fig. 22: 10 GB range scans stay almost flat (I/O bound) up to about 1.5 µs of CPU \
             per record, then grow roughly linearly (CPU bound); the knee's position",
            "µs/record",
            1.5,
            Judgement::Tolerance {
                pct: KNEE_TOLERANCE_PCT,
            },
        ),
        (
            "seed000.fig22.masm_over_pure.max",
            "Fig. 22: range scans with MaSM have indistinguishable performance from pure range \
             scans at every CPU cost, 0.5–2.5 µs per record (the largest MaSM / pure time)",
            "x",
            1.0,
            Judgement::Tolerance {
                pct: SAME_TOLERANCE_PCT,
            },
        ),
    ];
    judged_claims(specs, spreads, &method, DIFFERENCES, &claim_runs())
}

fn failed(e: &str) -> Claim {
    Claim::new(
        "seed000.fig22",
        "Fig. 22: range scans with CPU work injected per record",
        "x",
        1.0,
        f64::NAN,
        SAME_TOLERANCE_PCT,
        format!("SIMULATION FAILED: {e}"),
    )
}
