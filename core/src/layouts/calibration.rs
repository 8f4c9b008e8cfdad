//! The layouts section of `docs/CALIBRATION.md`: every constant the lab's scans run on, with
//! its source. The devices are the existing HDD and SSD presets of seed 001 (their own
//! sections list the device constants); here are Table 2's B and l the analytical model uses,
//! the scan engine's knobs and the CPU model's costs (two of them calibration points).

use super::cpu::CpuModel;
use super::device::DeviceId;
use super::settings::{KB, MB, SEEK_THRESHOLD_BYTES, ScanSettings};
use crate::plugin::{GeneratedBlock, cell, format_value};

pub fn blocks() -> Vec<GeneratedBlock> {
    vec![GeneratedBlock {
        name: "layouts constants",
        body: markdown(),
    }]
}

fn row(out: &mut String, key: &str, value: f64, unit: &str, tag: &str, source: &str) {
    out.push_str(&format!(
        "| `{key}` | {} | {unit} | {} | {} |\n",
        format_value(value),
        cell(tag),
        cell(source)
    ));
}

pub fn markdown() -> String {
    let mut out = String::from(
        "Generated from `core/src/layouts/{device,settings,cpu}.rs`. Devices: HDD preset \
         `seed001-barracuda-sata2`, SSD presets `ssd_fast`, `ssd_medium`, `ssd_slow` (datasheet \
         mode, no η calibration).\n\n\
         | parameter | value | unit | tag | source |\n|---|---|---|---|---|\n",
    );
    device_rows(&mut out);
    scan_rows(&mut out);
    cpu_rows(&mut out);
    out
}

/// Table 2's bandwidth and latency of each device, as the analytical model uses them.
fn device_rows(out: &mut String) {
    for d in DeviceId::ALL {
        let (b, l) = d.table2_bandwidth_latency();
        let name = d.preset();
        row(
            out,
            &format!("layouts.{name}.bandwidth"),
            b,
            "MB/s",
            "paper",
            "Table 2 (Eq. 1–5's B)",
        );
        row(
            out,
            &format!("layouts.{name}.latency"),
            l,
            "ms",
            "paper",
            "Table 2 (Eq. 2–3's l)",
        );
    }
}

/// The scan engine's knobs (I/O unit, read-ahead, queue depth, placement, CFQ).
fn scan_rows(out: &mut String) {
    let s = ScanSettings::default();
    row(
        out,
        "layouts.io_unit",
        (s.io_unit_bytes / KB) as f64,
        "KB",
        "paper",
        "§4.2 tuned I/O unit",
    );
    row(
        out,
        "layouts.read_ahead",
        (s.read_ahead_bytes / MB) as f64,
        "MB",
        "paper",
        "§4.2 tuned I/O depth (48 units)",
    );
    row(
        out,
        "layouts.queue_depth",
        f64::from(s.queue_depth),
        "requests",
        "paper",
        "§4.4 (32 for SSD-Fast and the disk)",
    );
    row(
        out,
        "layouts.block_group",
        (s.fragment_bytes / MB) as f64,
        "MiB",
        "design",
        "ext2 block group (mke2fs defaults, recalled)",
    );
    row(
        out,
        "layouts.block_group_gap",
        (s.fragment_gap_bytes / KB) as f64,
        "KB",
        "design",
        "ext2 group metadata between groups",
    );
    row(
        out,
        "layouts.cfq_slice",
        s.cfq_slice_ns as f64 / 1e6,
        "ms",
        "design",
        "Linux 2.6.24 cfq_slice_sync = HZ/10",
    );
    row(
        out,
        "layouts.cfq_idle",
        s.cfq_idle_ns as f64 / 1e6,
        "ms",
        "design",
        "Linux 2.6.24 cfq_slice_idle = HZ/125",
    );
    row(
        out,
        "layouts.seek_threshold",
        SEEK_THRESHOLD_BYTES as f64,
        "B",
        "paper",
        "§5.1.1 blktrace: ≥ 63 sectors apart",
    );
    row(
        out,
        "layouts.block_rows",
        s.block_rows as f64,
        "rows",
        "assumption",
        "digest §8 item 11",
    );
}

/// The CPU model's costs (two of them calibration points).
fn cpu_rows(out: &mut String) {
    let c = CpuModel::default();
    row(
        out,
        "layouts.cpu.nsm_byte",
        c.nsm_byte_ns,
        "ns/B",
        "calibration point",
        "row store 6 % CPU on SSD-Fast (Fig. 6(b), §5.3.2)",
    );
    row(
        out,
        "layouts.cpu.dsm_value",
        c.dsm_value_ns,
        "ns/value",
        "calibration point",
        "column store 59 % CPU at s = 100 % (Fig. 6(b))",
    );
    row(
        out,
        "layouts.cpu.project_value",
        c.project_value_ns,
        "ns/value",
        "assumption",
        "cpu.rs",
    );
    row(
        out,
        "layouts.cpu.decompress_value",
        c.decompress_value_ns,
        "ns/value",
        "assumption",
        "digest §3.4 item 4: γ ≈ 1.6 ms per compressed MB",
    );
    row(
        out,
        "layouts.cpu.overlap",
        c.overlap,
        "",
        "paper",
        "Eq. 1: ω = 1 (CPU overlaps I/O)",
    );
    row(
        out,
        "layouts.cpu.compressed_column_overlap",
        c.compressed_column_overlap,
        "",
        "assumption",
        "digest §3.3: 0–0.3",
    );
}
