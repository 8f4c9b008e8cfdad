//! The flashlog lab's claims for `flashlab reproduce`: the numbers `reproduce/` computes, each
//! beside the paper's, judged by a tolerance fixed here before any run (±10 % for every ratio;
//! bounds where the paper states only a direction).
//!
//! 1. Figure 2 (reconstructed, digest §4.1) at `FIG2_TRANSACTIONS` per configuration: ideal /
//!    disk and naive SSD / disk are CALIBRATION POINTS (they fixed the CPU time per transaction
//!    and the SSD's sync overhead, once); best USB FlashLogging / disk (5.7×) and / ideal
//!    (98.6 %), and SSD FlashLogging / naive (1.4×) are reproductions.
//!    The archival HDD (2f-1d against 2f, per drive) must not lose throughput: the paper's
//!    "significant benefits" as the digest's check X(2f-1d) > X(2f), a bound (no number given).
//! 2. Outlier re-issue (no paper number): p99 commit latency with re-issue over without, on three
//!    `usb-b` drives, must be ≤ 1 (re-issue hides outliers).
//! 3. Figure 3 on the `fusionio` preset at lab scale (`FIG3_*`): Append/Pack over random
//!    in-place ("up to 9×") and over fresh sequential ("near-sequential"). The sustained share
//!    of the fresh random rate (≈16 %) is the SSD lab's claim `seed003.s2_2.*` (a device
//!    property, judged there at 64 blocks per plane).
//!
//! 4. Figure 3b (`FIG3B_*`): the same comparison on a TPC-C-like read/write mix: A/P over
//!    in-place (up to 9×) and A/P's combined MB/s (about 400 MB/s); seed 1's crash-safe
//!    packing cost and half-device database are quoted in the claims' differences.
//!
//! Every claim runs over `DEFAULT_SEEDS` and is judged on the median; known differences from
//! the paper's setup are shown on every claim, miss reasons on a miss (`Claim::if_missed`).
//!
//! Scale: everything here runs in a few seconds in the dev profile (`flashlab reproduce` runs
//! inside `npm test`). The paper-scale numbers (20,000 transactions, a 64-block-per-plane
//! device, 100,000 writes) come from the ignored test
//! `cargo test -p flashlab-core --test flashlog_reproduce -- --ignored --nocapture`.
//!
//! `claims()` is the lab's one claims hook: each claim names the course scenario that shows it,
//! from the lab's own table `SCENARIOS` (the paper-results page opens it).

use super::config::FlashLogConfig;
use super::devices::usb::UsbProfile;
use super::error::FlashLogError;
use super::reproduce::appendpack_runs::{ApPattern, course_run};
use super::reproduce::throughput::Bar;
use super::reproduce::{
    Kind, Reproduced, appendpack, appendpack_mix, archival_cause, latency_need, outliers,
    throughput,
};
use crate::plugin::seeds::{DEFAULT_SEEDS, SeedSpread, measure_rows, rows_over_seeds};
use crate::plugin::{Claim, ClaimRun, ClaimScenarios, scenario_document, with_scenarios};

pub const FIG2_TRANSACTIONS: u64 = 4_000;
pub const OUTLIER_TRANSACTIONS: u64 = 4_000;
pub const FIG3_BLOCKS_PER_PLANE: u32 = 48;
pub const FIG3_DB_FRACTION: f64 = 0.8;
pub const FIG3_WRITES: u64 = 20_000;
/// Figure 3b's warm-up, in writes per device page (A/P's and the FTL's steady state).
pub const FIG3B_WARMUP_DEVICE_WRITES: f64 = 2.0;
/// Every ratio's tolerance, fixed before the runs.
pub const TOLERANCE_PCT: f64 = 10.0;

/// What the Figure 2 claims differ in from the paper's setup.
const FIG2_DIFFERENCES: &str = "a reconstructed Figure 2 (digest §4.1): the USB drives' latency \
    profiles are illustrative (the paper gives none), the paper's MySQL/InnoDB stack is not \
    modelled (a fixed CPU time and 1 KiB of redo per transaction), and each configuration runs \
    FIG2_TRANSACTIONS transactions";
/// What the Figure 3 claims differ in from the paper's setup.
const FIG3_DIFFERENCES: &str = "fusionio preset at lab scale (48 blocks per plane, 1 warm-up \
    write per page); write-only 4 KB random writes with A/P's database at 80 % of the device, \
    where the paper's up-to-9× is on a TPC-C-like read/write mix (no database size is given by \
    seed 003 nor by the part of the A/P paper reachable here, Stoica et al., DaMoN 2009: its \
    abstract and first lines, which say only that A/P was assessed with an analytical model and \
    micro-benchmarks); the device places A/P's pages by address (die = page mod dies) so that an erase-unit \
    write fills whole flash blocks, as A/P's design assumes";

/// What the Figure 3b claims differ in from the paper's setup.
const FIG3B_DIFFERENCES: &str = "fusionio preset at lab scale (48 blocks per plane against the \
    paper's 160 GB card); the paper gives neither the TPC-C-like mix nor its skew nor the \
    database size (nor does the reachable part of the A/P paper, DaMoN 2009: its abstract and \
    first lines): here a third of the operations write, 80 % of them on 20 % of the pages, and \
    the database is 80 % of the device for both layouts; without A/P the whole device was \
    written once (no TRIM), as for Figure 3a; the device places A/P's pages by address (die = \
    page mod dies) so that an erase-unit write fills whole flash blocks, as A/P's design \
    assumes, while in-place writes keep the model's dynamic allocation (the die free first), \
    their better case: striped, their random writes wait for their die";

/// Why a claim misses when it does, where it is known (`Claim::if_missed`).
fn why_missed(id: &str) -> &'static str {
    match id {
        "seed003.appendpack.speedup_over_random" => {
            "packing costs more the more of a packed tail is still valid (write amplification \
             1/(1 − u)), and with A/P's database at 80 % of the device u is high (measured on \
             the Figure 3b mix, in its claims' differences; not measured on this write-only \
             run); neither seed 003 nor the reachable part of the DaMoN paper gives a database \
             size"
        }
        "seed003.appendpack.mix_speedup" => {
            "below the paper's \"up to 9×\": with the database at 80 % of the device, the \
             append log's tails are mostly still valid when packed (hot pages have not died out) \
             and the pack log cleans itself often, so A/P re-writes several device pages per \
             user page (its write amplification is in the differences), which eats most of \
             what its sequential writes gain over in-place's random ones (the SSD's own write \
             amplification is in the differences too); the database fraction moves the ratio \
             most (see the curve in the differences)"
        }
        "seed003.appendpack.mix_combined_mb_s" => {
            "A/P's packing re-writes its cold pages (its write amplification with the database \
             at 80 % of the device is in the differences), which takes device time; with a \
             smaller database it is faster (see differences)"
        }
        "seed003.appendpack.vs_sequential_pct" => {
            "packing's reads and re-writes take device time that sequential writes do not \
             (write amplification 1/(1 − u) > 1)"
        }
        _ => "",
    }
}

/// A computed number as a claim, judged on the median of its spread over the seeds.
fn to_claim(r: &Reproduced, spread: SeedSpread, differences: &str) -> Claim {
    let claim = Claim::new(
        r.id,
        r.claim,
        r.unit,
        r.paper,
        spread.median,
        TOLERANCE_PCT,
        format!("{}, median of seeds 1–5.", r.method),
    )
    .over_seeds(spread)
    .differences(differences);
    let claim = match why_missed(r.id) {
        "" => claim,
        why => claim.if_missed(why),
    };
    match (r.kind, r.id) {
        (Kind::Calibration, "seed003.flashlog.ideal_over_disk") => {
            claim.calibration_point("flashlog.cpu_us_mean (CPU time per transaction)")
        }
        (Kind::Calibration, _) => {
            claim.calibration_point("flashlog.ssd_sync_overhead_us (SSD per-write sync overhead)")
        }
        _ => claim,
    }
}

/// Runs `rows(seed)` over the default seeds: the first seed's rows with each one's spread.
fn over_seeds<E>(
    rows: impl FnMut(u64) -> Result<Vec<Reproduced>, E>,
) -> Result<Vec<(Reproduced, SeedSpread)>, E> {
    rows_over_seeds(&DEFAULT_SEEDS, rows, |r| r.simulated)
}

fn failed(id: &str, what: &str, e: impl std::fmt::Display) -> Claim {
    Claim::new(
        id,
        what,
        "",
        1.0,
        f64::NAN,
        TOLERANCE_PCT,
        format!("the run failed: {e}"),
    )
}

/// Which course scenario shows each claim (`plugin::claim_scenario`): claim-id prefix →
/// `scenarios/flashlog/<name>.json`; the longest matching prefix wins.
pub const SCENARIOS: ClaimScenarios = &[
    ("seed003.flashlog", "flashlogging-vs-disk-vs-ideal"),
    ("seed003.flashlog.ideal", "ideal-disk-loses-commits"),
    ("seed003.flashlog.reissue", "outlier-reissued"),
    ("seed003.appendpack", "append-pack-packing"),
];

/// Every claim of the lab, computed now, each naming the scenario that shows it.
pub fn claims() -> Vec<Claim> {
    with_scenarios(SCENARIOS, computed())
}

fn computed() -> Vec<Claim> {
    let mut out = Vec::new();
    let mut first_bars = None;
    let fig2 = over_seeds(|seed| {
        throughput::figure2(FIG2_TRANSACTIONS, seed).map(|bars| {
            let mut rows = throughput::claims(&bars, FIG2_TRANSACTIONS);
            rows.extend(throughput::archival_gains(&bars, FIG2_TRANSACTIONS));
            first_bars.get_or_insert(bars);
            rows
        })
    });
    let bars = first_bars.unwrap_or_default();
    let fig2_differences =
        FIG2_DIFFERENCES.replace("FIG2_TRANSACTIONS", &FIG2_TRANSACTIONS.to_string());
    // The USB claims' miss reason is measured on the first seed's best configuration.
    let best_usb = bars
        .iter()
        .filter(|b| b.name.starts_with("usb"))
        .max_by(|a, b| a.commits_per_s.total_cmp(&b.commits_per_s));
    // Measured once, and only if one of the two claims misses (the sweep re-runs the best
    // configuration over the seeds).
    let usb_bound = std::cell::OnceCell::new();
    let usb_reason = || {
        usb_bound
            .get_or_init(|| {
                let bound = match (best_usb, bars.iter().find(|b| b.name == "ideal")) {
                    (Some(best), Some(ideal)) => throughput::drive_bound(best, ideal)
                        .unwrap_or_else(|e| format!("the drive-bound measurement failed: {e}")),
                    _ => "no USB configuration ran".to_string(),
                };
                format!("{bound}; {}", usb_need(&bars))
            })
            .clone()
    };
    match fig2 {
        Ok(rows) => out.extend(rows.into_iter().map(|(r, spread)| {
            if r.id.starts_with(ARCHIVAL_PREFIX) {
                return archival_claim(&r, spread, &fig2_differences, &bars);
            }
            let claim = to_claim(&r, spread, &fig2_differences);
            let claim = match r.id {
                "seed003.flashlog.best_over_disk" | "seed003.flashlog.best_over_ideal" => {
                    claim.if_missed_with(usb_reason)
                }
                _ => claim,
            };
            with_bar_runs(claim, &bars)
        })),
        Err(e) => out.push(failed("seed003.flashlog.figure2", "Figure 2", e)),
    }
    out.push(reissue_claim());
    let method = format!(
        "fusionio, {FIG3_BLOCKS_PER_PLANE} blocks per plane, 1 warm-up write per page, \
         {FIG3_WRITES} measured writes (lab scale)"
    );
    let fig3 = over_seeds(|seed| {
        appendpack::figure3(
            FIG3_BLOCKS_PER_PLANE,
            FIG3_DB_FRACTION,
            1.0,
            FIG3_WRITES,
            seed,
        )
        .map(|f| appendpack::claims(&f, &method))
    });
    match fig3 {
        Ok(rows) => out.extend(
            rows.into_iter()
                .map(|(r, spread)| to_claim(&r, spread, FIG3_DIFFERENCES))
                .map(|claim| with_ap_run(claim, ApPattern::Uniform)),
        ),
        Err(e) => out.push(failed("seed003.appendpack.figure3", "Figure 3", e)),
    }
    out.extend(figure3b_claims());
    out
}

/// How much faster the best USB configuration's drives would have to be for the paper's values
/// (`reproduce::latency_need`), over the default seeds.
fn usb_need(bars: &[Bar]) -> String {
    let bar = |prefix: &str| {
        bars.iter()
            .filter(|b| b.name.starts_with(prefix))
            .max_by(|a, b| a.commits_per_s.total_cmp(&b.commits_per_s))
    };
    let (Some(best), Some(ideal), Some(disk)) = (bar("usb"), bar("ideal"), bar("disk")) else {
        return "the latency sweep had no runs".to_string();
    };
    match latency_need::sweep(&best.config, &ideal.config, &disk.config, &DEFAULT_SEEDS) {
        Ok(points) => latency_need::sentence(&points, &best.config, TOLERANCE_PCT),
        Err(e) => format!("the latency sweep failed: {e}"),
    }
}

/// Figure 3b: A/P against in-place on a TPC-C-like mix over the seeds; seed 1 also runs the
/// crash-safe packing and the half-device database, whose numbers the claims' texts quote.
fn figure3b_claims() -> Vec<Claim> {
    let b = FIG3_BLOCKS_PER_PLANE;
    let warm = FIG3B_WARMUP_DEVICE_WRITES;
    let method = format!(
        "fusionio, {b} blocks per plane, {warm} device-writes of warm-up, one device of \
         operations measured (lab scale); a third of the operations write, 80 % of operations \
         on 20 % of the pages"
    );
    // The first seed's runs serve its row and the figures the differences quote.
    let mut first = None;
    let rows = over_seeds(|seed| {
        appendpack_mix::figure3b(b, FIG3_DB_FRACTION, warm, seed).map(|f| {
            let rows = appendpack_mix::claims(&f, &method);
            first.get_or_insert(f);
            rows
        })
    });
    let context = |plain: &appendpack_mix::Figure3b| {
        let seed = DEFAULT_SEEDS[0];
        let safe = appendpack_mix::crash_safe_cost(b, FIG3_DB_FRACTION, warm, seed)?;
        let mut curve = Vec::new();
        for fraction in appendpack_mix::DB_FRACTION_CURVE {
            curve.push(curve_point(&appendpack_mix::figure3b(
                b, fraction, warm, seed,
            )?));
        }
        curve.push(curve_point(plain));
        let curve = curve.join(", ");
        let p = plain.packing;
        Ok::<_, FlashLogError>(format!(
            "{FIG3B_DIFFERENCES}; seed 1: the append log's reclaimed tails are {:.0} % valid \
             (the paper's premise is that hot pages were invalidated before packing; a fifth of \
             the writes are cold, and a hot set of a sixth of the device does not die out in an \
             append log squeezed by the pack log), and {:.0} % of the reclaimed blocks are the \
             pack log's own tails cleaned into its head, {:.0} % valid; with crash-safe packing \
             A/P gives {:.0} MB/s (write amplification {:.2} in A/P, {:.2} in the SSD's FTL) \
             against {:.0} MB/s ({:.2}, {:.2}) without; the speed-up over the database's share \
             of the device (the paper gives none; the claims use 80 %, fixed before the first \
             run): {curve}",
            p.append_tail_u * 100.0,
            p.pack_victim_share * 100.0,
            p.pack_tail_u * 100.0,
            safe.mb_per_s,
            safe.ap_write_amplification,
            safe.ssd_write_amplification,
            plain.append_pack.mb_per_s,
            plain.ap_write_amplification,
            plain.append_pack.ssd_write_amplification,
        ))
    };
    let result = rows.and_then(|rows| {
        let plain = first.ok_or_else(|| FlashLogError::Config("no seed ran".into()))?;
        Ok((rows, context(&plain)?))
    });
    match result {
        Ok((rows, differences)) => rows
            .into_iter()
            .map(|(r, spread)| to_claim(&r, spread, &differences))
            .map(|claim| with_ap_run(claim, ApPattern::Mix))
            .collect(),
        Err(e) => vec![failed("seed003.appendpack.figure3b", "Figure 3b", e)],
    }
}

/// One point of Figure 3b's curve over the database fraction, for the claims' differences.
fn curve_point(f: &appendpack_mix::Figure3b) -> String {
    format!(
        "{:.0} % → {:.1}× ({:.0} MB/s, A/P write amplification {:.2})",
        f.db_fraction * 100.0,
        f.append_pack.mb_per_s / f.in_place.mb_per_s,
        f.append_pack.mb_per_s,
        f.ap_write_amplification,
    )
}

/// The archival-HDD claims' id prefix (`throughput::archival_gains`).
const ARCHIVAL_PREFIX: &str = "seed003.flashlog.archival_gain.";

/// "Brings significant benefits" as a bound fixed before the first run: the digest's check
/// X(2f-1d) > X(2f) (digest §4.1), i.e. a ratio of at least 1, on the median of the seeds. The
/// first seed's runs are linked, and the HDD's share of the log writes in its 2f-1d run says
/// how often both drives were busy (the mechanism the paper names).
fn archival_claim(r: &Reproduced, spread: SeedSpread, differences: &str, bars: &[Bar]) -> Claim {
    let drive = r.id.trim_start_matches(ARCHIVAL_PREFIX).replace('_', "-");
    let with_hdd = bars.iter().find(|b| b.name == format!("{drive}-2f-1d"));
    let share = with_hdd.map(|b| throughput::hdd_share(&b.config));
    let seen = match share {
        Some(Ok(h)) => format!(
            "; seed 1: the HDD took {:.1} % of the {} log flushes of {drive}-2f-1d (one only \
             when both drives are busy), each in {:.2} ms on average against the drives' {:.2} ms",
            h.on_hdd * 100.0,
            h.flushes,
            h.hdd_mean_ns / 1e6,
            h.flash_mean_ns / 1e6
        ),
        Some(Err(e)) => format!("; the HDD-share run failed: {e}"),
        None => String::new(),
    };
    let letter = drive.trim_start_matches("usb-").to_uppercase();
    let claim = Claim::at_least(
        r.id,
        &format!("drive {letter}: {}", r.claim),
        r.unit,
        r.paper,
        spread.median,
        format!("{}, median of seeds 1–5{seen}.", r.method),
    )
    .over_seeds(spread)
    .differences(differences)
    .if_missed_with(|| missed_because(&drive, with_hdd, bars));
    [format!("{drive}-2f-1d"), format!("{drive}-2f")]
        .iter()
        .filter_map(|name| bars.iter().find(|b| &b.name == name))
        .filter_map(|b| own_run(&b.config, &b.name))
        .fold(claim, Claim::run)
}

/// An archival claim's miss reason: the measured mechanism (`reproduce::archival_cause`).
fn missed_because(drive: &str, with_hdd: Option<&Bar>, bars: &[Bar]) -> String {
    let without = bars.iter().find(|b| b.name == format!("{drive}-2f"));
    match (without, with_hdd) {
        (Some(a), Some(b)) => match archival_cause::archival_cause(&a.config, &b.config) {
            Ok(cause) => cause.sentence(drive),
            Err(e) => format!("the cause run failed: {e}"),
        },
        _ => "the runs of the cause are missing".to_string(),
    }
}

/// Links an Append/Pack claim's course-scale run (`reproduce::appendpack_runs`) with the
/// writes its first seed's A/P did: Figure 3's warm-up (one write per device page) and measured
/// writes, or Figure 3b's warm-up and measured operations times the mix's write share.
fn with_ap_run(claim: Claim, pattern: ApPattern) -> Claim {
    let b = FIG3_BLOCKS_PER_PLANE;
    let device_pages = crate::flashlog::ssd_io::TimedSsd::from_preset("fusionio", b)
        .map_or(0, |s| u64::from(s.logical_pages()));
    let writes = match pattern {
        ApPattern::Uniform => device_pages + FIG3_WRITES,
        ApPattern::Mix => {
            let ops = device_pages as f64
                * (FIG3B_WARMUP_DEVICE_WRITES / appendpack_mix::TPCC_LIKE.write_share + 1.0);
            (ops * appendpack_mix::TPCC_LIKE.write_share) as u64
        }
    };
    match course_run(b, FIG3_DB_FRACTION, writes, pattern, DEFAULT_SEEDS[0]) {
        Some(run) => claim.run(run),
        None => claim,
    }
}

/// The Figure 2 bars a claim's ratio reads (numerator first), from `throughput::claims`.
fn ratio_bars(id: &str) -> [&'static str; 2] {
    match id {
        "seed003.flashlog.ideal_over_disk" => ["ideal", "disk"],
        "seed003.flashlog.best_over_disk" => ["usb", "disk"],
        "seed003.flashlog.best_over_ideal" => ["usb", "ideal"],
        "seed003.flashlog.ssd_naive_over_disk" => ["ssd-naive", "disk"],
        _ => ["ssd-fl", "ssd-naive"],
    }
}

/// Links the first seed's runs of the two bars of a Figure 2 ratio: the fastest bar whose name
/// starts with the prefix (one bar, or the best USB or SSD FlashLogging configuration, as
/// `throughput::claims` picks it).
fn with_bar_runs(mut claim: Claim, bars: &[Bar]) -> Claim {
    for prefix in ratio_bars(&claim.id) {
        let bar = bars
            .iter()
            .filter(|b| b.name.starts_with(prefix))
            .max_by(|a, b| a.commits_per_s.total_cmp(&b.commits_per_s));
        if let Some(run) = bar.and_then(|b| own_run(&b.config, &b.name)) {
            claim = claim.run(run);
        }
    }
    claim
}

/// The configuration's own run, as the lab's scenario (`FlashLogConfig::scenario_body`).
fn own_run(config: &FlashLogConfig, label: &str) -> Option<ClaimRun> {
    let body = config.scenario_body().ok()?;
    let title = format!("{label}: {} transactions", config.workload.transactions);
    let doc = scenario_document("flashlog", &title, config.seed, body);
    Some(ClaimRun::own(label, doc))
}

const REISSUE_DRIVES: [UsbProfile; 3] = [UsbProfile::B; 3];
const REISSUE_FACTOR: f64 = 2.0;

/// The re-issue claim's run at the first seed, with re-issue (`on`) or without.
fn reissue_run(on: bool) -> Option<ClaimRun> {
    let [with, without] = outliers::configs(
        &REISSUE_DRIVES,
        REISSUE_FACTOR,
        OUTLIER_TRANSACTIONS,
        DEFAULT_SEEDS[0],
    );
    let (config, label) = if on {
        (with, "re-issue on")
    } else {
        (without, "re-issue off")
    };
    own_run(&config, &format!("three usb-b drives, {label}"))
}

/// Outlier re-issue: p99 with re-issue over without, per seed (seed 1's details in the method).
fn reissue_claim() -> Claim {
    const ID: &str = "seed003.flashlog.reissue_p99_ratio";
    let mut first = None;
    let runs = measure_rows(&DEFAULT_SEEDS, |seed| {
        let [on, off] = outliers::with_and_without(
            &REISSUE_DRIVES,
            REISSUE_FACTOR,
            OUTLIER_TRANSACTIONS,
            seed,
        )?;
        let ratio = on.p99_ns as f64 / off.p99_ns.max(1) as f64;
        first.get_or_insert((on, off));
        Ok::<_, FlashLogError>(vec![ratio])
    });
    let (spread, (on, off)) = match (runs.map(|mut rows| rows.pop()), first) {
        (Ok(Some(spread)), Some(first)) => (spread, first),
        (Err(e), _) => return failed(ID, "outliers", e),
        _ => return failed(ID, "outliers", "no run"),
    };
    let claim = Claim::at_most(
        ID,
        "outliers \"are detected and re-issued to other ready flash devices\" (paper §2.1): \
         re-issue lowers the commit-latency tail (the paper gives no number)",
        "×",
        1.0,
        spread.median,
        format!(
            "three usb-b drives, factor 2, {OUTLIER_TRANSACTIONS} transactions, median of seeds \
             1–5; seed 1: p99 {:.2} ms with re-issue ({} re-issues) vs {:.2} ms without; \
             throughput {:.0} vs {:.0} commits/s",
            on.p99_ns as f64 / 1e6,
            on.reissues,
            off.p99_ns as f64 / 1e6,
            on.commits_per_s,
            off.commits_per_s
        ),
    )
    .over_seeds(spread)
    .differences(
        "three identical usb-b drives with an illustrative latency profile and an outlier \
         factor of 2 (the paper gives neither)",
    );
    [true, false]
        .into_iter()
        .filter_map(reissue_run)
        .fold(claim, Claim::run)
}
