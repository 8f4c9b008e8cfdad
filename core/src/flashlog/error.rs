//! Typed errors of the FlashLogging and Append/Pack models.

use thiserror::Error;

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum FlashLogError {
    #[error("configuration: {0}")]
    Config(String),
    #[error("device model: {0}")]
    Device(String),
    #[error("scheduler broke an invariant: {0}")]
    Invariant(String),
    #[error("Append/Pack: no free erase block can be made (valid data fills the device)")]
    DeviceFull,
    #[error("Append/Pack: logical page {page} is outside 0..{logical_pages}")]
    PageOutOfRange { page: u32, logical_pages: u32 },
    #[error("Append/Pack: power was cut before a device operation (crash injection)")]
    PowerLoss,
}
