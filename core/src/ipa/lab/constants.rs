//! Every constant the IPA lab runs on, with its source: the lab's constants card (`info()`) and
//! the IPA section of `docs/CALIBRATION.md` read this list.
//!
//! 1. The flash: the NAND preset of the lab's cell type (read, program and erase times, the
//!    endurance and NOP, each tagged as the NAND section tags it). A scenario's `device.nop`
//!    that differs from the preset is shown as an `override` keeping the preset's value.
//! 2. The page format and the experiment settings of the paper (header, delta-record pair,
//!    eager eviction threshold, over-provisioning, the IPL sector, the file-system factor).

use crate::device::nand::NandConfig;
use crate::payload::ConstantPayload;

/// The NAND constants of `nand` (keys `ipa.<preset>.<name>`), with NOP as the lab runs it.
pub fn nand_constants(nand: &NandConfig, nop: u32) -> Vec<ConstantPayload> {
    let name = nand.preset_name();
    let nop_row = if nop == nand.nop {
        (
            "nop",
            "programs per page between erases (NOP)",
            f64::from(nop),
            "programs",
            "[Q]".to_string(),
            "NAND preset default; scenarios pick 1, 4 or 8".to_string(),
        )
    } else {
        (
            "nop",
            "programs per page between erases (NOP)",
            f64::from(nop),
            "programs",
            "override".to_string(),
            format!(
                "scenario `device.nop` (1, 4 or 8, default 4; preset value {}: NAND preset default)",
                nand.nop
            ),
        )
    };
    [
        (
            "read_ns",
            "page read",
            nand.nominal_read_ns(0) as f64,
            "ns",
            "[D]".to_string(),
            "NAND preset, lower page read (see NAND section)".to_string(),
        ),
        (
            "program_ns",
            "page program (a delta write costs one)",
            nand.nominal_program_ns(0) as f64,
            "ns",
            "[D]".to_string(),
            "NAND preset, nominal ISPP program of the lower page; a write_delta costs a full program (App. B, digest §8 #10)".to_string(),
        ),
        (
            "erase_ns",
            "block erase",
            nand.timing.erase_ns as f64,
            "ns",
            "[Q]".to_string(),
            "NAND preset datasheet".to_string(),
        ),
        (
            "endurance_pe",
            "rated endurance",
            nand.endurance_pe as f64,
            "cycles",
            "[Q]".to_string(),
            "NAND preset; the paper quotes SLC 100k / MLC 10k (§8.4)".to_string(),
        ),
        nop_row,
    ]
    .into_iter()
    .map(|(key, label, value, unit, tag, source)| {
        ConstantPayload::new(format!("ipa.{name}.{key}"), label, value, unit, tag, source)
    })
    .collect()
}

/// The page format and the paper's experiment settings (keys `ipa.<name>`).
pub fn format_constants() -> Vec<ConstantPayload> {
    [
        (
            "header_bytes",
            "page header",
            24.0,
            "B",
            "[Design]",
            "lab choice: PageLSN low byte at offset 8, the paper's ⟨10, 8⟩ pair (§6.1, digest §8 #1)",
        ),
        (
            "pair_bytes",
            "delta pair (value + offset)",
            3.0,
            "B",
            "[P]",
            "§6.1: 1-byte value, 2-byte offset",
        ),
        (
            "dirty_permille",
            "eager eviction threshold",
            125.0,
            "‰",
            "[P]",
            "Shore-MT eager eviction at 12.5 % dirty (§8.4)",
        ),
        (
            "over_provisioning",
            "over-provisioning",
            0.1,
            "",
            "[P]",
            "§8.1: 10 % throughout",
        ),
        (
            "ipl_sector_bytes",
            "IPL log sector",
            512.0,
            "B",
            "[P]",
            "§8.3 IPL configuration",
        ),
        (
            "fs_factor",
            "file-system write factor",
            3.4,
            "×",
            "[P]",
            "Fig. 1, ext3 journaling (quoted, not simulated)",
        ),
    ]
    .into_iter()
    .map(|(key, label, value, unit, tag, source)| {
        ConstantPayload::new(format!("ipa.{key}"), label, value, unit, tag, source)
    })
    .collect()
}

/// Every constant of a run on `nand` with `nop`: the flash's, then the format's.
pub fn payloads(nand: &NandConfig, nop: u32) -> Vec<ConstantPayload> {
    let mut out = nand_constants(nand, nop);
    out.extend(format_constants());
    out
}
