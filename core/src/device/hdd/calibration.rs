//! The HDD section of `docs/CALIBRATION.md`, generated from the presets themselves so the doc,
//! the UI's provenance panel (`info().constants`) and the model cannot disagree.
//!
//! 1. For each preset: a table of every constant (value, unit, tag, source), then the values
//!    the model derives from them (geometry, rates, seek figures) with their formulas.
//! 2. `crate::calibration_doc` places it between marker comments in the doc, and
//!    `tests/calibration_doc.rs` checks it is current (`FLASHLAB_BLESS=1` rewrites it).

use super::disk::Disk;
use super::presets::all_presets;
use crate::plugin::{GeneratedBlock, cell, format_value};

/// The HDD lab's generated blocks of `docs/CALIBRATION.md`.
pub fn blocks() -> Vec<GeneratedBlock> {
    vec![GeneratedBlock {
        name: "hdd presets",
        body: markdown(),
    }]
}

/// The generated HDD section body (without the markers).
pub fn markdown() -> String {
    let mut out = String::new();
    for preset in all_presets() {
        out.push_str(&format!(
            "\n### `{}`: {}\n\n{}\n\n",
            preset.name, preset.label, preset.description
        ));
        out.push_str("| parameter | value | unit | tag | source |\n|---|---|---|---|---|\n");
        for c in preset.params.all() {
            out.push_str(&c.parameter_row());
        }
        match Disk::from_params(&preset.params) {
            Ok(disk) => {
                out.push_str(
                    "\nDerived by the model:\n\n| value | result | unit | formula |\n\
                     |---|---|---|---|\n",
                );
                for d in disk.derived() {
                    out.push_str(&format!(
                        "| `{}` ({}) | {} | {} | {} |\n",
                        d.key,
                        cell(d.label),
                        format_value(d.value),
                        cell(d.unit),
                        cell(d.formula)
                    ));
                }
            }
            Err(e) => out.push_str(&format!("\n(preset does not build: {e})\n")),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_preset_constant_appears_in_the_block() {
        let text = markdown();
        for preset in all_presets() {
            assert!(text.contains(preset.name));
            for c in preset.params.all() {
                assert!(text.contains(&format!("`{}`", c.key)));
            }
        }
    }
}
