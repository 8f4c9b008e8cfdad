//! Presets of the drives in the seed papers (see `presets.rs` for the list and the rules):
//! the Intel X25-E (seed 000), the three SSDs of seed 001 Table 2, and the FusionIO-class card of
//! seed 003. Each constant names its source; a `fitted` one names the figure it was fitted to,
//! which `reproduce.rs` then does not claim.

use super::preset_kit::{
    MQSIM_OP, Preset, Shape, c, firmware_per_command, interface, mlc_timings, page_us, shape,
    slc_endurance, slc_timings,
};
use super::provenance::Tag;

pub(super) fn x25e() -> Preset {
    let mut k = Vec::new();
    let x25e = "Tom's Hardware, 'Breaking Records With SSDs: 16 Intel X25-Es Do 2.2 GB/s' (2009): \
                'Intel's ten-channel flash controller'";
    shape(
        &mut k,
        Shape {
            channels: (10.0, Tag::Secondary, x25e),
            dies: (
                1.0,
                Tag::Fitted,
                "fitted to the 170 MB/s sequential write (seed 000 §5.1): 10 dies × 4096 B / \
                 (30.8 + 200) µs = 177 MB/s; 2 dies per channel would give the link's 250 MB/s",
            ),
            planes: 1.0,
            blocks: 96.0,
            pages: (
                64.0,
                Tag::Quoted,
                "Numonyx NAND02G-B2D SLC: 64 pages per block (stand-in)",
            ),
            page_bytes: (
                4096.0,
                Tag::Quoted,
                "seed 000 §4.2: the SSD's internal page is 4 KB",
            ),
        },
    );
    k.push(c("over_provisioning", 0.07, Tag::QuotedCode, MQSIM_OP));
    slc_timings(&mut k);
    let command = 75.0 - 25.0 - page_us(133.0) - page_us(250.0);
    interface(
        &mut k,
        133.0,
        (
            250.0,
            Tag::Fitted,
            "fitted to the 250 MB/s sequential read (seed 000 §5.1)".into(),
        ),
        (
            (command * 1000.0).round() / 1000.0,
            Tag::Fitted,
            "fitted to the 75 µs read latency (seed 000 §5.1): 75 − tR 25 − 4 KB/133 MB/s − 4 \
             KB/250 MB/s"
                .into(),
        ),
    );
    k.push(c(
        "endurance_pe",
        100_000.0,
        Tag::Quoted,
        "seed 000 §4.2: 10^5 erase cycles",
    ));
    k.push(c(
        "capacity_gb",
        32.0,
        Tag::Quoted,
        "seed 000 §5.1: 32 GB Intel X25-E",
    ));
    Preset {
        id: "x25e",
        label: "Intel X25-E (SLC, SATA) — MaSM and FD+tree testbed",
        description: "The update SSD of MaSM (seed 000) and FD+tree: 250 MB/s read, 170 MB/s \
                      write, 75 µs read latency, > 35,000 random 4 KB reads/s.",
        constants: k,
    }
}

/// One of the three seed-001 Table 2 devices.
pub(super) fn seed001(id: &'static str, read_mb_s: f64, read_iops: f64) -> Preset {
    let mut k = Vec::new();
    let fast = id == "ssd_fast";
    let x25m = "Tom's Hardware X25-M review (2008): 'ten different MLC flash channels', two \
                flash chips per channel (SSD-Fast reads as an X25-M-class part, seed 001 digest)";
    let dies = if fast {
        (2.0, Tag::Secondary, x25m)
    } else {
        (
            2.0,
            Tag::Fitted,
            "fitted to the 20 MB/s sequential write (seed 001 Table 2): 8 dies × 4096 B / (30.8 \
             + 1575) µs = 20.4 MB/s",
        )
    };
    shape(
        &mut k,
        Shape {
            channels: if fast {
                (10.0, Tag::Secondary, x25m)
            } else {
                (
                    4.0,
                    Tag::Design,
                    "model choice: a 4-channel low-end controller",
                )
            },
            dies,
            planes: 1.0,
            blocks: 64.0,
            pages: (
                128.0,
                Tag::Design,
                "model choice: 128 pages of 4 KB (512 KB MLC blocks)",
            ),
            page_bytes: (
                4096.0,
                Tag::Design,
                "model choice: 4 KB pages (the I/O unit of Table 2)",
            ),
        },
    );
    k.push(c("over_provisioning", 0.07, Tag::QuotedCode, MQSIM_OP));
    mlc_timings(&mut k);
    interface(
        &mut k,
        133.0,
        (
            read_mb_s,
            Tag::Fitted,
            format!("fitted to the {read_mb_s} MB/s sequential read (seed 001 Table 2)"),
        ),
        (
            (1e6 / read_iops * 1000.0).round() / 1000.0,
            Tag::Fitted,
            format!(
                "fitted to {read_iops} random 4 KB reads/s at queue depth 32 (seed 001 Table 2): \
                 the controller handles one command per 1/{read_iops} s"
            ),
        ),
    );
    k.push(c(
        "endurance_pe",
        10_000.0,
        Tag::Quoted,
        "seed 000 §4.2: MLC endurance 10^4",
    ));
    k.push(c(
        "capacity_gb",
        80.0,
        Tag::Design,
        "not stated in seed 001; an 80 GB class drive",
    ));
    let (label, description) = match id {
        "ssd_fast" => (
            "SSD-Fast (seed 001, MLC, high-end SATA)",
            "Seed 001 Table 2 SSD-Fast: 250 MB/s read, 70 MB/s write, 35,000 / 3,300 random \
             4 KB reads / writes per second, 0.1 ms latency.",
        ),
        "ssd_medium" => (
            "SSD-Medium (seed 001, MLC, intermediate)",
            "Seed 001 Table 2 SSD-Medium: 69 MB/s read, 20 MB/s write, 7,000 / 66 random 4 KB \
             reads / writes per second, 0.2 ms latency.",
        ),
        _ => (
            "SSD-Slow (seed 001, MLC, low-end)",
            "Seed 001 Table 2 SSD-Slow: 25 MB/s read, 20 MB/s write, 6,000 / 136 random 4 KB \
             reads / writes per second, 0.6 ms latency.",
        ),
    };
    Preset {
        id,
        label,
        description,
        constants: k,
    }
}

pub(super) fn fusionio() -> Preset {
    let mut k = Vec::new();
    let iodrive = "Tom's Hardware ioDrive review (2008): 'a x4 PCI Express board', the 80 and \
                   160 GB versions are SLC";
    shape(
        &mut k,
        Shape {
            channels: (20.0, Tag::Design, "model choice: 20 channels × 4 dies"),
            dies: (
                4.0,
                Tag::Derived,
                "160 GB (seed 003 §2.2) / 2 GB per 16 Gb SLC die = 80 dies, as 20 channels × 4",
            ),
            planes: 1.0,
            blocks: 48.0,
            pages: (
                64.0,
                Tag::Quoted,
                "Numonyx NAND02G-B2D SLC: 64 pages per block (stand-in)",
            ),
            page_bytes: (4096.0, Tag::Design, "model choice: 4 KB pages"),
        },
    );
    k.push(c("over_provisioning", 0.07, Tag::QuotedCode, MQSIM_OP));
    slc_timings(&mut k);
    interface(
        &mut k,
        133.0,
        (
            1000.0 * 128.0 / 152.0,
            Tag::Derived,
            format!(
                "PCIe 1.x ×4 = 4 × 250 MB/s (2.5 GT/s, 8b/10b) × 128/152 TLP efficiency (128 B \
                 payload, 24 B header, sequence, LCRC, framing); {iodrive}"
            ),
        ),
        firmware_per_command(),
    );
    k.push(slc_endurance());
    k.push(c(
        "capacity_gb",
        160.0,
        Tag::Quoted,
        "seed 003 §2.2: 160 GB ioDrive",
    ));
    Preset {
        id: "fusionio",
        label: "FusionIO ioDrive-class PCIe SSD (seed 003)",
        description: "A 2010 PCIe flash card of the seed-003 class: built from SLC datasheet \
                      timings and a PCIe 1.x ×4 link, not fitted to the paper's figures.",
        constants: k,
    }
}
