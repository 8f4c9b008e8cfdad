//! The NAND configurations of calibration.md E (one SLC and one MLC die, recommended defaults),
//! exposed as SSD presets so that the IPA lab (seed 004) can take page, block and timing
//! constants with their sources from one place.

use super::preset_kit::{
    MQSIM_OP, Preset, Shape, c, firmware_per_command, interface, mlc_timings, sata_host_link,
    shape, slc_endurance, slc_timings,
};
use super::provenance::Tag;

pub(super) fn nand(slc: bool) -> Preset {
    let mut k = Vec::new();
    let id = if slc { "slc_nand" } else { "mlc_nand" };
    let one = (
        1.0,
        Tag::Design,
        "model choice: one die, the unit the IPA lab programs",
    );
    if slc {
        shape(
            &mut k,
            Shape {
                channels: one,
                dies: one,
                planes: 1.0,
                blocks: 1024.0,
                pages: (64.0, Tag::Quoted, "Numonyx NAND02G-B2D: 64 pages per block"),
                page_bytes: (
                    2048.0,
                    Tag::Quoted,
                    "Numonyx NAND02G-B2D: 2048 + 64 B pages",
                ),
            },
        );
        k.push(c("over_provisioning", 0.07, Tag::QuotedCode, MQSIM_OP));
        slc_timings(&mut k);
    } else {
        shape(
            &mut k,
            Shape {
                channels: one,
                dies: one,
                planes: 2.0,
                blocks: 128.0,
                pages: (
                    256.0,
                    Tag::Quoted,
                    "Micron MT29F64G08CBAAA: 256 pages per block",
                ),
                page_bytes: (
                    8192.0,
                    Tag::Quoted,
                    "Micron MT29F64G08CBAAA: 8192 + 448 B pages",
                ),
            },
        );
        k.push(c("over_provisioning", 0.07, Tag::QuotedCode, MQSIM_OP));
        mlc_timings(&mut k);
    }
    interface(&mut k, 133.0, sata_host_link(), firmware_per_command());
    if slc {
        k.push(slc_endurance());
        k.push(c(
            "capacity_gb",
            0.134,
            Tag::Design,
            "model choice: 65,536 pages of 2 KB",
        ));
    } else {
        k.push(c(
            "endurance_pe",
            10_000.0,
            Tag::Quoted,
            "seed 004 §8.4: 10,000 P/E cycles for MLC (the Micron MT29F64G08CBAAA datasheet of \
             calibration.md E says 3,000)",
        ));
        k.push(c(
            "capacity_gb",
            0.537,
            Tag::Design,
            "model choice: 65,536 pages of 8 KB",
        ));
    }
    Preset {
        id,
        label: if slc {
            "SLC NAND configuration (calibration.md E)"
        } else {
            "MLC NAND configuration (calibration.md E)"
        },
        description: if slc {
            "One SLC die with the recommended defaults of calibration.md E: 2 KB pages, 64 pages \
             per block, tR 25 µs, tPROG 200 µs, tBERS 1.5 ms, 100,000 P/E."
        } else {
            "One MLC die with the recommended defaults of calibration.md E: 8 KB pages, 256 pages \
             per block, tR 48/64 µs, tPROG 850/2300 µs (LSB/MSB), tBERS 3.8 ms; 10,000 P/E as \
             in seed 004."
        },
        constants: k,
    }
}
