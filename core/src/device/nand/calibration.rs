//! The NAND section of `docs/CALIBRATION.md`: every constant of every cell preset with its
//! source, rendered from the presets the model runs on.

use super::NandConfig;
use super::provenance;
use crate::plugin::GeneratedBlock;

/// The NAND lab's generated blocks of `docs/CALIBRATION.md`.
pub fn blocks() -> Vec<GeneratedBlock> {
    vec![GeneratedBlock {
        name: "nand presets",
        body: markdown(),
    }]
}

/// Rows (`| model | key | quantity | value | tag | source |`) of every NAND constant of every
/// preset, with the header first.
pub fn markdown() -> String {
    let mut rows = vec![provenance::markdown_header()];
    for config in [NandConfig::slc(), NandConfig::mlc(), NandConfig::tlc()] {
        rows.extend(config.markdown_rows());
    }
    rows.join("\n")
}
