//! Power loss and map recovery for the page-mapped FTL (issue 14, "Faults and soak").
//!
//! What is durable: the flash. Each programmed page holds its data and an out-of-band (OOB)
//! area with the LBA and a write sequence number that grows with every program, host page or GC
//! copy (`ftl.rs` step 6) [choice: the usual way a page-mapped FTL without a persisted map
//! rebuilds it; the SSD lab's sources do not model power loss]. Erase counts are block
//! metadata on flash. The maps, the greedy lists, the free pools and the GC state are DRAM.
//!
//! 1. Crash injection: `cut_power_after(n, tear)` lets `n` more flash operations (programs,
//!    erases) happen; the next one fails with `FtlError::PowerLoss`, either not started or,
//!    with `tear` and if it is a program, torn: the page is programmed but its OOB fails ECC
//!    (`OOB_TORN`). A cut can land anywhere, e.g. inside GC after some copies but before the
//!    victim's erase. Erases are atomic.
//! 2. `power_cut()` keeps only the durable state (`FlashImage`); the simulator's cumulative
//!    counters are carried along as statistics, not as drive state.
//! 3. `FlashImage::recover(read_ns)` scans every block page by page up to its first erased page
//!    (pages are programmed in order) reading the OOB; per LBA the copy with the highest
//!    sequence number wins, so a GC copy beats the victim's original and a new write beats
//!    every stale copy; torn pages count as programmed and invalid. The scan is timed: each OOB
//!    read costs one array read (`read_ns`) on its die, dies scan in parallel (the few OOB
//!    bytes on the channel are not charged; nor is the GC of step 6, reported apart).
//! 4. TRIM [choice, the faithful option]: a trimmed LBA's stale pages stay on flash until GC
//!    erases them, so a scan alone would resurrect them. A TRIM of a mapped LBA is therefore
//!    acknowledged only once a trim record (LBA, sequence number) is in a trim journal on
//!    flash; at recovery a trim record newer than the LBA's best page unmaps it. Limitation:
//!    the journal is modelled as one record per LBA (the latest) and its page programs are not
//!    timed (one journal page holds hundreds of records), so existing traces are unchanged.
//! 5. Rebuild: l2p/p2l, valid counts, per-die write points (the partly programmed block of the
//!    die; a second one, which the FTL never leaves, would be closed), closed blocks filed in
//!    the order of their last program (FIFO order) with the recovery time as their age for
//!    cost-benefit [simplification], free pools from the erased blocks, and the sequence
//!    counter resumes above everything seen.
//! 6. A die left below the GC low watermark by a cut inside GC is collected before host I/O
//!    resumes (the interrupted GC is finished), so the headroom argument of `ftl.rs` holds
//!    again.

use super::blocks::{Blocks, NIL, ScannedBlocks};
use super::ftl::{
    Counters, Ftl, FtlConfig, FtlError, NO_POWER_CUT, OOB_TORN, PAGE_FREE, PAGE_INVALID, UNMAPPED,
};
use super::gc_policy::VictimPolicy;
use super::geometry::Geometry;
use super::oplog::{OpLog, PhysOp};

/// What survives a power cut.
#[derive(Debug, Clone)]
pub struct FlashImage {
    pub geometry: Geometry,
    pub config: FtlConfig,
    pub oob_lba: Vec<u32>,
    pub oob_seq: Vec<u64>,
    /// The page data (the version the host wrote).
    pub page_version: Vec<u32>,
    pub erase_count: Vec<u32>,
    pub trim_seq: Vec<u64>,
    /// Statistics of the run so far (not drive state).
    pub counters: Counters,
    pub double_programs: u64,
}

/// What the recovery scan did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RecoveryReport {
    /// OOB reads: every programmed page plus the first erased page of each non-full block.
    pub oob_reads: u64,
    /// Simulated scan time: the most OOB reads on one die × the array read time.
    pub scan_ns: u64,
    pub mapped_lbas: u32,
    /// Programmed pages that lost to a newer copy or a trim record.
    pub stale_pages: u64,
    pub torn_pages: u64,
    /// LBAs whose best page a newer trim record unmapped.
    pub unmapped_by_trim: u32,
    /// Flash operations of the GC that recovery finished (step 6).
    pub finishing_gc_ops: u64,
}

impl Ftl {
    /// Step 1: the `flash_ops + 1`-th flash operation from now fails with `PowerLoss`.
    pub fn cut_power_after(&mut self, flash_ops: u64, tear: bool) {
        self.power_budget = flash_ops;
        self.tear_at_cut = tear;
    }

    /// Step 1, called before every flash operation (`ppn` for a program).
    pub(super) fn spend_power(&mut self, ppn: Option<u32>) -> Result<(), FtlError> {
        if self.power_budget == NO_POWER_CUT {
            return Ok(());
        }
        if self.power_budget == 0 {
            if let (true, Some(p)) = (self.tear_at_cut, ppn) {
                self.oob_lba[p as usize] = OOB_TORN;
                self.oob_seq[p as usize] = 0;
            }
            self.tear_at_cut = false;
            return Err(FtlError::PowerLoss);
        }
        self.power_budget -= 1;
        Ok(())
    }

    /// Step 2: drops everything but the flash.
    pub fn power_cut(self) -> FlashImage {
        FlashImage {
            geometry: self.geometry,
            config: self.config,
            oob_lba: self.oob_lba,
            oob_seq: self.oob_seq,
            page_version: self.page_version,
            erase_count: self.blocks.erase_count,
            trim_seq: self.trim_seq,
            counters: self.counters,
            double_programs: self.double_programs,
        }
    }
}

impl FlashImage {
    /// Steps 3–6: a running FTL rebuilt from the flash alone.
    pub fn recover(self, read_ns: u64) -> Result<(Ftl, RecoveryReport), FtlError> {
        let g = self.geometry;
        let ppb = g.pages_per_block;
        let mut ftl = Ftl::new(g, self.config);
        let mut report = RecoveryReport::default();
        let mut best_seq = vec![0u64; g.logical_pages as usize];
        let mut last_seq = vec![0u64; g.blocks() as usize];
        let mut reads_per_die = vec![0u64; g.dies() as usize];
        let mut scan = ScannedBlocks {
            erase_count: self.erase_count,
            write_ptr: vec![0; g.blocks() as usize],
            valid: vec![0; g.blocks() as usize],
            ..ScannedBlocks::default()
        };
        // Step 3: OOB scan, block by block up to the first erased page.
        for block in 0..g.blocks() {
            let first = g.ppn(block, 0);
            let mut programmed = 0;
            for page in 0..ppb {
                let ppn = first + page;
                reads_per_die[g.die_of_block(block) as usize] += 1;
                report.oob_reads += 1;
                let lba = self.oob_lba[ppn as usize];
                if lba == PAGE_FREE {
                    break;
                }
                programmed = page + 1;
                ftl.p2l[ppn as usize] = PAGE_INVALID;
                if lba == OOB_TORN || lba >= g.logical_pages {
                    report.torn_pages += 1;
                    continue;
                }
                let seq = self.oob_seq[ppn as usize];
                last_seq[block as usize] = last_seq[block as usize].max(seq);
                if seq > best_seq[lba as usize] {
                    best_seq[lba as usize] = seq;
                    ftl.l2p[lba as usize] = ppn;
                }
            }
            scan.write_ptr[block as usize] = programmed;
        }
        report.scan_ns = reads_per_die.iter().max().copied().unwrap_or(0) * read_ns;
        // Step 4: trim records newer than the best page unmap the LBA.
        for (lba, &trimmed_at) in self.trim_seq.iter().enumerate() {
            if ftl.l2p[lba] != UNMAPPED && trimmed_at > best_seq[lba] {
                ftl.l2p[lba] = UNMAPPED;
                report.unmapped_by_trim += 1;
            }
        }
        // Step 5: maps and valid counts.
        for (lba, &ppn) in ftl.l2p.iter().enumerate() {
            if ppn == UNMAPPED {
                continue;
            }
            ftl.p2l[ppn as usize] = lba as u32;
            let block = g.block_of_ppn(ppn);
            scan.valid[block as usize] += 1;
            ftl.die_valid[g.die_of_block(block) as usize] += 1;
            report.mapped_lbas += 1;
        }
        let programmed_pages: u64 = scan.write_ptr.iter().map(|&w| u64::from(w)).sum();
        report.stale_pages = programmed_pages - report.torn_pages - u64::from(report.mapped_lbas);
        ftl.mapped = report.mapped_lbas;
        let mut closed: Vec<(u64, u32)> = Vec::new();
        for block in 0..g.blocks() {
            let written = scan.write_ptr[block as usize];
            let die = g.die_of_block(block) as usize;
            if written == 0 {
                continue;
            }
            if written < ppb && ftl.active[die] == NIL {
                ftl.active[die] = block;
                scan.active.push(block);
            } else {
                closed.push((last_seq[block as usize], block));
            }
        }
        closed.sort_unstable();
        scan.closed_in_order = closed.into_iter().map(|(_, b)| b).collect();
        let stamp = self.counters.host_writes;
        ftl.blocks = Blocks::rebuild(
            &g,
            self.config.dynamic_wear_leveling,
            self.config.policy == VictimPolicy::Fifo,
            &scan,
            stamp,
        );
        for die in 0..g.dies() {
            let first = g.first_block_of_die(die) as usize;
            let last = first + g.blocks_per_die() as usize;
            ftl.max_erase[die as usize] = ftl.blocks.erase_count[first..last]
                .iter()
                .copied()
                .max()
                .unwrap_or(0);
        }
        ftl.page_version = self.page_version;
        ftl.oob_lba = self.oob_lba;
        ftl.oob_seq = self.oob_seq;
        let newest_trim = self.trim_seq.iter().copied().max().unwrap_or(0);
        ftl.trim_seq = self.trim_seq;
        ftl.write_seq = best_seq
            .iter()
            .chain(&last_seq)
            .copied()
            .max()
            .unwrap_or(0)
            .max(newest_trim);
        ftl.counters = self.counters;
        ftl.double_programs = self.double_programs;
        // Step 6: finish the GC the cut interrupted.
        let mut log = OpLog::new();
        for die in 0..g.dies() {
            if ftl.blocks.free_count(die) < ftl.config.gc_low_watermark {
                ftl.collect(die, &mut log)?;
            }
        }
        report.finishing_gc_ops = log
            .iter()
            .filter(|op| matches!(op, PhysOp::Relocate { .. } | PhysOp::Erase { .. }))
            .count() as u64;
        Ok((ftl, report))
    }
}
