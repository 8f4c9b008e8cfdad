//! Crash injection for the SSD's FTL (issue 14, "Faults and soak"; `device/ssd/recovery.rs`).
//!
//! A tiny, aged device (GC every few writes) runs seeded random writes, trims and reads. Before
//! every operation a copy of the FTL gets a power cut after a seeded number of flash operations
//! (0–40: on an op boundary, between a host program and its GC, between two GC copies, after
//! the copies but before the victim's erase; half of the cut programs are torn) and keeps
//! running until the cut hits. The map is rebuilt from the OOB scan and judged against the
//! oracle, a plain map of acknowledged writes and trims:
//! - every LBA reads its last acknowledged version (a trimmed one reads nothing), except the
//!   one write in flight, which may read either its old or its new version;
//! - nothing older comes back, no page is counted twice (the FTL's bijection and valid-count
//!   invariants, swept in full), no page was programmed twice;
//! - the recovered device keeps running: more ops, with a second power cut and recovery,
//!   checked the same way.
//!
//! Short sweep (a normal test): every policy/allocation/wear configuration, one seed each.
//! Long sweep (seeds per configuration; prints the tally):
//! `FLASHLAB_CRASH_SEEDS=50 cargo test -p flashlab-core --test ftl_recovery -- --nocapture`

#![allow(clippy::expect_used, clippy::unwrap_used)]

mod common;

use common::ssd_ftl::{configs, tiny};

use flashlab_core::device::ssd::checks::CheckState;
use flashlab_core::device::ssd::ftl::{Ftl, FtlConfig, FtlError, NO_VERSION, WriteAllocation};
use flashlab_core::device::ssd::recovery::RecoveryReport;
use flashlab_core::sim::Rng;

/// The array read time charged per OOB read (the SSD presets' 25 µs).
const READ_NS: u64 = 25_000;

/// One host operation.
#[derive(Debug, Clone, Copy)]
enum Op {
    Write(u32, u32),
    Trim(u32),
    Read(u32),
}

fn next_op(rng: &mut Rng, logical: u32, version: u32) -> Op {
    let lba = rng.below(u64::from(logical)) as u32;
    match rng.below(10) {
        0 => Op::Trim(lba),
        1 => Op::Read(lba),
        _ => Op::Write(lba, version),
    }
}

/// The device plus the oracle of acknowledged state.
struct Run {
    ftl: Ftl,
    acked: Vec<u32>,
    busy: Vec<u64>,
    rng: Rng,
    version: u32,
    /// The write a power cut interrupted (not acknowledged).
    in_flight: Option<(u32, u32)>,
}

impl Run {
    /// Applies one op; `Err` only for a power cut (the op is then not acknowledged).
    fn apply(&mut self, op: Op) -> Result<(), FtlError> {
        match op {
            Op::Write(lba, version) => {
                let mut log = Vec::new();
                let dynamic = self.ftl.config.allocation == WriteAllocation::Dynamic;
                for b in &mut self.busy {
                    *b = self.rng.below(4);
                }
                let hint = dynamic.then_some(self.busy.as_slice());
                self.ftl.write_with(lba, version, hint, &mut log)?;
                self.acked[lba as usize] = version;
            }
            Op::Trim(lba) => {
                self.ftl.trim(lba);
                self.acked[lba as usize] = NO_VERSION;
            }
            Op::Read(lba) => {
                let got = self.ftl.read(lba).1;
                assert_eq!(got, self.acked[lba as usize], "read of LBA {lba}");
            }
        }
        Ok(())
    }

    fn step(&mut self) -> Result<(), FtlError> {
        self.version += 1;
        let op = next_op(&mut self.rng, self.ftl.geometry.logical_pages, self.version);
        self.apply(op).inspect_err(|_| {
            // Remember what was in flight for the judge.
            if let Op::Write(lba, v) = op {
                self.in_flight = Some((lba, v));
            }
        })
    }
}

/// Oracle check of a recovered FTL; returns the error naming the violated property.
fn judge(
    ftl: &Ftl,
    acked: &[u32],
    in_flight: Option<(u32, u32)>,
    report: &RecoveryReport,
) -> Result<(), String> {
    for (lba, &want) in acked.iter().enumerate() {
        let got = ftl.read(lba as u32).1;
        let also = in_flight
            .filter(|&(l, _)| l as usize == lba)
            .map(|(_, v)| v);
        if got != want && Some(got) != also {
            return Err(format!(
                "LBA {lba}: acknowledged version {want}, recovered {got} (in flight: {also:?})"
            ));
        }
    }
    let mut checks = CheckState::new(ftl.geometry.physical_pages(), ftl.geometry.blocks());
    checks.after_step(ftl, true);
    let failed: Vec<_> = checks.report(ftl).into_iter().filter(|c| !c.ok).collect();
    if !failed.is_empty() {
        return Err(format!("invariants after recovery: {failed:?}"));
    }
    let g = ftl.geometry;
    if report.oob_reads < u64::from(g.blocks()) || report.scan_ns == 0 {
        return Err(format!("the scan was not simulated: {report:?}"));
    }
    Ok(())
}

/// Cuts power on `run`'s FTL after `budget` flash ops, keeps stepping until it hits, recovers,
/// judges; returns the recovered run (its oracle updated with the in-flight outcome) and
/// whether the cut hit inside GC (after the host page was programmed).
fn crash_and_recover(mut run: Run, budget: u64, tear: bool) -> Result<(Run, bool), String> {
    run.ftl.cut_power_after(budget, tear);
    let in_gc;
    let in_flight = loop {
        run.in_flight = None;
        let programs = run.ftl.counters.flash_programs;
        match run.step() {
            Ok(()) => {}
            Err(FtlError::PowerLoss) => {
                in_gc = run.ftl.counters.flash_programs > programs;
                break run.in_flight;
            }
            Err(e) => return Err(format!("unexpected error before the cut: {e}")),
        }
    };
    let image = run.ftl.power_cut();
    let (ftl, report) = image
        .recover(READ_NS)
        .map_err(|e| format!("recovery: {e}"))?;
    judge(&ftl, &run.acked, in_flight, &report)?;
    let mut acked = run.acked;
    if let Some((lba, _)) = in_flight {
        acked[lba as usize] = ftl.read(lba).1;
    }
    let recovered = Run {
        ftl,
        acked,
        busy: run.busy,
        rng: run.rng,
        version: run.version,
        in_flight: None,
    };
    Ok((recovered, in_gc))
}

#[derive(Debug, Default)]
struct Tally {
    points: u64,
    in_gc: u64,
    torn: u64,
    second_cuts: u64,
}

/// One configuration and seed: `warm` ops to age the device, then a crash point before each of
/// `points` ops.
fn sweep(config: FtlConfig, seed: u64, warm: u32, points: u32, tally: &mut Tally) {
    let g = tiny();
    let mut run = Run {
        ftl: Ftl::new(g, config),
        acked: vec![NO_VERSION; g.logical_pages as usize],
        busy: vec![0; g.dies() as usize],
        rng: Rng::new(seed),
        version: 0,
        in_flight: None,
    };
    for _ in 0..warm {
        run.step().unwrap();
    }
    let mut cuts = Rng::new(seed ^ 0x5eed_c0de);
    for point in 0..points {
        let fork = Run {
            ftl: run.ftl.clone(),
            acked: run.acked.clone(),
            busy: run.busy.clone(),
            rng: Rng::new(seed.wrapping_mul(1_000_003) + u64::from(point)),
            version: run.version,
            in_flight: None,
        };
        let budget = cuts.below(41);
        let tear = cuts.below(2) == 1;
        let (mut recovered, in_gc) = crash_and_recover(fork, budget, tear)
            .unwrap_or_else(|e| panic!("{config:?} seed {seed} point {point}: {e}"));
        tally.points += 1;
        tally.in_gc += u64::from(in_gc);
        tally.torn += u64::from(tear);
        // The recovered device keeps running, through a second cut.
        for _ in 0..cuts.below(60) {
            recovered.step().unwrap_or_else(|e| {
                panic!("{config:?} seed {seed} point {point}: after recovery: {e}")
            });
        }
        let budget = cuts.below(200);
        let (mut again, _) = crash_and_recover(recovered, budget, tear)
            .unwrap_or_else(|e| panic!("{config:?} seed {seed} point {point}, 2nd cut: {e}"));
        tally.second_cuts += 1;
        for _ in 0..40 {
            again.step().unwrap();
        }
        run.step().unwrap();
    }
}

#[test]
fn no_acknowledged_write_or_trim_is_lost_or_undone_by_a_power_cut_anywhere() {
    let mut tally = Tally::default();
    for (i, config) in configs().into_iter().enumerate() {
        for seed in 0..common::crash_seeds(1) {
            sweep(config, 1 + i as u64 + 100 * seed, 1_500, 400, &mut tally);
        }
    }
    println!("FTL crash sweep: {tally:?}");
    assert!(tally.points >= 4_800, "{tally:?}");
    assert!(
        tally.in_gc * 10 >= tally.points,
        "too few cuts inside GC: {tally:?}"
    );
}

#[test]
fn a_scan_without_trim_records_would_resurrect_trimmed_data() {
    // Why the trim journal exists (recovery.rs step 4): the stale page is still on flash.
    let g = tiny();
    let mut ftl = Ftl::new(g, FtlConfig::default());
    let mut log = Vec::new();
    ftl.write(7, 1, &mut log).unwrap();
    assert!(ftl.trim(7));
    let mut image = ftl.clone().power_cut();
    let (with_journal, _) = image.clone().recover(READ_NS).unwrap();
    assert_eq!(with_journal.read(7).1, NO_VERSION);
    image.trim_seq.fill(0);
    let (without, _) = image.recover(READ_NS).unwrap();
    assert_eq!(
        without.read(7).1,
        1,
        "the scan alone brings the trimmed page back"
    );
}

#[test]
fn the_scan_reads_every_programmed_page_once_and_is_timed_per_die() {
    let g = tiny();
    let mut ftl = Ftl::new(g, FtlConfig::default());
    let mut log = Vec::new();
    for v in 0..30 {
        ftl.write(v % 20, v, &mut log).unwrap();
    }
    let programmed = ftl.counters.flash_programs;
    let (recovered, report) = ftl.power_cut().recover(READ_NS).unwrap();
    // Every programmed page, plus the first erased page of every block not full.
    let not_full = (0..g.blocks())
        .filter(|&b| recovered.blocks.write_ptr[b as usize] < g.pages_per_block)
        .count() as u64;
    assert_eq!(report.oob_reads, programmed + not_full);
    assert_eq!(report.mapped_lbas, 20);
    assert_eq!(report.stale_pages, 10);
    let per_die = report.oob_reads.div_ceil(u64::from(g.dies()));
    assert!(report.scan_ns >= per_die * READ_NS, "{report:?}");
}
