//! `docs/CALIBRATION.md` agrees with the presets the model runs on: its HDD block is exactly what
//! `calibration_doc::hdd_markdown()` generates from them (the same constants `info()` shows).
//! Run with `FLASHLAB_BLESS=1` to rewrite the block after changing a preset.

// Helpers outside #[test] functions may panic too: in a test, a panic is a failure report.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::PathBuf;

use flashlab_core::device::hdd::calibration_doc::{BEGIN_MARKER, END_MARKER, hdd_markdown};
use flashlab_core::device::hdd::presets::all_presets;

fn doc_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../docs/CALIBRATION.md")
}

#[test]
fn calibration_doc_hdd_block_matches_the_presets() {
    let text = std::fs::read_to_string(doc_path()).unwrap();
    let begin = text
        .find(BEGIN_MARKER)
        .expect("begin marker in docs/CALIBRATION.md");
    let end = text.find(END_MARKER).expect("end marker") + END_MARKER.len();
    let generated = hdd_markdown();
    if std::env::var("FLASHLAB_BLESS").as_deref() == Ok("1") {
        let updated = format!("{}{}{}", &text[..begin], generated, &text[end..]);
        std::fs::write(doc_path(), updated).unwrap();
        return;
    }
    assert!(
        text[begin..end] == generated,
        "docs/CALIBRATION.md is stale: run FLASHLAB_BLESS=1 cargo test -p flashlab-core --test \
         hdd_calibration_doc"
    );
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
