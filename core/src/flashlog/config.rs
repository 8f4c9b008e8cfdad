//! A FlashLogging run's configuration: the transaction stream, the log devices and the scheduler,
//! with the named configurations of the paper's Figure 2 (reconstructed, digest §4.1).
//!
//! 1. Workload [choice, digest §2.1 "transaction model"]: W workers share K cores; each runs a
//!    transaction for a CPU time drawn uniformly in [c/2, 3c/2] on a free core, appends a commit record of
//!    uniformly [b/2, 3b/2] log bytes, and waits until the commit is acknowledged.
//! 2. Group commit: each dispatch takes all unissued log; `group_commit_window_ns` > 0 holds a
//!    dispatch until the oldest unissued commit has waited that long (the knob).
//! 3. Schedulers: `Single` (one device, one outstanding write: disk, ideal, naive SSD),
//!    `Striped` (conventional RAID-0 over N devices, one outstanding request split into stripe
//!    units), `FlashLogging` (online scheduling to any ready device, outlier re-issue, optional
//!    archival HDD).

use super::devices::DeviceSpec;
use super::devices::ssd_partitions::SYNC_OVERHEAD_NS;
use super::devices::usb::UsbProfile;

/// Transactions and their commits.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Workload {
    pub workers: u32,
    pub cores: u32,
    /// Mean CPU time per transaction. CALIBRATION POINT: fitted once so that ideal / disk ≈ 5.8
    /// (the SIGMOD'09 5.7× at 98.6 % of ideal, digest §4.1).
    pub cpu_ns_mean: u64,
    /// Mean log bytes per commit [choice: a TPC-C new-order's redo, order of magnitude].
    pub log_bytes_mean: u64,
    pub group_commit_window_ns: u64,
    /// Transactions to run in total (the run ends when all are acknowledged).
    pub transactions: u64,
}

/// CALIBRATION POINT (see `Workload::cpu_ns_mean`).
pub const CPU_NS_MEAN: u64 = 680_000;
/// [choice] 24 client threads (3 per core).
pub const WORKERS: u32 = 24;
/// [choice] 8 cores: with ideal logging the CPUs saturate, as in a DRAM-resident OLTP server.
pub const CORES: u32 = 8;
/// [choice] 1 KiB of redo per transaction.
pub const LOG_BYTES_MEAN: u64 = 1024;

impl Default for Workload {
    fn default() -> Self {
        Self {
            workers: WORKERS,
            cores: CORES,
            cpu_ns_mean: CPU_NS_MEAN,
            log_bytes_mean: LOG_BYTES_MEAN,
            group_commit_window_ns: 0,
            transactions: 2_000,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Scheduler {
    Single,
    Striped {
        stripe_bytes: u64,
    },
    FlashLogging {
        /// Re-issue a write outstanding longer than factor × average (None: detection off).
        outlier_factor: Option<f64>,
        /// Flush every `archive_chunk_bytes` of durable log to the archival HDD (the last
        /// device, which must be `Hdd`), which also takes writes when all flash is busy.
        archival_hdd: bool,
    },
}

/// The 32 KB archival batch [paper §2.1, "e.g."].
pub const ARCHIVE_CHUNK_BYTES: u64 = 32 * 1024;
/// The smallest flash log space the simulator runs with: the re-written partial block plus
/// one new block (a scenario asks for more, `lab::config`).
pub const MIN_FLASH_CAPACITY_BYTES: u64 = 1024;
/// The outlier factor of the SIGMOD'09 slides [ext].
pub const OUTLIER_FACTOR: f64 = 2.0;

#[derive(Debug, Clone, PartialEq)]
pub struct FlashLogConfig {
    pub name: String,
    pub devices: Vec<DeviceSpec>,
    pub scheduler: Scheduler,
    pub workload: Workload,
    pub archive_chunk_bytes: u64,
    /// Log space of each flash device (None: unbounded). Needs the archival HDD: only the
    /// archive frees flash (the lab models no checkpoint) (`archive.rs`).
    pub flash_capacity_bytes: Option<u64>,
    pub ssd_sync_overhead_ns: u64,
    pub seed: u64,
}

impl FlashLogConfig {
    fn named(name: &str, devices: Vec<DeviceSpec>, scheduler: Scheduler) -> Self {
        Self {
            name: name.into(),
            devices,
            scheduler,
            workload: Workload::default(),
            archive_chunk_bytes: ARCHIVE_CHUNK_BYTES,
            flash_capacity_bytes: None,
            ssd_sync_overhead_ns: SYNC_OVERHEAD_NS,
            seed: 1,
        }
    }

    /// "disk": one 10k rpm HDD.
    pub fn disk() -> Self {
        Self::named("disk", vec![DeviceSpec::Hdd], Scheduler::Single)
    }

    /// "ideal": the disk with its volatile write cache on (not durable).
    pub fn ideal() -> Self {
        Self::named("ideal", vec![DeviceSpec::WriteCacheHdd], Scheduler::Single)
    }

    /// "SSD naive": the original logging on one SSD, one outstanding write.
    pub fn ssd_naive() -> Self {
        Self::named(
            "ssd-naive",
            vec![DeviceSpec::SsdPartition],
            Scheduler::Single,
        )
    }

    /// FlashLogging on `partitions` partitions of one SSD.
    pub fn ssd_flashlogging(partitions: u32) -> Self {
        Self::named(
            &format!("ssd-fl-{partitions}p"),
            vec![DeviceSpec::SsdPartition; partitions.max(1) as usize],
            Scheduler::FlashLogging {
                outlier_factor: Some(OUTLIER_FACTOR),
                archival_hdd: false,
            },
        )
    }

    /// FlashLogging over USB drives ("1f", "2f"), plus the archival HDD ("-1d").
    pub fn usb(drives: &[UsbProfile], archival_hdd: bool) -> Self {
        let mut devices: Vec<DeviceSpec> = drives.iter().map(|&p| DeviceSpec::Usb(p)).collect();
        let mut name = format!(
            "{}-{}f",
            drives.first().map_or("usb", |p| p.name),
            drives.len()
        );
        if archival_hdd {
            devices.push(DeviceSpec::Hdd);
            name.push_str("-1d");
        }
        Self::named(
            &name,
            devices,
            Scheduler::FlashLogging {
                outlier_factor: Some(OUTLIER_FACTOR),
                archival_hdd,
            },
        )
    }

    /// Conventional striping over `n` USB drives with stripe unit `stripe_bytes`.
    pub fn striped(drive: UsbProfile, n: usize, stripe_bytes: u64) -> Self {
        Self::named(
            &format!("{}-striped-{n}", drive.name),
            vec![DeviceSpec::Usb(drive); n.max(1)],
            Scheduler::Striped { stripe_bytes },
        )
    }

    pub fn with_transactions(mut self, transactions: u64) -> Self {
        self.workload.transactions = transactions;
        self
    }

    /// Gives each flash device `bytes` of log space (`archive.rs`).
    pub fn with_flash_capacity(mut self, bytes: u64) -> Self {
        self.flash_capacity_bytes = Some(bytes);
        self
    }

    pub fn with_seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }

    pub fn with_outlier_factor(mut self, factor: Option<f64>) -> Self {
        if let Scheduler::FlashLogging { outlier_factor, .. } = &mut self.scheduler {
            *outlier_factor = factor;
        }
        self
    }

    /// Refuses configurations the simulator cannot run.
    pub fn validate(&self) -> Result<(), String> {
        let w = &self.workload;
        if w.cores == 0 || w.log_bytes_mean == 0 {
            return Err("cores and log_bytes_mean must be at least 1".into());
        }
        if self.devices.is_empty() {
            return Err("at least one log device is needed".into());
        }
        if let Some(capacity) = self.flash_capacity_bytes {
            let archival = matches!(
                self.scheduler,
                Scheduler::FlashLogging {
                    archival_hdd: true,
                    ..
                }
            );
            if !archival {
                return Err(
                    "flash_capacity_bytes needs FlashLogging with the archival HDD: \
                     only archiving frees flash (no checkpoint is modelled)"
                        .into(),
                );
            }
            if capacity < MIN_FLASH_CAPACITY_BYTES {
                return Err(format!(
                    "flash_capacity_bytes must be at least {MIN_FLASH_CAPACITY_BYTES} (two log blocks)"
                ));
            }
        }
        match self.scheduler {
            Scheduler::Single if self.devices.len() != 1 => {
                Err("the single-device scheduler takes exactly one device".into())
            }
            Scheduler::Striped { stripe_bytes } if stripe_bytes < 512 => {
                Err("stripe_bytes must be at least one 512 B block".into())
            }
            Scheduler::FlashLogging { archival_hdd, .. } => {
                let flash = self
                    .devices
                    .iter()
                    .filter(|d| matches!(d, DeviceSpec::Usb(_) | DeviceSpec::SsdPartition))
                    .count();
                let last_is_hdd = self.devices.last() == Some(&DeviceSpec::Hdd);
                if flash == 0 {
                    Err("FlashLogging needs at least one flash device".into())
                } else if archival_hdd != last_is_hdd
                    || flash + usize::from(archival_hdd) != self.devices.len()
                {
                    Err(
                        "FlashLogging devices are flash drives, then the archival HDD if enabled"
                            .into(),
                    )
                } else {
                    Ok(())
                }
            }
            _ => Ok(()),
        }
    }
}
