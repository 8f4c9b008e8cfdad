//! Typed payloads: what the core sends the UI beside the numeric series (a lab's `view().meta`
//! and its `info()`), as plain structs that derive their serialisation and their JSON schema.
//!
//! 1. Each lab declares its payload structs in a `payload.rs` beside its `view.rs`; the view
//!    fills them and turns them into JSON with `to_value` (same field names, same numbers).
//! 2. `core/tests/payload_types.rs` prints TypeScript interfaces from their schemas into
//!    `web/src/labs/<lab>/payload.gen.ts` and fails when a checked-in file is stale, so the UI's
//!    types can never drift from what the core sends.
//! 3. Shapes shared by every lab (a device constant with its source) live here. This module is
//!    a leaf: the types that fill these shapes convert themselves (`Constant::payload`).

use schemars::JsonSchema;
use serde::Serialize;
use serde_json::Value;

/// One device or design constant as the provenance cards show it.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct ConstantPayload {
    /// The scenario field that overrides it (`device.<key>`), or a lab-prefixed key.
    pub key: String,
    pub label: String,
    pub value: f64,
    pub unit: String,
    /// The confidence tag, e.g. `[Q]`, `[D]`, `fitted`, `override`.
    pub tag: String,
    pub source: String,
}

impl ConstantPayload {
    /// A row of a lab's own constants (device constants come from `Constant::payload`).
    pub fn new(
        key: impl Into<String>,
        label: impl Into<String>,
        value: f64,
        unit: impl Into<String>,
        tag: impl Into<String>,
        source: impl Into<String>,
    ) -> Self {
        Self {
            key: key.into(),
            label: label.into(),
            value,
            unit: unit.into(),
            tag: tag.into(),
            source: source.into(),
        }
    }
}

/// A payload as JSON. Serialising these plain structs (string keys, no custom `Serialize`)
/// cannot fail; should it ever, the UI gets the error text instead of a silent default, and
/// its checked parse falls back to the generic view.
pub fn to_value<T: Serialize>(payload: &T) -> Value {
    serde_json::to_value(payload)
        .unwrap_or_else(|e| Value::String(format!("payload serialisation failed: {e}")))
}
