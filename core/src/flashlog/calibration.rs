//! The flashlog section of `docs/CALIBRATION.md`: every constant of `lab::constants`.

use crate::plugin::{GeneratedBlock, cell, format_value};

pub fn blocks() -> Vec<GeneratedBlock> {
    vec![GeneratedBlock {
        name: "flashlog constants",
        body: markdown(),
    }]
}

pub fn markdown() -> String {
    let mut out = String::from(
        "Generated from `core/src/flashlog/lab/constants.rs`. `fitted` rows are calibration \
         points (each fitted once, to the ratio named); `illustrative` rows are choices inside \
         the digest's ranges (the paper gives no number).\n\n\
         | parameter | value | unit | tag | source |\n|---|---|---|---|---|\n",
    );
    for c in super::lab::constants::payloads() {
        out.push_str(&format!(
            "| `{}` ({}) | {} | {} | {} | {} |\n",
            c.key,
            cell(&c.label),
            format_value(c.value),
            c.unit,
            cell(&c.tag),
            cell(&c.source),
        ));
    }
    out
}
