//! The IPA section of `docs/CALIBRATION.md`: the lab runs on the NAND lab's SLC and MLC presets
//! (their constants and sources are in the NAND section); this block lists what IPA adds.

use crate::device::nand::{CellType, NandConfig};
use crate::plugin::{GeneratedBlock, format_value};

pub fn blocks() -> Vec<GeneratedBlock> {
    vec![GeneratedBlock {
        name: "ipa constants",
        body: markdown(),
    }]
}

pub fn markdown() -> String {
    let mut out = String::from(
        "The IPA lab uses the NAND presets below for its byte-level flash and its cell zoom; a \
         scenario's `device.nop` overrides NOP. Everything else is the paper's page format.\n\n\
         | parameter | value | unit | tag | source |\n|---|---|---|---|---|\n",
    );
    for cell in [CellType::Slc, CellType::Mlc] {
        let c = NandConfig::preset(cell);
        let name = c.preset_name();
        for (key, value, unit, tag, source) in [
            (
                "read_ns",
                c.nominal_read_ns(0) as f64,
                "ns",
                "[D]",
                "NAND preset, lower page read (see NAND section)",
            ),
            (
                "program_ns",
                c.nominal_program_ns(0) as f64,
                "ns",
                "[D]",
                "NAND preset, nominal ISPP program of the lower page; a write_delta costs a full program (App. B, digest §8 #10)",
            ),
            (
                "erase_ns",
                c.timing.erase_ns as f64,
                "ns",
                "[Q]",
                "NAND preset datasheet",
            ),
            (
                "endurance_pe",
                c.endurance_pe as f64,
                "cycles",
                "[Q]",
                "NAND preset; the paper quotes SLC 100k / MLC 10k (§8.4)",
            ),
            (
                "nop",
                f64::from(c.nop),
                "programs",
                "[Q]",
                "NAND preset default; scenarios pick 1, 4 or 8",
            ),
        ] {
            out.push_str(&format!(
                "| `ipa.{name}.{key}` | {} | {unit} | {tag} | {source} |\n",
                format_value(value)
            ));
        }
    }
    for (key, value, unit, tag, source) in [
        (
            "header_bytes",
            24.0,
            "B",
            "[Design]",
            "lab choice: PageLSN low byte at offset 8, the paper's ⟨10, 8⟩ pair (§6.1, digest §8 #1)",
        ),
        (
            "pair_bytes",
            3.0,
            "B",
            "[P]",
            "§6.1: 1-byte value, 2-byte offset",
        ),
        (
            "dirty_permille",
            125.0,
            "‰",
            "[P]",
            "Shore-MT eager eviction at 12.5 % dirty (§8.4)",
        ),
        ("over_provisioning", 0.1, "", "[P]", "§8.1: 10 % throughout"),
        (
            "ipl_sector_bytes",
            512.0,
            "B",
            "[P]",
            "§8.3 IPL configuration",
        ),
        (
            "fs_factor",
            3.4,
            "×",
            "[P]",
            "Fig. 1, ext3 journaling (quoted, not simulated)",
        ),
    ] {
        out.push_str(&format!(
            "| `ipa.{key}` | {} | {unit} | {tag} | {source} |\n",
            format_value(value)
        ));
    }
    out
}
