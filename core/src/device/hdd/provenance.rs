//! HDD constants use the shared provenance types (`crate::device::provenance`); values the disk
//! model derives from them (geometry, rates, seek figures) carry their formula instead of a source.

use serde_json::{Value, json};

pub use crate::device::provenance::{Constant, Tag};

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
