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
//!    used: digest §8 #14), over the default seeds, judged on the median within ±10
//!    percentage points (issue 30's target, fixed before the run). §8.3 states no buffer for
//!    Tab. 2, so the claims run with 75 % of the loaded database (Tab. 1's stated setup of the
//!    paper's TPC traces) on databases of about 130–290 pages, IPL on real flash blocks of the
//!    same device, and show the median over a sweep of 10, 20, 50 and 75 %.
//! 5. Tabs. 6–10, TPC-C against out-of-place on a nearly full device, over the default seeds:
//!    appends 30–76 % of update write-backs, GC migrations per host write down 29–86 % and
//!    erases down 34–75 % (the paper's ranges over Tabs. 6–10, both ends), and "about twice"
//!    the device life (±25 %).
//! 6. Tab. 4 DBMS write-amplification reduction, [0×0] over [2×M] and [3×M], TPC-B and TPC-C
//!    at 75 % and 90 % buffers, over the default seeds within ±25 % (`claims::table4`).
//! 7. Tabs. 7 and 9's READ / WRITE response time and throughput changes from the device time
//!    of the runs' flash operations in a closed loop, within ±10 points (`claims::time`);
//!    Tab. 10's the same under non-eager eviction (75 % dirty threshold).
//! 8. Tabs. 6 and 8's OpenSSD throughput changes, pSLC and odd-MLC regions on the MLC preset
//!    served one I/O at a time, within ±10 points (`claims::time_openssd`).
//!
//! Scale: every run here is reduced (a few hundred transactions on a few thousand records; Tab. 2
//! 3,000 on 40,000–90,000) so that all IPA claims finish in seconds in release; the full-scale runs are the
//! `#[ignore]` tests in `core/tests/ipa_reproduce.rs`.
//!
//! `claims()` is the lab's one claims hook: each claim names the course scenario that shows it,
//! from the lab's own table `SCENARIOS` (the paper-results page opens it).

pub mod table4;
pub mod time;
pub mod time_openssd;

use super::config::StoreConfig;
use super::layout::Scheme;
use super::reproduce::{Row, fig1, gc, scenario, sizes, space, table2};
use super::workload::{Workload, tatp::Tatp, tpcb::TpcB, tpcc::TpcC};
use crate::plugin::policy::MEASURED_TOLERANCE_PCT;
use crate::plugin::seeds::{DEFAULT_SEEDS, SeedSpread, rows_over_seeds, run_once};
use crate::plugin::{Claim, ClaimRun, ClaimScenarios, Judgement, SetupSweep, with_scenarios};

/// Relative tolerance of the update-size percentiles (step 3), fixed before the run.
pub const SIZES_TOLERANCE_PCT: f64 = MEASURED_TOLERANCE_PCT;
/// Tolerance of Tab. 2's reductions in percentage points (step 4; issue 30's target), fixed
/// before the run.
pub const TABLE2_TOLERANCE_POINTS: f64 = 10.0;
/// Why ±10 points is wider than ±25 % of the smaller reductions (policy.rs rule 4).
const TABLE2_WIDE_BECAUSE: &str = "issue 30 fixes Tab. 2's tolerance at ±10 percentage points \
    for every row before the run: a reduction is 1 − IPA / IPL, a difference of two measured \
    ratios, so its error is in points; below a 40 % reduction that is wider than ±25 % of it";
/// The buffer of the Tab. 2 claims as a share of the loaded database, and the sweep shown
/// beside them (step 4).
pub const TABLE2_BUFFER_SHARE: f64 = 0.75;
pub const TABLE2_BUFFER_SWEEP: [f64; 4] = [0.1, 0.2, 0.5, 0.75];
const TABLE2_BUFFER_WHY: &str = "§8.3 states no buffer for Tab. 2; the paper's TPC traces ran \
    with 10–90 % of the database (§8.1) and their update statistics, from which Tab. 2's [N×M] \
    schemes were chosen, are stated at 75 % with eager eviction (Tab. 1, §7)";
/// The database's share of the device's logical pages in the Tab. 2 runs (not in the paper).
pub const TABLE2_DEVICE_FILL: f64 = 0.5;
/// Transactions per Tab. 2 run and the scale of its databases (about 130, 290 and 190 pages).
pub const TABLE2_TXNS: usize = 3000;
pub const TABLE2_TPCB_ACCOUNTS: u64 = 40_000;
pub const TABLE2_TPCC_ITEMS: u64 = 60_000;
pub const TABLE2_TATP_SUBSCRIBERS: u64 = 60_000;
/// How much smaller the linked run's database is (then twice that) when the claim's own setup
/// is over the lab's work budget (`table2_runs`).
pub const TABLE2_RUN_DIVISOR: u64 = 4;
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
    ("seed004.tab2.tpcb.reads", TABLE2_TPCB_READS_REASON),
    ("seed004.tab2.tpcc.reads", TABLE2_TPCC_READS_REASON),
    ("seed004.tab2.tpcb.writes", TABLE2_TPCB_WRITES_REASON),
    ("seed004.tab2.tpcb.erases", TABLE2_TPCB_ERASES_REASON),
    ("seed004.tab2.tpcc.writes", TABLE2_TPCC_WRITES_REASON),
    ("seed004.tab2.tpcc.erases", TABLE2_TPCC_ERASES_REASON),
    ("seed004.tab2.tatp.writes", TABLE2_TATP_WRITES_REASON),
    ("seed004.tab2.tatp.erases", TABLE2_TATP_ERASES_REASON),
    (
        "seed004.tab1.tpcb.20_b",
        "the History table: at this scale its tail page stays in the buffer and the eager \
         cleaner writes it back after most transactions; every write-back after its first is \
         an update of an existing page that adds a 24-byte tuple and its 2-byte slot (> 20 B), \
         while the paper's History writes are appends to new pages, left out of Tab. 1 \
         (App. A.0.1). Without the History inserts the seed-1 run has 98.5 % ≤ 20 B (324 \
         update write-backs instead of 722)",
    ),
];
/// Tab. 2's misses at the claims' setup, measured on seed 1 (`core/tests/ipa_t2probe`-style
/// race: `compare::three_way` on `table2::paper_setup`). The common cause of the reads rows:
/// App. B's RA_IPL = 2 + 16 · merges / fetches, and IPL merges once per 16 sector flushes,
/// one per write-back; the paper's Tab. 2 implies 0.43 (TPC-B) and 0.19 (TPC-C) write-backs
/// per fetch (`table2` module header), these traces make far more.
const TABLE2_TPCB_READS_REASON: &str = "IPL reads too much here: the eager cleaner writes \
    back every dirty frame once 12.5 % are dirty, and Branch, Teller and the History tail are \
    dirtied again by every transaction, so the run makes 3,380 write-backs for 752 fetches \
    (4.5 per fetch; the paper's Tab. 2 implies 0.43), IPL merges 224 times (0.30 per fetch) \
    and RA_IPL is 6.77 against the paper's 2.54; IPA's RA is 1.47 (357 GC migrations over 752 \
    fetches) against 1.01. No index pages are fetched here (Shore-MT's B-tree reads would \
    add fetches)";
const TABLE2_TPCC_READS_REASON: &str = "IPL reads too much here: with 218 frames (75 % of the \
    291-page database) the run fetches only 712 pages but writes back 15,596 (21.9 per fetch; \
    the paper's Tab. 2 implies 0.19): the eager cleaner rewrites the hot District, Warehouse \
    and STOCK pages after nearly every transaction. IPL merges 921 times and RA_IPL is 22.7 \
    against 2.20; IPA's RA is 3.33 (1,656 GC migrations over 712 fetches) against 1.06";
const TABLE2_TPCB_WRITES_REASON: &str = "IPA writes more here: only 57 % of TPC-B's update \
    write-backs are appends (1,911 of 3,371): the History tail page takes a 24-byte tuple and \
    its slot (more than M = 4 bytes) per transaction and goes out of place on each write-back, \
    where the paper's History writes are appends to new pages (App. A.0.1); WA_IPA is 0.68 \
    against 0.54, while WA_IPL is 1.28 against 1.43 (508 full in-memory sectors, 224 merges \
    for 3,380 write-backs)";
const TABLE2_TPCB_ERASES_REASON: &str = "follows the writes: 1,460 out-of-place writes and 357 \
    GC migrations make IPA erase 105 blocks against IPL's 224 merges (each an erased block) at \
    seed 1, a 53 % reduction against the paper's 74 %";
const TABLE2_TPCC_WRITES_REASON: &str = "IPA writes less here than in the paper: WA_IPA is 0.67 \
    against the paper's 0.94 (58 % of update write-backs are appends: 9,044 of 15,586, and 1,656 \
    GC migrations on a device the database fills to 50 %), while WA_IPL is 1.14 against 1.22 \
    (one 512 B sector per write-back, 237 full in-memory sectors); the paper's TPC-C IPA side \
    carries more GC work (its device fill for Tab. 2 is not stated)";
const TABLE2_TPCC_ERASES_REASON: &str = "follows the writes: IPA erases 492 blocks against IPL's \
    921 merges at seed 1 (46.6 %), against the paper's 41,486 and 58,294 (28.8 %); IPL's \
    merges follow its 15,596 write-backs, five times the paper's share per fetch";
const TABLE2_TATP_WRITES_REASON: &str = "IPA writes less here than in the paper: TATP's few \
    write-backs (513 for 717 fetches at seed 1) are 74 % appends (382; 131 out of place) and \
    GC never runs, so WA_IPA is 0.44 against the paper's 0.64, while WA_IPL is 0.98 against \
    1.01 (25 merges)";
const TABLE2_TATP_ERASES_REASON: &str = "the IPA side erases no block: its 131 out-of-place \
    writes at seed 1 fit in the free pages of a device the database fills to 50 %, so GC never \
    erases, while each of IPL's 25 merges erases a block: the reduction is 100 %; the paper's \
    IPA side erased 11,873 times (its device fill for Tab. 2 is not stated)";
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

/// The Tab. 2 workloads at the reproduction's scale (step 4): (workload, Tab. 2 column, the
/// paper's [N×M] for it (§8.3: [2×3] and [2×4]), id).
/// `divisor` > 1 shrinks every database by that factor (the linked run's fallback).
fn table2_cases(divisor: u64) -> [(Workload, usize, Scheme, &'static str); 3] {
    let d = divisor.max(1);
    [
        (
            Workload::TpcB(TpcB::new(1, TABLE2_TPCB_ACCOUNTS / d)),
            0,
            Scheme { n: 2, m: 4, v: 12 },
            "tpcb",
        ),
        (
            Workload::TpcC(TpcC::new(TABLE2_TPCC_ITEMS / d, TABLE2_TPCC_ITEMS / d / 2)),
            1,
            Scheme { n: 2, m: 3, v: 12 },
            "tpcc",
        ),
        (
            Workload::Tatp(Tatp::new(TABLE2_TATP_SUBSCRIBERS / d)),
            2,
            Scheme { n: 2, m: 4, v: 12 },
            "tatp",
        ),
    ]
}

fn table2_claims(out: &mut Vec<Claim>) {
    for (w, i, scheme, name) in table2_cases(1) {
        let id = format!("{}.{name}", "seed004.tab2");
        let setup = |share: f64| table2::paper_setup(scheme, &w, share, TABLE2_DEVICE_FILL);
        let (cfg, db_pages) = match setup(TABLE2_BUFFER_SHARE) {
            Ok(s) => s,
            Err(e) => {
                out.push(failed(&id, "Tab. 2", e));
                continue;
            }
        };
        let at = |share: f64| {
            let (cfg, _) = setup(share)?;
            over_seeds(|seed| table2::simulated(&w, i, &cfg, seed, TABLE2_TXNS))
        };
        let title = format!(
            "Tab. 2 ({}): the three-way race, buffer {:.0} % of the database",
            name.to_uppercase(),
            TABLE2_BUFFER_SHARE * 100.0
        );
        let runs = table2_runs(&title, i);
        let differences = table2_differences(&cfg, db_pages);
        let swept: Result<Vec<_>, _> = TABLE2_BUFFER_SWEEP.iter().map(|&f| at(f)).collect();
        let (rows, swept) = match (at(TABLE2_BUFFER_SHARE), swept) {
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
                .map(|(&f, rows)| (f * 100.0, rows.get(k).map_or(f64::NAN, |(_, s)| s.median)))
                .collect();
            let claim = Claim::judged(
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
                Judgement::Points {
                    points: TABLE2_TOLERANCE_POINTS,
                },
                format!(
                    "three-way race, §8.3 geometry (8 KB pages, 4 io/page, IPL 15 pages + 16 \
                     sectors per unit on real 64 × 2 KB blocks), {TABLE2_TXNS} txns, [{}x{}] V={}, \
                     buffer {:.0} % of the {db_pages}-page database = {} frames",
                    scheme.n,
                    scheme.m,
                    scheme.v,
                    TABLE2_BUFFER_SHARE * 100.0,
                    cfg.buffer_frames,
                ),
            );
            let claim = if TABLE2_TOLERANCE_POINTS / r.paper.abs().max(1e-9) * 100.0
                > MEASURED_TOLERANCE_PCT
            {
                claim.wide_because(TABLE2_WIDE_BECAUSE)
            } else {
                claim
            };
            out.push(
                runs.iter().cloned().fold(
                    claim
                        .over_seeds(spread)
                        .differences(&differences)
                        .setup(SetupSweep {
                            parameter: "buffer, % of the loaded database".into(),
                            value: TABLE2_BUFFER_SHARE * 100.0,
                            why: TABLE2_BUFFER_WHY.into(),
                            sweep,
                        }),
                    Claim::run,
                ),
            );
        }
    }
}

/// The Tab. 2 claim's run: its own setup when the lab's work budget takes it (own or course
/// scale, `reproduce::scenario`), else the same buffer share and device fill on a database
/// and as many transactions `TABLE2_RUN_DIVISOR` (then twice that) times smaller, said in the
/// run's title.
fn table2_runs(title: &str, index: usize) -> Vec<ClaimRun> {
    for divisor in [1, TABLE2_RUN_DIVISOR, 2 * TABLE2_RUN_DIVISOR] {
        let Some((w, _, scheme, _)) = table2_cases(divisor).into_iter().nth(index) else {
            return Vec::new();
        };
        let Ok((cfg, _)) = table2::paper_setup(scheme, &w, TABLE2_BUFFER_SHARE, TABLE2_DEVICE_FILL)
        else {
            continue;
        };
        let title = if divisor == 1 {
            title.to_string()
        } else {
            format!(
                "{title}; database and transactions ÷{divisor}, same buffer share and device fill"
            )
        };
        let txns = TABLE2_TXNS / divisor as usize;
        let runs = claim_run(&title, &cfg, &w, txns, true);
        if !runs.is_empty() {
            return runs;
        }
    }
    Vec::new()
}

/// Every setup choice of a Tab. 2 run that differs from §8.3 or that §8.3 leaves open.
fn table2_differences(cfg: &StoreConfig, db_pages: usize) -> String {
    let device_pages = cfg.blocks * cfg.wordlines_per_block;
    format!(
        "synthetic TPC-B / TPC-C / TATP transactions (TPC-B {TABLE2_TPCB_ACCOUNTS} accounts, \
         TPC-C {TABLE2_TPCC_ITEMS} items and {} customers, TATP {TABLE2_TATP_SUBSCRIBERS} \
         subscribers; the paper's databases are about 50 GB), not the paper's Shore-MT traces, \
         and no index pages (Shore-MT's B-tree fetches are missing). Setup: §8.3's geometry (8 KB \
         DB pages, 2 KB flash pages = 4 io per page, IPL erase units of 15 DB pages + 16 × \
         512 B log sectors on 64-page SLC blocks with 512 B partial writes). The buffer is \
         {:.0} % of the loaded database ({db_pages} pages → {} frames): §8.3 states no buffer \
         for Tab. 2, so the share is the one the paper states for its TPC-B/-C traces' update \
         statistics (Tab. 1, §7: 75 %, eager eviction), from which its [N×M] schemes were \
         chosen; sweep {}. Eager eviction at 12.5 % dirty (Shore-MT's). The IPA and \
         out-of-place sides and IPL run on the same device: {} blocks of 128 KB ({device_pages} \
         8 KB pages, 10 % over-provisioning), sized so the database fills {:.0} % of its \
         logical pages (the paper's device size and fill for Tab. 2 are not stated); \
         {TABLE2_TXNS} transactions after the load and a checkpoint, no warm-up. RA and WA are \
         App. B's formulas (a fetch reads the whole 8 KB log region); IPL's erases are its \
         blocks' erase counts",
        TABLE2_TPCC_ITEMS / 2,
        TABLE2_BUFFER_SHARE * 100.0,
        cfg.buffer_frames,
        TABLE2_BUFFER_SWEEP
            .iter()
            .map(|f| format!("{:.0} %", f * 100.0))
            .collect::<Vec<_>>()
            .join(", "),
        cfg.blocks,
        TABLE2_DEVICE_FILL * 100.0,
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
    ("seed004.tab10", "buffer-size-large"),
    ("seed004.tab2", "three-way-race"),
    ("seed004.tab4", "three-way-race"),
    ("seed004.tab6", "regions-pslc-and-odd-mlc"),
    ("seed004.tab6_10", "buffer-size-large"),
    ("seed004.tab8", "regions-pslc-and-odd-mlc"),
    ("seed004.tab7", "buffer-size-large"),
    ("seed004.tab9", "buffer-size-large"),
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
    table4::claims(&mut out, failed);
    time::claims(&mut out, failed);
    time_openssd::claims(&mut out, failed);
    gc_claims(&mut out);
    out.into_iter()
        .map(|c| match MISS_REASONS.iter().find(|(id, _)| *id == c.id) {
            Some((_, why)) => c.if_missed(why),
            None => c,
        })
        .collect()
}
