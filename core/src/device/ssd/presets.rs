//! Named SSD presets; every constant with its source and tag. A scenario picks one with
//! `device.preset` and may override single fields (`device.<key>`).
//!
//! 1. `course` (default): a small device whose block map is readable (4 ch × 2 dies × 64 blocks
//!    × 32 pages), SLC timings from the Numonyx datasheet.
//! 2. `x25e`: the Intel X25-E of MaSM and FD+tree (seed 000). Fitted: host link to the 250 MB/s
//!    sequential read, command time to the 75 µs read latency, one die per channel to the
//!    170 MB/s sequential write. Not fitted, hence reproduced: 64 KB reads (193 MB/s), 4 KB
//!    random reads (> 35,000/s), 4 KB random writes (3,300/s, seed 001 Table 1).
//! 3. `ssd_fast`, `ssd_medium`, `ssd_slow`: seed 001 Table 2. Fitted per device: host link to
//!    its sequential read, command time to its random-read IOPS; `ssd_medium/slow` also fit the
//!    die count to their sequential write. Reproduced: latency, sequential write (`ssd_fast`),
//!    random-write IOPS.
//! 4. `fusionio`: the PCIe ioDrive-class device of seed 003. Nothing fitted: SLC datasheet timings,
//!    a PCIe 1.x ×4 link, 80 dies (160 GB of 2 GB SLC dies); Table 1 and the 16 % random-write
//!    figure are reproduced against it.
//! 5. `slc_nand`, `mlc_nand`: the calibration.md E NAND configurations (page, block, tR, tPROG,
//!    tBERS, endurance), one die, for the IPA lab (seed 004).
//!
//! Lab scale: a lab run is capped at 262,144 physical pages (state is cloned for keyframes), so
//! presets keep their channel/die/page/block shape with fewer blocks per plane than the real
//! drive; `capacity_gb` records the real size. Bandwidth and latency do not depend on the block
//! count; write amplification depends on it weakly (reproductions use larger devices).

pub use super::preset_kit::{KEYS, Preset};
use super::preset_kit::{
    Shape, c, firmware_per_command, interface, sata_host_link, shape, slc_endurance, slc_timings,
};
use super::provenance::Tag;
use super::{drives, nand_configs};

pub const PRESET_IDS: &[&str] = &[
    "course",
    "x25e",
    "ssd_fast",
    "ssd_medium",
    "ssd_slow",
    "fusionio",
    "slc_nand",
    "mlc_nand",
];

fn course() -> Preset {
    let mut k = Vec::new();
    shape(
        &mut k,
        Shape {
            channels: (
                4.0,
                Tag::Design,
                "model choice: small enough to see every block",
            ),
            dies: (
                2.0,
                Tag::Design,
                "model choice: two dies share each channel",
            ),
            planes: 1.0,
            blocks: 64.0,
            pages: (
                32.0,
                Tag::Design,
                "model choice: 32 pages per block keep the block map readable",
            ),
            page_bytes: (
                4096.0,
                Tag::Design,
                "model choice: 4 KB pages, the host I/O unit",
            ),
        },
    );
    k.push(c(
        "over_provisioning",
        0.10,
        Tag::Design,
        "model choice: 10 % spare",
    ));
    slc_timings(&mut k);
    interface(&mut k, 133.0, sata_host_link(), firmware_per_command());
    k.push(slc_endurance());
    k.push(c(
        "capacity_gb",
        0.064,
        Tag::Design,
        "model choice: 16,384 pages of 4 KB",
    ));
    Preset {
        id: "course",
        label: "Course device (small SLC SSD)",
        description: "A small SLC SSD whose every page fits on screen: 4 channels × 2 dies × 64 \
                      blocks × 32 pages of 4 KB, 10 % over-provisioning.",
        constants: k,
    }
}

/// The preset with this id.
pub fn preset(id: &str) -> Option<Preset> {
    Some(match id {
        "course" => course(),
        "x25e" => drives::x25e(),
        "ssd_fast" => drives::seed001("ssd_fast", 250.0, 35_000.0),
        "ssd_medium" => drives::seed001("ssd_medium", 69.0, 7_000.0),
        "ssd_slow" => drives::seed001("ssd_slow", 25.0, 6_000.0),
        "fusionio" => drives::fusionio(),
        "slc_nand" => nand_configs::nand(true),
        "mlc_nand" => nand_configs::nand(false),
        _ => return None,
    })
}

pub fn all_presets() -> Vec<Preset> {
    PRESET_IDS.iter().filter_map(|id| preset(id)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::device::ssd::preset_kit::page_us;

    #[test]
    fn every_preset_defines_every_key_once() {
        for p in all_presets() {
            let keys: Vec<&str> = p.constants.iter().map(|c| c.key).collect();
            let expected: Vec<&str> = KEYS.iter().map(|(k, _, _)| *k).collect();
            assert_eq!(keys, expected, "{}", p.id);
            assert!(p.constants.iter().all(|c| !c.source.is_empty()));
        }
    }

    #[test]
    fn x25e_command_time_closes_the_75_us_latency() {
        let p = preset("x25e").unwrap();
        let get = |k: &str| p.constants.iter().find(|c| c.key == k).unwrap().value;
        let latency = get("command_us") + get("read_us") + page_us(133.0) + page_us(250.0);
        assert!((latency - 75.0).abs() < 0.001, "{latency}");
    }
}
