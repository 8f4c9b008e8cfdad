//! In-Page Logging as the IPA paper describes and configures it (§2.1, §8.3, App. B; digest §4.2,
//! §4.5, §8 #18 — an approximation of Lee & Moon [21], not their code).
//!
//! 1. Geometry (§8.3): 8 KB DB pages over 2 KB flash pages (4 io per page), 64 flash pages per
//!    erase unit: 15 DB pages (60 flash pages) plus a log region of 4 flash pages = 16 log
//!    sectors of 512 B. DB page `lba` lives in erase unit `lba / 15`.
//! 2. Every change is logged into the page's in-memory 512 B log sector: a record of a 4-byte
//!    page id plus 3 bytes per changed byte (the byte-diff of digest §8 #18). A full sector is
//!    flushed (`imlog_full`) before the record that does not fit.
//! 3. A write-back flushes the page's sector if it holds records (the page itself is not
//!    rewritten). A new page's first write-back writes the page (4 io) into its unit.
//! 4. Flushing a sector takes the next free log sector of the unit (one 512 B partial write,
//!    counted as 1 io, App. B); if all 16 are used the unit is merged first: read the whole
//!    unit (16 × 4 io), write its 15 pages to a fresh unit (15 × 4 io), erase the old one. The
//!    pending sector folds into the merge (digest §8 #18).
//! 5. A fetch reads the page (4 io) and the unit's whole log region (4 io).
//! 6. WA_IPL and RA_IPL are App. B's formulas, on the counters above.
//! 7. Every flush, new-page write, merge and fetch also runs on real flash blocks (`ipl_flash`:
//!    the device's block count, 64 × 2 KB SLC pages per block, NOP 4), so IPL's erases are the
//!    blocks' own erase counts and its reads and programs are counted page by page.

use std::collections::BTreeMap;

use super::super::error::IpaError;
use super::super::trace::PageEvent;
use super::ipl_flash::IplFlash;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IplConfig {
    pub db_pages_per_unit: u32,
    pub log_sectors_per_unit: usize,
    pub sector_bytes: usize,
    /// Flash-page I/Os per DB page (8 KB / 2 KB).
    pub ios_per_page: u64,
    /// Flash-page I/Os to read a unit's log region (8 KB / 2 KB).
    pub log_region_ios: u64,
    pub record_header_bytes: usize,
    pub bytes_per_change: usize,
}

impl IplConfig {
    /// §8.3's configuration.
    pub fn paper() -> Self {
        Self {
            db_pages_per_unit: 15,
            log_sectors_per_unit: 16,
            sector_bytes: 512,
            ios_per_page: 4,
            log_region_ios: 4,
            record_header_bytes: 4,
            bytes_per_change: 3,
        }
    }
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct IplCounters {
    pub page_fetches: u64,
    /// Dirty write-backs (App. B's "page evictions").
    pub page_evictions: u64,
    pub imlog_full: u64,
    pub sector_writes: u64,
    pub new_page_writes: u64,
    pub merges: u64,
    pub read_ios: u64,
    pub write_ios: u64,
}

#[derive(Debug, Clone, PartialEq)]
pub struct IplSim {
    pub cfg: IplConfig,
    /// Bytes used in each buffered page's in-memory log sector.
    pub sectors: BTreeMap<u32, usize>,
    /// Log sectors used per erase unit.
    pub log_used: BTreeMap<u32, usize>,
    /// Pages allocated but not yet written.
    pub unwritten: BTreeMap<u32, bool>,
    pub counters: IplCounters,
    /// The erase units as flash blocks (step 7).
    pub flash: IplFlash,
}

impl IplSim {
    /// IPL on a device of `blocks` erase blocks (the same count as the IPA side's).
    pub fn new(cfg: IplConfig, blocks: usize) -> Self {
        Self {
            flash: IplFlash::new(
                blocks,
                cfg.db_pages_per_unit,
                cfg.ios_per_page as usize,
                cfg.sector_bytes,
            ),
            cfg,
            sectors: BTreeMap::new(),
            log_used: BTreeMap::new(),
            unwritten: BTreeMap::new(),
            counters: IplCounters::default(),
        }
    }

    fn unit(&self, lba: u32) -> u32 {
        lba / self.cfg.db_pages_per_unit
    }

    /// One event of the trace; an error when the flash refuses (a full device).
    pub fn step(&mut self, event: &PageEvent) -> Result<(), IpaError> {
        match *event {
            PageEvent::Fetch { lba } => {
                self.counters.page_fetches += 1;
                self.counters.read_ios += self.cfg.ios_per_page + self.cfg.log_region_ios;
                self.flash.fetch(lba)?;
            }
            PageEvent::New { lba } => {
                self.unwritten.insert(lba, true);
            }
            PageEvent::Change { lba, bytes } => {
                if self.unwritten.contains_key(&lba) {
                    return Ok(());
                }
                let record = self.cfg.record_header_bytes + self.cfg.bytes_per_change * bytes;
                let used = self.sectors.get(&lba).copied().unwrap_or(0);
                if used + record > self.cfg.sector_bytes && used > 0 {
                    self.counters.imlog_full += 1;
                    self.flush_sector(lba)?;
                }
                *self.sectors.entry(lba).or_insert(0) += record.min(self.cfg.sector_bytes);
            }
            PageEvent::WriteBack { lba } => {
                self.counters.page_evictions += 1;
                if self.unwritten.remove(&lba).is_some() {
                    self.counters.new_page_writes += 1;
                    self.counters.write_ios += self.cfg.ios_per_page;
                    self.flash.write_new_page(lba)?;
                } else if self.sectors.get(&lba).is_some_and(|&u| u > 0) {
                    self.flush_sector(lba)?;
                }
            }
            PageEvent::Evict { lba } => {
                self.sectors.remove(&lba);
            }
        }
        Ok(())
    }

    /// Step 4.
    fn flush_sector(&mut self, lba: u32) -> Result<(), IpaError> {
        let unit = self.unit(lba);
        self.sectors.insert(lba, 0);
        let used = self.log_used.entry(unit).or_insert(0);
        if *used < self.cfg.log_sectors_per_unit {
            *used += 1;
            self.counters.sector_writes += 1;
            self.counters.write_ios += 1;
            return self.flash.append_sector(lba);
        }
        *used = 0;
        self.counters.merges += 1;
        let unit_pages = u64::from(self.cfg.db_pages_per_unit);
        self.counters.read_ios += (unit_pages + 1) * self.cfg.ios_per_page;
        self.counters.write_ios += unit_pages * self.cfg.ios_per_page;
        self.flash.merge(lba)
    }

    /// Replays a whole trace on a device of `blocks` blocks.
    pub fn replay(cfg: IplConfig, blocks: usize, trace: &[PageEvent]) -> Result<Self, IpaError> {
        let mut sim = Self::new(cfg, blocks);
        for e in trace {
            sim.step(e)?;
        }
        Ok(sim)
    }

    /// App. B: WA_IPL = (merges·15·p + imlog_full·1 + evictions·1) / (evictions·p).
    pub fn write_amplification(&self) -> f64 {
        let c = &self.counters;
        let p = self.cfg.ios_per_page as f64;
        let pages = f64::from(self.cfg.db_pages_per_unit);
        let num = c.merges as f64 * pages * p + c.imlog_full as f64 + c.page_evictions as f64;
        let den = c.page_evictions as f64 * p;
        if den == 0.0 { 0.0 } else { num / den }
    }

    /// App. B: RA_IPL = (fetches·2·p + merges·16·p) / (fetches·p).
    pub fn read_amplification(&self) -> f64 {
        let c = &self.counters;
        let p = self.cfg.ios_per_page as f64;
        let pages = f64::from(self.cfg.db_pages_per_unit) + 1.0;
        let num = c.page_fetches as f64 * 2.0 * p + c.merges as f64 * pages * p;
        let den = c.page_fetches as f64 * p;
        if den == 0.0 { 0.0 } else { num / den }
    }

    /// Blocks erased, from the flash blocks' erase counts (step 7); App. B's merges.
    pub fn erases(&self) -> u64 {
        self.flash.erases()
    }

    /// Flash pages read per DB-page fetch's 4, on the blocks (step 7): fetches read only the
    /// log pages holding the page's sectors, merges every programmed page of the unit.
    pub fn block_read_amplification(&self) -> f64 {
        let f = &self.flash.counters;
        let den = (self.counters.page_fetches * self.cfg.ios_per_page) as f64;
        if den == 0.0 {
            0.0
        } else {
            (f.fetch_page_reads + f.merge_page_reads) as f64 / den
        }
    }

    /// Σ sectors used ≤ 16 per unit; blocks erased = merges.
    pub fn check_invariants(&self) -> Result<(), String> {
        if self.erases() != self.counters.merges {
            return Err(format!(
                "{} blocks erased for {} merges",
                self.erases(),
                self.counters.merges
            ));
        }
        match self
            .log_used
            .iter()
            .find(|(_, u)| **u > self.cfg.log_sectors_per_unit)
        {
            Some((unit, u)) => Err(format!("unit {unit} uses {u} log sectors")),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seventeenth_sector_flush_of_a_unit_merges_it() {
        let mut sim = IplSim::new(IplConfig::paper(), 4);
        for _ in 0..17 {
            sim.step(&PageEvent::Fetch { lba: 3 }).unwrap();
            sim.step(&PageEvent::Change { lba: 3, bytes: 4 }).unwrap();
            sim.step(&PageEvent::WriteBack { lba: 3 }).unwrap();
            sim.step(&PageEvent::Evict { lba: 3 }).unwrap();
        }
        assert_eq!(sim.counters.sector_writes, 16);
        assert_eq!(sim.counters.merges, 1);
        assert_eq!(sim.erases(), 1);
        // 17 fetches × 8 io + 1 merge × 64 io, over 17 × 4.
        assert!((sim.read_amplification() - (17.0 * 8.0 + 64.0) / 68.0).abs() < 1e-12);
        sim.check_invariants().unwrap();
    }

    #[test]
    fn a_full_sector_is_flushed_before_the_record_that_does_not_fit() {
        let mut sim = IplSim::new(IplConfig::paper(), 4);
        sim.step(&PageEvent::Fetch { lba: 0 }).unwrap();
        for _ in 0..20 {
            // 34 B records, 15 per sector.
            sim.step(&PageEvent::Change { lba: 0, bytes: 10 }).unwrap();
        }
        assert_eq!(sim.counters.imlog_full, 1);
    }
}
