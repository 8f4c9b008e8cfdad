//! Table III and §4.5: logical SSD writes per update of an LSM tree with C0 = 16 MB of memory and
//! 4 GB of SSD, measured by running the LSM tree (`baseline::lsm::LsmTree`, the code the LSM
//! baseline runs) record by record, and the optimal LSM against worst-case MaSM.
//!
//! 1. Granularity: one simulated record stands for 256 KB of update records (four 64 KB pages),
//!    so C0 = 64 records and the SSD 16,384 (the ratio 256 is the paper's); a merge step moves a
//!    chunk of 4 records (1 MB). Keys are distinct (a bijective scramble of the arrival number), so nothing
//!    coalesces: writes per record = writes per update.
//! 2. For h = 1..10, r solves Σ_{i=1..h} rⁱ = 256 (Table III's second row). A cold cycle fills the
//!    empty tree until Ch is full; Ch is then migrated (emptied) and the warm cycle, in which
//!    C1..Ch−1 are at their steady sizes and Ch grows from empty to full — the state §4.5's
//!    analysis assumes — is measured.
//! 3. Claims: the warm cycle with the default scattered merge policy against the paper's row; the
//!    (h − 0.5)(1 + r) value and the cold cycle are in `method`; the
//!    optimal h; a rolling-cursor tree at the optimal h (expected to miss: see `tree`, step 4);
//!    and the ratio of the optimal LSM to the MaSM worst case measured in `fig10_theorem`.
//! 4. Table III is itself analytic ((h − 0.5)(1 + r), §4.5), and the run uses the merge policy
//!    chosen to match its average-density assumption and reports the warm cycle the analysis
//!    assumes: every claim here is a model check (`Claim::model_check`), held to the analytic
//!    ±5 %. The scattered policy draws the records a chunk takes from a seeded generator, so each
//!    value is the median over `DEFAULT_SEEDS` (one tree per seed).

use crate::masm::baseline::lsm::{LsmShape, LsmTree, MergePolicy, MergeStep};
use crate::masm::error::MasmError;
use crate::masm::record::{Change, Row, UpdateRecord};
use crate::plugin::seeds::{DEFAULT_SEEDS, measure_rows};
use crate::plugin::{Claim, Judgement, SeedSpread};

/// Table III's C0 (16 MB) and SSD (4 GB) in simulated records of 256 KB.
pub const C0_RECORDS: u64 = 64;
pub const SSD_RECORDS: u64 = 16_384;
pub const CHUNK_RECORDS: u64 = 4;
/// Keys are below 2^40.
const KEY_BITS: u32 = 40;
const SEED: u64 = 45;
/// Table III, third row.
pub const PAPER_WRITES: [f64; 10] = [128.5, 24.8, 17.5, 16.5, 17.0, 18.1, 19.5, 21.1, 22.7, 24.5];
/// Analytic values recomputed (`plugin::policy`): the analytic limit.
const TABLE_TOLERANCE_PCT: f64 = 5.0;
const RATIO_TOLERANCE_PCT: f64 = 5.0;
const TABLE_CHECK: &str = "Table III is the paper's own analysis ((h − 0.5)(1 + r) per update, \
    §4.5), and the run uses the merge policy chosen to match its average-density assumption and \
    reports the warm cycle it assumes: an implementation check of the analysis, not evidence \
    about the paper's system";
const DIFFERENCES: &str = "one simulated record stands for 256 KB of update records (C0 = 64, \
    SSD = 16,384 records, the paper's ratio 256), a merge step moves 1 MB; distinct keys, so \
    nothing coalesces";

/// The i-th arrival's key: multiplication by an odd constant is a bijection modulo 2^40.
pub fn scrambled_key(i: u64) -> u64 {
    i.wrapping_mul(0x9E37_79B9_7F4A_7C15) & ((1 << KEY_BITS) - 1)
}

/// Writes per update of the cold and the warm cycle (module docs, step 2).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LsmCycles {
    pub size_ratio: f64,
    pub analytic: f64,
    pub cold: f64,
    pub warm: f64,
}

pub fn measure(
    levels: u32,
    c0: u64,
    ssd: u64,
    chunk: u64,
    policy: MergePolicy,
) -> Result<LsmCycles, MasmError> {
    measure_seeded(levels, c0, ssd, chunk, policy, SEED)
}

/// `measure` with the tree's generator seeded by `seed`.
pub fn measure_seeded(
    levels: u32,
    c0: u64,
    ssd: u64,
    chunk: u64,
    policy: MergePolicy,
    seed: u64,
) -> Result<LsmCycles, MasmError> {
    let shape = LsmShape::new(c0, levels, ssd)?;
    let (size_ratio, analytic) = (shape.size_ratio, shape.analytic_writes_per_update());
    let mut tree = LsmTree::new(shape, chunk, policy, 1 << KEY_BITS, seed)?;
    let mut steps: Vec<MergeStep> = Vec::new();
    let mut arrivals = 0u64;
    let mut cycle = |tree: &mut LsmTree| {
        let (writes0, inserted0) = (tree.record_writes, tree.records_inserted);
        while !tree.last_level_full() {
            arrivals += 1;
            steps.clear();
            let record = UpdateRecord {
                ts: arrivals,
                key: scrambled_key(arrivals),
                change: Change::Insert(Row([arrivals, 0])),
                ssd_writes: 0,
            };
            tree.insert(record, &mut steps);
        }
        tree.drain_last_level();
        let inserted = tree.records_inserted - inserted0;
        (tree.record_writes - writes0) as f64 / inserted.max(1) as f64
    };
    let cold = cycle(&mut tree);
    let warm = cycle(&mut tree);
    Ok(LsmCycles {
        size_ratio,
        analytic,
        cold,
        warm,
    })
}

/// Per seed: the warm cycle of h = 1..10, then the argmin h, then (as the last rows) the cold
/// cycle, the size ratio and §4.5's analytic value of each h (for `method`).
fn table_rows(seed: u64) -> Result<Vec<f64>, MasmError> {
    let levels = PAPER_WRITES.len();
    let mut rows = vec![f64::NAN; 1 + 4 * levels];
    let mut best: Option<(u32, f64)> = None;
    for i in 0..levels {
        let h = i as u32 + 1;
        let s = measure_seeded(
            h,
            C0_RECORDS,
            SSD_RECORDS,
            CHUNK_RECORDS,
            MergePolicy::Scattered,
            seed,
        )?;
        if best.is_none_or(|(_, w)| s.warm < w) {
            best = Some((h, s.warm));
        }
        rows[i] = s.warm;
        rows[levels + 1 + i] = s.cold;
        rows[2 * levels + 1 + i] = s.size_ratio;
        rows[3 * levels + 1 + i] = s.analytic;
    }
    rows[levels] = best.map_or(f64::NAN, |(h, _)| f64::from(h));
    Ok(rows)
}

/// The claims; `masm_worst_case` is MaSM's measured writes per update at the smallest α.
pub fn claims(masm_worst_case: f64) -> Vec<Claim> {
    let levels = PAPER_WRITES.len();
    let rows = match measure_rows(&DEFAULT_SEEDS, table_rows) {
        Ok(rows) => rows,
        Err(e) => {
            let failed = Claim::new(
                "seed000.table3",
                "Table III",
                "writes/update",
                16.5,
                f64::NAN,
                TABLE_TOLERANCE_PCT,
                format!("SIMULATION FAILED: {e}"),
            );
            return vec![failed.model_check(TABLE_CHECK)];
        }
    };
    let seeds = format!("median over seeds {DEFAULT_SEEDS:?}");
    let mut out = Vec::new();
    for (i, &paper) in PAPER_WRITES.iter().enumerate() {
        let h = i as u32 + 1;
        let warm = &rows[i];
        let method = format!(
            "LsmTree, C0 = {C0_RECORDS} and SSD = {SSD_RECORDS} simulated records (each 256 KB of \
             updates), r = {:.3}, chunks of {CHUNK_RECORDS} records from uniformly random \
             records; warm cycle (C1..C{} at steady size, C{h} filled from empty) measured, \
             {seeds} (min {:.3}, max {:.3}); §4.5's (h − 0.5)(1 + r) = {:.3}; cold cycle from an \
             empty tree {:.3} (median)",
            rows[2 * levels + 1 + i].median,
            h.saturating_sub(1),
            warm.min,
            warm.max,
            rows[3 * levels + 1 + i].median,
            rows[levels + 1 + i].median,
        );
        out.push(
            Claim::new(
                &format!("seed000.table3.lsm_h{h}.writes_per_update"),
                &format!(
                    "Table III: an LSM tree with h = {h} SSD levels (C0 = 16 MB, 4 GB of SSD) \
                     writes each update {paper} times"
                ),
                "writes/update",
                paper,
                warm.median,
                TABLE_TOLERANCE_PCT,
                method,
            )
            .model_check(TABLE_CHECK)
            .differences(DIFFERENCES)
            .over_seeds(warm.clone()),
        );
    }
    // The h with the smallest median warm cycle (the claim's spread is the per-seed argmin).
    let (best_h, best_writes) = (0..levels)
        .map(|i| (i as u32 + 1, rows[i].median))
        .filter(|(_, w)| !w.is_nan())
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .unwrap_or((0, f64::NAN));
    let argmins = rows[levels].clone();
    out.push(
        Claim::judged(
            "seed000.table3.optimal_height",
            "Table III / §4.5: the LSM writes least per update with h = 4 levels",
            "levels",
            4.0,
            f64::from(best_h),
            Judgement::Argmin { expected: 4.0 },
            format!(
                "argmin over h = 1..10 of the warm-cycle writes per update above, per seed \
                 (values: {:?}); judged on the median of the per-seed argmins; the median \
                 warm cycle is least at h = {best_h} ({best_writes:.3})",
                argmins.values
            ),
        )
        .model_check(
            "the best height of Table III, itself analytic; found on the same runs as the \
             Table III checks",
        )
        .differences(DIFFERENCES)
        .over_seeds(argmins),
    );
    out.push(cursor_claim());
    let ratio = SeedSpread::of(
        &DEFAULT_SEEDS,
        rows[levels]
            .values
            .iter()
            .zip(0..DEFAULT_SEEDS.len())
            .map(|(&h, seed)| {
                let i = (h as usize).saturating_sub(1);
                rows.get(i)
                    .and_then(|r| r.values.get(seed))
                    .map_or(f64::NAN, |w| w / masm_worst_case)
            })
            .collect(),
        rows[0].stochastic,
    );
    out.push(
        Claim::new(
            "seed000.s45.optimal_lsm_over_worst_masm",
            "§4.5: the optimal-height LSM writes 16.5/U per update against worst-case MaSM's \
             2/U: 8.25x more physical writes",
            "ratio",
            8.25,
            ratio.median,
            RATIO_TOLERANCE_PCT,
            format!(
                "per seed, the measured optimal LSM (the least warm-cycle writes per update over \
                 h = 1..10; median {best_writes:.3} at h = {best_h}) over Masm's measured writes \
                 per update at the smallest feasible α ({masm_worst_case:.4}, claim seed000.fig10 \
                 first row); {seeds}; both batch U records per page, so U cancels"
            ),
        )
        .model_check(
            "§4.5's 16.5/2 is the ratio of two values of the paper's own analysis (Table III's \
             optimum and Thm 3.2's worst case); both sides are the model checks above",
        )
        .differences(DIFFERENCES)
        .over_seeds(ratio),
    );
    out
}

/// The rolling-cursor variant at h = 4 against Table III (module docs, step 3).
fn cursor_claim() -> Claim {
    let h = 4;
    let runs = measure_rows(&DEFAULT_SEEDS, |seed| {
        measure_seeded(
            h,
            C0_RECORDS,
            SSD_RECORDS,
            CHUNK_RECORDS,
            MergePolicy::RollingCursor,
            seed,
        )
        .map(|c| vec![c.warm, c.cold])
    });
    let (spread, method) = match runs {
        Ok(rows) => (
            rows[0].clone(),
            format!(
                "same tree and cycle as seed000.table3.lsm_h4 but each level's merge steps \
                 sweep the key space with a cursor (O'Neil's rolling merge taken literally): the \
                 records just ahead of the cursor have accumulated for a whole sweep, so a chunk \
                 is about twice as dense as its level on average and meets about r/2 records of \
                 the next level instead of r; §4.5's (1 + r) per level assumes average density. \
                 Expected to miss; cold cycle {:.3} (median over seeds {DEFAULT_SEEDS:?})",
                rows[1].median
            ),
        ),
        Err(e) => (
            SeedSpread::once(f64::NAN, false),
            format!("SIMULATION FAILED: {e}"),
        ),
    };
    Claim::new(
        "seed000.table3.lsm_h4.rolling_cursor",
        "Table III: at the optimal h = 4 the LSM writes each update 16.5 times",
        "writes/update",
        16.5,
        spread.median,
        TABLE_TOLERANCE_PCT,
        method,
    )
    .model_check(TABLE_CHECK)
    .differences(DIFFERENCES)
    .over_seeds(spread)
    .if_missed(
        "a rolling cursor merges the records just ahead of it, which have accumulated for a \
         whole sweep: a chunk is about twice as dense as its level and meets about r/2 records \
         of the next level, where §4.5's (1 + r) per level assumes average density",
    )
}
