//! FlashLogging as a discrete-event simulation: W workers commit transactions whose log must be
//! durable before the commit is acknowledged; the log goes to the configured devices.
//!
//! 1. `CpuDone(w)`: worker w finished its transaction's CPU work on one of the cores (workers
//!    wait FIFO for a free core); its commit record is appended
//!    to the in-memory log (`next_lsn` advances) and waits; the scheduler may dispatch (§2.1).
//! 2. Dispatch (`dispatch.rs`): group commit takes all unissued log, from the start of its
//!    partial last 512 B block, to a ready device (per the scheduler).
//! 3. `WriteDone(r)`: the write reached the medium: its record (with header) is stored, its LSN
//!    range joins the durable set, and every waiting commit whose whole log prefix is durable is
//!    acknowledged in LSN order (prefix durability, digest §5 invariant 2); the worker starts
//!    its next transaction.
//! 4. `OutlierCheck(r)`: at issue + factor × the device's average latency for that size, a
//!    write still outstanding is an outlier: it is re-issued to another ready flash device
//!    (main area, or the outlier hiding area if LSN order would break) [paper §2.1; ext].
//! 5. `GroupTimer`: the group-commit window of the oldest unissued commit has elapsed.
//! 6. Archive (`archive.rs`): durable log goes to the archival HDD in 32 KB batches; flash
//!    space with a capacity is freed only once an archive write holding it completes.
//!
//! One `step()` handles one event. The state is plain owned data (`Clone`) for keyframes.

use std::collections::VecDeque;

use super::config::{FlashLogConfig, Scheduler as LogScheduler};
use super::devices::hdd_log::HddLog;
use super::devices::ssd_partitions::SsdPartitions;
use super::devices::{DeviceKind, DeviceSpec, LogDevice};
use super::durable::IntervalSet;
use super::error::FlashLogError;
use super::media::Area;
use crate::device::ssd::stats::LatencyHistogram;
use crate::sim::{Rng, Scheduler};

/// The worker id of a commit filed by `append_commit` from a script (no worker behind it).
pub const SCRIPTED_WORKER: u32 = u32::MAX;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Event {
    CpuDone(u32),
    WriteDone(usize),
    OutlierCheck(usize),
    GroupTimer,
    /// Scheduled by a driver (`schedule_external`) and returned by `step` unhandled: a lab's
    /// scripted commit arrivals and its crash instant.
    External(u32),
}

/// Why a device write was issued.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    /// A group-commit flush.
    Log,
    /// A copy of outlier request `of` on another device.
    Reissue { of: usize },
    /// One stripe unit of a striped flush.
    StripePiece,
    /// A 32 KB batch to the archival HDD (off the commit path).
    Archive,
    /// Acknowledged from the ideal disk's volatile cache.
    CacheAck,
    /// The ideal disk writing its cache to the platter.
    Destage,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WriteRequest {
    pub id: usize,
    pub dev: usize,
    pub start_lsn: u64,
    pub end_lsn: u64,
    pub area: Area,
    pub purpose: Purpose,
    pub issued_ns: u64,
    pub due_ns: u64,
    pub done_ns: Option<u64>,
    /// The device model drew an erase outlier for this write.
    pub outlier: bool,
    /// A copy was issued elsewhere.
    pub reissued: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Txn {
    pub id: u64,
    pub worker: u32,
    pub start_lsn: u64,
    pub end_lsn: u64,
    pub commit_ns: u64,
    pub ack_ns: Option<u64>,
}

#[derive(Debug, Clone, Default)]
pub struct FlashLogStats {
    pub commit_latency: LatencyHistogram,
    pub acked: u64,
    pub outliers_detected: u64,
    pub reissues: u64,
    pub hdd_sync_writes: u64,
    pub archive_writes: u64,
    /// Completions whose range was already durable (re-issue copies, the slower twin).
    pub duplicate_completions: u64,
    /// Commits acknowledged while their log prefix was not durable ("ideal" only).
    pub unsafe_acks: u64,
    /// Dispatches that found pending log and no flash room for it (`archive.rs` step 4).
    pub space_stalls: u64,
}

#[derive(Debug, Clone)]
pub struct FlashLogSim {
    pub config: FlashLogConfig,
    pub(super) queue: Scheduler<Event>,
    pub(super) rng: Rng,
    pub devices: Vec<LogDevice>,
    pub ssd: Option<SsdPartitions>,
    pub next_lsn: u64,
    pub issued_upto: u64,
    pub durable: IntervalSet,
    /// Durable ranges plus ranges acknowledged from a volatile cache.
    pub acked_set: IntervalSet,
    pub requests: Vec<WriteRequest>,
    pub txns: Vec<Txn>,
    pub(super) waiting: VecDeque<usize>,
    pub txns_started: u64,
    /// Idle CPU cores, and workers waiting for one (FIFO).
    pub free_cores: u32,
    pub(super) run_queue: VecDeque<u32>,
    pub(super) pending_since_ns: Option<u64>,
    pub(super) timer_at_ns: Option<u64>,
    /// The archive durably holds `[0, archived_upto)` (`archive.rs`).
    pub archived_upto: u64,
    /// Pending log found every idle flash device too full (`archive.rs` step 2).
    pub space_blocked: bool,
    /// Striping: pieces of the open request not yet done, and each device's queued pieces.
    pub stripe_open: usize,
    pub(super) stripe_queue: Vec<VecDeque<(u64, u64)>>,
    /// Detected outliers waiting for a ready device.
    pub(super) pending_reissue: Vec<usize>,
    pub(super) rr_cursor: usize,
    pub stats: FlashLogStats,
    pub steps: u64,
}

impl FlashLogSim {
    pub fn new(config: FlashLogConfig) -> Result<Self, FlashLogError> {
        config.validate().map_err(FlashLogError::Config)?;
        let mut rng = Rng::new(config.seed);
        let partitions = config
            .devices
            .iter()
            .filter(|d| **d == DeviceSpec::SsdPartition)
            .count() as u32;
        let ssd = if partitions > 0 {
            Some(
                SsdPartitions::new(partitions, config.ssd_sync_overhead_ns)
                    .ok_or_else(|| FlashLogError::Device("log SSD preset missing".into()))?,
            )
        } else {
            None
        };
        let mut devices = Vec::new();
        let mut partition = 0;
        for (i, spec) in config.devices.iter().enumerate() {
            let device = match *spec {
                DeviceSpec::Hdd => {
                    let hdd = HddLog::new(rng.next_u64()).map_err(FlashLogError::Device)?;
                    LogDevice::new(format!("hdd{i}"), DeviceKind::Hdd(hdd), |_| 6_000_000)
                }
                DeviceSpec::WriteCacheHdd => {
                    let hdd = HddLog::new(rng.next_u64()).map_err(FlashLogError::Device)?;
                    let kind = DeviceKind::WriteCacheHdd {
                        hdd,
                        cached: None,
                        destaging: None,
                    };
                    LogDevice::new(format!("hdd{i}-cache"), kind, |_| 50_000)
                }
                DeviceSpec::Usb(profile) => {
                    let kind = DeviceKind::Usb {
                        profile,
                        rng: Rng::new(config.seed ^ (0xA5A5_0000 + i as u64)),
                    };
                    LogDevice::new(format!("{}#{i}", profile.name), kind, |b| {
                        profile.profiled_mean_ns(b)
                    })
                }
                DeviceSpec::SsdPartition => {
                    let nominal = ssd.as_ref().map_or(0, SsdPartitions::nominal_ns);
                    let kind = DeviceKind::SsdPartition { partition };
                    partition += 1;
                    LogDevice::new(format!("ssd-p{partition}"), kind, |_| nominal)
                }
            };
            let mut device = device;
            if device.is_flash() {
                device.capacity_bytes = config.flash_capacity_bytes;
            }
            devices.push(device);
        }
        let n = devices.len();
        let mut sim = Self {
            config,
            queue: Scheduler::new(),
            rng,
            devices,
            ssd,
            next_lsn: 0,
            issued_upto: 0,
            durable: IntervalSet::default(),
            acked_set: IntervalSet::default(),
            requests: Vec::new(),
            txns: Vec::new(),
            waiting: VecDeque::new(),
            txns_started: 0,
            free_cores: 0,
            run_queue: VecDeque::new(),
            pending_since_ns: None,
            timer_at_ns: None,
            archived_upto: 0,
            space_blocked: false,
            stripe_open: 0,
            stripe_queue: vec![VecDeque::new(); n],
            pending_reissue: Vec::new(),
            rr_cursor: 0,
            stats: FlashLogStats::default(),
            steps: 0,
        };
        sim.free_cores = sim.config.workload.cores;
        for w in 0..sim.config.workload.workers {
            sim.start_transaction(w);
        }
        Ok(sim)
    }

    /// One event; `Ok(None)` when the run is over (every transaction acknowledged).
    pub fn step(&mut self) -> Result<Option<Event>, FlashLogError> {
        let Some((_, event)) = self
            .queue
            .pop()
            .map_err(|e| FlashLogError::Invariant(e.to_string()))?
        else {
            return Ok(None);
        };
        self.steps += 1;
        match event {
            Event::CpuDone(w) => self.commit(w)?,
            Event::WriteDone(id) => self.complete(id)?,
            Event::OutlierCheck(id) => self.check_outlier(id)?,
            Event::GroupTimer => {
                self.timer_at_ns = None;
                self.dispatch()?;
            }
            Event::External(_) => {}
        }
        Ok(Some(event))
    }

    /// Current simulated time (the scheduler's clock).
    pub fn now_ns(&self) -> u64 {
        self.queue.now_ns()
    }

    /// Runs to the end.
    pub fn run(&mut self) -> Result<(), FlashLogError> {
        while self.step()?.is_some() {}
        Ok(())
    }

    /// Acknowledged commits per simulated second, up to the latest acknowledgement (events
    /// after it — outlier checks that find their write done, the ideal disk's destaging, a
    /// crash — are not commit work and must not dilute the rate).
    pub fn throughput_per_s(&self) -> f64 {
        let acked = self.txns.len() - self.waiting.len();
        let last_ack_ns = acked
            .checked_sub(1)
            .and_then(|i| self.txns[i].ack_ns)
            .unwrap_or(0);
        if last_ack_ns == 0 {
            0.0
        } else {
            acked as f64 * 1e9 / last_ack_ns as f64
        }
    }

    fn uniform_around(&mut self, mean: u64) -> u64 {
        mean / 2 + self.rng.below(mean + 1)
    }

    fn start_transaction(&mut self, worker: u32) {
        if self.txns_started >= self.config.workload.transactions {
            return;
        }
        self.txns_started += 1;
        if self.free_cores > 0 {
            self.run_on_core(worker);
        } else {
            self.run_queue.push_back(worker);
        }
    }

    fn run_on_core(&mut self, worker: u32) {
        self.free_cores -= 1;
        let cpu = self.uniform_around(self.config.workload.cpu_ns_mean);
        self.queue
            .schedule(self.now_ns() + cpu, Event::CpuDone(worker));
    }

    /// Step 1.
    fn commit(&mut self, worker: u32) -> Result<(), FlashLogError> {
        self.free_cores += 1;
        if let Some(next) = self.run_queue.pop_front() {
            self.run_on_core(next);
        }
        let bytes = self
            .uniform_around(self.config.workload.log_bytes_mean)
            .max(1);
        self.append_commit(worker, bytes).map(|_| ())
    }

    /// Files `event` for `at_ns`; `step` returns it unhandled. A driver files its script before
    /// the first step (`LogState::new`), so `at_ns` is never before now: the scheduler asserts
    /// that, and reports an event in the past as an error naming it, never a clamp.
    pub fn schedule_external(&mut self, at_ns: u64, tag: u32) {
        self.queue.schedule(at_ns, Event::External(tag));
    }

    /// Appends a commit record of `bytes` for `worker` (`SCRIPTED_WORKER` for a scripted
    /// commit, which starts no next transaction) and dispatches; returns the txn's index.
    pub fn append_commit(&mut self, worker: u32, bytes: u64) -> Result<usize, FlashLogError> {
        let bytes = bytes.max(1);
        let txn = Txn {
            id: self.txns.len() as u64,
            worker,
            start_lsn: self.next_lsn,
            end_lsn: self.next_lsn + bytes,
            commit_ns: self.now_ns(),
            ack_ns: None,
        };
        self.next_lsn = txn.end_lsn;
        self.waiting.push_back(self.txns.len());
        self.txns.push(txn);
        self.pending_since_ns.get_or_insert(self.now_ns());
        self.dispatch()?;
        Ok(self.txns.len() - 1)
    }

    /// Step 3: acknowledges, in LSN order, every waiting commit whose log prefix is covered.
    pub(super) fn acknowledge(&mut self) {
        let covered = self.acked_set.prefix();
        let durable = self.durable.prefix();
        while let Some(&t) = self.waiting.front() {
            let txn = self.txns[t];
            if txn.end_lsn > covered {
                break;
            }
            // Acknowledgements go in LSN order: every earlier commit was acknowledged, so what a
            // client saw acknowledged is a prefix of the log (digest §5 invariant 2).
            debug_assert!(
                t.checked_sub(1)
                    .is_none_or(|p| self.txns[p].ack_ns.is_some()),
                "commit {t} acknowledged before commit {}",
                t.wrapping_sub(1)
            );
            self.waiting.pop_front();
            self.txns[t].ack_ns = Some(self.now_ns());
            self.stats.acked += 1;
            self.stats.unsafe_acks += u64::from(txn.end_lsn > durable);
            self.stats
                .commit_latency
                .record(self.now_ns() - txn.commit_ns);
            if txn.worker != SCRIPTED_WORKER {
                self.start_transaction(txn.worker);
            }
        }
    }

    pub(super) fn flashlogging(&self) -> Option<(Option<f64>, bool)> {
        match self.config.scheduler {
            LogScheduler::FlashLogging {
                outlier_factor,
                archival_hdd,
            } => Some((outlier_factor, archival_hdd)),
            _ => None,
        }
    }

    /// The highest LSN of any acknowledged commit (0 if none).
    pub fn acked_end_lsn(&self) -> u64 {
        let acked = self.txns.len() - self.waiting.len();
        acked
            .checked_sub(1)
            .map_or(0, |last| self.txns[last].end_lsn)
    }
}
