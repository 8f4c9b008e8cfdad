//! The SSD section of `docs/CALIBRATION.md`, generated from the presets themselves so the doc,
//! the UI's provenance cards (`info().constants`) and the model cannot disagree.
//!
//! 1. For each preset: its description and a table of every constant (value, unit, tag,
//!    source). A `fitted` tag names the figure it was fitted to; that figure is never counted as
//!    a reproduction (see `reproduce.rs`).
//! 2. Then the values the timing model derives (transfer times per page) and the write-
//!    amplification oracle.

use super::config::device_model;
use super::presets::all_presets;
use crate::plugin::{GeneratedBlock, format_value};

/// The SSD lab's generated blocks of `docs/CALIBRATION.md`.
pub fn blocks() -> Vec<GeneratedBlock> {
    vec![GeneratedBlock {
        name: "ssd presets",
        body: markdown(),
    }]
}

/// Markdown for every SSD preset: one table per preset, every constant with its source. The
/// block has no `##` heading of its own: it goes under the doc's `## SSD` section.
pub fn markdown() -> String {
    let mut out = String::from(
        "Generated from `core/src/device/ssd/presets.rs`. Tags: [Q] quoted, \
         [Qc] quoted from simulator code, [S] secondary, [R] recalled (not re-read), [D] \
         derived, [Design] model choice, fitted (to the named figure, which is then not \
         counted as a reproduction). Over-provisioning is a spare factor of the physical \
         space (logical = physical × (1 − OP)). `blocks_per_plane` is the lab scale; \
         `capacity_gb` is the real device.\n",
    );
    for preset in all_presets() {
        out.push_str(&format!(
            "\n### `{}`: {}\n\n{}\n\n| parameter | value | unit | tag | source |\n\
             |---|---|---|---|---|\n",
            preset.id, preset.label, preset.description
        ));
        for c in &preset.constants {
            out.push_str(&c.parameter_row());
        }
        let (g, t) = device_model(&preset.constants);
        out.push_str(&format!(
            "\nDerived: {} dies, {} physical / {} logical pages at lab scale; one page takes \
             {} µs on a channel and {} µs on the host link.\n",
            g.dies(),
            g.physical_pages(),
            g.logical_pages,
            format_value(t.channel_page_ns as f64 / 1e3),
            format_value(t.host_page_ns as f64 / 1e3),
        ));
    }
    out.push_str(
        "\n### Write-amplification oracle\n\nFIFO/LRW cleaning under uniform random writes: \
         WAF = α/(α + W₀(−α·e^(−α))), α = physical/logical pages usable by data (Desnoyers \
         2012/2014; Xiang & Kurkoski 2011, anchor 2.35 at ρ = 0.3) [R formula, Q anchor, D \
         verified]. Greedy: calibration.md C4 simulation table (64 pages per block, 4096 \
         blocks) [D].\n",
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plugin::cell;

    #[test]
    fn every_constant_of_every_preset_is_in_the_doc() {
        let text = markdown();
        for preset in all_presets() {
            assert!(text.contains(&format!("`{}`", preset.id)));
            for c in &preset.constants {
                assert!(text.contains(&cell(&c.source)), "{} {}", preset.id, c.key);
            }
        }
    }
}
