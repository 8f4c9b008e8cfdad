//! Append/Pack on the SSD lab's FTL and timing (`ssd_io::TimedSsd`), against 4 KB random
//! in-place writes on the same SSD model (seed 003 §2.2, Figure 3).
//!
//! 1. The A/P layout's device is the SSD's logical space: A/P slot s is SSD LBA s, an A/P
//!    erase block is `pages_per_block × dies × planes` consecutive LBAs — the erase unit of a
//!    device that stripes writes over its dies [paper: "erase block sized" chunks; the
//!    superblock reading is a choice],
//!    and A/P's own logical pages are `db_fraction` of that space [choice, A/P's spare].
//! 2. Every device operation A/P emits is timed: a chunk write is its pages written in order, a
//!    pack read is a page read, an erase is a TRIM of the block's LBAs. The device places the
//!    pages by address (`placement.rs`, `Placement::Striped`), so a chunk fills whole flash
//!    blocks and the SSD's FTL then finds whole blocks invalid: sequential writes "repair" the
//!    device.
//! 3. Both A/P and the baseline keep `queue_depth` page operations in flight (`Pipe`: a new one
//!    is issued whenever one completes). A sustained rate is user pages written over the
//!    simulated time of a measured phase that follows a warm-up of `warmup` user writes.

use super::super::error::FlashLogError;
use super::super::ssd_io::TimedSsd;
use super::layout::{ApConfig, ApCounters, AppendPack, DeviceOp, NO_VERSION};
use super::placement::{Placement, Striper};
use crate::sim::Rng;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// `depth` operations in flight, a new one issued as soon as any of them completes (a host that
/// keeps its queue full: completions free slots in the order they happen, not the order of
/// issue, so one slow operation — a read behind a die's erase — holds one slot, not the queue).
/// Issue times never go back (the timing model books in arrival order).
#[derive(Debug, Clone)]
pub struct Pipe {
    in_flight: BinaryHeap<Reverse<u64>>,
    depth: usize,
    now_ns: u64,
    pub end_ns: u64,
}

impl Pipe {
    pub fn new(depth: usize) -> Self {
        Self {
            in_flight: BinaryHeap::with_capacity(depth.max(1)),
            depth: depth.max(1),
            now_ns: 0,
            end_ns: 0,
        }
    }

    /// When the next operation may be issued: now if a slot is free, else at the earliest
    /// completion in flight.
    pub fn ready_ns(&self) -> u64 {
        match self.in_flight.peek() {
            Some(Reverse(first)) if self.in_flight.len() >= self.depth => self.now_ns.max(*first),
            _ => self.now_ns,
        }
    }

    /// The operation issued at `ready_ns()` completes at `at_ns`.
    pub fn done(&mut self, at_ns: u64) {
        self.now_ns = self.ready_ns();
        if self.in_flight.len() >= self.depth {
            self.in_flight.pop();
        }
        self.in_flight.push(Reverse(at_ns));
        self.end_ns = self.end_ns.max(at_ns);
    }
}

fn ssd(preset: &str, blocks_per_plane: u32) -> Result<TimedSsd, FlashLogError> {
    TimedSsd::from_preset(preset, blocks_per_plane)
        .ok_or_else(|| FlashLogError::Config(format!("no SSD preset {preset}")))
}

fn model(e: impl std::fmt::Display) -> FlashLogError {
    FlashLogError::Device(e.to_string())
}

/// Append/Pack driving a timed SSD.
#[derive(Debug, Clone)]
pub struct ApOnSsd {
    pub ap: AppendPack,
    pub ssd: TimedSsd,
    pub pipe: Pipe,
    /// How the device places A/P's page writes (`placement.rs`; striped unless a run says).
    pub placement: Placement,
    striper: Striper,
    version: u32,
}

impl ApOnSsd {
    /// Step 1.
    pub fn new(
        preset: &str,
        blocks_per_plane: u32,
        db_fraction: f64,
        queue_depth: usize,
    ) -> Result<Self, FlashLogError> {
        let ssd = ssd(preset, blocks_per_plane)?;
        // The device's erase unit as the host sees it: one block on every die (the FTL stripes
        // consecutive writes over the dies), so a chunk fills whole flash blocks [choice].
        let g = ssd.geometry;
        let eb = g.pages_per_block * g.dies() * g.planes_per_die;
        let blocks = ssd.logical_pages() / eb;
        let logical = (f64::from(blocks * eb) * db_fraction) as u32;
        let ap = AppendPack::new(ApConfig {
            eb_pages: eb,
            blocks,
            logical_pages: logical,
            low_watermark_blocks: 2,
        })?;
        Ok(Self {
            ap,
            ssd,
            pipe: Pipe::new(queue_depth),
            placement: Placement::default(),
            striper: Striper::default(),
            version: 0,
        })
    }

    /// One page of A/P's on the device at the pipe's next issue time, placed per `placement`.
    fn write_slot(&mut self, slot: u32) -> Result<(), FlashLogError> {
        let v = self.ap.slot_version[slot as usize];
        let ready = self.pipe.ready_ns();
        let t = match self.placement {
            Placement::Striped => self.striper.write(&mut self.ssd, slot, v, ready),
            Placement::Dynamic => self.ssd.write_page(slot, v, ready),
        }
        .map_err(model)?;
        self.pipe.done(t);
        Ok(())
    }

    /// One user page write through A/P, its device operations timed (step 2).
    pub fn write(&mut self, page: u32) -> Result<(), FlashLogError> {
        self.version = self.version.wrapping_add(1) % NO_VERSION;
        self.ap.write_auto(page, self.version)?;
        let eb = self.ap.config.eb_pages;
        for op in self.ap.drain_ops() {
            match op {
                DeviceOp::WriteChunk { block, .. } => {
                    for lba in block * eb..(block + 1) * eb {
                        self.write_slot(lba)?;
                    }
                }
                DeviceOp::WritePage { slot } => self.write_slot(slot)?,
                DeviceOp::ReadPage { slot } => {
                    let (_, t) = self.ssd.read_page(slot, self.pipe.ready_ns());
                    self.pipe.done(t);
                }
                DeviceOp::Erase { block } => {
                    for lba in block * eb..(block + 1) * eb {
                        self.ssd.trim(lba);
                    }
                }
            }
        }
        Ok(())
    }
}

/// A sustained write rate.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rate {
    pub user_pages: u64,
    pub elapsed_ns: u64,
    pub pages_per_s: f64,
    /// The SSD's own write amplification over the measured phase.
    pub ssd_write_amplification: f64,
}

fn rate(pages: u64, from_ns: u64, to_ns: u64, programs: u64, host: u64) -> Rate {
    let elapsed_ns = to_ns.saturating_sub(from_ns).max(1);
    Rate {
        user_pages: pages,
        elapsed_ns,
        pages_per_s: pages as f64 * 1e9 / elapsed_ns as f64,
        ssd_write_amplification: programs as f64 / host.max(1) as f64,
    }
}

/// Step 3, A/P: uniform random user writes over A/P's logical pages; also returns A/P's
/// counters at the start of the measured phase.
pub fn append_pack_rate(
    preset: &str,
    blocks_per_plane: u32,
    db_fraction: f64,
    warmup: u64,
    measured: u64,
    seed: u64,
) -> Result<(Rate, ApOnSsd, ApCounters), FlashLogError> {
    let mut run = ApOnSsd::new(preset, blocks_per_plane, db_fraction, 32)?;
    let mut rng = Rng::new(seed);
    let pages = u64::from(run.ap.config.logical_pages);
    for _ in 0..warmup {
        run.write(rng.below(pages) as u32)?;
    }
    let (t0, c0, ap0) = (run.pipe.end_ns, run.ssd.ftl.counters, run.ap.counters);
    for _ in 0..measured {
        run.write(rng.below(pages) as u32)?;
    }
    let c = run.ssd.ftl.counters;
    let r = rate(
        measured,
        t0,
        run.pipe.end_ns,
        c.flash_programs - c0.flash_programs,
        c.host_writes - c0.host_writes,
    );
    Ok((r, run, ap0))
}

/// The baseline's access pattern.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pattern {
    /// In LBA order on a fresh device.
    Sequential,
    /// Uniformly random LBAs on a fresh (never written) device.
    RandomFresh,
    /// Uniformly random LBAs after a full sequential fill and `warmup` random overwrites.
    RandomSteady { warmup: u64 },
}

/// Step 3, baseline: 4 KB in-place writes over the whole logical space of the device.
pub fn in_place_rate(
    preset: &str,
    blocks_per_plane: u32,
    pattern: Pattern,
    measured: u64,
    seed: u64,
) -> Result<Rate, FlashLogError> {
    let mut ssd = ssd(preset, blocks_per_plane)?;
    let logical = ssd.logical_pages();
    let mut rng = Rng::new(seed);
    let mut pipe = Pipe::new(32);
    let sequential = pattern == Pattern::Sequential;
    let lba = |i: u64, rng: &mut Rng| {
        if sequential {
            (i % u64::from(logical)) as u32
        } else {
            rng.below(u64::from(logical)) as u32
        }
    };
    if let Pattern::RandomSteady { warmup } = pattern {
        ssd.fill_untimed(0..logical).map_err(model)?;
        for i in 0..warmup {
            let t = ssd
                .write_page(lba(i, &mut rng), 0, pipe.ready_ns())
                .map_err(model)?;
            pipe.done(t);
        }
    }
    let (t0, c0) = (pipe.end_ns, ssd.ftl.counters);
    for i in 0..measured {
        let t = ssd
            .write_page(lba(i, &mut rng), 1, pipe.ready_ns())
            .map_err(model)?;
        pipe.done(t);
    }
    let c = ssd.ftl.counters;
    Ok(rate(
        measured,
        t0,
        pipe.end_ns,
        c.flash_programs - c0.flash_programs,
        c.host_writes - c0.host_writes,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_slow_operation_holds_one_slot_not_the_whole_queue() {
        let mut pipe = Pipe::new(2);
        let mut issued = Vec::new();
        for duration in [10, 1, 1, 1] {
            let at = pipe.ready_ns();
            issued.push(at);
            pipe.done(at + duration);
        }
        // A ring (op i waits for op i − 2) would issue the third at 10.
        assert_eq!(issued, vec![0, 0, 1, 2]);
        assert_eq!(pipe.end_ns, 10);
    }

    /// Reference: a closed loop with `depth` slots, each op issued at the earliest time a slot
    /// is free, found by scanning every slot.
    fn reference(depth: usize, durations: &[u64]) -> Vec<u64> {
        let mut slot_free = vec![0u64; depth];
        let mut now = 0;
        durations
            .iter()
            .map(|d| {
                let (i, free) = slot_free
                    .iter()
                    .copied()
                    .enumerate()
                    .min_by_key(|&(_, t)| t)
                    .unwrap();
                now = now.max(free);
                slot_free[i] = now + d;
                now
            })
            .collect()
    }

    #[test]
    fn the_pipe_issues_exactly_when_the_reference_closed_loop_does() {
        for seed in 1..=5 {
            let mut rng = Rng::new(seed);
            let depth = 1 + rng.below(40) as usize;
            let durations: Vec<u64> = (0..2_000)
                .map(|_| {
                    if rng.below(20) == 0 {
                        1_500 + rng.below(3_000)
                    } else {
                        20 + rng.below(200)
                    }
                })
                .collect();
            let mut pipe = Pipe::new(depth);
            let issued: Vec<u64> = durations
                .iter()
                .map(|d| {
                    let at = pipe.ready_ns();
                    pipe.done(at + d);
                    at
                })
                .collect();
            assert_eq!(
                issued,
                reference(depth, &durations),
                "seed {seed} depth {depth}"
            );
            assert!(
                issued.windows(2).all(|w| w[0] <= w[1]),
                "issue times go back"
            );
        }
    }
}
