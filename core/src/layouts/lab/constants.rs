//! Every constant the layouts lab's scans run on, with its source: the lab's constants card
//! (`info()`) and the layouts section of `docs/CALIBRATION.md` read this list.
//!
//! 1. The device: its preset's own constants (`device::hdd` or `device::ssd` presets, each
//!    with its tag and source), then Table 2's B and l that the analytical model uses for it.
//! 2. The scan engine's knobs and the CPU model's costs (two of them calibration points), as
//!    the scenario set them: a value other than the default is tagged `override` and its source
//!    keeps the default and where that came from.

use crate::device::hdd::presets as hdd_presets;
use crate::device::provenance::Constant;
use crate::device::ssd::presets as ssd_presets;
use crate::layouts::device::DeviceId;
use crate::layouts::settings::{KB, MB, SEEK_THRESHOLD_BYTES, ScanSettings};
use crate::payload::ConstantPayload;

/// The preset constants of `device` (the model the scans are timed on), with their sources.
pub fn device_constants(device: DeviceId) -> Vec<Constant> {
    if device.is_disk() {
        hdd_presets::preset(device.preset())
            .map(|p| p.params.all().into_iter().cloned().collect())
            .unwrap_or_default()
    } else {
        ssd_presets::preset(device.preset())
            .map(|p| p.constants)
            .unwrap_or_default()
    }
}

/// One knob: key, label, value as run, default value, unit, tag and source of the default.
type Knob = (
    &'static str,
    &'static str,
    f64,
    f64,
    &'static str,
    &'static str,
    &'static str,
);

/// Table 2's B and l for each of `devices`, as the analytical model uses them.
fn table2_constants(devices: &[DeviceId], out: &mut Vec<ConstantPayload>) {
    for &d in devices {
        let (b, l) = d.table2_bandwidth_latency();
        let name = d.preset();
        out.push(ConstantPayload::new(
            format!("layouts.{name}.bandwidth"),
            "sequential read bandwidth B",
            b,
            "MB/s",
            "paper",
            "Table 2 (Eq. 1–5's B)",
        ));
        out.push(ConstantPayload::new(
            format!("layouts.{name}.latency"),
            "access latency l",
            l,
            "ms",
            "paper",
            "Table 2 (Eq. 2–3's l)",
        ));
    }
}

/// The scan engine's knobs as run (`s`) and by default (`d`).
fn scan_knobs(s: &ScanSettings, d: &ScanSettings) -> [Knob; 9] {
    [
        (
            "layouts.io_unit",
            "I/O unit",
            (s.io_unit_bytes / KB) as f64,
            (d.io_unit_bytes / KB) as f64,
            "KB",
            "paper",
            "§4.2 tuned I/O unit",
        ),
        (
            "layouts.read_ahead",
            "read-ahead",
            (s.read_ahead_bytes / MB) as f64,
            (d.read_ahead_bytes / MB) as f64,
            "MB",
            "paper",
            "§4.2 tuned I/O depth (48 units)",
        ),
        (
            "layouts.queue_depth",
            "device queue depth",
            f64::from(s.queue_depth),
            f64::from(d.queue_depth),
            "requests",
            "paper",
            "§4.4 (32 for SSD-Fast and the disk)",
        ),
        (
            "layouts.block_group",
            "file fragment (block group)",
            (s.fragment_bytes / MB) as f64,
            (d.fragment_bytes / MB) as f64,
            "MiB",
            "design",
            "ext2 block group (mke2fs defaults, recalled)",
        ),
        (
            "layouts.block_group_gap",
            "gap between fragments",
            (s.fragment_gap_bytes / KB) as f64,
            (d.fragment_gap_bytes / KB) as f64,
            "KB",
            "design",
            "ext2 group metadata between groups",
        ),
        (
            "layouts.cfq_slice",
            "CFQ time slice",
            s.cfq_slice_ns as f64 / 1e6,
            d.cfq_slice_ns as f64 / 1e6,
            "ms",
            "design",
            "Linux 2.6.24 cfq_slice_sync = HZ/10",
        ),
        (
            "layouts.cfq_idle",
            "CFQ idle wait",
            s.cfq_idle_ns as f64 / 1e6,
            d.cfq_idle_ns as f64 / 1e6,
            "ms",
            "design",
            "Linux 2.6.24 cfq_slice_idle = HZ/125",
        ),
        (
            "layouts.seek_threshold",
            "seek threshold",
            SEEK_THRESHOLD_BYTES as f64,
            SEEK_THRESHOLD_BYTES as f64,
            "B",
            "paper",
            "§5.1.1 blktrace: ≥ 63 sectors apart",
        ),
        (
            "layouts.block_rows",
            "rows per output block",
            s.block_rows as f64,
            d.block_rows as f64,
            "rows",
            "assumption",
            "digest §8 item 11",
        ),
    ]
}

/// The CPU model's costs as run and by default (two of them calibration points).
fn cpu_knobs(s: &ScanSettings, d: &ScanSettings) -> [Knob; 6] {
    let (c, dc) = (&s.cpu, &d.cpu);
    [
        (
            "layouts.cpu.nsm_byte",
            "CPU per row-store byte",
            c.nsm_byte_ns,
            dc.nsm_byte_ns,
            "ns/B",
            "calibration point",
            "row store 6 % CPU on SSD-Fast (Fig. 6(b), §5.3.2)",
        ),
        (
            "layouts.cpu.dsm_value",
            "CPU per column-store value",
            c.dsm_value_ns,
            dc.dsm_value_ns,
            "ns/value",
            "calibration point",
            "column store 59 % CPU at s = 100 % (Fig. 6(b))",
        ),
        (
            "layouts.cpu.project_value",
            "CPU per projected value",
            c.project_value_ns,
            dc.project_value_ns,
            "ns/value",
            "assumption",
            "cpu.rs",
        ),
        (
            "layouts.cpu.decompress_value",
            "CPU per decompressed value",
            c.decompress_value_ns,
            dc.decompress_value_ns,
            "ns/value",
            "assumption",
            "digest §3.4 item 4: γ ≈ 1.6 ms per compressed MB",
        ),
        (
            "layouts.cpu.overlap",
            "CPU/I/O overlap ω",
            c.overlap,
            dc.overlap,
            "",
            "paper",
            "Eq. 1: ω = 1 (CPU overlaps I/O)",
        ),
        (
            "layouts.cpu.compressed_column_overlap",
            "CPU/I/O overlap, compressed columns",
            c.compressed_column_overlap,
            dc.compressed_column_overlap,
            "",
            "assumption",
            "digest §3.3: 0–0.3",
        ),
    ]
}

/// The lab's own constants: Table 2's B and l for each of `devices`, then the scan engine's
/// knobs and CPU costs of `settings` (marked `override` where they differ from the defaults).
pub fn lab_constants(devices: &[DeviceId], settings: &ScanSettings) -> Vec<ConstantPayload> {
    let mut out = Vec::new();
    table2_constants(devices, &mut out);
    let d = ScanSettings::default();
    let knobs = scan_knobs(settings, &d)
        .into_iter()
        .chain(cpu_knobs(settings, &d));
    for (key, label, value, default, unit, tag, source) in knobs {
        out.push(if value == default {
            ConstantPayload::new(key, label, value, unit, tag, source)
        } else {
            ConstantPayload::new(
                key,
                label,
                value,
                unit,
                "override",
                format!("scenario (default {default} {unit}: {tag}, {source})"),
            )
        });
    }
    out
}

/// Every constant of a run on `device` with `settings`: the device's, then the lab's.
pub fn payloads(device: DeviceId, settings: &ScanSettings) -> Vec<ConstantPayload> {
    let mut out: Vec<ConstantPayload> = device_constants(device)
        .iter()
        .map(Constant::payload)
        .collect();
    out.extend(lab_constants(&[device], settings));
    if device == DeviceId::Raid0 {
        let default_kb = ScanSettings::default().stripe_bytes / KB;
        let kb = settings.stripe_bytes / KB;
        out.push(ConstantPayload::new(
            "layouts.raid0.stripe",
            "RAID-0 stripe unit (2 members)",
            kb as f64,
            "KB",
            if kb == default_kb {
                "design"
            } else {
                "override"
            },
            format!(
                "mdadm 2.6's default --chunk, {default_kb} KB (recalled); §5.1.2 does not state it"
            ),
        ));
    }
    out
}
