//! Provenance of every NAND constant: value, unit, a confidence tag and the source, so the UI's
//! provenance cards and `docs/CALIBRATION.md` come from the same data the model runs on
//! (DESIGN principle 6).
//!
//! 1. A preset records each constant with `Provenance::new(key, label, value, unit, tag, source)`.
//! 2. Tags are those of `shared/research/calibration.md` ("How to read this file"), plus
//!    `Fitted` (derived by fitting the model to a quoted number) and `Override` (set by the
//!    scenario; the preset's value stays in the source text).
//! 3. `to_json` is what `NandLab::info()` exposes; `markdown_rows` is what the lead merges into
//!    `docs/CALIBRATION.md`.

use serde_json::{Value, json};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tag {
    /// Quoted verbatim from a datasheet or paper.
    Quoted,
    /// Quoted from the source code or config of a public simulator.
    QuotedCode,
    /// Recalled from the literature, not re-read in the primary text.
    Recalled,
    /// Derived by arithmetic from tagged inputs (method in the source text).
    Derived,
    /// Fitted so that the model reproduces a quoted number (method in the source text).
    Fitted,
    /// A modelling choice with no external source: the card says "model choice".
    Design,
    /// Set by the scenario file.
    Override,
}

impl Tag {
    pub fn code(self) -> &'static str {
        match self {
            Tag::Quoted => "[Q]",
            Tag::QuotedCode => "[Qc]",
            Tag::Recalled => "[R]",
            Tag::Derived => "[D]",
            Tag::Fitted => "[fitted]",
            Tag::Design => "[Design]",
            Tag::Override => "override",
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Provenance {
    /// Stable key, e.g. `delta_vpgm_v`; a scenario override uses the same name under `device`.
    pub key: &'static str,
    pub label: &'static str,
    pub value: f64,
    pub unit: &'static str,
    pub tag: Tag,
    pub source: String,
}

impl Provenance {
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

    /// Replaces the value with a scenario's, keeping what the preset said.
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

    /// One row of the `docs/CALIBRATION.md` table (see `markdown_header`).
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

/// The header of the table `markdown_row` fills.
pub fn markdown_header() -> String {
    "| model | key | quantity | value | tag | source |\n|---|---|---|---|---|---|".to_string()
}

fn format_value(value: f64) -> String {
    if value != 0.0 && (value.abs() < 1e-3 || value.abs() >= 1e7) {
        format!("{value:e}")
    } else {
        let text = format!("{value:.6}");
        text.trim_end_matches('0').trim_end_matches('.').to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn override_keeps_the_preset_value_in_the_source() {
        let mut p = Provenance::new("nop", "programs per page", 4.0, "", Tag::Quoted, "Samsung");
        p.overridden(1.0);
        assert_eq!(p.tag, Tag::Override);
        assert!(
            p.source.contains("preset value 4 : [Q] Samsung"),
            "{}",
            p.source
        );
    }

    #[test]
    fn markdown_rows_escape_pipes_and_format_small_numbers() {
        let p = Provenance::new("k", "coefficient", 2.5e-4, "", Tag::QuotedCode, "a | b");
        assert_eq!(
            p.markdown_row("SLC"),
            "| SLC | `k` | coefficient | 2.5e-4  | [Qc] | a \\| b |"
        );
    }
}
