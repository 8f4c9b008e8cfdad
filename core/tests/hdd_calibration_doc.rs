//! `docs/CALIBRATION.md` names every HDD preset constant with its source (the block itself is
//! checked for staleness in `tests/calibration_doc.rs`) and keeps its SSD and NAND sections.

// Helpers outside #[test] functions may panic too: in a test, a panic is a failure report.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::PathBuf;

use flashlab_core::device::hdd::presets::all_presets;

fn doc_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../docs/CALIBRATION.md")
}

#[test]
fn calibration_doc_mentions_every_preset_constant_and_keeps_ssd_and_nand_sections() {
    let text = std::fs::read_to_string(doc_path()).unwrap();
    for preset in all_presets() {
        assert!(text.contains(preset.name), "{}", preset.name);
        for constant in preset.params.all() {
            assert!(
                text.contains(&format!("`{}`", constant.key)),
                "{}",
                constant.key
            );
            assert!(
                text.contains(constant.source.replace('|', "\\|").as_str()),
                "{}",
                constant.key
            );
        }
    }
    assert!(text.contains("\n## SSD\n"));
    assert!(text.contains("\n## NAND\n"));
}
