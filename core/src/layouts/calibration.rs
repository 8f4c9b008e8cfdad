//! The layouts section of `docs/CALIBRATION.md`: every constant the lab's scans run on, with
//! its source. The devices are the existing HDD and SSD presets of seed 001 (their own
//! sections list the device constants); here are Table 2's B and l the analytical model uses,
//! the scan engine's knobs and the CPU model's costs (two of them calibration points), from the
//! list the lab's constants card shows (`lab/constants.rs`).

use super::device::DeviceId;
use super::lab::constants::lab_constants;
use super::settings::ScanSettings;
use crate::plugin::{GeneratedBlock, cell, format_value};

pub fn blocks() -> Vec<GeneratedBlock> {
    vec![GeneratedBlock {
        name: "layouts constants",
        body: markdown(),
    }]
}

pub fn markdown() -> String {
    let mut out = String::from(
        "Generated from `core/src/layouts/{device,settings,cpu}.rs`. Devices: HDD preset \
         `seed001-barracuda-sata2`, SSD presets `ssd_fast`, `ssd_medium`, `ssd_slow` (datasheet \
         mode, no η calibration).\n\n\
         | parameter | value | unit | tag | source |\n|---|---|---|---|---|\n",
    );
    for c in lab_constants(&DeviceId::ALL, &ScanSettings::default()) {
        out.push_str(&format!(
            "| `{}` | {} | {} | {} | {} |\n",
            c.key,
            format_value(c.value),
            c.unit,
            cell(&c.tag),
            cell(&c.source)
        ));
    }
    out
}
