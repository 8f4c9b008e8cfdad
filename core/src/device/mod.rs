//! Calibrated device models. Every constant carries its source (see `docs/CALIBRATION.md`).

pub mod hdd;
pub mod nand;
pub mod provenance;
pub mod ssd;
