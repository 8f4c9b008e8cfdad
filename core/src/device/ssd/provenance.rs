//! SSD constants use the shared provenance types (`crate::device::provenance`).

pub use crate::device::provenance::{Constant, Tag};
