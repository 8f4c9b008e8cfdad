//! The IPA reproductions registered with `flashlab reproduce` (issue 10 "Reproductions"), each
//! computed by the models in `reproduce`, with its tolerance fixed here before any run.
//!
//! 1. Tabs. 3 and 5 space overhead: exact formula N·(1+3M+3V)/P (identities); judged at the
//!    paper's printed precision (Tab. 3: one decimal, Tab. 5: two).
//! 2. Fig. 1: a 10-byte update through the store costs a whole 4 / 8 KB page: 409.6× / 819.2×
//!    against the paper's rounded "400–800×", ±5 %.
//! 3. Tab. 1 update-size percentiles of the generated TPC-B / TPC-C (net body bytes per
//!    update write-back, new pages excluded): ±30 % relative, stated before the run. The paper
//!    measured Shore-MT traces; ours are synthetic transactions on a small buffer.
//! 4. Tab. 2 IPA-vs-IPL reductions (reads, writes, erases) on TPC-B, TPC-C, TATP: IPA must be
//!    lower and within ±35 percentage points of the table's reductions recomputed from its
//!    absolutes (`reproduce::table2::TOLERANCE_PP`; the abstract's "up to 62 %" is loose, the
//!    table's 60.2 % is used: digest §8 #14).
//! 5. Tabs. 6–10, TPC-C against out-of-place on a nearly full device: appends ≥ 30 % of update
//!    write-backs (paper 30–76 %), GC migrations and erases per host write reduced at least by
//!    the paper's smallest reductions (−29 %, −34 %), and projected life ≥ 2× ("about twice").
//!
//! Scale: every run here is reduced (a few hundred transactions on a few thousand records) so
//! that all IPA claims finish in seconds in the dev profile; the full-scale runs are the
//! `#[ignore]` tests in `core/tests/ipa_reproduce.rs`.
//!
//! `claims()` is the lab's one claims hook: each claim names the course scenario that shows it,
//! from the lab's own table `SCENARIOS` (the paper-results page opens it).

use super::layout::Scheme;
use super::reproduce::{Row, fig1, gc, sizes, space, table2};
use super::workload::{Workload, tatp::Tatp, tpcb::TpcB, tpcc::TpcC};
use crate::plugin::{Claim, ClaimScenarios, with_scenarios};

/// Relative tolerance of the update-size percentiles (step 3), fixed before the run.
pub const SIZES_TOLERANCE_PCT: f64 = 30.0;
const TXNS: usize = 300;

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
    for (rows, table, decimals) in [
        (space::table3(), "Tab. 3", 0.05),
        (space::table5(), "Tab. 5", 0.005),
    ] {
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
                .identity("the area size is the paper's formula; the paper prints it rounded"),
            );
        }
    }
}

fn fig1_claims(out: &mut Vec<Claim>) {
    match fig1::rows() {
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
        })),
        Err(e) => out.push(failed("seed004.fig1", "Fig. 1", e)),
    }
}

fn row_claims(
    out: &mut Vec<Claim>,
    prefix: &str,
    what: &str,
    rows: &[Row],
    tol: f64,
    method: &str,
) {
    for r in rows {
        out.push(Claim::new(
            &format!("{prefix}.{}", slug(&r.label)),
            &format!("{what}: {} is {} %", r.label, r.paper),
            "%",
            r.paper,
            r.simulated,
            tol,
            method.into(),
        ));
    }
}

fn table1_claims(out: &mut Vec<Claim>) {
    let cfg = table2::ipl_preset(Scheme::none(), 16, 24);
    for (w, tpcc, name) in [
        (Workload::TpcB(TpcB::new(1, 2000)), false, "tpcb"),
        (Workload::TpcC(TpcC::new(3000, 1500)), true, "tpcc"),
    ] {
        let id = format!("seed004.tab1.{name}");
        match sizes::table1(&cfg, &w, tpcc, 5, TXNS) {
            Ok(rows) => row_claims(
                out,
                &id,
                &format!(
                    "Tab. 1 ({}) update write-backs changing",
                    name.to_uppercase()
                ),
                &rows,
                SIZES_TOLERANCE_PCT,
                &format!(
                    "{TXNS} generated transactions, 16-frame buffer, eager eviction, 8 KB pages; \
                     reduced scale (paper: Shore-MT traces, 75 % buffer)"
                ),
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
        let cfg = table2::ipl_preset(scheme, 3, 24);
        let id = format!("seed004.tab2.{name}");
        match table2::simulated(&w, i, &cfg, 11, TXNS) {
            Ok(rows) => {
                for r in rows {
                    out.push(Claim::new(
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
                        table2::TOLERANCE_PP / r.paper * 100.0,
                        format!(
                            "three-way race, §8.3 geometry (8 KB pages, 4 io/page, IPL 15 pages + \
                             16 sectors per unit), {TXNS} txns, [{}x{}] V={}; tolerance ±{} pp",
                            scheme.n,
                            scheme.m,
                            scheme.v,
                            table2::TOLERANCE_PP
                        ),
                    ));
                }
            }
            Err(e) => out.push(failed(&id, "Tab. 2", e)),
        }
    }
}

fn gc_claims(out: &mut Vec<Claim>) {
    let base = table2::ipl_preset(Scheme { n: 2, m: 3, v: 12 }, 16, 8);
    let cfg = gc::fit_device(&base, 3000 + 1500 + 11, 0.85);
    let method = format!(
        "TPC-C, {TXNS} × 2 txns, [2x3] V=12, 16 frames, device {} blocks fitted 85 % full, 10 % \
         OP, greedy GC; against the same run without the delta area",
        cfg.blocks
    );
    match gc::reduction(&cfg, &Workload::TpcC(TpcC::new(3000, 1500)), 9, 2 * TXNS) {
        Ok(r) => {
            out.push(Claim::at_least(
                "seed004.tab6_10.tpcc.append_share",
                "Tabs. 6–10: 30–76 % of update write-backs become in-place appends",
                "%",
                30.0,
                r.ipa_percent,
                method.clone(),
            ));
            out.push(Claim::at_most(
                "seed004.tab6_10.tpcc.gc_migrations_per_write",
                "Tabs. 6–10: GC page migrations per host write fall 29–86 %",
                "% change",
                -29.0,
                r.migrations_per_write_change,
                method.clone(),
            ));
            out.push(Claim::at_most(
                "seed004.tab6_10.tpcc.gc_erases_per_write",
                "Tabs. 6–10: GC erases per host write fall 34–75 %",
                "% change",
                -34.0,
                r.erases_per_write_change,
                method.clone(),
            ));
            out.push(Claim::at_least(
                "seed004.abstract.lifetime",
                "Abstract / §8.4: about twice the device life (1 / erases per host write)",
                "×",
                2.0,
                r.lifetime_multiplier,
                method,
            ));
        }
        Err(e) => out.push(failed("seed004.tab6_10", "Tabs. 6–10", e)),
    }
}

/// Which course scenario shows each claim (`plugin::claim_scenario`): claim-id prefix →
/// `scenarios/ipa/<name>.json`; the longest matching prefix wins.
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
    out
}
