//! The FD+tree section of `docs/CALIBRATION.md`: the device block I/O runs on by default (the
//! SSD lab's `x25e` preset, sized per run, `conc::device`), and the constant costs
//! (`conc::SsdCost`): the calibration point and the datasheet alternative, from the list
//! `info()` shows.

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
                  written, i.e. ≈ 1.2 ms per read+write pair, split evenly. Used only by \
                  seed002.calibration.full_merge_120mb, the figure it was fitted to, and by \
                  Fig. 7's block-granularity scale-up; not queued";
    let datasheet = "Intel X25-E datasheet latency (digest §5.2, external, not re-verified); \
                     scenario `params.cost: x25e_datasheet`";
    vec![
        Constant::new(
            "fdtree.ssd_preset",
            "block I/O device (default, `params.cost: ssd`): SSD preset `x25e`",
            1.0,
            "preset",
            Tag::Quoted,
            "seed 002 §5: the experiments ran on an Intel X25-E SLC 32 GB (the SSD lab's `x25e` preset, its constants and sources in the SSD section above); each run's drive is sized to hold what the run can allocate at the preset's 7 % spare; one FD+tree block (β entries of 12 B, ≤ 4 KB) is one 4 KB page",
        ),
        Constant::new(
            "fdtree.entry_bytes",
            "bytes per entry (block → pages)",
            super::conc::device::ENTRY_BYTES as f64,
            "B",
            Tag::Secondary,
            "digest §5.1 [derived]: 4 KB blocks of 12-byte entries, β ≈ 341",
        ),
        Constant::new(
            "fdtree.read_block_ns",
            "block read (calibration cost, `params.cost: x25e_effective`)",
            fit.read_block_ns as f64,
            "ns",
            Tag::Fitted,
            fitted,
        ),
        Constant::new(
            "fdtree.write_block_ns",
            "block write (calibration cost, `params.cost: x25e_effective`)",
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
        "Generated from `core/src/fdtree/calibration.rs`. By default every block read and \
         write is served by the SSD model (`core/src/fdtree/conc/device.rs`), queued on its \
         controller, link, channels and dies; the constant costs (`conc/cost.rs`) are not \
         queued.\n\n\
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
