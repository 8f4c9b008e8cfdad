//! The FD+tree section of `docs/CALIBRATION.md`: the cost model's constants (`conc::SsdCost`),
//! with the calibration point and the datasheet alternative, from the list `info()` shows.

use super::conc::SsdCost;
use crate::device::provenance::{Constant, Tag};
use crate::plugin::{GeneratedBlock, cell, format_value};

/// The FD+tree lab's generated blocks of `docs/CALIBRATION.md`.
pub fn blocks() -> Vec<GeneratedBlock> {
    vec![GeneratedBlock {
        name: "fdtree constants",
        body: markdown(),
    }]
}

pub fn constants() -> Vec<Constant> {
    let fit = SsdCost::x25e_effective();
    let sheet = SsdCost::x25e_datasheet();
    let fitted = "calibration point (digest §5.2): the paper's worst FD+XM/FD+DS insertion \
                  (33–38 s) ≈ one full merge of its 120 MB index ≈ 29.3K blocks read + 29.3K \
                  written, i.e. ≈ 1.2 ms per read+write pair, split evenly. Touches every \
                  claim stated in seconds (Fig. 1, Fig. 6 worst R_p); ratios between schemes \
                  are simulated";
    let datasheet = "Intel X25-E datasheet latency (digest §5.2, external, not re-verified); \
                     scenario `params.cost: x25e_datasheet`";
    vec![
        Constant::new(
            "fdtree.read_block_ns",
            "block read (default cost)",
            fit.read_block_ns as f64,
            "ns",
            Tag::Fitted,
            fitted,
        ),
        Constant::new(
            "fdtree.write_block_ns",
            "block write (default cost)",
            fit.write_block_ns as f64,
            "ns",
            Tag::Fitted,
            fitted,
        ),
        Constant::new(
            "fdtree.datasheet_read_block_ns",
            "block read (datasheet cost)",
            sheet.read_block_ns as f64,
            "ns",
            Tag::Secondary,
            datasheet,
        ),
        Constant::new(
            "fdtree.datasheet_write_block_ns",
            "block write (datasheet cost)",
            sheet.write_block_ns as f64,
            "ns",
            Tag::Secondary,
            datasheet,
        ),
        Constant::new(
            "fdtree.cpu_ns",
            "one in-memory operation",
            fit.cpu_ns as f64,
            "ns",
            Tag::Design,
            "lab choice: small against a block I/O",
        ),
    ]
}

pub fn markdown() -> String {
    let mut out = String::from(
        "Generated from `core/src/fdtree/conc/cost.rs`. The device is not queued: concurrent \
         I/Os overlap freely (digest §8 item 28).\n\n\
         | parameter | value | unit | tag | source |\n|---|---|---|---|---|\n",
    );
    for c in constants() {
        let p = c.payload();
        out.push_str(&format!(
            "| `{}` ({}) | {} | {} | {} | {} |\n",
            p.key,
            cell(&p.label),
            format_value(p.value),
            p.unit,
            cell(&p.tag),
            cell(&p.source),
        ));
    }
    out
}
