//! Typed errors of the layouts lab core. Each names the rule that was broken, so a lab can show
//! it to a student as-is.

use thiserror::Error;

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum LayoutError {
    /// A query names a column the table does not have.
    #[error("column {column} does not exist (the table has {columns} columns)")]
    NoSuchColumn { column: usize, columns: usize },
    /// A query that projects nothing.
    #[error("a scan must project at least one column")]
    EmptyProjection,
    /// A page size that cannot hold one tuple (NSM/PAX) or one value (DSM) after the header.
    #[error("page of {page_bytes} B cannot hold a {need_bytes} B tuple or value after the header")]
    PageTooSmall { page_bytes: u32, need_bytes: u32 },
    /// A knob outside its range (the message names the knob and the range).
    #[error("invalid setting: {0}")]
    InvalidSetting(String),
    /// The device model refused a request (it would leave the device).
    #[error("device model error: {0}")]
    Device(String),
    /// The scan reached a state its invariants rule out (a bug, reported instead of hidden).
    #[error("scan invariant broken: {0}")]
    Invariant(String),
}
