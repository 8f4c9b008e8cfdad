//! Every device and workload constant the flashlog lab uses, with its source: the lab's
//! constants card (`info()`) and the flashlog section of `docs/CALIBRATION.md` read this list.

use crate::flashlog::config::{
    ARCHIVE_CHUNK_BYTES, CORES, CPU_NS_MEAN, LOG_BYTES_MEAN, OUTLIER_FACTOR, WORKERS,
};
use crate::flashlog::devices::hdd_log::{CACHE_ACK_NS, LOG_DISK_PRESET};
use crate::flashlog::devices::ssd_partitions::SYNC_OVERHEAD_NS;
use crate::flashlog::devices::usb::UsbProfile;
use crate::flashlog::media::LOG_BLOCK_BYTES;
use crate::payload::ConstantPayload;

fn c(key: &str, label: &str, value: f64, unit: &str, tag: &str, source: &str) -> ConstantPayload {
    ConstantPayload::new(key, label, value, unit, tag, source)
}

pub fn payloads() -> Vec<ConstantPayload> {
    let mut out = vec![
        c(
            "flashlog.cpu_us_mean",
            "CPU per transaction (mean)",
            CPU_NS_MEAN as f64 / 1e3,
            "µs",
            "fitted",
            "CALIBRATION POINT: fitted once so that ideal / disk ≈ 5.78 (the SIGMOD'09 5.7× at 98.6 % of ideal, digest §4.1)",
        ),
        c(
            "flashlog.workers",
            "worker threads",
            f64::from(WORKERS),
            "",
            "[D]",
            "model choice: 3 per core",
        ),
        c(
            "flashlog.cores",
            "CPU cores",
            f64::from(CORES),
            "",
            "[D]",
            "model choice: the CPUs saturate under ideal logging",
        ),
        c(
            "flashlog.log_bytes_mean",
            "redo per commit (mean)",
            LOG_BYTES_MEAN as f64,
            "B",
            "[D]",
            "model choice: a TPC-C new-order's redo, order of magnitude",
        ),
        c(
            "flashlog.ssd_sync_overhead_us",
            "SSD per-write sync overhead",
            SYNC_OVERHEAD_NS as f64 / 1e3,
            "µs",
            "fitted",
            "CALIBRATION POINT: fitted once so that naive SSD / disk ≈ 3 (paper §2.1)",
        ),
        c(
            "flashlog.cache_ack_us",
            "ideal disk: cache acknowledgement",
            CACHE_ACK_NS as f64 / 1e3,
            "µs",
            "[D]",
            "model choice: SATA command plus a few KB at 300 MB/s",
        ),
        c(
            "flashlog.outlier_factor",
            "outlier threshold (× average)",
            OUTLIER_FACTOR,
            "×",
            "[ext]",
            "SIGMOD'09 talk slides",
        ),
        c(
            "flashlog.archive_chunk_bytes",
            "archival batch",
            ARCHIVE_CHUNK_BYTES as f64,
            "B",
            "[Q]",
            "paper §2.1: \"e.g., 32KB\"",
        ),
        c(
            "flashlog.log_block_bytes",
            "log block",
            LOG_BLOCK_BYTES as f64,
            "B",
            "[D]",
            "InnoDB's 512 B log block",
        ),
    ];
    out.push(c(
        "flashlog.log_disk",
        "log disk preset (10k rpm)",
        10_000.0,
        "rpm",
        "[Q]",
        &format!(
            "HDD lab preset {LOG_DISK_PRESET} (Table 1); a small sync write costs about a rotation"
        ),
    ));
    for p in [UsbProfile::A, UsbProfile::B, UsbProfile::C] {
        let src = "ILLUSTRATIVE: the paper names drives A, B, C without latencies; chosen inside the digest's range (§3.2)";
        out.push(c(
            &format!("flashlog.{}.base_us", p.name),
            &format!("{} base write latency", p.name),
            p.base_ns as f64 / 1e3,
            "µs",
            "illustrative",
            src,
        ));
        out.push(c(
            &format!("flashlog.{}.us_per_kib", p.name),
            &format!("{} transfer per KiB", p.name),
            p.ns_per_kib as f64 / 1e3,
            "µs",
            "illustrative",
            src,
        ));
        out.push(c(
            &format!("flashlog.{}.outlier_probability", p.name),
            &format!("{} erase-outlier probability", p.name),
            p.outlier_probability,
            "",
            "illustrative",
            src,
        ));
        out.push(c(
            &format!("flashlog.{}.outlier_ms", p.name),
            &format!("{} erase-outlier extra latency", p.name),
            p.outlier_ns as f64 / 1e6,
            "ms",
            "illustrative",
            src,
        ));
    }
    out
}
