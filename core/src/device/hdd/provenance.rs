//! HDD constants use the shared provenance types (`crate::device::provenance`); values the disk
//! model derives from them (geometry, rates, seek figures) carry their formula instead of a source.

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

impl From<&Derived> for super::lab::payload::DerivedPayload {
    fn from(d: &Derived) -> Self {
        Self {
            key: d.key.to_string(),
            label: d.label.to_string(),
            value: d.value,
            unit: d.unit.to_string(),
            tag: Tag::Derived.code().to_string(),
            formula: d.formula.to_string(),
        }
    }
}
