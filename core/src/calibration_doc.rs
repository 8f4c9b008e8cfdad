//! `docs/CALIBRATION.md` is partly generated from the presets the models run on, so the doc, the
//! UI's provenance panels (each lab's `info()`) and the models cannot disagree.
//!
//! 1. Each device contributes one block of markdown (`blocks`).
//! 2. `splice` puts each block between its `BEGIN GENERATED` / `END GENERATED` markers in the
//!    document, leaving the hand-written text around them untouched.
//! 3. `tests/calibration_doc.rs` fails when the file differs from `splice(file)`;
//!    `FLASHLAB_BLESS=1 cargo test -p flashlab-core --test calibration_doc` rewrites it.

use crate::device::{hdd, nand, ssd};

/// One generated section: its marker name and its markdown body.
pub struct GeneratedBlock {
    pub name: &'static str,
    pub body: String,
}

pub fn blocks() -> Vec<GeneratedBlock> {
    vec![
        GeneratedBlock {
            name: "hdd presets",
            body: hdd::calibration_doc::hdd_markdown(),
        },
        GeneratedBlock {
            name: "ssd presets",
            body: ssd::calibration_md(),
        },
        GeneratedBlock {
            name: "nand presets",
            body: nand::calibration_markdown_rows().join("\n"),
        },
        GeneratedBlock {
            name: "masm constants",
            body: masm_markdown(),
        },
    ]
}

/// The MaSM lab's own constants (the devices under it are the HDD and SSD presets above), from
/// the same list its `info()` shows, for the paper's testbed configuration.
fn masm_markdown() -> String {
    let cfg = crate::masm::io::IoConfig::default();
    let mut out = String::from(
        "Generated from `core/src/masm/io/constants.rs` for the paper's testbed (Barracuda + X25-E). \
         A scenario may override them; the lab's constants card then shows the scenario's value.\n\n\
         | parameter | value | unit | tag | source |\n|---|---|---|---|---|\n",
    );
    let rows = crate::masm::io::constants(&cfg).unwrap_or_default();
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

pub fn begin_marker(name: &str) -> String {
    format!(
        "<!-- BEGIN GENERATED: {name} (regenerate: FLASHLAB_BLESS=1 cargo test -p flashlab-core \
         --test calibration_doc) -->"
    )
}

pub fn end_marker(name: &str) -> String {
    format!("<!-- END GENERATED: {name} -->")
}

/// A value printed with at most 4 decimals and no trailing zeros.
pub fn format_value(value: f64) -> String {
    if value.fract() == 0.0 && value.abs() < 1e15 {
        return format!("{value:.0}");
    }
    let text = format!("{value:.4}");
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// A table cell: pipes escaped, newlines folded.
pub fn cell(text: &str) -> String {
    text.replace('|', "\\|").replace('\n', " ")
}

/// Replaces every block's text between its markers. A missing marker is an error naming it.
pub fn splice(document: &str) -> Result<String, String> {
    let mut text = document.to_string();
    for block in blocks() {
        let (begin, end) = (begin_marker(block.name), end_marker(block.name));
        let start = text
            .find(&begin)
            .ok_or_else(|| format!("missing marker: {begin}"))?;
        let stop = text[start..]
            .find(&end)
            .ok_or_else(|| format!("missing marker: {end}"))?
            + start;
        let replacement = format!("{begin}\n{}\n{end}", block.body.trim_end());
        text.replace_range(start..stop + end.len(), &replacement);
    }
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splice_replaces_only_between_markers_and_is_idempotent() {
        let mut doc = String::from("# Title\nhand-written\n");
        for block in blocks() {
            doc.push_str(&format!(
                "{}\nold\n{}\nafter\n",
                begin_marker(block.name),
                end_marker(block.name)
            ));
        }
        let once = splice(&doc).unwrap();
        assert!(once.starts_with("# Title\nhand-written\n"));
        assert!(!once.contains("\nold\n"));
        assert_eq!(splice(&once).unwrap(), once);
    }

    #[test]
    fn a_missing_marker_is_named() {
        assert!(
            splice("no markers")
                .unwrap_err()
                .contains("BEGIN GENERATED: hdd presets")
        );
    }
}
