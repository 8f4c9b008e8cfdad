//! The MaSM section of `docs/CALIBRATION.md`: the lab's own I/O constants (the devices under it
//! are the HDD and SSD presets), from the same list its `info()` shows, for the paper's testbed.

use crate::plugin::{GeneratedBlock, cell, format_value};

/// The MaSM lab's generated blocks of `docs/CALIBRATION.md`.
pub fn blocks() -> Vec<GeneratedBlock> {
    vec![GeneratedBlock {
        name: "masm constants",
        body: markdown(),
    }]
}

pub fn markdown() -> String {
    let cfg = super::io::IoConfig::default();
    let mut out = String::from(
        "Generated from `core/src/masm/io/constants.rs` for the paper's testbed (Barracuda + X25-E). \
         A scenario may override them; the lab's constants card then shows the scenario's value.\n\n\
         | parameter | value | unit | tag | source |\n|---|---|---|---|---|\n",
    );
    let rows = super::io::constants(&cfg).unwrap_or_default();
    for row in rows.iter().filter(|r| {
        r.get("key")
            .and_then(|k| k.as_str())
            .is_some_and(|k| k.starts_with("masm."))
    }) {
        let text = |field: &str| row.get(field).and_then(|v| v.as_str()).unwrap_or("");
        let value = row
            .get("value")
            .and_then(|v| v.as_f64())
            .unwrap_or(f64::NAN);
        out.push_str(&format!(
            "| `{}` ({}) | {} | {} | {} | {} |\n",
            text("key"),
            cell(text("label")),
            format_value(value),
            text("unit"),
            cell(text("tag")),
            cell(text("source")),
        ));
    }
    out
}
