//! FlashLab core: deterministic simulations of database algorithms on flash storage.
//!
//! See `docs/ARCHITECTURE.md` for the map. In short: `sim` is the kernel every lab shares,
//! `scenario` turns untrusted JSON into validated input, `device` holds the calibrated device
//! models (each with its lab), `plugin` is what a lab says about itself, `labs` is the one list of
//! built labs, `session` is what the CLI and the wasm handle drive, `reproduce`, `bench` and
//! `calibration_doc` gather every lab's claims, bench cases and calibration tables.

pub mod bench;
pub mod calibration_doc;
pub mod device;
#[cfg(feature = "lab-fdtree")]
pub mod fdtree;
#[cfg(feature = "lab-flashlog")]
pub mod flashlog;
#[cfg(feature = "lab-ipa")]
pub mod ipa;
pub mod labs;
#[cfg(feature = "lab-layouts")]
pub mod layouts;
#[cfg(feature = "lab-masm")]
pub mod masm;
pub mod payload;
pub mod plugin;
pub mod reproduce;
pub mod scenario;
pub mod session;
pub mod sim;

pub use session::{CORE_VERSION, Session};

/// The full `scenarios/schema.json` document.
pub fn scenario_schema() -> serde_json::Value {
    scenario::schema::combined_schema(&labs::body_schemas())
}
