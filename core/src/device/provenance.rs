//! Provenance: every device constant carries its value, unit, a confidence tag and its source,
//! so the UI's provenance cards, each lab's `info()` and `docs/CALIBRATION.md` are rendered from
//! the same data the models run on (DESIGN principle 6). Shared by every device model.
//!
//! 1. A preset lists its constants with `Constant::new(key, label, value, unit, tag, source)`;
//!    the key is the `device.<key>` scenario field that overrides it.
//! 2. A scenario override replaces the value and re-tags it `Override`, keeping the preset's
//!    value and source in the text, so nothing is silently lost.
//! 3. Tags are those of `shared/research/calibration.md` ("How to read this file") plus `Fitted`
//!    (chosen so that one named external figure comes out; that figure is then never counted as
//!    a reproduction) and `Override`.

use crate::payload::ConstantPayload;
use crate::plugin::{cell, format_value};

/// How much to trust a constant.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tag {
    /// Quoted verbatim from a datasheet or a paper.
    Quoted,
    /// Quoted from the source code or configuration of a public simulator.
    QuotedCode,
    /// A secondary source (a review quoting a vendor).
    Secondary,
    /// Recalled from the literature, not re-read in the primary text.
    Recalled,
    /// Derived by arithmetic from tagged inputs (method in the source text).
    Derived,
    /// A modelling choice with no external source.
    Design,
    /// Fitted so that one named external figure comes out.
    Fitted,
    /// Set by the scenario file.
    Override,
}

impl Tag {
    pub fn code(self) -> &'static str {
        match self {
            Tag::Quoted => "[Q]",
            Tag::QuotedCode => "[Qc]",
            Tag::Secondary => "[S]",
            Tag::Recalled => "[R]",
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
    /// The scenario field that overrides it (`device.<key>`).
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

    /// The constant as the UI's provenance cards show it.
    pub fn payload(&self) -> ConstantPayload {
        ConstantPayload {
            key: self.key.to_string(),
            label: self.label.to_string(),
            value: self.value,
            unit: self.unit.to_string(),
            tag: self.tag.code().to_string(),
            source: self.source.clone(),
        }
    }

    /// One row of a `| parameter | value | unit | tag | source |` table of `docs/CALIBRATION.md`.
    pub fn parameter_row(&self) -> String {
        format!(
            "| `{}` ({}) | {} | {} | {} | {} |\n",
            self.key,
            cell(self.label),
            format_value(self.value),
            cell(self.unit),
            self.tag.code(),
            cell(&self.source)
        )
    }

    /// One row of the `docs/CALIBRATION.md` table (NAND's `markdown_header` names the columns).
    pub fn markdown_row(&self, model: &str) -> String {
        format!(
            "| {model} | `{}` | {} | {} {} | {} | {} |",
            self.key,
            self.label,
            format_value(self.value),
            self.unit,
            self.tag.code(),
            self.source.replace('|', "\\|")
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn override_keeps_the_preset_value_in_the_source() {
        let mut c = Constant::new("read_us", "page read", 25.0, "µs", Tag::Quoted, "datasheet");
        c.overridden(50.0);
        assert_eq!(c.value, 50.0);
        assert_eq!(c.tag, Tag::Override);
        assert!(c.source.contains("25 µs: [Q] datasheet"), "{}", c.source);
    }

    #[test]
    fn markdown_rows_escape_pipes_and_format_small_numbers() {
        let c = Constant::new("k", "coefficient", 2.5e-4, "", Tag::QuotedCode, "a | b");
        assert_eq!(
            c.markdown_row("SLC"),
            "| SLC | `k` | coefficient | 2.5e-4  | [Qc] | a \\| b |"
        );
    }
}
