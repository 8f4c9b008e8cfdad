//! The browser build is one .wasm per lab group (`wasm/groups.json`, built by
//! `scripts/build-wasm.sh`, loaded by `web/src/sim/wasmGroups.ts`). Every built lab must be in
//! exactly one group, and every grouped lab must be a cargo feature of the wasm crate.
#![allow(clippy::expect_used)]

use flashlab_core::labs::BUILT_LABS;

fn groups() -> Vec<(String, Vec<String>)> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../wasm/groups.json");
    let text = std::fs::read_to_string(path).expect("wasm/groups.json is readable");
    let value: serde_json::Value = serde_json::from_str(&text).expect("wasm/groups.json is JSON");
    let object = value.as_object().expect("wasm/groups.json is an object");
    object
        .iter()
        .map(|(group, labs)| {
            let labs = labs
                .as_array()
                .expect("each group is an array of lab names")
                .iter()
                .map(|lab| lab.as_str().expect("a lab name is a string").to_string())
                .collect();
            (group.clone(), labs)
        })
        .collect()
}

#[test]
fn every_built_lab_is_in_exactly_one_wasm_group() {
    let groups = groups();
    for lab in BUILT_LABS {
        let holders: Vec<&str> = groups
            .iter()
            .filter(|(_, labs)| labs.iter().any(|l| l == lab))
            .map(|(g, _)| g.as_str())
            .collect();
        assert_eq!(holders.len(), 1, "lab {lab} is in groups {holders:?}");
    }
    for (group, labs) in &groups {
        assert!(!labs.is_empty(), "group {group} has no lab");
        for lab in labs {
            assert!(
                BUILT_LABS.contains(&lab.as_str()),
                "group {group} names unknown lab {lab}"
            );
        }
    }
}

#[test]
fn every_grouped_lab_is_a_feature_of_the_wasm_crate() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../wasm/Cargo.toml");
    let manifest = std::fs::read_to_string(path).expect("wasm/Cargo.toml is readable");
    for (_, labs) in groups() {
        for lab in labs {
            let feature = format!("lab-{lab} = [\"flashlab-core/lab-{lab}\"]");
            assert!(
                manifest.contains(&feature),
                "wasm/Cargo.toml lacks `{feature}`"
            );
        }
    }
}
