//! Append/Pack and in-place 4 KB pages under a read/write page mix on the same timed SSD
//! (seed 003 §2.2, Figure 3b: "a TPCC-like workload ... in a read/write mix", 400 MB/s combined,
//! "speedups up to 9X" over the same system without A/P).
//!
//! 1. The database is `db_pages` logical pages, the same for both layouts: in place, LBAs
//!    `[0, db_pages)` of a device whose every LBA was written once (the drop-in replacement of
//!    Figure 3a: without TRIM, the FTL counts every LBA a file system ever wrote as live);
//!    through A/P, its logical pages, mapped onto the whole device (`ssd_run` step 1), whose
//!    erases are TRIMs.
//! 2. Both are loaded (every page written once, in order) and warmed up with `warmup` mix
//!    operations, then measured over `ops` operations of the same stream (same seed).
//! 3. An operation is a write with probability `write_share`, else a read. Its page is in the hot
//!    set (the first `hot_pages` of the pages) with probability `hot_ops_share`, else uniform
//!    over the others [choice: the paper gives neither the mix nor the skew (digest §8 item 15);
//!    TPC-C's writes concentrate on few tables, which is A/P's premise that hot pages are
//!    invalidated before packing].
//! 4. A read costs one random page read (A/P: at the slot its map gives; a page still in A/P's
//!    buffers costs no I/O). Both keep 32 page operations in flight (`ssd_run::Pipe`).
//! 5. The rate is (reads + writes) × 4 KB over the measured phase's simulated time.

use super::super::error::FlashLogError;
use super::layout::{ApCounters, AppendPack};
use super::placement::{Placement, Striper};
use super::ssd_run::{ApOnSsd, Pipe};
use crate::device::ssd::ftl::Counters;
use crate::device::ssd::timed::TimedSsd;
use crate::sim::Rng;

/// Step 3.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Mix {
    pub write_share: f64,
    pub hot_ops_share: f64,
    pub hot_pages_fraction: f64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Op {
    Read(u32),
    Write(u32),
}

/// The operation stream of step 3 over `pages` pages.
pub struct MixStream {
    mix: Mix,
    pages: u64,
    hot: u64,
    rng: Rng,
}

impl MixStream {
    pub fn new(mix: Mix, pages: u32, seed: u64) -> Self {
        let pages = u64::from(pages.max(2));
        let hot = ((pages as f64 * mix.hot_pages_fraction) as u64).clamp(1, pages - 1);
        Self {
            mix,
            pages,
            hot,
            rng: Rng::new(seed),
        }
    }

    pub fn next_op(&mut self) -> Op {
        let write = self.rng.unit_f64() < self.mix.write_share;
        let page = if self.rng.unit_f64() < self.mix.hot_ops_share {
            self.rng.below(self.hot)
        } else {
            self.hot + self.rng.below(self.pages - self.hot)
        } as u32;
        if write {
            Op::Write(page)
        } else {
            Op::Read(page)
        }
    }
}

/// One run's setup: the device, the mix, and the phases' lengths in operations.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MixRun<'a> {
    pub preset: &'a str,
    pub blocks_per_plane: u32,
    pub mix: Mix,
    pub warmup: u64,
    pub ops: u64,
    pub seed: u64,
}

/// Step 5: a measured phase.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MixRate {
    pub ops: u64,
    pub writes: u64,
    pub elapsed_ns: u64,
    /// Combined read and write bandwidth.
    pub mb_per_s: f64,
    /// The SSD's flash programs per host write over the phase.
    pub ssd_write_amplification: f64,
}

fn mix_rate(ops: u64, writes: u64, elapsed_ns: u64, page_bytes: u64, wa: f64) -> MixRate {
    let elapsed_ns = elapsed_ns.max(1);
    MixRate {
        ops,
        writes,
        elapsed_ns,
        mb_per_s: (ops * page_bytes) as f64 * 1e3 / elapsed_ns as f64,
        ssd_write_amplification: wa,
    }
}

/// Flash programs per host write between two readings of the FTL's counters.
fn ssd_write_amplification(before: &Counters, after: &Counters) -> f64 {
    let programs = after.flash_programs - before.flash_programs;
    programs as f64 / (after.host_writes - before.host_writes).max(1) as f64
}

fn model(e: impl std::fmt::Display) -> FlashLogError {
    FlashLogError::Device(e.to_string())
}

/// Steps 1–5, in place: the database at LBAs `[0, db_pages)`, the device placing the writes
/// dynamically (the die free first: the baseline's better case, which the claims use).
pub fn in_place_mix(run: &MixRun, db_pages: u32) -> Result<MixRate, FlashLogError> {
    in_place_mix_placed(run, db_pages, Placement::Dynamic)
}

/// `in_place_mix` with the device placing the writes by `placement` (a test compares the two).
pub fn in_place_mix_placed(
    run: &MixRun,
    db_pages: u32,
    placement: Placement,
) -> Result<MixRate, FlashLogError> {
    let mut ssd = TimedSsd::from_preset(run.preset, run.blocks_per_plane)
        .ok_or_else(|| FlashLogError::Config(format!("no SSD preset {}", run.preset)))?;
    let logical = ssd.logical_pages();
    let db_pages = db_pages.min(logical);
    ssd.fill_untimed(0..logical).map_err(model)?;
    let mut stream = MixStream::new(run.mix, db_pages, run.seed);
    let (mut pipe, mut striper) = (Pipe::new(32), Striper::default());
    let mut one = |ssd: &mut TimedSsd, pipe: &mut Pipe, op: Op| -> Result<bool, FlashLogError> {
        let (t, write) = match (op, placement) {
            (Op::Write(p), Placement::Dynamic) => {
                (ssd.write_page(p, 1, pipe.ready_ns()).map_err(model)?, true)
            }
            (Op::Write(p), Placement::Striped) => {
                let done = striper.write(ssd, p, 1, pipe.ready_ns());
                (done.map_err(model)?, true)
            }
            (Op::Read(p), _) => (ssd.read_page(p, pipe.ready_ns()).1, false),
        };
        pipe.done(t);
        Ok(write)
    };
    for _ in 0..run.warmup {
        one(&mut ssd, &mut pipe, stream.next_op())?;
    }
    let (t0, c0) = (pipe.end_ns, ssd.ftl.counters);
    let mut writes = 0;
    for _ in 0..run.ops {
        writes += u64::from(one(&mut ssd, &mut pipe, stream.next_op())?);
    }
    let wa = ssd_write_amplification(&c0, &ssd.ftl.counters);
    Ok(mix_rate(
        run.ops,
        writes,
        pipe.end_ns - t0,
        ssd.page_bytes(),
        wa,
    ))
}

/// What an A/P run measured: the rate, and A/P's own write amplification (device pages written
/// per user page appended) over the phase, with where packing's copies came from.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ApMix {
    pub rate: MixRate,
    pub ap_write_amplification: f64,
    pub packing: PackingSources,
}

/// Over a measured phase: the mean valid fraction u of the append log's reclaimed tails (the
/// paper's premise is that it is small: hot pages were invalidated), and of the pack log's
/// tails cleaned into its own head, with the pack log's share of the reclaimed blocks.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct PackingSources {
    pub append_tail_u: f64,
    pub pack_tail_u: f64,
    pub pack_victim_share: f64,
}

impl PackingSources {
    pub fn since(ap: &AppendPack, before: &ApCounters) -> Self {
        let c = ap.counters;
        let eb = f64::from(ap.config.eb_pages);
        let steps = c.pack_steps - before.pack_steps;
        let append = c.append_victims - before.append_victims;
        let append_valid = c.append_victim_valid_pages - before.append_victim_valid_pages;
        let valid = c.victim_valid_pages - before.victim_valid_pages;
        let pack = steps - append;
        let fraction = |pages: u64, blocks: u64| pages as f64 / (blocks.max(1) as f64 * eb);
        Self {
            append_tail_u: fraction(append_valid, append),
            pack_tail_u: fraction(valid - append_valid, pack),
            pack_victim_share: pack as f64 / steps.max(1) as f64,
        }
    }
}

/// Steps 1–5 through A/P (`crash_safe`: the opt-in crash-safe packing of `reclaim.rs`).
pub fn append_pack_mix(
    setup: &MixRun,
    db_fraction: f64,
    crash_safe: bool,
) -> Result<ApMix, FlashLogError> {
    let mut run = ApOnSsd::new(setup.preset, setup.blocks_per_plane, db_fraction, 32)?;
    if crash_safe {
        run.ap.set_crash_safe();
    }
    let pages = run.ap.config.logical_pages;
    for p in 0..pages {
        run.write(p)?;
    }
    let mut stream = MixStream::new(setup.mix, pages, setup.seed);
    for _ in 0..setup.warmup {
        run.apply(stream.next_op())?;
    }
    let (t0, ap0) = (run.pipe.end_ns, run.ap.counters);
    let c0 = run.ssd.ftl.counters;
    let mut writes = 0;
    for _ in 0..setup.ops {
        writes += u64::from(run.apply(stream.next_op())?);
    }
    let wa = ssd_write_amplification(&c0, &run.ssd.ftl.counters);
    let (ap_wa, _, _) = run.ap.write_amplification_since(&ap0);
    Ok(ApMix {
        rate: mix_rate(
            setup.ops,
            writes,
            run.pipe.end_ns - t0,
            run.ssd.page_bytes(),
            wa,
        ),
        ap_write_amplification: ap_wa,
        packing: PackingSources::since(&run.ap, &ap0),
    })
}

impl ApOnSsd {
    /// One mix operation (step 4); `true` for a write.
    pub fn apply(&mut self, op: Op) -> Result<bool, FlashLogError> {
        match op {
            Op::Write(p) => self.write(p).map(|()| true),
            Op::Read(p) => {
                if let (_, Some(slot)) = self.ap.read(p)? {
                    let (_, t) = self.ssd.read_page(slot, self.pipe.ready_ns());
                    self.pipe.done(t);
                }
                Ok(false)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_mix_stream_draws_its_stated_write_and_hot_shares() {
        let mix = Mix {
            write_share: 1.0 / 3.0,
            hot_ops_share: 0.8,
            hot_pages_fraction: 0.2,
        };
        let mut stream = MixStream::new(mix, 1_000, 7);
        let (mut writes, mut hot) = (0, 0);
        let n = 60_000;
        for _ in 0..n {
            let (page, write) = match stream.next_op() {
                Op::Write(p) => (p, true),
                Op::Read(p) => (p, false),
            };
            assert!(page < 1_000);
            writes += u32::from(write);
            hot += u32::from(page < 200);
        }
        let share = |k: u32| f64::from(k) / f64::from(n);
        assert!((share(writes) - 1.0 / 3.0).abs() < 0.01, "{writes}");
        assert!((share(hot) - 0.8).abs() < 0.01, "{hot}");
    }
}
