//! Fig. 16 (§5.2), the headline: range-scan time with online updates over the time of the same
//! scans without updates, for ranges from 4 KB to 100 GB, on the Barracuda + X25-E models.
//!
//! 1. Pure scan: the HDD range read alone, on the same devices and at the same random positions
//!    as each scheme (scans back to back, `setup` step 5).
//! 2. MaSM-M, coarse (64 KB) and fine (4 KB) run index: the SSD cache 50% full (2 GB of 4 GB).
//!    The state is built by `Masm` with page stealing and no query during the fill, so every run
//!    is αM = 256 pages: 128 runs (the paper's "128 SSD reads" at 4 KB; the count is measured).
//!    Each scan is `masm_cost::scan_cost` (HDD range read overlapped with the granule batch).
//! 3. In-place (`baseline::InPlace`): one update thread issues uniformly random 4 KB
//!    read-modify-writes back to back (closed loop, one outstanding, `updater`) while the scans
//!    run back to back; a scan issues its 1 MB requests one by one and the disk serves requests
//!    in arrival order, so an update gets in between two of a scan's requests and pulls the head
//!    away. The paper gives no update rate (digest §8.23): one closed-loop updater is this lab's
//!    named choice; the rate it reached is reported.
//! 4. IU (`baseline::Iu`): a scaled table of 1 GiB (4 KiB keys, the paper's 100 GB over 100)
//!    with 2% of its 100 B records holding a cached update (the paper's 2 GB over 100 GB),
//!    loaded through `Iu::update`; the merge reads one 4 KB SSD page per relevant update with
//!    `DEFAULT_IU_QUEUE_DEPTH` (1) read outstanding, a named model choice (the paper gives no
//!    read-ahead); a sensitivity sweep at SATA's 32 is reported for the first seed. Ranges up
//!    to 1 GB run as they are, 10 GB and 100 GB scaled with the table (`iu_run_bytes`); its own
//!    pure scans on its own devices.
//! 5. Slowdown = mean(scheme scan time) / mean(pure scan time) per range size.
//! 6. Seeds: the fills, the updaters' keys and the scan positions are drawn from a seeded
//!    generator, so the whole sweep runs once per seed of `DEFAULT_SEEDS` and each claim is the
//!    median (the "All ranges" tables in `method` are the first seed's). The fine index's largest
//!    slowdown equals its 4 KB one, so it is one claim (`seed000.fig16.masm_fine.4kb`).

use super::course::PaperRun;
use super::setup::{
    GIB, KEY_BYTES, KIB, M_PAGES, MIB, TABLE_BYTES, fill, idle_ns, io_config, masm_config, mean,
    place_runs, positions, range_label, table_layout, x25e,
};
use crate::masm::baseline::updater::ClosedLoopUpdater;
use crate::masm::baseline::{
    Baseline, BaselineConfig, DEFAULT_IU_QUEUE_DEPTH, InPlace, MAX_IU_QUEUE_DEPTH, SchemeKind,
};
use crate::masm::io::{Devices, scan_cost};
use crate::masm::{Change, FieldPatch, Granularity, MasmConfig};
use crate::plugin::seeds::{DEFAULT_SEEDS, measure_rows};
use crate::plugin::{Claim, ClaimRun, Judgement};
use crate::sim::Rng;

pub const RANGES: [u64; 7] = [4 * KIB, MIB, 10 * MIB, 100 * MIB, GIB, 10 * GIB, 100 * GIB];
/// The policy's limit for a number measured on hardware (`plugin::policy`).
const SLOWDOWN_TOLERANCE_PCT: f64 = 25.0;
/// "Little overhead" / "4%": judged to 10%.
const NEGLIGIBLE_TOLERANCE_PCT: f64 = 10.0;
const SEED: u64 = 1605;
const IU_TABLE_BYTES: u64 = GIB;
const RECORD_BYTES: u64 = 100;
/// Cached updates per record in Fig. 16: 2 GB of updates over a 100 GB table.
const IU_UPDATED_PER_MILLE: u64 = 20;
const IU_LRU_PAGES: u64 = 256;

/// Scans per range size (the paper: 100 back to back below 100 MB, 10 above).
pub fn scans_for(range_bytes: u64) -> u64 {
    match range_bytes {
        b if b <= 10 * MIB => 24,
        b if b <= 100 * MIB => 8,
        b if b <= GIB => 3,
        b if b <= 10 * GIB => 2,
        _ => 1,
    }
}

/// Mean scan times (ns) per range size, per scheme.
#[derive(Debug, Clone, Default)]
pub struct Sweep {
    pub ranges: Vec<u64>,
    pub pure_ns: Vec<f64>,
    pub masm_coarse_ns: Vec<f64>,
    pub masm_fine_ns: Vec<f64>,
    pub in_place_ns: Vec<f64>,
    pub masm_runs: u64,
    /// Updates per second the in-place updater reached during the 4 KB scans.
    pub in_place_updates_per_s: f64,
    /// IU on its scaled table: the paper's ranges (each run at `iu_run_bytes`), pure and IU
    /// times.
    pub iu_ranges: Vec<u64>,
    pub iu_pure_ns: Vec<f64>,
    pub iu_ns: Vec<f64>,
    /// IU's times with `MAX_IU_QUEUE_DEPTH` reads outstanding (first seed only; else empty).
    pub iu_deep_ns: Vec<f64>,
}

impl Sweep {
    pub fn slowdown(scheme: &[f64], pure: &[f64], i: usize) -> f64 {
        match (scheme.get(i), pure.get(i)) {
            (Some(s), Some(p)) => s / p,
            _ => f64::NAN,
        }
    }
}

pub(super) fn pure_times(
    base: &Devices,
    key_space: u64,
    table_bytes: u64,
    ranges: &[u64],
    seed: u64,
) -> Vec<f64> {
    let mut dev = base.clone();
    let table = table_layout(table_bytes);
    let mut ready = idle_ns(&dev);
    let mut out = Vec::new();
    for &bytes in ranges {
        let keys = (bytes / KEY_BYTES).max(1);
        let mut times = Vec::new();
        for from in positions(key_space, keys, scans_for(bytes), seed + bytes) {
            let (offset, len) = table.key_range_bytes(from, from + keys - 1);
            let span = dev.hdd.read(ready, offset, len);
            times.push(span.end_ns.saturating_sub(ready) as f64);
            ready = span.end_ns;
        }
        out.push(mean(&times));
    }
    out
}

fn masm_times(
    base: &Devices,
    granularity: Granularity,
    seed: u64,
) -> Result<(Vec<f64>, u64), String> {
    let ssd_pages = M_PAGES * M_PAGES;
    let cfg = state_config(granularity);
    let masm = fill(cfg, ssd_pages / 2, 0, seed).map_err(|e| e.to_string())?;
    let space = place_runs(&masm, ssd_pages);
    let table = table_layout(TABLE_BYTES);
    let mut dev = base.clone();
    let mut ready = idle_ns(&dev);
    let mut out = Vec::new();
    for &bytes in &RANGES {
        let keys = (bytes / KEY_BYTES).max(1);
        let mut times = Vec::new();
        for from in positions(table.key_space, keys, scans_for(bytes), seed + bytes) {
            let cost = scan_cost(
                &mut dev,
                &space,
                &masm,
                &table,
                ready,
                from,
                from + keys - 1,
            );
            times.push(cost.end_ns.saturating_sub(ready) as f64);
            ready = cost.end_ns.max(idle_ns(&dev));
        }
        out.push(mean(&times));
    }
    Ok((out, masm.runs().len() as u64))
}

/// Step 2's configuration.
fn state_config(granularity: Granularity) -> MasmConfig {
    masm_config(M_PAGES, (1, 1), granularity, TABLE_BYTES, true)
}

/// The course-scale runs of a claim (`course`): MaSM with the baselines compared, and the same
/// scans without updates, at every range the claim reads.
fn claim_runs(id: &str) -> Vec<ClaimRun> {
    let (granularity, ranges): (Granularity, &[u64]) = match id {
        "seed000.fig16.in_place.4kb" | "seed000.fig16.iu.4kb" | "seed000.fig16.masm_coarse.4kb" => {
            (Granularity::Coarse, &RANGES[..1])
        }
        "seed000.fig16.in_place.1mb" => (Granularity::Coarse, &RANGES[1..2]),
        "seed000.fig16.masm_coarse.from_100mb" => (Granularity::Coarse, &RANGES[3..]),
        "seed000.fig16.masm_fine.4kb" => (Granularity::Fine, &RANGES[..1]),
        _ => (Granularity::Coarse, &RANGES[..]),
    };
    let cfg = state_config(granularity);
    let mut out = Vec::new();
    for &bytes in ranges {
        let run = PaperRun {
            compare: true,
            ..PaperRun::half_full(&cfg, TABLE_BYTES, bytes, scans_for(bytes), x25e())
        };
        let range = range_label(bytes);
        let title = format!("Fig. 16 course-scale: {range} ranges");
        out.push(run.course_run(
            &format!("MaSM-M and baselines, {range}"),
            &title,
            DEFAULT_SEEDS[0],
        ));
        let mut pure = run.no_updates_run(&format!("{title}, no updates"), DEFAULT_SEEDS[0]);
        pure.label = format!("no updates, {range}");
        out.push(pure);
    }
    out
}

fn baseline_config(table_bytes: u64, cache_bytes: u64) -> BaselineConfig {
    BaselineConfig {
        key_space: table_bytes / KEY_BYTES,
        keys_per_table_page: 1,
        record_bytes: RECORD_BYTES,
        io: io_config(table_bytes, x25e(), cache_bytes),
        iu_lru_pages: IU_LRU_PAGES,
        iu_queue_depth: DEFAULT_IU_QUEUE_DEPTH,
        lsm_c0_records: 1,
        lsm_levels: 1,
    }
}

fn modify(value: u64) -> Change {
    Change::Modify(FieldPatch {
        mask: 1,
        values: [value, 0],
    })
}

/// Step 3: scans and a closed-loop updater sharing the disk request by request, in arrival order.
fn in_place_times(seed: u64) -> Result<(Vec<f64>, f64), String> {
    let cfg = baseline_config(TABLE_BYTES, 64 * MIB);
    let mut scheme = InPlace::new(&cfg, &[]).map_err(|e| e.to_string())?;
    let mut updater = ClosedLoopUpdater::new(seed ^ 0x1F, cfg.key_space, 0);
    let mut scan_at = 0u64;
    let mut out = Vec::new();
    let mut short_rate = f64::NAN;
    for &bytes in &RANGES {
        let keys = (bytes / KEY_BYTES).max(1);
        let (updates0, start) = (updater.completed, scan_at);
        let mut times = Vec::new();
        for from in positions(cfg.key_space, keys, scans_for(bytes), seed + bytes) {
            let (_, end) = scheme
                .scan_with(scan_at, from, from + keys - 1, &mut updater)
                .map_err(|e| e.to_string())?;
            times.push(end.saturating_sub(scan_at) as f64);
            scan_at = end;
        }
        if bytes == RANGES[0] {
            let seconds = (scan_at - start).max(1) as f64 / 1e9;
            short_rate = (updater.completed - updates0) as f64 / seconds;
        }
        out.push(mean(&times));
    }
    Ok((out, short_rate))
}

/// Step 4: the range IU scans on its scaled table for a paper range: ranges up to the scaled
/// table's size as they are; longer ones (10 GB, 100 GB) scaled with the table, to the same
/// fraction of it (10 GB → 1/10 of the table, 100 GB → all of it).
pub fn iu_run_bytes(paper_bytes: u64) -> u64 {
    if paper_bytes <= IU_TABLE_BYTES {
        paper_bytes
    } else {
        paper_bytes / (TABLE_BYTES / IU_TABLE_BYTES)
    }
}

/// Step 4: IU on its scaled table, with `queue_depth` reads outstanding: (pure, IU) mean scan
/// times per entry of `run_bytes`.
fn iu_times(
    run_bytes: &[u64],
    queue_depth: u64,
    seed: u64,
) -> Result<(Vec<f64>, Vec<f64>), String> {
    let cfg = BaselineConfig {
        iu_queue_depth: queue_depth,
        ..baseline_config(IU_TABLE_BYTES, 64 * MIB)
    };
    let mut scheme = Baseline::new(SchemeKind::Iu, &cfg, &[]).map_err(|e| e.to_string())?;
    let cached = IU_TABLE_BYTES / RECORD_BYTES * IU_UPDATED_PER_MILLE / 1000;
    let mut rng = Rng::new(seed ^ 0x10);
    let mut now = 0;
    for i in 0..cached {
        now = scheme
            .update(now, rng.below(cfg.key_space), modify(i))
            .map_err(|e| e.to_string())?;
    }
    let base = Devices::new(&cfg.io)?;
    let pure = pure_times(&base, cfg.key_space, IU_TABLE_BYTES, run_bytes, seed);
    let mut out = Vec::new();
    for &bytes in run_bytes {
        let keys = (bytes / KEY_BYTES).max(1);
        let mut times = Vec::new();
        for from in positions(cfg.key_space, keys, scans_for(bytes), seed + bytes) {
            let (_, end) = scheme
                .scan(now, from, from + keys - 1)
                .map_err(|e| e.to_string())?;
            times.push(end.saturating_sub(now) as f64);
            now = end;
        }
        out.push(mean(&times));
    }
    Ok((pure, out))
}

/// The whole figure (also the "masm: Fig. 16 reproduction" bench unit).
pub fn sweep(base: &Devices) -> Result<Sweep, String> {
    sweep_seeded(base, SEED)
}

/// `sweep` with every generator seeded from `seed`.
pub fn sweep_seeded(base: &Devices, seed: u64) -> Result<Sweep, String> {
    let (masm_coarse_ns, masm_runs) = masm_times(base, Granularity::Coarse, seed)?;
    let (masm_fine_ns, _) = masm_times(base, Granularity::Fine, seed)?;
    let (in_place_ns, rate) = in_place_times(seed)?;
    let iu_ranges = RANGES.to_vec();
    let iu_run: Vec<u64> = RANGES.iter().map(|&b| iu_run_bytes(b)).collect();
    let (iu_pure_ns, iu_ns) = iu_times(&iu_run, DEFAULT_IU_QUEUE_DEPTH, seed)?;
    let iu_deep_ns = if seed == DEFAULT_SEEDS[0] {
        iu_times(&iu_run, MAX_IU_QUEUE_DEPTH, seed)?.1
    } else {
        Vec::new()
    };
    Ok(Sweep {
        ranges: RANGES.to_vec(),
        pure_ns: pure_times(base, TABLE_BYTES / KEY_BYTES, TABLE_BYTES, &RANGES, seed),
        masm_coarse_ns,
        masm_fine_ns,
        in_place_ns,
        masm_runs,
        in_place_updates_per_s: rate,
        iu_ranges,
        iu_pure_ns,
        iu_ns,
        iu_deep_ns,
    })
}

fn index_of(ranges: &[u64], bytes: u64) -> usize {
    ranges
        .iter()
        .position(|&b| b == bytes)
        .unwrap_or(usize::MAX)
}

fn table_text(ranges: &[u64], scheme: &[f64], pure: &[f64]) -> String {
    ranges
        .iter()
        .enumerate()
        .map(|(i, &b)| {
            format!(
                "{} {:.2}x",
                range_label(b),
                Sweep::slowdown(scheme, pure, i)
            )
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The claims' values from one sweep, in `CLAIM_IDS` order (plus the fine index's largest
/// slowdown, kept in the 4 KB claim's method).
fn claim_values(s: &Sweep) -> Vec<f64> {
    let (kb4, mb1) = (index_of(&s.ranges, 4 * KIB), index_of(&s.ranges, MIB));
    let slow = |scheme: &[f64], i: usize| Sweep::slowdown(scheme, &s.pure_ns, i);
    let from_100mb: Vec<usize> = (0..s.ranges.len())
        .filter(|&i| s.ranges[i] >= 100 * MIB)
        .collect();
    let all: Vec<usize> = (0..s.ranges.len()).collect();
    let max_of = |scheme: &[f64], idx: &[usize]| {
        idx.iter()
            .map(|&i| slow(scheme, i))
            .fold(f64::NAN, f64::max)
    };
    let in_place_min = all
        .iter()
        .map(|&i| slow(&s.in_place_ns, i))
        .fold(f64::NAN, f64::min);
    let iu_max = (0..s.iu_ranges.len())
        .map(|i| Sweep::slowdown(&s.iu_ns, &s.iu_pure_ns, i))
        .fold(f64::NAN, f64::max);
    let iu_4kb = Sweep::slowdown(&s.iu_ns, &s.iu_pure_ns, index_of(&s.iu_ranges, 4 * KIB));
    vec![
        slow(&s.in_place_ns, kb4),
        slow(&s.in_place_ns, mb1),
        in_place_min,
        iu_4kb,
        iu_max,
        slow(&s.masm_coarse_ns, kb4),
        max_of(&s.masm_coarse_ns, &from_100mb),
        slow(&s.masm_fine_ns, kb4),
        max_of(&s.masm_fine_ns, &all),
        s.pure_ns.get(kb4).map_or(f64::NAN, |v| v / 1e6),
        s.pure_ns.get(mb1).map_or(f64::NAN, |v| v / 1e6),
        s.in_place_ns.get(kb4).map_or(f64::NAN, |v| v / 1e6),
        s.in_place_ns.get(mb1).map_or(f64::NAN, |v| v / 1e6),
        s.in_place_updates_per_s,
    ]
}

/// The method texts of the in-place, MaSM (coarse, fine) and IU claims; `v` holds the medians
/// of `claim_values`, `s` the first seed's sweep (its "All ranges" tables).
fn method_texts(s: &Sweep, v: &[f64]) -> [String; 4] {
    let common = format!(
        "barracuda-7200-200gb + x25e models, 100 GiB table in 4 KiB keys, scans back to back at \
         random positions (24 per range up to 10 MB, fewer above), slowdown = mean scan time / \
         mean pure scan time at the same positions (pure: 4 KB {:.1} ms, 1 MB {:.1} ms; paper \
         12.2 and 29.8 ms); medians over seeds {DEFAULT_SEEDS:?}, tables of all ranges from \
         seed {}",
        v[9], v[10], DEFAULT_SEEDS[0]
    );
    let in_place = format!(
        "in-place baseline: one updater issuing uniformly random 4 KB read-modify-writes back to \
         back (a named choice: the paper gives no update rate; {:.0} updates/s during the 4 KB \
         scans) while the scans run, each scan issuing its 1 MB requests one by one and the disk \
         serving requests in arrival order, so an update gets in between two requests and pulls \
         the head away; with updates 4 KB took {:.1} ms, 1 MB {:.1} ms (paper 44.7, 50.3). All \
         ranges: {}. {common}",
        v[13],
        v[11],
        v[12],
        table_text(&s.ranges, &s.in_place_ns, &s.pure_ns)
    );
    let masm = |name: &str, times: &[f64]| {
        format!(
            "MaSM-M {name} index, Masm state 50% full (2 GB of 4 GB) with {} runs (page stealing, \
             no query during the fill: runs of αM = 256 pages), 16 simulated records per 64 KB \
             page; masm_cost::scan_cost. All ranges: {}. {common}",
            s.masm_runs,
            table_text(&s.ranges, times, &s.pure_ns)
        )
    };
    let deep = if s.iu_deep_ns.is_empty() {
        String::new()
    } else {
        format!(
            "; with {MAX_IU_QUEUE_DEPTH} reads outstanding (SATA's command queue) instead: {}",
            table_text(&s.iu_ranges, &s.iu_deep_ns, &s.iu_pure_ns)
        )
    };
    let iu = format!(
        "IU baseline (ideal case, index in memory) on a table scaled to 1 GiB (the paper's \
         100 GB / 100) with 2% of its 100 B records updated (the paper's 2 GB / 100 GB): the \
         merge consumes records in key order as their 1 MB disk request arrives and reads one \
         random 4 KB SSD page per relevant update outside a {IU_LRU_PAGES}-page LRU, with \
         {DEFAULT_IU_QUEUE_DEPTH} read outstanding (a named model choice: the paper gives no \
         read-ahead); ranges up to 1 GB as they are, 10 GB and 100 GB scaled with the table \
         (1/10 of it and all of it); its own pure scans (a 4 KB scan seeks over 1 GiB only); \
         medians over seeds {DEFAULT_SEEDS:?}. All ranges (seed {}): {}{deep}",
        DEFAULT_SEEDS[0],
        table_text(&s.iu_ranges, &s.iu_ns, &s.iu_pure_ns)
    );
    let fine = format!(
        "{}. Largest slowdown over every range (median) {:.3}: the former claim \
         seed000.fig16.masm_fine.max, equal to this one, folded in",
        masm("fine (4 KB)", &s.masm_fine_ns),
        v[8]
    );
    [
        in_place,
        masm("coarse (64 KB)", &s.masm_coarse_ns),
        fine,
        iu,
    ]
}

const DIFFERENCES: &str = "device models (barracuda-7200-200gb, x25e) stand for the paper's \
    machine; a simulated update record stands for 4 KB of 100 B records; fewer scans per long \
    range than the paper (24 up to 10 MB, 8 at 100 MB, 3 at 1 GB, 2 at 10 GB, 1 at 100 GB)";
const IN_PLACE_DIFFERENCES: &str = "the paper gives no update rate for in-place updates: one \
    closed-loop updater (one read-modify-write outstanding) is this lab's choice; a scan keeps \
    one 1 MB request outstanding and the disk serves requests in arrival order; device models \
    stand for the paper's machine";
const IU_DIFFERENCES: &str = "the paper gives no IU read-ahead: one SSD read outstanding is \
    this lab's choice (32 reported beside it); a table scaled to 1 GiB with the paper's 2 % of \
    records updated, its 10 GB and 100 GB ranges scaled with it (1/10 of the table, all of it), \
    so its pure 4 KB scan seeks over 1 GiB; no concurrent updates during the scans; device \
    models stand for the paper's machine";

/// The claims of Fig. 16, each the median over `DEFAULT_SEEDS` of one sweep per seed.
pub fn claims(base: &Result<Devices, String>) -> Vec<Claim> {
    let mut first: Option<Sweep> = None;
    let rows = base.as_ref().map_err(Clone::clone).and_then(|b| {
        measure_rows(&DEFAULT_SEEDS, |seed| {
            let s = sweep_seeded(b, seed)?;
            let values = claim_values(&s);
            first.get_or_insert(s);
            Ok(values)
        })
    });
    let (rows, s) = match (rows, first) {
        (Ok(rows), Some(s)) => (rows, s),
        (Err(e), _) => return vec![failed(&e)],
        (Ok(_), None) => return vec![failed("no seed ran")],
    };
    let medians: Vec<f64> = rows.iter().map(|r| r.median).collect();
    let [in_place, coarse, fine, iu] = method_texts(&s, &medians);
    let t = SLOWDOWN_TOLERANCE_PCT;
    let n = NEGLIGIBLE_TOLERANCE_PCT;
    let tol = |pct: f64| Judgement::Tolerance { pct };
    let in_place_range = Judgement::PaperRange {
        low: 1.7,
        high: 3.7,
    };
    let in_place_min = format!(
        "smallest in-place slowdown over all ranges, judged against the paper's range \
         1.7–3.7x. {in_place}"
    );
    let specs: [(&str, &str, f64, Judgement, &String, &str); 8] = [
        (
            "seed000.fig16.in_place.4kb",
            "Fig. 16: in-place updates slow 4 KB range scans 3.7x (12.2 → 44.7 ms)",
            3.7,
            tol(t),
            &in_place,
            IN_PLACE_DIFFERENCES,
        ),
        (
            "seed000.fig16.in_place.1mb",
            "Fig. 16: in-place updates slow 1 MB range scans 1.7x (29.8 → 50.3 ms)",
            1.7,
            tol(t),
            &in_place,
            IN_PLACE_DIFFERENCES,
        ),
        (
            "seed000.fig16.in_place.min",
            "Fig. 16: range scans with in-place updates see 1.7–3.7x slowdowns (every range; the \
             smallest of them is in the paper's range)",
            1.7,
            in_place_range,
            &in_place_min,
            IN_PLACE_DIFFERENCES,
        ),
        (
            "seed000.fig16.iu.4kb",
            "Fig. 16: IU at 4 KB ranges: quite low overhead, the SSD reads overlap the disk read \
             (bottom of the 1.1–3.8x range)",
            1.1,
            tol(t),
            &iu,
            IU_DIFFERENCES,
        ),
        (
            "seed000.fig16.iu.max",
            "Fig. 16: range scans with IU see up to 3.8x slowdowns",
            3.8,
            tol(t),
            &iu,
            IU_DIFFERENCES,
        ),
        (
            "seed000.fig16.masm_coarse.4kb",
            "Fig. 16: MaSM with the coarse (64 KB) index slows 4 KB scans 2.9x (128 SSD reads of \
             64 KB ≈ 36 ms)",
            2.9,
            tol(t),
            &coarse,
            DIFFERENCES,
        ),
        (
            "seed000.fig16.masm_coarse.from_100mb",
            "Fig. 16: MaSM with the coarse index has little overhead for 100 MB–100 GB ranges \
             (largest slowdown there; paper: about 1)",
            1.0,
            tol(n),
            &coarse,
            DIFFERENCES,
        ),
        (
            "seed000.fig16.masm_fine.4kb",
            "Fig. 16 / abstract: MaSM with the fine (4 KB) index has only 4% overhead even at \
             4 KB ranges, and stays within a few percent of scans without updates at every range",
            1.04,
            tol(n),
            &fine,
            DIFFERENCES,
        ),
    ];
    specs
        .into_iter()
        .enumerate()
        .map(
            |(row, (id, claim, paper, judgement, method, differences))| {
                let spread = rows[row].clone();
                let claim = Claim::judged(
                    id,
                    claim,
                    "x",
                    paper,
                    spread.median,
                    judgement,
                    method.clone(),
                )
                .differences(differences)
                .over_seeds(spread);
                claim_runs(id)
                    .into_iter()
                    .fold(miss_reason(claim), Claim::run)
            },
        )
        .collect()
}

/// The known reasons of this figure's misses.
fn miss_reason(claim: Claim) -> Claim {
    let why = match claim.id.as_str() {
        "seed000.fig16.in_place.4kb" => {
            "a 4 KB scan waits for the one read-modify-write the closed-loop updater has in \
             flight when it arrives (see the times in the method); the paper's 44.7 − 12.2 = \
             32.5 ms implies more disk work between consecutive scans than one updater's \
             request (the paper gives no update rate)"
        }
        "seed000.fig16.in_place.min" => {
            "one closed-loop updater gets one read-modify-write in between two of a scan's \
             1 MB requests; the smallest slowdown (see the method's table) falls outside the \
             paper's range"
        }
        "seed000.fig16.iu.max" => {
            "with one read outstanding each relevant update costs the X25-E model's 75 µs read \
             latency; at 2 % of 100 B records that adds about one disk transfer's time to a 1 MB \
             scan (its reads start when its single disk request has arrived) and about 10 % to \
             long scans (the reads overlap the disk's later requests); the paper's 3.8x implies \
             slower SSD reads per update than the drive's rated latency, or reads the disk \
             cannot overlap, and gives neither"
        }
        _ => return claim,
    };
    claim.if_missed(why)
}

fn failed(e: &str) -> Claim {
    Claim::new(
        "seed000.fig16",
        "Fig. 16: range-scan slowdown with online updates",
        "x",
        1.0,
        f64::NAN,
        SLOWDOWN_TOLERANCE_PCT,
        format!("SIMULATION FAILED: {e}"),
    )
}
