//! Where the SSD puts Append/Pack's writes (seed 003 §2.2: A/P "buffers the dirty pages and
//! writes them in blocks equal to the erase block size").
//!
//! 1. A/P's erase unit is one flash block on every die (`ssd_run` step 1), and an A/P erase is a
//!    TRIM of the unit. The design's premise is that a unit-sized write at a unit's start fills
//!    whole device erase blocks, so that the TRIM leaves those blocks wholly invalid and the
//!    device's GC copies nothing (write amplification 1 inside the SSD).
//! 2. `Placement::Dynamic` is the SSD model's default: each page goes to the die that is free
//!    first. Pack reads and the mix's reads make the dies' free times uneven, so a unit's pages
//!    land unevenly over the dies and device blocks straddle units: an append unit and a
//!    long-lived pack unit share blocks, and GC copies the pack unit's pages when the append unit
//!    is trimmed (measured with the database at 80 % of a 48-block-per-plane `fusionio`: device
//!    write amplification 1.24 on A/P's writes alone, 1.39 on the read/write mix).
//! 3. `Placement::Striped` [choice, the alignment the paper's design assumes]: page `lba` goes
//!    to die `lba mod dies`, a device that stripes its address space over its dies. A unit of
//!    pages_per_block × planes × dies pages written in address order then gives every die whole
//!    blocks of its own, filled in order (device write amplification 1.00, measured). The page
//!    is booked on the timing model like any write (`booking::book_write`); a die that is
//!    busy makes the page wait instead of sending it elsewhere. A die without headroom is
//!    skipped (the FTL's own rule), which never happens while A/P trims whole units.
//! 4. The in-place baseline keeps dynamic allocation: it is its better case (striped, a random
//!    write waits for its die instead of going to one that is free; the test
//!    `in_place_writes_gain_nothing_from_address_striping` checks the direction).

use crate::device::ssd::booking::book_write;
use crate::device::ssd::die_clock::MAX_BUSY_NS;
use crate::device::ssd::ftl::FtlError;
use crate::device::ssd::oplog::OpLog;
use crate::device::ssd::timed::TimedSsd;

/// How the device places A/P's page writes (steps 2–3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Placement {
    /// The die free first (the SSD model's default).
    Dynamic,
    /// Die `lba mod dies`.
    #[default]
    Striped,
}

/// Step 3's scratch: the preference handed to the FTL's allocator and the operation log.
#[derive(Debug, Clone, Default)]
pub struct Striper {
    preference: Vec<u64>,
    log: OpLog,
}

impl Striper {
    /// One host page write on die `lba mod dies`, booked from `ready_ns` (non-decreasing);
    /// returns when the page is programmed.
    pub fn write(
        &mut self,
        ssd: &mut TimedSsd,
        lba: u32,
        version: u32,
        ready_ns: u64,
    ) -> Result<u64, FtlError> {
        let dies = ssd.geometry.dies() as usize;
        if self.preference.len() != dies {
            self.preference = vec![MAX_BUSY_NS; dies];
        }
        let die = lba as usize % dies.max(1);
        // The allocator takes the die with the smallest key that has headroom: only `die` has 0.
        self.preference[die] = 0;
        self.log.clear();
        let t0 = ssd.timing.command(ready_ns);
        let arrived = ssd.timing.host_in(t0);
        let written = ssd
            .ftl
            .write_with(lba, version, Some(&self.preference), &mut self.log);
        self.preference[die] = MAX_BUSY_NS;
        written?;
        Ok(book_write(
            &mut ssd.timing,
            &ssd.geometry,
            &self.log,
            t0,
            arrived,
        ))
    }
}
