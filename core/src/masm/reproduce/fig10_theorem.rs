//! Theorems 3.1/3.2 and Fig. 10 (§3.3, §3.4, §4.1): SSD writes per update of MaSM-αM, measured
//! by running the algorithm core (`Masm`) until the SSD is full.
//!
//! 1. Paper scale in pages: M = 256 (16 MB of 64 KB pages), ‖SSD‖ = M² = 65,536 pages (4 GB).
//!    Each page holds `RECORDS_PER_PAGE` simulated update records (the theorem counts pages, so
//!    a simulated record stands for 1/4 of a 64 KB page of 100 B records).
//! 2. α ∈ {the smallest feasible α ≥ 2/M^(1/3) in steps of 1/1000, 0.5, 0.75, 1, 1.5, 2} plus
//!    MaSM-2M. Worst case of the theorem: no coalescing (distinct keys), no page stealing, so
//!    every 1-pass run has exactly S pages. Rare queries: one scan after each eighth of the fill
//!    and one at the end (the greedy merge of Fig. 9 lines 5–8 runs at each), then the buffer is
//!    flushed; M²·P updates fill the SSD exactly.
//! 3. Measured = record writes / records flushed (`MasmMetrics::writes_per_update`), compared with
//!    Eq. 7's 2 − 0.25α² + 0.5αK2/M (K2 from the plan) and with the rough 2 − 0.25α².
//! 4. Every claim here is a model check (`Claim::model_check`): the paper's own analysis
//!    (Theorems 3.1/3.2, Eq. 7) recomputed under its own worst-case assumptions, with K2 from the
//!    same `plan()` the run executes; it checks the implementation, not the paper's system, and
//!    is held to the analytic ±5 %. The fills use distinct keys and no generator, so each is
//!    computed once (`run_once`, `SeedSpread::once`).

use crate::masm::{Change, Masm, MasmConfig, MasmError, Row, Variant, plan};
use crate::plugin::seeds::run_once;
use crate::plugin::{Claim, SeedSpread};

pub const M_PAGES: u64 = 256;
pub const RECORDS_PER_PAGE: u64 = 4;
/// A prime above M²·P, so keys (i·7919) mod KEY_SPACE are distinct.
const KEY_SPACE: u64 = 1_000_003;
/// Scans during the fill (plus one at the end).
const SCANS_PER_FILL: u64 = 8;
const EQ7_TOLERANCE_PCT: f64 = 1.0;
const ROUGH_TOLERANCE_PCT: f64 = 2.0;
/// Why the Fig. 10 and theorem claims are model checks, not reproductions.
const EQ7_CHECK: &str = "the paper's own analysis (Eq. 7 / Thm 3.2) recomputed with its \
    worst-case assumptions (distinct keys, every 1-pass run S pages, no page stealing); K2 is \
    taken from the same plan() the run executes, so it checks the implementation against the \
    analysis, not the paper's system";
const ROUGH_CHECK: &str = "the paper's rough form 2 − 0.25α² of its own analysis (Fig. 10), set \
    beside the same worst-case run as the Eq. 7 check; an implementation check, not evidence \
    about the paper's system";
const DIFFERENCES: &str = "a simulated update record stands for 1/4 of a 64 KB page of 100 B \
    records (the theorem counts pages); updates are distinct-key inserts, the analysis's worst \
    case, not a workload of the paper's";

/// What one fill measured.
#[derive(Debug, Clone, PartialEq)]
pub struct Fill {
    pub writes_per_update: f64,
    pub one_pass: u64,
    pub two_pass: u64,
    pub max_record_writes: u8,
}

/// Fill the SSD of `cfg` exactly with distinct-key inserts and rare scans (module docs, 2).
pub fn fill_to_full(cfg: MasmConfig) -> Result<Fill, MasmError> {
    let total = cfg.m_pages * cfg.m_pages * cfg.records_per_page;
    let key_space = cfg.key_space;
    let mut masm = Masm::new(cfg, &[])?;
    let every = (total / SCANS_PER_FILL).max(1);
    for i in 0..total {
        masm.update((i * 7919) % key_space, Change::Insert(Row([i, 0])))?;
        if (i + 1) % every == 0 && i + 1 < total {
            masm.scan(0, 0)?;
        }
    }
    masm.scan(0, 0)?;
    masm.flush_now()?;
    if let Some(bad) = masm.check_invariants().into_iter().find(|c| !c.ok) {
        return Err(MasmError::InvalidConfig(format!(
            "invariant {} failed: {}",
            bad.name, bad.detail
        )));
    }
    let m = masm.metrics();
    Ok(Fill {
        writes_per_update: m.writes_per_flushed_record(),
        one_pass: masm.one_pass_runs(),
        two_pass: masm.two_pass_runs(),
        max_record_writes: m.max_record_writes,
    })
}

fn config(variant: Variant) -> MasmConfig {
    let mut cfg = MasmConfig::masm_m(M_PAGES, RECORDS_PER_PAGE, KEY_SPACE);
    cfg.variant = variant;
    cfg.page_stealing = false;
    cfg.coalesce = false;
    cfg
}

/// The smallest α = k/1000 that the plan accepts for M (α ≥ 2/M^(1/3) and N, K2 ≤ Q).
pub fn alpha_min_per_mille(m_pages: u64) -> u64 {
    (1..=2000)
        .find(|&k| plan(m_pages, k, 1000).is_ok())
        .unwrap_or(2000)
}

fn alpha_label(num: u64, den: u64) -> String {
    let s = format!("{:.3}", num as f64 / den as f64);
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// The claims, and the writes per update measured at the smallest α (worst-case MaSM).
pub fn claims() -> (Vec<Claim>, f64) {
    let mut out = Vec::new();
    let mut worst_case = f64::NAN;
    let mut max_writes = 0u8;
    let mut drew_any = false;
    let k_min = alpha_min_per_mille(M_PAGES);
    let alphas = [(k_min, 1000), (1, 2), (3, 4), (1, 1), (3, 2), (2, 1)];
    for (i, &(num, den)) in alphas.iter().enumerate() {
        let label = alpha_label(num, den);
        let alpha = num as f64 / den as f64;
        let rough = 2.0 - 0.25 * alpha * alpha;
        let variant = Variant::AlphaM {
            alpha_num: num,
            alpha_den: den,
        };
        let (eq7, plan_text) = match plan(M_PAGES, num, den) {
            Ok(p) => (
                p.writes_per_update_paper,
                format!(
                    "S = {}, Q = {}, N = {}, planned K2 = {}, integer-recipe worst case {:.4}",
                    p.buffer_pages,
                    p.query_pages,
                    p.fan_in,
                    p.two_pass_runs,
                    p.writes_per_update_exact
                ),
            ),
            Err(e) => (f64::NAN, format!("plan failed: {e}")),
        };
        let (result, drew) = run_once(|| fill_to_full(config(variant)));
        drew_any |= drew;
        let (measured, detail) = match result {
            Ok(f) => {
                max_writes = max_writes.max(f.max_record_writes);
                (
                    f.writes_per_update,
                    format!(
                        "end state K1 = {}, K2 = {}, max writes per record {}",
                        f.one_pass, f.two_pass, f.max_record_writes
                    ),
                )
            }
            Err(e) => (f64::NAN, format!("SIMULATION FAILED: {e}")),
        };
        if i == 0 {
            worst_case = measured;
        }
        let method = format!(
            "Masm at M = {M_PAGES}, α = {num}/{den}{}: {plan_text}; {RECORDS_PER_PAGE} simulated \
             update records per SSD page, M²·P = {} distinct-key inserts fill the {}-page SSD \
             exactly, no coalescing, no page stealing (every 1-pass run exactly S pages: the \
             theorem's worst case), a scan after each 1/{SCANS_PER_FILL} of the fill and at the \
             end; {detail}",
            if i == 0 {
                " (the smallest α = k/1000 with α ≥ 2/M^(1/3) that the plan accepts)"
            } else {
                ""
            },
            M_PAGES * M_PAGES * RECORDS_PER_PAGE,
            M_PAGES * M_PAGES
        );
        let alpha_two = num == 2 * den;
        let mark = |claim: Claim, check: &str| {
            let claim = claim
                .differences(DIFFERENCES)
                .over_seeds(SeedSpread::once(measured, drew));
            if alpha_two {
                claim.identity("MaSM-αM at α = 2 is MaSM-2M, which writes each update once")
            } else {
                claim.model_check(check)
            }
        };
        out.push(mark(
            Claim::new(
                &format!("seed000.fig10.alpha_{label}.vs_eq7"),
                &format!(
                    "Fig. 10 / Thm 3.2: MaSM-αM at α = {label}, M = 256 writes each update \
                 2 − 0.25α² + 0.5αK2/M times on average (worst case)"
                ),
                "writes/update",
                eq7,
                measured,
                EQ7_TOLERANCE_PCT,
                method.clone(),
            ),
            EQ7_CHECK,
        ));
        out.push(mark(
            Claim::new(
                &format!("seed000.fig10.alpha_{label}.vs_rough"),
                &format!(
                    "Fig. 10: MaSM-αM at α = {label} writes each update roughly 2 − 0.25α² times"
                ),
                "writes/update",
                rough,
                measured,
                ROUGH_TOLERANCE_PCT,
                method,
            ),
            ROUGH_CHECK,
        ));
    }
    out.push(masm_m_claim());
    out.push(two_m_claim(&mut max_writes, &mut drew_any));
    out.push(
        Claim::at_most(
            "seed000.thm32.max_writes_per_record",
            "§3.4: MaSM-αM never writes an update to the SSD more than twice (no 3-pass runs)",
            "writes",
            2.0,
            f64::from(max_writes),
            "largest per-record SSD write count over every Fig. 10 fill above (Masm's own \
             counter, incremented on each flush and merge write)"
                .into(),
        )
        .model_check(
            "Thm 3.2's bound of the paper's own analysis, checked on the worst-case fills of \
             the Fig. 10 checks (the plan never schedules a 3-pass merge); an implementation \
             check",
        )
        .differences(DIFFERENCES)
        .over_seeds(SeedSpread::once(f64::from(max_writes), drew_any)),
    );
    (out, worst_case)
}

fn masm_m_claim() -> Claim {
    let paper = crate::masm::theorem_3_1_writes_per_update(M_PAGES);
    let (result, drew) = run_once(|| {
        fill_to_full(config(Variant::AlphaM {
            alpha_num: 1,
            alpha_den: 1,
        }))
    });
    let (measured, detail) = match result {
        Ok(f) => (
            f.writes_per_update,
            format!("end state K1 = {}, K2 = {}", f.one_pass, f.two_pass),
        ),
        Err(e) => (f64::NAN, format!("SIMULATION FAILED: {e}")),
    };
    Claim::new(
        "seed000.thm31.masm_m_writes_per_update",
        "Thm 3.1: MaSM-M writes each update 1.75 + 2/M times on average (M = 256: 1.7578)",
        "writes/update",
        paper,
        measured,
        EQ7_TOLERANCE_PCT,
        format!("Masm MaSM-M (α = 1) at M = {M_PAGES}, same fill as the Fig. 10 claims; {detail}"),
    )
    .model_check(
        "Thm 3.1 of the paper's own analysis (1.75 + 2/M) recomputed on its worst case: the \
         same fill and plan as the α = 1 check of Fig. 10; an implementation check",
    )
    .differences(DIFFERENCES)
    .over_seeds(SeedSpread::once(measured, drew))
}

fn two_m_claim(max_writes: &mut u8, drew_any: &mut bool) -> Claim {
    let (result, drew) = run_once(|| fill_to_full(config(Variant::TwoM)));
    *drew_any |= drew;
    let (measured, detail) = match result {
        Ok(f) => {
            *max_writes = (*max_writes).max(f.max_record_writes);
            (
                f.writes_per_update,
                format!("{} runs, none merged", f.one_pass + f.two_pass),
            )
        }
        Err(e) => (f64::NAN, format!("SIMULATION FAILED: {e}")),
    };
    // Every flushed record is written at least once, so "at most once" is "exactly once".
    Claim::at_most(
        "seed000.thm31.masm_2m_writes_per_update",
        "§3.2: MaSM-2M writes every update to the SSD exactly once (at most once: each flushed \
         update is written at least once by its flush)",
        "writes/update",
        1.0,
        measured,
        format!("Masm MaSM-2M at M = {M_PAGES}, same fill as the Fig. 10 claims; {detail}"),
    )
    .identity("MaSM-2M never merges runs, so each record is written once by construction")
    .differences(DIFFERENCES)
    .over_seeds(SeedSpread::once(measured, drew))
}
