//! The time and throughput columns of Tabs. 7 and 9 (the `claims` module's step 7): READ and
//! WRITE I/O response time and transaction throughput of IPA relative to [0×0], from the device
//! time of each run's flash operations (`ipa::timing`, `reproduce::time`).
//!
//! 1. Setups: Tab. 7 is TPC-B with [2×4] at 10 % and 20 % buffers; Tab. 9 TPC-C with [2×3],
//!    eager eviction, at 10, 20, 50, 75 and 90 % buffers (§8.4). The databases, page size
//!    (4 KB, the emulator's host I/O), V = 12 and buffer shares are `reproduce::table4::setup`'s;
//!    the device is sized so the [3×M] database fills `TIME_DEVICE_FILL` of it (GC must run).
//! 2. The loop: the emulator's 16 SLC chips (§8.1), SLC preset latencies, a CPU time per
//!    transaction of `TIME_CPU_US` (a setup choice: the paper gives none), swept over
//!    `TIME_CPU_SWEEP_US` in every claim so the verdict's dependence on it shows.
//! 3. Judged over `seeds::DEFAULT_SEEDS` on the median, within ±`TIME_TOLERANCE_POINTS`
//!    percentage points of the paper's relative change, fixed before the first run.
//! 4. Shape claims (yes / no per seed, the majority over the seeds): every READ and WRITE change
//!    is negative and every throughput change positive (Tabs. 7 and 9), and Tab. 9's throughput
//!    gain at 10 % and 20 % buffers exceeds that at 75 % and 90 %.
//! 5. A miss carries the measured numbers behind it: both sides' loop times, the chips'
//!    utilisation by write-path work, and the GC operations per host write.
//! 6. Tab. 10: the same loop and judgement for TPC-C with non-eager eviction (the cleaner's
//!    threshold at 75 % dirty, §8.4) and the paper's growing schemes ([2×10] at 10 % and
//!    20 % buffers, [2×30] at 50 %, [2×40] at 75 % and 90 %), `TAB10_COLUMNS`.

use crate::ipa::claims::table4::{TABLE4_RUN_DIVISORS, TABLE4_TXNS, workload, workload_at};
use crate::ipa::config::{Eviction, StoreConfig};
use crate::ipa::reproduce::scenario::claim_run;
use crate::ipa::reproduce::table4::{self, Setup};
use crate::ipa::reproduce::time::{TimeChanges, TimedPair, timed_pair};
use crate::ipa::timing::closed_loop::LoopSetup;
use crate::ipa::workload::Workload;
use crate::plugin::policy::MEASURED_TOLERANCE_PCT;
use crate::plugin::seeds::{DEFAULT_SEEDS, SeedSpread};
use crate::plugin::{Claim, ClaimRun, Judgement, SetupSweep};

/// Step 3: tolerance of every time claim in percentage points, fixed before the first run.
pub const TIME_TOLERANCE_POINTS: f64 = 10.0;
pub const TIME_WIDE_BECAUSE: &str = "a relative change is 1 − IPA / [0×0], a difference of two \
    modelled times, so its error is in points (as Tab. 2's claims): ±10 points for every row, \
    fixed before the run; below a 40 % change that is wider than ±25 % of it";
/// Step 2: the emulator's chips (§8.1) and the CPU time per transaction.
pub const TIME_CHIPS: u32 = 16;
pub const TIME_CPU_US: f64 = 0.0;
pub const TIME_CPU_SWEEP_US: [f64; 3] = [0.0, 100.0, 1000.0];
const TIME_CPU_WHY: &str = "the paper states no CPU time per transaction; 0 µs makes the loop \
    purely I/O-bound (the largest effect IPA can have), 100 µs and 1 ms show how the change \
    shrinks as CPU time dilutes the I/O time";
/// Step 1: the [3×M] database's share of the device's logical pages.
pub const TIME_DEVICE_FILL: f64 = 0.85;

/// One paper column: (table, workload name, M, buffer share, paper's READ, WRITE and
/// throughput changes in % for [2×M]).
type Column = (&'static str, &'static str, usize, f64, [f64; 3]);
// Tab. 9's +6.28 % at a 50 % buffer is the paper's number, not τ.
#[allow(clippy::approx_constant)]
pub const COLUMNS: [Column; 7] = [
    ("tab7", "TPC-B", 4, 0.10, [-46.0, -34.0, 31.0]),
    ("tab7", "TPC-B", 4, 0.20, [-41.0, -30.0, 34.0]),
    ("tab9", "TPC-C", 3, 0.10, [-29.05, -22.01, 15.33]),
    ("tab9", "TPC-C", 3, 0.20, [-31.60, -21.36, 15.42]),
    ("tab9", "TPC-C", 3, 0.50, [-31.07, -19.17, 6.28]),
    ("tab9", "TPC-C", 3, 0.75, [-21.34, -17.88, 1.22]),
    ("tab9", "TPC-C", 3, 0.90, [-2.89, -15.38, 0.21]),
];
/// Tab. 10 (non-eager eviction, §8.4): the scheme's M grows with the buffer.
pub const TAB10_COLUMNS: [Column; 5] = [
    ("tab10", "TPC-C", 10, 0.10, [-32.08, -28.27, 15.37]),
    ("tab10", "TPC-C", 10, 0.20, [-19.46, -21.56, 6.96]),
    ("tab10", "TPC-C", 30, 0.50, [-16.95, -12.33, 3.26]),
    ("tab10", "TPC-C", 40, 0.75, [-19.30, -7.87, 1.06]),
    ("tab10", "TPC-C", 40, 0.90, [-11.53, -8.21, 3.67]),
];
/// Tabs. 7 and 9: Shore-MT's eager cleaner at 12.5 % dirty (§8.4).
const EAGER: Eviction = Eviction::Eager {
    dirty_permille: 125,
};
/// Tab. 10: §8.4 turned eager eviction off "by setting extreme values for the respective
/// thresholds in Shore-MT (75 % and 100 %)": the cleaner's dirty threshold at 75 % (the
/// 100 % is the log-space threshold: in these runs the log never forces a write-back, the
/// one checkpoint comes after the load).
pub const TAB10_EVICTION: Eviction = Eviction::Eager {
    dirty_permille: 750,
};
/// Step 5 for Tab. 10's rows (READ, WRITE, throughput): what the model leaves out, with
/// the measured numbers after it.
const TAB10_CAUSES: [&str; 3] = [
    "the model's READ change is only the wait behind write-path work on a busy chip (ρ · \
     mean residual, below); the paper's host-level READ (0.24–0.64 ms in Tab. 10) also holds \
     queueing among its concurrent transactions, which the single-transaction loop does not \
     have",
    "the model's WRITE is device time only (a 200 µs program or append plus the GC the write \
     made necessary, below); the paper's host-level WRITE (0.43–0.56 ms in Tab. 10) also \
     holds a part IPA does not change (host stack, queueing), which dilutes its relative \
     change",
    "at 0 µs CPU per transaction throughput follows the device time per transaction (READ \
     and the write-path time on the chips, below); the claim's CPU sweep shows the change at \
     100 µs and 1 ms",
];
const ROWS: [&str; 3] = ["read_response", "write_response", "throughput"];
const ROW_WORDS: [&str; 3] = [
    "READ I/O response time",
    "WRITE I/O response time",
    "transaction throughput",
];

fn setup_at(cpu_us: f64) -> LoopSetup {
    LoopSetup {
        chips: TIME_CHIPS,
        cpu_ns_per_txn: cpu_us * 1e3,
    }
}

fn values(c: &TimeChanges) -> [f64; 3] {
    [c.read_pct, c.write_pct, c.throughput_pct]
}

/// One column's runs over the seeds.
struct ColumnRuns {
    setup: Setup,
    pairs: Vec<TimedPair>,
}

impl ColumnRuns {
    fn spread(&self, row: usize, cpu_us: f64) -> SeedSpread {
        let v = self
            .pairs
            .iter()
            .map(|p| values(&p.changes(setup_at(cpu_us)))[row])
            .collect();
        SeedSpread::of(&DEFAULT_SEEDS, v, true)
    }

    /// Step 5: the first seed's numbers behind the claim.
    fn why(&self) -> String {
        let Some(p) = self.pairs.first() else {
            return String::new();
        };
        let c = p.changes(setup_at(TIME_CPU_US));
        let per_write = |d: &crate::ipa::timing::DeviceTime| {
            (d.migration_ns + d.erase_ns) / (d.host_writes.max(1) as f64) / 1e3
        };
        format!(
            "seed {}: [0×0] READ {:.1} µs, WRITE {:.1} µs ({:.1} µs of it GC), {:.0} txn/s, chips \
             {:.0} % busy with write-path work; IPA READ {:.1} µs, WRITE {:.1} µs ({:.1} µs GC), \
             {:.0} txn/s, {:.0} % busy; host reads {} and {}, host writes {} and {}. The read \
             change is the wait behind write-path work only (t_R is the same on both sides)",
            DEFAULT_SEEDS[0],
            c.baseline.read_response_ns / 1e3,
            c.baseline.write_response_ns / 1e3,
            per_write(&p.baseline),
            c.baseline.throughput_tps,
            c.baseline.utilisation * 100.0,
            c.ipa.read_response_ns / 1e3,
            c.ipa.write_response_ns / 1e3,
            per_write(&p.ipa),
            c.ipa.throughput_tps,
            c.ipa.utilisation * 100.0,
            p.baseline.host_reads,
            p.ipa.host_reads,
            p.baseline.host_writes,
            p.ipa.host_writes,
        )
    }
}

fn run_column(
    w: &Workload,
    m: usize,
    share: f64,
    eviction: Eviction,
) -> Result<ColumnRuns, String> {
    let setup = table4::setup(w, m, share, TIME_DEVICE_FILL).map_err(|e| e.to_string())?;
    let cfg = StoreConfig {
        eviction,
        ..setup.config(2)
    };
    let pairs = DEFAULT_SEEDS
        .iter()
        .map(|&seed| timed_pair(&cfg, w, seed, TABLE4_TXNS))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| e.to_string())?;
    Ok(ColumnRuns { setup, pairs })
}

/// How the method text names `eviction`.
fn eviction_words(eviction: Eviction) -> String {
    match eviction {
        Eviction::Eager { dirty_permille } => format!(
            "eviction: the cleaner writes back every dirty frame once {:.1} % are dirty",
            f64::from(dirty_permille) / 10.0
        ),
        Eviction::NonEager => "eviction only when a frame is replaced".into(),
    }
}

fn method(name: &str, m: usize, share: f64, s: &Setup, eviction: Eviction) -> String {
    format!(
        "{TABLE4_TXNS} generated {name} transactions per seed after the load and a checkpoint, \
         on [0×0] and on [2×{m}] V=12 with the same seed; 4 KB DB pages; buffer {:.0} % of the \
         {}-page database = {} frames, {}; SLC device (tR 25 µs, \
         tPROG 200 µs, tBERS 1.5 ms; an append costs a page program, App. B), {} blocks of 16 \
         pages, 10 % OP, greedy GC in the write path, the [3×{m}] database filling {:.0} % of \
         the logical pages. Closed loop: one transaction at a time, {TIME_CHIPS} chips (§8.1's \
         emulator), CPU {TIME_CPU_US} µs per transaction, asynchronous write-backs; READ = tR \
         + the wait behind write-path work on a busy chip, WRITE = write-path device time per \
         host write (GC included), throughput = transactions / run time (`ipa::timing`)",
        share * 100.0,
        s.db_pages,
        s.frames,
        eviction_words(eviction),
        s.blocks,
        TIME_DEVICE_FILL * 100.0,
    )
}

const DIFFERENCES: &str = "the paper measured host-level times on Shore-MT with many concurrent \
    transactions on a 32-core host and an emulator of 16 SLC chips (§8.1), about 50 GB \
    databases; here a single-threaded store runs one transaction at a time on a few hundred \
    4 KB pages, so queueing among transactions, the host I/O stack, Shore-MT's CPU time, the \
    log device and transfer times are left out and absolute times are far below the paper's \
    (only relative changes are compared). Chip latencies are the course's SLC preset (the paper \
    states none); write-path work is spread evenly over the chips; synthetic transactions, no \
    index pages";

/// How much smaller the linked run's database and transactions are when the lab's work
/// budget refuses the claim's own setup, tried in order (as Tab. 4's claims).
pub const TIME_RUN_DIVISORS: [u64; 3] = TABLE4_RUN_DIVISORS;
/// The linked run's device fills when the lab refuses `TIME_DEVICE_FILL`: its loader keeps at
/// most 85 % of the logical pages live counting the transactions' inserts (TPC-C's orders);
/// 50 % is Tab. 4's.
pub const TIME_RUN_FALLBACK_FILLS: [f64; 2] = [0.75, 0.5];

/// The run of a column: its own setup when `claim_run` takes it (own or course scale), else
/// the same buffer share on a database and as many transactions `TIME_RUN_DIVISORS` times
/// smaller, then the same at each of `TIME_RUN_FALLBACK_FILLS`, each said in the run's title.
fn linked_run(title: &str, name: &str, m: usize, share: f64, eviction: Eviction) -> Vec<ClaimRun> {
    linked_run_of(title, name, |w, fill| {
        table4::setup(w, m, share, fill).ok().map(|s| StoreConfig {
            eviction,
            ..s.config(2)
        })
    })
}

/// `linked_run` for any configuration `config(workload, device fill)` of a column.
pub(crate) fn linked_run_of(
    title: &str,
    name: &str,
    config: impl Fn(&Workload, f64) -> Option<StoreConfig>,
) -> Vec<ClaimRun> {
    let fills = [TIME_DEVICE_FILL];
    let mut tries = fills
        .into_iter()
        .chain(TIME_RUN_FALLBACK_FILLS)
        .flat_map(|fill| TIME_RUN_DIVISORS.map(|d| (fill, d)));
    tries
        .find_map(|(fill, d)| {
            let w = workload_at(name, d);
            let cfg = config(&w, fill)?;
            let mut title = title.to_string();
            if d != 1 {
                title.push_str(&format!("; DB and transactions ÷{d}"));
            }
            if fill != TIME_DEVICE_FILL {
                title.push_str(&format!(
                    "; device {:.0} % full, not {:.0} % (the lab's live-page limit)",
                    fill * 100.0,
                    TIME_DEVICE_FILL * 100.0
                ));
            }
            claim_run(&title, &cfg, &w, TABLE4_TXNS / d as usize, true)
        })
        .into_iter()
        .collect()
}

/// Step 5: the cause of a miss of `row`, as far as the model shows it (the measured numbers
/// follow it); `larger` when the simulated change is larger in size than the paper's.
fn cause(row: usize, larger: bool, tab10: bool) -> &'static str {
    if tab10 {
        return TAB10_CAUSES.get(row).copied().unwrap_or("");
    }
    match (row, larger) {
        (0, false) => {
            "the model's READ change is only the wait behind write-path work on a \
              busy chip (ρ · mean residual; its READ times are below); the paper's host reads \
              (0.45–9.1 ms in Tabs. 7 and 9) also queue behind each other and behind the writes \
              of many concurrent transactions, which the single-transaction loop does not have"
        }
        (0, true) => {
            "here the chips are busy with write-path work (ρ below), so every read \
              waits behind it and IPA's shorter write path (fewer 1.5 ms erases) shortens that \
              wait; the paper's host-level READ also holds queueing among its concurrent \
              transactions, a part IPA need not change, which dilutes its relative change"
        }
        (1, true) => {
            "the model's WRITE is device time only (a 200 µs program or append plus the \
              GC the write made necessary; the GC share is below); the paper's host-level WRITE \
              (0.5–0.7 ms) also holds a part IPA does not change (host stack, queueing), which \
              dilutes its relative change"
        }
        (1, false) => {
            "the model's WRITE is device time only (a 200 µs program or append plus the \
              GC the write made necessary; the GC share is below), and IPA shortens it less \
              than the paper's host-level WRITE falls; the model has none of the host-side parts \
              of the paper's times"
        }
        _ => {
            "with 0 µs CPU per transaction the loop is bound by the device's write-path work \
              (fewer reads with a bigger buffer make it more so), so throughput follows the \
              write-path time at every buffer; the paper's throughput gain vanishes at 75–90 % \
              buffers, where its transactions are not bound by the device's write work. The \
              claim's CPU sweep shows the gain at 100 µs and 1 ms"
        }
    }
}

/// Steps 1–5.
pub fn claims(out: &mut Vec<Claim>, failed: impl Fn(&str, &str, String) -> Claim) {
    let mut done: Vec<(usize, ColumnRuns)> = Vec::new();
    for (k, column) in COLUMNS.into_iter().enumerate() {
        if let Some(runs) = column_claims(out, &failed, column, EAGER) {
            done.push((k, runs));
        }
    }
    shape_claims(out, &failed, &done);
    for column in TAB10_COLUMNS {
        column_claims(out, &failed, column, TAB10_EVICTION);
    }
}

/// Steps 1–3 and 5 for one column under `eviction`: its three claims; its runs.
fn column_claims(
    out: &mut Vec<Claim>,
    failed: &impl Fn(&str, &str, String) -> Claim,
    (table, name, m, share, paper): Column,
    eviction: Eviction,
) -> Option<ColumnRuns> {
    let w = workload(name);
    let words = match table {
        "tab7" => "Tab. 7",
        "tab9" => "Tab. 9",
        _ => "Tab. 10",
    };
    let id = format!(
        "seed004.{table}.{}.buf{:.0}",
        name.to_lowercase().replace('-', ""),
        share * 100.0
    );
    let runs = match run_column(&w, m, share, eviction) {
        Ok(r) => r,
        Err(e) => {
            out.push(failed(&id, words, e));
            return None;
        }
    };
    let title = format!(
        "{words} ({name}, {:.0} % buffer): [2×{m}] vs [0×0], device time",
        share * 100.0
    );
    let linked = linked_run(&title, name, m, share, eviction);
    for (row, paper) in paper.into_iter().enumerate() {
        let spread = runs.spread(row, TIME_CPU_US);
        let sweep = TIME_CPU_SWEEP_US
            .iter()
            .map(|&cpu| (cpu, runs.spread(row, cpu).median))
            .collect();
        let mut claim = Claim::judged(
            &format!("{id}.{}", ROWS[row]),
            &format!(
                "{words}: [2×{m}] changes {name}'s {} by {paper:+} % at a {:.0} % buffer",
                ROW_WORDS[row],
                share * 100.0
            ),
            "% change",
            paper,
            spread.median,
            Judgement::Points {
                points: TIME_TOLERANCE_POINTS,
            },
            method(name, m, share, &runs.setup, eviction),
        )
        .over_seeds(spread)
        .differences(DIFFERENCES)
        .setup(SetupSweep {
            parameter: "CPU time per transaction, µs".into(),
            value: TIME_CPU_US,
            why: TIME_CPU_WHY.into(),
            sweep,
        });
        if TIME_TOLERANCE_POINTS / paper.abs().max(1e-9) * 100.0 > MEASURED_TOLERANCE_PCT {
            claim = claim.wide_because(TIME_WIDE_BECAUSE);
        }
        let larger = claim.simulated_value.abs() > paper.abs();
        let why = cause(row, larger, table == "tab10");
        let claim = claim.if_missed(&format!("{why}. {}", runs.why()));
        out.push(linked.iter().cloned().fold(claim, Claim::run));
    }
    Some(runs)
}

/// The two shape claims of step 4: id and statement.
const SHAPE_CLAIMS: [(&str, &str); 2] = [
    (
        "seed004.tab7_9.time.signs",
        "Tabs. 7 and 9: with IPA, READ and WRITE response times fall and throughput rises at \
         every buffer size",
    ),
    (
        "seed004.tab9.time.gain_shrinks",
        "Tab. 9: IPA's throughput gain at 10 % and 20 % buffers (+15.3 %, +15.4 %) exceeds that \
         at 75 % and 90 % (+1.2 %, +0.2 %)",
    ),
];

/// Step 4. Both claims are reported as failed when a column's runs failed.
fn shape_claims(
    out: &mut Vec<Claim>,
    failed: &impl Fn(&str, &str, String) -> Claim,
    done: &[(usize, ColumnRuns)],
) {
    if done.len() != COLUMNS.len() {
        let missing = format!(
            "{} of the {} columns' runs failed (their claims say why)",
            COLUMNS.len() - done.len(),
            COLUMNS.len()
        );
        for (id, what) in SHAPE_CLAIMS {
            out.push(failed(id, what, missing.clone()));
        }
        return;
    }
    let at = |seed_i: usize, col: usize| {
        done.get(col)
            .and_then(|(_, r)| r.pairs.get(seed_i))
            .map(|p| values(&p.changes(setup_at(TIME_CPU_US))))
            .unwrap_or([f64::NAN; 3])
    };
    let signs: Vec<f64> = (0..DEFAULT_SEEDS.len())
        .map(|s| {
            let ok = (0..COLUMNS.len()).all(|c| {
                let [r, w, t] = at(s, c);
                r < 0.0 && w < 0.0 && t > 0.0
            });
            f64::from(u8::from(ok))
        })
        .collect();
    // The first seed, column and row whose sign is wrong (the signs claim's miss reason).
    let wrong_sign = (0..DEFAULT_SEEDS.len())
        .flat_map(|s| (0..COLUMNS.len()).map(move |c| (s, c)))
        .find_map(|(s, c)| {
            let v = at(s, c);
            let ok = [v[0] < 0.0, v[1] < 0.0, v[2] > 0.0];
            let row = ok.iter().position(|&good| !good)?;
            let (table, name, _, share, _) = COLUMNS.get(c)?;
            Some(format!(
                "seed {}, {table} {name} at a {:.0} % buffer: {} changes by {:+.1} %",
                DEFAULT_SEEDS.get(s).copied().unwrap_or_default(),
                share * 100.0,
                ROW_WORDS.get(row).copied().unwrap_or(""),
                v.get(row).copied().unwrap_or(f64::NAN)
            ))
        })
        .unwrap_or_default();
    let shrinks: Vec<f64> = (0..DEFAULT_SEEDS.len())
        .map(|s| {
            let gain = |c: usize| at(s, c)[2];
            let ok = gain(2).min(gain(3)) > gain(5).max(gain(6));
            f64::from(u8::from(ok))
        })
        .collect();
    let gains = |cpu: f64| {
        [2, 3, 5, 6].map(|c| {
            done.get(c)
                .map_or(f64::NAN, |(_, r)| r.spread(2, cpu).median)
        })
    };
    let show = |g: [f64; 4]| {
        g.iter()
            .map(|v| format!("{v:+.1} %"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    // The [0×0] side's chip utilisation at the 75 % and 90 % buffers (first seed).
    let busy = [5, 6].map(|c| {
        done.get(c)
            .and_then(|(_, r)| r.pairs.first())
            .map_or(f64::NAN, |p| {
                p.changes(setup_at(TIME_CPU_US)).baseline.utilisation * 100.0
            })
    });
    let high_cpu = gains(TIME_CPU_SWEEP_US[2]);
    let paper_shape = high_cpu[0].min(high_cpu[1]) > high_cpu[2].max(high_cpu[3]);
    let shrink_why = format!(
        "at {TIME_CPU_US} µs CPU per transaction the median gains at 10, 20, 75 and 90 % \
         buffers are {}: the loop is bound by the device's write-path work, more so as a bigger \
         buffer removes reads (first seed: [0×0]'s chips {:.0} % and {:.0} % busy at 75 % and \
         90 %), so the gain follows the write-path time; at {} µs CPU they are {}{}",
        show(gains(TIME_CPU_US)),
        busy[0],
        busy[1],
        TIME_CPU_SWEEP_US[2],
        show(high_cpu),
        if paper_shape {
            " (the paper's shape: the gain shrinks)"
        } else {
            " (still not the paper's shape)"
        },
    );
    let specs = [
        (
            SHAPE_CLAIMS[0].0,
            SHAPE_CLAIMS[0].1,
            signs,
            (
                "Tab. 7 (TPC-B, 10 % buffer): [2×4] vs [0×0], device time",
                "TPC-B",
                4,
                0.10,
            ),
            format!("the first wrong sign: {wrong_sign}"),
        ),
        (
            SHAPE_CLAIMS[1].0,
            SHAPE_CLAIMS[1].1,
            shrinks,
            (
                "Tab. 9 (TPC-C, 90 % buffer): [2×3] vs [0×0], device time",
                "TPC-C",
                3,
                0.90,
            ),
            shrink_why,
        ),
    ];
    for (id, what, per_seed, (title, name, m, share), why) in specs {
        let runs = linked_run(title, name, m, share, EAGER);
        let spread = SeedSpread::of(&DEFAULT_SEEDS, per_seed, true);
        let claim = Claim::judged(
            id,
            what,
            "yes/no",
            1.0,
            spread.median,
            Judgement::YesNo { expected: true },
            format!(
                "per seed, yes when it holds on that seed's runs of the columns it names (CPU \
                 {TIME_CPU_US} µs, {TIME_CHIPS} chips); the majority over the seeds"
            ),
        )
        .over_seeds(spread)
        .differences(DIFFERENCES)
        .if_missed(&why);
        out.push(runs.iter().cloned().fold(claim, Claim::run));
    }
}
