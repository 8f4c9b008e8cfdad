//! A logging configuration as the flashlog lab's scenario body (issue 27, item 6): the claims of
//! Figure 2 and of outlier re-issue link the very run they computed.
//!
//! 1. The log section names the configuration the lab builds with the same constructor
//!    (`lab::config::log_config`): disk, ideal, ssd_naive, striped USB drives, or FlashLogging on
//!    USB drives (with the archival HDD) or on SSD partitions, with the outlier factor or
//!    re-issue off.
//! 2. The workload is the lab's logging generator with every field of `Workload` spelled out
//!    (workers, cores, CPU µs, log bytes, group-commit window, transactions).
//! 3. A field the scenario format cannot carry (a sync overhead or archival batch other than
//!    the defaults, a CPU time that is not a whole µs) is an error naming it, never dropped.

use serde_json::{Map, Value, json};

use super::config::{ARCHIVE_CHUNK_BYTES, FlashLogConfig, Scheduler};
use super::devices::DeviceSpec;
use super::devices::ssd_partitions::SYNC_OVERHEAD_NS;

impl FlashLogConfig {
    /// The lab's `log` and `workload` sections for this configuration (steps 1–3).
    pub fn scenario_body(&self) -> Result<Map<String, Value>, String> {
        if self.ssd_sync_overhead_ns != SYNC_OVERHEAD_NS {
            return Err("ssd_sync_overhead_ns: the scenario format has only the default".into());
        }
        if self.archive_chunk_bytes != ARCHIVE_CHUNK_BYTES {
            return Err("archive_chunk_bytes: the scenario format has only the default".into());
        }
        let w = &self.workload;
        if !w.cpu_ns_mean.is_multiple_of(1_000) || !w.group_commit_window_ns.is_multiple_of(1_000) {
            return Err("workload: the scenario format takes whole µs".into());
        }
        let mut body = Map::new();
        body.insert("mode".into(), json!("logging"));
        body.insert("log".into(), self.log_section()?);
        let generator = json!({
            "workers": w.workers,
            "cores": w.cores,
            "cpu_us": w.cpu_ns_mean / 1_000,
            "log_bytes": w.log_bytes_mean,
            "group_commit_window_us": w.group_commit_window_ns / 1_000,
            "transactions": w.transactions,
        });
        body.insert("workload".into(), json!({ "generator": generator }));
        Ok(body)
    }

    fn drive_names(&self) -> Vec<&'static str> {
        self.devices
            .iter()
            .filter_map(|d| match d {
                DeviceSpec::Usb(p) => Some(p.name),
                _ => None,
            })
            .collect()
    }

    /// Step 1.
    fn log_section(&self) -> Result<Value, String> {
        let only = |spec: DeviceSpec| self.devices == [spec];
        Ok(match self.scheduler {
            Scheduler::Single if only(DeviceSpec::Hdd) => json!({"config": "disk"}),
            Scheduler::Single if only(DeviceSpec::WriteCacheHdd) => json!({"config": "ideal"}),
            Scheduler::Single if only(DeviceSpec::SsdPartition) => json!({"config": "ssd_naive"}),
            Scheduler::Single => return Err("devices: no single-device configuration".into()),
            Scheduler::Striped { stripe_bytes } => json!({
                "config": "striped",
                "drives": self.drive_names(),
                "stripe_bytes": stripe_bytes,
            }),
            Scheduler::FlashLogging {
                outlier_factor,
                archival_hdd,
            } => {
                let mut log = Map::new();
                log.insert("config".into(), json!("flashlogging"));
                if self.devices.iter().all(|d| *d == DeviceSpec::SsdPartition) {
                    log.insert("devices".into(), json!("ssd_partitions"));
                    log.insert("partitions".into(), json!(self.devices.len()));
                } else {
                    log.insert("drives".into(), json!(self.drive_names()));
                    log.insert("archival_hdd".into(), json!(archival_hdd));
                }
                match outlier_factor {
                    Some(factor) => log.insert("outlier_factor".into(), json!(factor)),
                    None => log.insert("outlier_reissue".into(), json!(false)),
                };
                if let Some(capacity) = self.flash_capacity_bytes {
                    log.insert("flash_capacity_bytes".into(), json!(capacity));
                }
                Value::Object(log)
            }
        })
    }
}
