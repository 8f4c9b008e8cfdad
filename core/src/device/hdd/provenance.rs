//! Provenance: every disk constant carries its value, unit, source and a confidence tag, so the
//! UI's provenance cards and `docs/CALIBRATION.md` are rendered from the same data the model
//! runs on (DESIGN principle 6).
//!
//! 1. A preset builds each constant with `Constant::new(key, label, value, unit, tag, source)`.
//! 2. A scenario override replaces the value and re-tags it `Override`, keeping the preset's
//!    value in the source text so nothing is silently lost.
//! 3. `to_json` is what `info()` exposes; `Tag::code` is the tag printed in the calibration doc,
//!    using the tags of `shared/research/calibration.md` ("How to read this file").

use serde_json::{Value, json};

/// How much to trust a constant (tags of `calibration.md`, plus `Fitted` and `Override`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tag {
    /// Quoted verbatim from a datasheet or a paper.
    Quoted,
    /// Derived by arithmetic or fitting from quoted inputs, method stated.
    Derived,
    /// A modelling choice with no external source.
    Design,
    /// Fitted so that the model reproduces a table value (seed 003, Table 1).
    Fitted,
    /// Set by the scenario file, replacing the preset value.
    Override,
}

impl Tag {
    pub fn code(self) -> &'static str {
        match self {
            Tag::Quoted => "[Q]",
            Tag::Derived => "[D]",
            Tag::Design => "[Design]",
            Tag::Fitted => "fitted",
            Tag::Override => "override",
        }
    }
}

/// One device constant with where it came from.
#[derive(Debug, Clone, PartialEq)]
pub struct Constant {
    /// The scenario field that overrides it, e.g. `rpm` (path `device.rpm`).
    pub key: &'static str,
    pub label: &'static str,
    pub value: f64,
    pub unit: &'static str,
    pub tag: Tag,
    pub source: String,
}

impl Constant {
    pub fn new(
        key: &'static str,
        label: &'static str,
        value: f64,
        unit: &'static str,
        tag: Tag,
        source: impl Into<String>,
    ) -> Self {
        Self {
            key,
            label,
            value,
            unit,
            tag,
            source: source.into(),
        }
    }

    /// Replaces the value with a scenario's, remembering what the preset said.
    pub fn overridden(&mut self, value: f64) {
        self.source = format!(
            "scenario override (preset value {} {}: {} {})",
            self.value,
            self.unit,
            self.tag.code(),
            self.source
        );
        self.value = value;
        self.tag = Tag::Override;
    }

    pub fn to_json(&self) -> Value {
        json!({
            "key": self.key,
            "label": self.label,
            "value": self.value,
            "unit": self.unit,
            "tag": self.tag.code(),
            "source": self.source,
        })
    }
}

/// A value computed from constants (sectors per track, cylinder count, ...), with its formula.
#[derive(Debug, Clone, PartialEq)]
pub struct Derived {
    pub key: &'static str,
    pub label: &'static str,
    pub value: f64,
    pub unit: &'static str,
    pub formula: &'static str,
}

impl Derived {
    pub fn to_json(&self) -> Value {
        json!({
            "key": self.key,
            "label": self.label,
            "value": self.value,
            "unit": self.unit,
            "tag": Tag::Derived.code(),
            "formula": self.formula,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn override_keeps_the_preset_value_in_the_source() {
        let mut rpm = Constant::new("rpm", "spindle speed", 7200.0, "rpm", Tag::Quoted, "spec");
        rpm.overridden(5400.0);
        assert_eq!(rpm.value, 5400.0);
        assert_eq!(rpm.tag, Tag::Override);
        assert!(rpm.source.contains("7200 rpm: [Q] spec"), "{}", rpm.source);
    }
}
