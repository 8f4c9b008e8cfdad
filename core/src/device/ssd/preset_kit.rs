//! The parts every SSD preset is made of (the `Preset` type, the constant keys, shared timing
//! and interface constants with their sources), apart from the list of presets (`presets`), so
//! that the preset files (`drives`, `nand_configs`) and the list do not import each other.

use super::provenance::{Constant, Tag};

/// A named device: its constants in display order.
#[derive(Debug, Clone, PartialEq)]
pub struct Preset {
    pub id: &'static str,
    pub label: &'static str,
    pub description: &'static str,
    pub constants: Vec<Constant>,
}

/// (key, label, unit) of every constant, in display order.
pub const KEYS: &[(&str, &str, &str)] = &[
    ("channels", "channels", "channels"),
    ("dies_per_channel", "dies per channel", "dies"),
    ("planes_per_die", "planes per die", "planes"),
    ("blocks_per_plane", "blocks per plane (lab scale)", "blocks"),
    ("pages_per_block", "pages per block", "pages"),
    ("page_bytes", "page size", "B"),
    (
        "over_provisioning",
        "over-provisioning (spare factor of physical)",
        "fraction",
    ),
    ("read_us", "page read tR (LSB)", "µs"),
    ("read_msb_us", "page read tR (MSB)", "µs"),
    ("program_us", "page program tPROG (LSB)", "µs"),
    ("program_msb_us", "page program tPROG (MSB)", "µs"),
    ("erase_us", "block erase tBERS", "µs"),
    ("channel_mb_s", "channel transfer rate", "MB/s"),
    ("host_mb_s", "host link rate", "MB/s"),
    ("command_us", "controller time per command", "µs"),
    ("write_buffer_pages", "write buffer", "pages"),
    ("endurance_pe", "endurance", "P/E cycles"),
    ("capacity_gb", "capacity of the real device", "GB"),
];

pub(super) const NUMONYX: &str = "Numonyx NAND02G-B2D SLC datasheet (calibration.md A3, E)";
pub(super) const FEMU_L95B: &str =
    "FEMU nand.h, profiled from Micron L95B MLC (calibration.md A3, E)";
pub(super) const MICRON_MLC: &str = "Micron MT29F64G08CBAAA MLC datasheet (calibration.md A3, E)";
pub(super) const MQSIM_OP: &str =
    "MQSim ssdconfig.xml default Overprovisioning_Ratio (calibration.md C1, E)";
pub(super) const ONFI2: &str =
    "ONFI 2.0 synchronous interface, 133 MT/s × 8 bit (recalled, not re-read; 2008-10 era parts)";
pub(super) const NO_BUFFER: &str = "model choice: write-through, no DRAM write cache modelled";
pub(super) const LAB_SCALE: &str =
    "model choice: lab scale (the lab caps a device at 262,144 pages)";

pub(super) fn c(key: &'static str, value: f64, tag: Tag, source: &str) -> Constant {
    let (label, unit) = KEYS
        .iter()
        .find(|(k, _, _)| *k == key)
        .map_or(("?", "?"), |(_, l, u)| (*l, *u));
    Constant::new(key, label, value, unit, tag, source)
}

/// SLC timings of the Numonyx datasheet, shared by several presets.
pub(super) fn slc_timings(out: &mut Vec<Constant>) {
    out.push(c(
        "read_us",
        25.0,
        Tag::Quoted,
        &format!("{NUMONYX}: tR 25 µs max"),
    ));
    out.push(c(
        "read_msb_us",
        25.0,
        Tag::Design,
        "SLC: no MSB page; same as tR",
    ));
    out.push(c(
        "program_us",
        200.0,
        Tag::Quoted,
        &format!("{NUMONYX}: tPROG 200 µs typ"),
    ));
    out.push(c(
        "program_msb_us",
        200.0,
        Tag::Design,
        "SLC: no MSB page; same as tPROG",
    ));
    out.push(c(
        "erase_us",
        1500.0,
        Tag::Quoted,
        &format!("{NUMONYX}: tBERS 1.5 ms typ"),
    ));
}

/// MLC timings of calibration.md E (FEMU L95B page-type split, Micron erase).
pub(super) fn mlc_timings(out: &mut Vec<Constant>) {
    out.push(c(
        "read_us",
        48.0,
        Tag::QuotedCode,
        &format!("{FEMU_L95B}: LSB read 48 µs"),
    ));
    out.push(c(
        "read_msb_us",
        64.0,
        Tag::QuotedCode,
        &format!("{FEMU_L95B}: MSB read 64 µs"),
    ));
    out.push(c(
        "program_us",
        850.0,
        Tag::QuotedCode,
        &format!("{FEMU_L95B}: LSB program 850 µs"),
    ));
    out.push(c(
        "program_msb_us",
        2300.0,
        Tag::QuotedCode,
        &format!("{FEMU_L95B}: MSB program 2300 µs"),
    ));
    out.push(c(
        "erase_us",
        3800.0,
        Tag::Quoted,
        &format!("{MICRON_MLC}: tBERS 3.8 ms typ"),
    ));
}

pub(super) struct Shape {
    pub(super) channels: (f64, Tag, &'static str),
    pub(super) dies: (f64, Tag, &'static str),
    pub(super) planes: f64,
    pub(super) blocks: f64,
    pub(super) pages: (f64, Tag, &'static str),
    pub(super) page_bytes: (f64, Tag, &'static str),
}

pub(super) fn shape(out: &mut Vec<Constant>, s: Shape) {
    out.push(c("channels", s.channels.0, s.channels.1, s.channels.2));
    out.push(c("dies_per_channel", s.dies.0, s.dies.1, s.dies.2));
    out.push(c(
        "planes_per_die",
        s.planes,
        Tag::Design,
        "model choice: planes are not timed separately",
    ));
    out.push(c("blocks_per_plane", s.blocks, Tag::Design, LAB_SCALE));
    out.push(c("pages_per_block", s.pages.0, s.pages.1, s.pages.2));
    out.push(c(
        "page_bytes",
        s.page_bytes.0,
        s.page_bytes.1,
        s.page_bytes.2,
    ));
}

/// A SATA 3 Gb/s host link: 300 MB/s after 8b/10b coding.
pub(super) fn sata_host_link() -> (f64, Tag, String) {
    (
        300.0,
        Tag::Derived,
        "SATA 3 Gb/s line rate with 8b/10b coding = 300 MB/s".into(),
    )
}

/// Controller time per command where no source gives one.
pub(super) fn firmware_per_command() -> (f64, Tag, String) {
    (
        5.0,
        Tag::Design,
        "model choice: 5 µs of firmware per command".into(),
    )
}

/// Endurance of the Numonyx SLC part behind `slc_timings`.
pub(super) fn slc_endurance() -> Constant {
    c(
        "endurance_pe",
        100_000.0,
        Tag::Quoted,
        &format!("{NUMONYX}: 100,000 P/E"),
    )
}

pub(super) fn interface(
    out: &mut Vec<Constant>,
    channel: f64,
    host: (f64, Tag, String),
    command: (f64, Tag, String),
) {
    out.push(c("channel_mb_s", channel, Tag::Recalled, ONFI2));
    out.push(c("host_mb_s", host.0, host.1, &host.2));
    out.push(c("command_us", command.0, command.1, &command.2));
    out.push(c("write_buffer_pages", 0.0, Tag::Design, NO_BUFFER));
}

/// 4096 B over `mb_s` MB/s, in µs.
pub(super) fn page_us(mb_s: f64) -> f64 {
    4096.0 / mb_s
}
