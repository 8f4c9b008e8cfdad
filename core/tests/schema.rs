//! `scenarios/schema.json` is generated from the Rust types; this fails when it is stale.
//! Regenerate with `cargo run -q -p flashlab-core --bin flashlab -- schema > scenarios/schema.json`.

#[test]
fn checked_in_schema_equals_the_generated_one() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../scenarios/schema.json");
    let text = std::fs::read_to_string(path).expect("scenarios/schema.json exists");
    let on_disk: serde_json::Value = serde_json::from_str(&text).expect("schema.json is JSON");
    assert_eq!(
        on_disk,
        flashlab_core::scenario_schema(),
        "scenarios/schema.json is stale: regenerate it with `flashlab schema`"
    );
}
