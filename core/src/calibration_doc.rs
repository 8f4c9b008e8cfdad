//! `docs/CALIBRATION.md` is partly generated from the presets the models run on, so the doc, the
//! UI's provenance panels (each lab's `info()`) and the models cannot disagree.
//!
//! 1. Each lab contributes its blocks of markdown (`LabSpec::calibration`), listed by `blocks`.
//! 2. `splice` puts each block between its `BEGIN GENERATED` / `END GENERATED` markers in the
//!    document, leaving the hand-written text around them untouched.
//! 3. `tests/calibration_doc.rs` fails when the file differs from `splice(file)`;
//!    `FLASHLAB_BLESS=1 cargo test -p flashlab-core --test calibration_doc` rewrites it.

pub use crate::plugin::GeneratedBlock;

/// Every built lab's generated blocks, in registry order.
pub fn blocks() -> Vec<GeneratedBlock> {
    crate::labs::DOC_PLUGINS
        .iter()
        .flat_map(|plugin| (plugin.calibration)())
        .collect()
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
