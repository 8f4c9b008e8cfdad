//! `docs/CALIBRATION.md` agrees with the presets the models run on: every generated block is
//! exactly what `calibration_doc::blocks()` produces from them (the constants `info()` shows).
//! Run with `FLASHLAB_BLESS=1` to rewrite the blocks after changing a preset.

use std::path::PathBuf;

use flashlab_core::calibration_doc::splice;

#[test]
fn calibration_doc_generated_blocks_match_the_presets() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../docs/CALIBRATION.md");
    let text = std::fs::read_to_string(&path).expect("docs/CALIBRATION.md exists");
    let expected = splice(&text).expect("markers present");
    if std::env::var("FLASHLAB_BLESS").as_deref() == Ok("1") {
        std::fs::write(&path, &expected).expect("write docs/CALIBRATION.md");
        return;
    }
    assert!(
        text == expected,
        "docs/CALIBRATION.md is stale: run FLASHLAB_BLESS=1 cargo test -p flashlab-core --test calibration_doc"
    );
}
