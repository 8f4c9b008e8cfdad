//! What the paper's 5.7× and 98.6 % would ask of the USB drives (paper §2.1; issue 29). The
//! SIGMOD'09 paper's device measurements were not reachable, so the drives' profiles stay
//! illustrative (`devices::usb`); this measures how much faster they would have to be. It
//! changes no constant: every run here is a what-if beside the claims' own runs.
//!
//! 1. Take the best USB configuration of Figure 2 (as `throughput::claims` picks it) and re-run
//!    it with every latency of its drives' profiles times k (`UsbProfile::scaled`: base, per-KiB
//!    and outlier latency × k; outlier probability, detection and the workload unchanged), for
//!    k in `SCALES`, from 1 down.
//! 2. Per k and seed: X(k) / X(ideal) in % and X(k) / X(disk), the ideal and the disk run once
//!    per seed; per k the median over the seeds (the claims' judgement). On the first seed also
//!    the worker cycle's split (`archival_cause::split`: mean commit, and the rest of the cycle,
//!    CPU time plus wait for a core) and the commits acknowledged per log write.
//! 3. Stop at the first k whose medians reach both paper values.
//! 4. `sentence`: for each claim, the largest k at which its median is within `tolerance_pct` of
//!    the paper and the largest at which it reaches the paper's value, with the drive's base
//!    latency and mean 4 KiB write latency (`UsbProfile::profiled_mean_ns`) at that k; and the
//!    first seed's cycle at k = 1 and k = 0.5: where the commit time saved went.

use super::super::config::FlashLogConfig;
use super::super::devices::DeviceSpec;
use super::super::error::FlashLogError;
use super::super::sim::{FlashLogSim, Purpose};
use super::archival_cause::{CycleSplit, split};
use super::throughput::measure;
use crate::plugin::seeds::SeedSpread;

/// The latency factors tried, from the illustrative profile (1) down.
pub const SCALES: [f64; 10] = [1.0, 0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3, 0.2, 0.1];

/// The paper's values the sweep looks for (paper §2.1).
pub const PAPER_VS_DISK: f64 = 5.7;
pub const PAPER_VS_IDEAL_PCT: f64 = 98.6;

/// Step 2's medians at one k.
#[derive(Debug, Clone, PartialEq)]
pub struct ScalePoint {
    pub k: f64,
    pub vs_ideal_pct: SeedSpread,
    pub vs_disk: SeedSpread,
    /// The first seed's worker cycle and commits per log write.
    pub first_cycle: CycleSplit,
    pub first_commits_per_write: f64,
}

/// One scaled run: throughput, the worker cycle's split, commits per log write.
fn run(config: FlashLogConfig) -> Result<(f64, CycleSplit, f64), FlashLogError> {
    let mut sim = FlashLogSim::new(config.clone())?;
    sim.run()?;
    let writes = sim
        .requests
        .iter()
        .filter(|r| r.purpose == Purpose::Log)
        .count();
    let per_write = sim.stats.acked as f64 / writes.max(1) as f64;
    Ok((sim.throughput_per_s(), split(&sim, &config), per_write))
}

/// `config` with every USB drive's latencies times `k` (step 1).
pub fn scaled_config(config: &FlashLogConfig, k: f64) -> FlashLogConfig {
    let mut out = config.clone();
    for d in &mut out.devices {
        if let DeviceSpec::Usb(p) = d {
            *d = DeviceSpec::Usb(p.scaled(k));
        }
    }
    out
}

/// Steps 1–3 over `seeds` (the configurations' own seeds are replaced).
pub fn sweep(
    best: &FlashLogConfig,
    ideal: &FlashLogConfig,
    disk: &FlashLogConfig,
    seeds: &[u64],
) -> Result<Vec<ScalePoint>, FlashLogError> {
    let mut bases = Vec::with_capacity(seeds.len());
    for &seed in seeds {
        let (x_ideal, _) = measure(ideal.clone().with_seed(seed))?;
        let (x_disk, _) = measure(disk.clone().with_seed(seed))?;
        bases.push((x_ideal, x_disk));
    }
    let mut points = Vec::new();
    for k in SCALES {
        let mut ideal_pct = Vec::with_capacity(seeds.len());
        let mut over_disk = Vec::with_capacity(seeds.len());
        let mut first = None;
        for (&seed, &(x_ideal, x_disk)) in seeds.iter().zip(&bases) {
            let (x, cycle, per_write) = run(scaled_config(best, k).with_seed(seed))?;
            first.get_or_insert((cycle, per_write));
            ideal_pct.push(x / x_ideal * 100.0);
            over_disk.push(x / x_disk);
        }
        let Some((first_cycle, first_commits_per_write)) = first else {
            return Err(FlashLogError::Config(
                "the latency sweep has no seeds".into(),
            ));
        };
        let point = ScalePoint {
            k,
            vs_ideal_pct: SeedSpread::of(seeds, ideal_pct, true),
            vs_disk: SeedSpread::of(seeds, over_disk, true),
            first_cycle,
            first_commits_per_write,
        };
        let done = point.vs_ideal_pct.median >= PAPER_VS_IDEAL_PCT
            && point.vs_disk.median >= PAPER_VS_DISK;
        points.push(point);
        if done {
            break;
        }
    }
    Ok(points)
}

/// The largest k whose median `value` reaches `at_least` (the sweep runs from k = 1 down).
fn first_reaching(
    points: &[ScalePoint],
    value: impl Fn(&ScalePoint) -> f64,
    at_least: f64,
) -> Option<&ScalePoint> {
    points.iter().find(|p| value(p) >= at_least)
}

/// Step 4: one claim's part of the sentence.
fn claim_part(
    points: &[ScalePoint],
    best: &FlashLogConfig,
    value: impl Fn(&ScalePoint) -> f64 + Copy,
    paper: f64,
    tolerance_pct: f64,
    unit: &str,
) -> String {
    let at = |p: Option<&ScalePoint>| match p {
        Some(p) => format!(
            "k = {:.1} ({:.2}{unit}, {})",
            p.k,
            value(p),
            drive_at(best, p.k)
        ),
        None => {
            let last = points.last().map_or(f64::NAN, |p| p.k);
            format!("no k down to {last:.1}")
        }
    };
    let within = first_reaching(points, value, paper * (1.0 - tolerance_pct / 100.0));
    let reach = first_reaching(points, value, paper);
    format!(
        "within {tolerance_pct:.0} % of the paper's {paper}{unit} from {}, the paper's value \
         from {}",
        at(within),
        at(reach)
    )
}

/// The first USB drive's base latency and mean 4 KiB write at `k`.
fn drive_at(best: &FlashLogConfig, k: f64) -> String {
    let profile = best.devices.iter().find_map(|d| match d {
        DeviceSpec::Usb(p) => Some(p.scaled(k)),
        _ => None,
    });
    match profile {
        Some(p) => format!(
            "base {:.2} ms, mean 4 KiB write {:.2} ms",
            p.base_ns as f64 / 1e6,
            p.profiled_mean_ns(4096) as f64 / 1e6
        ),
        None => "no USB drive".to_string(),
    }
}

/// Step 4: the measured sentence the USB claims' miss reason ends with.
pub fn sentence(points: &[ScalePoint], best: &FlashLogConfig, tolerance_pct: f64) -> String {
    let ideal = claim_part(
        points,
        best,
        |p| p.vs_ideal_pct.median,
        PAPER_VS_IDEAL_PCT,
        tolerance_pct,
        " %",
    );
    let disk = claim_part(
        points,
        best,
        |p| p.vs_disk.median,
        PAPER_VS_DISK,
        tolerance_pct,
        "×",
    );
    let curve: Vec<String> = points
        .iter()
        .map(|p| {
            format!(
                "{:.1} → {:.1} %, {:.2}×",
                p.k, p.vs_ideal_pct.median, p.vs_disk.median
            )
        })
        .collect();
    let seeds = points.first().map_or(0, |p| p.vs_ideal_pct.seeds.len());
    let cycle = match (points.first(), points.iter().find(|p| p.k <= 0.5)) {
        (Some(a), Some(b)) => cycle_part(a, b),
        _ => String::new(),
    };
    format!(
        "measured what the drives would need: {} re-run with every latency of its drives' \
         profile (base, per-KiB, outlier) times k, outlier probability unchanged, medians of \
         {seeds} seeds, k in steps of 0.1: of the ideal, {ideal}; over the disk, {disk} (k → % of ideal, × disk: \
         {}){cycle}",
        best.name,
        curve.join("; ")
    )
}

/// Step 4's cycle: where the first seed's commit time saved between `a` and `b` went.
fn cycle_part(a: &ScalePoint, b: &ScalePoint) -> String {
    let (ca, cb) = (&a.first_cycle, &b.first_cycle);
    format!(
        "; on the first seed, k = {:.1} → {:.1} shortens the mean commit from {:.2} to {:.2} ms \
         while the rest of a worker's cycle (its CPU time and its wait for a core) grows from \
         {:.2} to {:.2} ms at {:.0} % and {:.0} % CPU, with {:.1} and {:.1} commits \
         acknowledged per log write: throughput {:.0} against {:.0} commits/s",
        a.k,
        b.k,
        ca.mean_commit_ns / 1e6,
        cb.mean_commit_ns / 1e6,
        ca.rest_of_cycle_ns / 1e6,
        cb.rest_of_cycle_ns / 1e6,
        ca.cpu_utilisation * 100.0,
        cb.cpu_utilisation * 100.0,
        a.first_commits_per_write,
        b.first_commits_per_write,
        ca.commits_per_s,
        cb.commits_per_s,
    )
}
