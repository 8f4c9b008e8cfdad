//! The IPA section of `docs/CALIBRATION.md`: the lab runs on the NAND lab's SLC and MLC presets
//! (their constants and sources are in the NAND section); this block lists what IPA adds, from
//! the list the lab's constants card shows (`lab/constants.rs`).

use crate::device::nand::{CellType, NandConfig};
use crate::ipa::lab::constants::{format_constants, nand_constants};
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
    let presets = [CellType::Slc, CellType::Mlc].map(NandConfig::preset);
    let rows = presets
        .iter()
        .flat_map(|c| nand_constants(c, c.nop))
        .chain(format_constants());
    for c in rows {
        out.push_str(&format!(
            "| `{}` | {} | {} | {} | {} |\n",
            c.key,
            format_value(c.value),
            c.unit,
            c.tag,
            c.source
        ));
    }
    out
}
