//! The IPA reproductions registered with `flashlab reproduce` (issue 10 "Reproductions"), each
//! computed by the models in `reproduce`, with its tolerance fixed here before any run.
//!
//! 1. Tabs. 3 and 5 space overhead: exact formula N·(1+3M+3V)/P (identities); judged at the
//!    paper's printed precision (Tab. 3: one decimal, Tab. 5: two).
//! 2. Fig. 1: a 10-byte update through the store costs a whole 4 / 8 KB page: 409.6× / 819.2×
//!    against the paper's rounded "400–800×". An identity: page bytes ÷ 10 by construction.
//! 3. Tab. 1 update-size percentiles of the generated TPC-B / TPC-C (net body bytes per
//!    update write-back, new pages excluded), over `seeds::DEFAULT_SEEDS`, judged on the median
//!    by the policy's ±25 %. The paper measured Shore-MT traces; ours are synthetic
//!    transactions on a small buffer (stated as the claim's differences).
//! 4. Tab. 2 IPA-vs-IPL reductions (reads, writes, erases) on TPC-B, TPC-C, TATP, recomputed
//!    from the table's absolutes (the abstract's "up to 62 %" is loose, the table's 60.2 % is
//!    used: digest §8 #14), over the default seeds, judged on the median by the policy's ±25 %
//!    of the paper's reduction. The buffer size decides the verdict and the paper gives it only
//!    as a share of its traces' databases (§8.1: 10–90 %; §8.3 states none for Tab. 2), so each
//!    claim states its 3 frames as a share of the loaded database, with the device fill and
//!    every other setup choice, and shows its median over a sweep of 3, 8 and 16 frames.
//! 5. Tabs. 6–10, TPC-C against out-of-place on a nearly full device, over the default seeds:
//!    appends 30–76 % of update write-backs, GC migrations per host write down 29–86 % and
//!    erases down 34–75 % (the paper's ranges over Tabs. 6–10, both ends), and "about twice"
//!    the device life (±25 %).
//!
//! Scale: every run here is reduced (a few hundred transactions on a few thousand records) so
//! that all IPA claims finish in seconds in the dev profile; the full-scale runs are the
//! `#[ignore]` tests in `core/tests/ipa_reproduce.rs`.
//!
//! `claims()` is the lab's one claims hook: each claim names the course scenario that shows it,
//! from the lab's own table `SCENARIOS` (the paper-results page opens it).

use super::config::StoreConfig;
use super::layout::Scheme;
use super::reproduce::{Row, fig1, gc, scenario, sizes, space, table2};
use super::workload::{Workload, tatp::Tatp, tpcb::TpcB, tpcc::TpcC};
use crate::plugin::policy::MEASURED_TOLERANCE_PCT;
use crate::plugin::seeds::{DEFAULT_SEEDS, SeedSpread, rows_over_seeds, run_once};
use crate::plugin::{Claim, ClaimRun, ClaimScenarios, Judgement, SetupSweep, with_scenarios};

/// Relative tolerance of the update-size percentiles (step 3), fixed before the run.
pub const SIZES_TOLERANCE_PCT: f64 = MEASURED_TOLERANCE_PCT;
/// Relative tolerance of Tab. 2's reductions (step 4), fixed before the run.
pub const TABLE2_TOLERANCE_PCT: f64 = MEASURED_TOLERANCE_PCT;
/// The buffer the Tab. 2 claims run with, and the sweep shown beside them (step 4); the claims
/// state it as a share of the loaded database (`table2_differences`).
pub const TABLE2_BUFFER_FRAMES: usize = 3;
pub const TABLE2_BUFFER_SWEEP: [usize; 3] = [3, 8, 16];
/// What every claim run on generated workloads differs in from the paper's setup.
const SYNTHETIC: &str = "synthetic TPC-B / TPC-C / TATP transactions at reduced scale (a few \
    hundred transactions on a few thousand records), not the paper's Shore-MT traces; a small \
    buffer, not the paper's share of the database";
const TXNS: usize = 300;
/// Why a claim misses, where the reason was found (issue 27, item 5); the others stay
/// unexplained. Counts are the claim's seed-1 run (`core/tests/ipa_reproduce.rs` has them).
const MISS_REASONS: &[(&str, &str)] = &[
    (
        "seed004.tab1.tpcb.3_b",
        "a balance here starts at 1,000,000 and a TPC-B delta is ±999,999, so an account's \
         update stays below 2^24 and changes at most its 3 low bytes, where the paper counts 4 \
         bytes per balance update (App. A.0.1: 50–90 % of update I/Os change only 4 bytes); \
         every write-back carrying a single account update falls ≤ 3 B here",
    ),
    (
        "seed004.tab1.tpcb.20_b",
        "the History table: at this scale its tail page stays in the buffer and the eager \
         cleaner writes it back after most transactions; every write-back after its first is \
         an update of an existing page that adds a 24-byte tuple and its 2-byte slot (> 20 B), \
         while the paper's History writes are appends to new pages, left out of Tab. 1 \
         (App. A.0.1). Without the History inserts the seed-1 run has 98.5 % ≤ 20 B (324 \
         update write-backs instead of 722)",
    ),
    ("seed004.tab2.tpcb.reads", TABLE2_READS_REASON),
    ("seed004.tab2.tpcc.reads", TABLE2_READS_REASON),
    ("seed004.tab2.tpcb.erases", TABLE2_ORDER_REASON),
    ("seed004.tab2.tpcc.writes", TABLE2_ORDER_REASON),
    ("seed004.tab2.tpcc.erases", TABLE2_ORDER_REASON),
    (
        "seed004.tab2.tpcb.writes",
        "the IPL side writes less than the paper's: every write-back here carries fewer changes \
         than a 512 B log sector holds, so IPL flushes one sector per write-back and merges once \
         per 16 (no in-memory sector overflows), and App. B's WA_IPL = 0.25 + 15·merges / \
         evictions cannot pass 0.25 + 15/16 ≈ 1.19 (seed 1: 1.125, 70 merges for 1,200 \
         write-backs), against the paper's 1.43; with the paper's WA_IPL the seed-1 IPA WA of \
         0.62 would be a 57 % reduction, within the tolerance",
    ),
    (
        "seed004.tab2.tatp.erases",
        "the IPA side erases no block: TATP's few write-backs (58 at seed 1, 41 of them appends \
         and 17 out of place) never make GC erase a block of the 24-block device, while each of \
         IPL's merges (3 at seed 1) is an erase, so the reduction is 100 %; the paper's IPA \
         side erased 11,873 times (Tab. 2)",
    ),
];
/// Why the writes and erases reductions come out in the reverse order across TPC-B and TPC-C
/// (largest for TPC-C here, for TPC-B in the paper): measured on the claims' seed-1 runs.
const TABLE2_ORDER_REASON: &str = "the order across workloads follows from two things this run \
    does and the paper's traces do not. (1) With 3 frames the eager cleaner (more than 12.5 % of \
    the frames dirty: one of 3) writes a page back after every op, each carrying one op's change, \
    so at most N / (N + 1) = 2/3 of an updated page's write-backs can be appends, and TPC-B's \
    History inserts (one op in four, more than M bytes) go out of place: appends are 50.5 % of \
    TPC-B's update write-backs (606 of 1,199) and 62.9 % of TPC-C's (3,646 of 5,796). (2) The \
    database fills 7 (TPC-B) and 15 (TPC-C) of the 24-block device's 384 pages, so GC finds \
    only wholly invalid blocks and migrates nothing: IPA's erases are its out-of-place writes / \
    16 pages per block (36 and 134) and IPL's its sector flushes / 16 (70 and 340 merges), which \
    makes the erase reduction about the append share; WA_IPA = (appends / 4 + out-of-place) per \
    write-back (0.62 and 0.53) has no GC term, while WA_IPL stays 1.12–1.13 for every workload \
    (one 512 B sector per write-back, never a full one). The paper's TPC-C WA_IPA of 0.94 \
    against TPC-B's 0.54 needs GC migrations on a filled device, which this run does not have";
/// Tab. 2's reads misses (TPC-B, TPC-C): why IPL reads so much more here.
const TABLE2_READS_REASON: &str = "with a 3-frame buffer the eager cleaner (more than 12.5 % \
    of the frames dirty: one of 3) writes a page back after almost every update while hot pages stay buffered: \
    several write-backs per fetch (seed 1: TPC-B 1,200 for 202 fetches, TPC-C 5,797 for \
    1,120). Each IPL write-back flushes a log sector into the page's erase unit, every 16 \
    sectors cost a merge that reads the unit's 16 pages, and App. B's RA_IPL = 2 + 16·merges / \
    fetches grows to 7.5 (TPC-B) and 6.9 (TPC-C), against the paper's 2.54 and 2.20 (0.034 \
    and 0.0125 merges per fetch); IPA's RA stays 1.0, so the reduction overshoots";
/// What Tabs. 3 and 5 differ in: nothing that bears on the number (step 1).
const SPACE_DIFFERENCES: &str = "none in the number: the delta area is the paper's \
    N·(1 + 3M + 3V) bytes on the paper's page size (Tab. 3: 4 KB, V = 12; Tab. 5: 8 KB, V = 0), \
    divided by the page size; the paper prints it rounded (Tab. 3 to one decimal, Tab. 5 to \
    two). The rest of the page (header, slots) is this course's layout, not Shore-MT's, and does \
    not enter the share";
/// What Fig. 1's page factor differs in (step 2).
const FIG1_DIFFERENCES: &str = "the paper's 400–800× is a rounded page-size ratio; here the \
    bytes the store programs for one 10-byte change (the whole 4 / 8 KB page, written out of \
    place) divided by 10, on a small SLC device without GC; Fig. 1's file-system (×3.4) and \
    device (×1–5) factors are quoted, not simulated";

fn slug(s: &str) -> String {
    s.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '_'
            }
        })
        .collect::<String>()
        .split('_')
        .filter(|p| !p.is_empty())
        .collect::<Vec<_>>()
        .join("_")
}

/// The claim's run (issue 27, item 6): `txns` transactions of `workload` on `cfg` as an IPA
/// lab scenario at the claim's first seed, own-scale or the course-scale version the browser
/// takes (`reproduce::scenario`, step 4); none when the lab's generator cannot rebuild it.
fn claim_run(
    title: &str,
    cfg: &StoreConfig,
    workload: &Workload,
    txns: usize,
    compare: bool,
) -> Vec<ClaimRun> {
    scenario::claim_run(title, cfg, workload, txns, compare)
        .into_iter()
        .collect()
}

fn failed(id: &str, what: &str, e: impl std::fmt::Display) -> Claim {
    Claim::new(
        id,
        what,
        "",
        1.0,
        f64::NAN,
        0.0,
        format!("the run failed: {e}"),
    )
}

fn space_claims(out: &mut Vec<Claim>) {
    let ((table3, table5), drew) = run_once(|| (space::table3(), space::table5()));
    for (rows, table, decimals) in [(table3, "Tab. 3", 0.05), (table5, "Tab. 5", 0.005)] {
        for r in rows {
            let tol = decimals / r.paper * 100.0 + 1e-9;
            out.push(
                Claim::new(
                    &format!("seed004.{}.space.{}", slug(table), slug(&r.label)),
                    &format!(
                        "{table}: delta area of {} takes {} % of the page",
                        r.label, r.paper
                    ),
                    "%",
                    r.paper,
                    r.simulated,
                    tol,
                    "PageLayout: N·(1+3M+3V)/page bytes".into(),
                )
                .identity("the area size is the paper's formula; the paper prints it rounded")
                .differences(SPACE_DIFFERENCES)
                .over_seeds(SeedSpread::once(r.simulated, drew)),
            );
        }
    }
}

fn fig1_claims(out: &mut Vec<Claim>) {
    let (rows, drew) = run_once(fig1::rows);
    match rows {
        Ok(rows) => out.extend(rows.into_iter().map(|r| {
            Claim::new(
                &format!("seed004.fig1.{}", slug(&r.label)),
                &format!("Fig. 1: a 10-byte update costs ~{}× ({})", r.paper, r.label),
                "×",
                r.paper,
                r.simulated,
                5.0,
                "10 net bytes changed in one page, written back through the store without IPA"
                    .into(),
            )
            .identity(
                "a 10-byte change written back out of place rewrites the whole page: page \
                 bytes ÷ 10 by construction",
            )
            .differences(FIG1_DIFFERENCES)
            .over_seeds(SeedSpread::once(r.simulated, drew))
        })),
        Err(e) => out.push(failed("seed004.fig1", "Fig. 1", e)),
    }
}

/// Runs `rows(seed)` over the default seeds: the first seed's rows with each one's spread.
fn over_seeds<E>(
    rows: impl FnMut(u64) -> Result<Vec<Row>, E>,
) -> Result<Vec<(Row, SeedSpread)>, E> {
    rows_over_seeds(&DEFAULT_SEEDS, rows, |r| r.simulated)
}

fn row_claims(
    out: &mut Vec<Claim>,
    prefix: &str,
    what: &str,
    rows: Vec<(Row, SeedSpread)>,
    tol: f64,
    method: &str,
    runs: &[ClaimRun],
) {
    for (r, spread) in rows {
        out.push(
            runs.iter().cloned().fold(
                Claim::new(
                    &format!("{prefix}.{}", slug(&r.label)),
                    &format!("{what}: {} is {} %", r.label, r.paper),
                    "%",
                    r.paper,
                    r.simulated,
                    tol,
                    method.into(),
                )
                .over_seeds(spread)
                .differences(SYNTHETIC),
                Claim::run,
            ),
        );
    }
}

fn table1_claims(out: &mut Vec<Claim>) {
    let cfg = table2::ipl_preset(Scheme::none(), 16, 24);
    for (w, tpcc, name) in [
        (Workload::TpcB(TpcB::new(1, 2000)), false, "tpcb"),
        (Workload::TpcC(TpcC::new(3000, 1500)), true, "tpcc"),
    ] {
        let id = format!("seed004.tab1.{name}");
        let title = format!("Tab. 1 ({}): update sizes without IPA", name.to_uppercase());
        let runs = claim_run(&title, &cfg.without_ipa(), &w, TXNS, false);
        match over_seeds(|seed| sizes::table1(&cfg, &w, tpcc, seed, TXNS)) {
            Ok(rows) => row_claims(
                out,
                &id,
                &format!(
                    "Tab. 1 ({}) update write-backs changing",
                    name.to_uppercase()
                ),
                rows,
                SIZES_TOLERANCE_PCT,
                &format!(
                    "{TXNS} generated transactions, 16-frame buffer, eager eviction, 8 KB pages; \
                     reduced scale (paper: Shore-MT traces, 75 % buffer)"
                ),
                &runs,
            ),
            Err(e) => out.push(failed(&id, "Tab. 1", e)),
        }
    }
}

fn table2_claims(out: &mut Vec<Claim>) {
    let cases = [
        (
            Workload::TpcB(TpcB::new(1, 2000)),
            0,
            Scheme { n: 2, m: 4, v: 12 },
            "tpcb",
        ),
        (
            Workload::TpcC(TpcC::new(3000, 1500)),
            1,
            Scheme { n: 2, m: 3, v: 12 },
            "tpcc",
        ),
        (
            Workload::Tatp(Tatp::new(3000)),
            2,
            Scheme { n: 2, m: 4, v: 12 },
            "tatp",
        ),
    ];
    for (w, i, scheme, name) in cases {
        let id = format!("{}.{name}", "seed004.tab2");
        let at = |frames: usize| {
            let cfg = table2::ipl_preset(scheme, frames, 24);
            over_seeds(|seed| table2::simulated(&w, i, &cfg, seed, TXNS))
        };
        let title = format!(
            "Tab. 2 ({}): the three-way race, {TABLE2_BUFFER_FRAMES}-frame buffer",
            name.to_uppercase()
        );
        let cfg = table2::ipl_preset(scheme, TABLE2_BUFFER_FRAMES, 24);
        let runs = claim_run(&title, &cfg, &w, TXNS, true);
        let differences = match table2::loaded_db_pages(&cfg, &w) {
            Ok(pages) => table2_differences(pages, cfg.blocks * cfg.wordlines_per_block),
            Err(e) => {
                out.push(failed(&id, "Tab. 2", e));
                continue;
            }
        };
        let swept: Result<Vec<_>, _> = TABLE2_BUFFER_SWEEP.iter().map(|&f| at(f)).collect();
        let (rows, swept) = match (at(TABLE2_BUFFER_FRAMES), swept) {
            (Ok(rows), Ok(swept)) => (rows, swept),
            (Err(e), _) | (_, Err(e)) => {
                out.push(failed(&id, "Tab. 2", e));
                continue;
            }
        };
        for (k, (r, spread)) in rows.into_iter().enumerate() {
            let sweep = TABLE2_BUFFER_SWEEP
                .iter()
                .zip(&swept)
                .map(|(&f, rows)| (f as f64, rows.get(k).map_or(f64::NAN, |(_, s)| s.median)))
                .collect();
            out.push(
                runs.iter().cloned().fold(
                    Claim::new(
                        &format!(
                            "{id}.{}",
                            slug(r.label.split(' ').next_back().unwrap_or(""))
                        ),
                        &format!(
                            "Tab. 2: IPA needs {:.1} % fewer {} than IPL",
                            r.paper, r.label
                        ),
                        "%",
                        r.paper,
                        r.simulated,
                        TABLE2_TOLERANCE_PCT,
                        format!(
                            "three-way race, §8.3 geometry (8 KB pages, 4 io/page, IPL 15 pages + \
                         16 sectors per unit), {TXNS} txns, [{}x{}] V={}, \
                         {TABLE2_BUFFER_FRAMES}-frame buffer",
                            scheme.n, scheme.m, scheme.v,
                        ),
                    )
                    .over_seeds(spread)
                    .differences(&differences)
                    .setup(SetupSweep {
                        parameter: "buffer frames".into(),
                        value: TABLE2_BUFFER_FRAMES as f64,
                        why: "the paper sizes the buffer as a share of its database (§8.3), which \
                          is not rebuilt here; a small buffer makes write-backs frequent, as \
                          in the paper's runs"
                            .into(),
                        sweep,
                    }),
                    Claim::run,
                ),
            );
        }
    }
}

/// Every setup choice of a Tab. 2 run that differs from §8.3, with the buffer as a share of the
/// loaded database (`db_pages` of the device's `device_pages`).
fn table2_differences(db_pages: usize, device_pages: usize) -> String {
    let share = |frames: usize| 100.0 * frames as f64 / db_pages.max(1) as f64;
    format!(
        "{SYNTHETIC}. Setup: §8.3's geometry (8 KB DB pages, 2 KB flash pages = 4 io per page, IPL \
         erase units of 15 DB pages + 16 × 512 B log sectors, 512 B partial writes); the paper \
         does not state the buffer of its Tab. 2 traces (§8.1: its traces ran with 10–90 % of \
         the database). Here the loaded database is {db_pages} pages and the buffer \
         {TABLE2_BUFFER_FRAMES} frames = {:.0} % of it (sweep: 8 and 16 frames = {:.0} % and \
         {:.0} %), eager eviction at 12.5 % dirty (Shore-MT's), which with so few frames writes \
         a page back after every op; the IPA and out-of-place sides run on a 24-block SLC device \
         of {device_pages} pages with 10 % over-provisioning, which the database fills to about \
         {:.0} %, so GC migrates almost nothing (the paper's device size and fill for Tab. 2 are \
         not stated); {TXNS} transactions after the load, no warm-up",
        share(TABLE2_BUFFER_FRAMES),
        share(TABLE2_BUFFER_SWEEP[1]),
        share(TABLE2_BUFFER_SWEEP[2]),
        100.0 * db_pages as f64 / device_pages.max(1) as f64,
    )
}

fn gc_claims(out: &mut Vec<Claim>) {
    let base = table2::ipl_preset(Scheme { n: 2, m: 3, v: 12 }, 16, 8);
    let cfg = gc::fit_device(&base, 3000 + 1500 + 11, 0.85);
    let method = format!(
        "TPC-C, {TXNS} × 2 txns, [2x3] V=12, 16 frames, device {} blocks fitted 85 % full, 10 % \
         OP, greedy GC; against the same run without the delta area",
        cfg.blocks
    );
    let workload = Workload::TpcC(TpcC::new(3000, 1500));
    let title = "Tabs. 6–10: TPC-C with and without IPA on a nearly full device";
    let own = claim_run(title, &cfg, &workload, 2 * TXNS, true);
    let runs = over_seeds(|seed| {
        gc::reduction(&cfg, &workload, seed, 2 * TXNS).map(|r| {
            vec![
                Row::new("append share", r.ipa_percent, 0.0),
                Row::new("migrations", r.migrations_per_write_change, 0.0),
                Row::new("erases", r.erases_per_write_change, 0.0),
                Row::new("life", r.lifetime_multiplier, 0.0),
            ]
        })
    });
    let spreads: Vec<SeedSpread> = match runs {
        Ok(rows) => rows.into_iter().map(|(_, s)| s).collect(),
        Err(e) => {
            out.push(failed("seed004.tab6_10", "Tabs. 6–10", e));
            return;
        }
    };
    let range = |low, high| Judgement::PaperRange { low, high };
    let specs = [
        (
            "seed004.tab6_10.tpcc.append_share",
            "Tabs. 6–10: 30–76 % of update write-backs become in-place appends",
            "%",
            30.0,
            range(30.0, 76.0),
        ),
        (
            "seed004.tab6_10.tpcc.gc_migrations_per_write",
            "Tabs. 6–10: GC page migrations per host write fall 29–86 %",
            "% change",
            -29.0,
            range(-86.0, -29.0),
        ),
        (
            "seed004.tab6_10.tpcc.gc_erases_per_write",
            "Tabs. 6–10: GC erases per host write fall 34–75 %",
            "% change",
            -34.0,
            range(-75.0, -34.0),
        ),
        (
            "seed004.abstract.lifetime",
            "Abstract / §8.4: about twice the device life (1 / erases per host write)",
            "×",
            2.0,
            Judgement::Tolerance {
                pct: MEASURED_TOLERANCE_PCT,
            },
        ),
    ];
    for ((id, what, unit, paper, judgement), spread) in specs.into_iter().zip(spreads) {
        out.push(
            own.iter().cloned().fold(
                Claim::judged(
                    id,
                    what,
                    unit,
                    paper,
                    spread.median,
                    judgement,
                    method.clone(),
                )
                .over_seeds(spread)
                .differences(SYNTHETIC),
                Claim::run,
            ),
        );
    }
}

pub const SCENARIOS: ClaimScenarios = &[
    ("seed004.tab_", "life-of-page-4711"),
    ("seed004.fig1", "four-byte-update-to-cells"),
    ("seed004.tab1", "three-way-race"),
    ("seed004.tab2", "three-way-race"),
    ("seed004.tab6_10", "buffer-size-large"),
    ("seed004.abstract", "three-way-race"),
];

/// Every claim of the lab, computed now, each naming the scenario that shows it.
pub fn claims() -> Vec<Claim> {
    with_scenarios(SCENARIOS, computed())
}

fn computed() -> Vec<Claim> {
    let mut out = Vec::new();
    space_claims(&mut out);
    fig1_claims(&mut out);
    table1_claims(&mut out);
    table2_claims(&mut out);
    gc_claims(&mut out);
    out.into_iter()
        .map(|c| match MISS_REASONS.iter().find(|(id, _)| *id == c.id) {
            Some((_, why)) => c.if_missed(why),
            None => c,
        })
        .collect()
}
