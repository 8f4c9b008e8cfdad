//! NAND constants use the shared provenance types (`crate::device::provenance`), under the name
//! `Provenance`; this file adds the header of the NAND table in `docs/CALIBRATION.md`.

pub use crate::device::provenance::{Constant as Provenance, Tag};

/// The header of the table `markdown_row` fills.
pub fn markdown_header() -> String {
    "| model | key | quantity | value | tag | source |\n|---|---|---|---|---|---|".to_string()
}
