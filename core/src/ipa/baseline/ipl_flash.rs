//! IPL's erase units as real flash blocks (Lee & Moon SIGMOD'07 §3; seed 004 §8.3): the same
//! byte-level NAND model as IPA's side (`ByteNand`: program order, NOP, charge only rising,
//! erase counts), so IPL's erases are blocks actually erased, not a formula.
//!
//! 1. Geometry (§8.3): SLC blocks of 64 × 2 KB pages (128 KB, the size of IPA's 16 × 8 KB
//!    blocks), the device's block count; NOP 4, so a 2 KB page takes four 512 B partial writes.
//!    Pages 0..60 hold the unit's 15 DB pages (4 flash pages each), pages 60..64 its log region
//!    of 16 × 512 B sectors.
//! 2. An erase unit gets a block the first time one of its pages is referenced. A page loaded
//!    before the run is programmed then, uncounted (the run starts after the load); a new page's
//!    first write-back programs its 4 flash pages, counted.
//! 3. `append_sector`: the unit's next free sector, a 512 B partial program of its log page. The
//!    caller merges first when all 16 are used.
//! 4. `merge`: read every programmed page of the unit's block, program its live DB pages into
//!    an erased block from the free pool, erase the old block and return it to the pool.
//! 5. `fetch`: the DB page's 4 flash pages plus the log pages that hold one of its sectors
//!    (Lee & Moon read only those; App. B charges the whole 8 KB log region — both are kept).

use std::collections::BTreeMap;

use crate::device::nand::{CellType, NandConfig};
use crate::ipa::bytenand::ByteNand;
use crate::ipa::error::IpaError;

/// Flash pages per block in §8.3's geometry.
pub const PAGES_PER_BLOCK: usize = 64;
/// Bytes per flash page in §8.3's geometry.
pub const FLASH_PAGE_BYTES: usize = 2048;

/// Flash operations counted during the run (the load's programs are not).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct IplFlashCounters {
    /// 2 KB page reads of fetches (DB page + the log pages holding its sectors).
    pub fetch_page_reads: u64,
    /// 2 KB page reads of merges (every programmed page of the merged block).
    pub merge_page_reads: u64,
    /// Whole-page programs (new pages and merges), 2 KB each.
    pub page_programs: u64,
    /// 512 B partial programs of log sectors.
    pub sector_programs: u64,
}

/// One erase unit's block and the owner (DB page) of each log sector written since its merge.
#[derive(Debug, Clone, PartialEq)]
struct Unit {
    block: usize,
    sector_owner: Vec<u32>,
    /// DB-page slots holding a page (loaded or written).
    live: Vec<bool>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct IplFlash {
    pub nand: ByteNand,
    units: BTreeMap<u32, Unit>,
    free: Vec<usize>,
    db_pages_per_unit: u32,
    ios_per_page: usize,
    sector_bytes: usize,
    pub counters: IplFlashCounters,
}

impl IplFlash {
    /// A device of `blocks` erased SLC blocks in step 1's geometry.
    pub fn new(
        blocks: usize,
        db_pages_per_unit: u32,
        ios_per_page: usize,
        sector_bytes: usize,
    ) -> Self {
        let mut nand = NandConfig::preset(CellType::Slc);
        nand.override_value("nop", (FLASH_PAGE_BYTES / sector_bytes.max(1)) as f64);
        Self {
            nand: ByteNand::new(nand, blocks, PAGES_PER_BLOCK, FLASH_PAGE_BYTES),
            units: BTreeMap::new(),
            free: (0..blocks).rev().collect(),
            db_pages_per_unit,
            ios_per_page,
            sector_bytes,
            counters: IplFlashCounters::default(),
        }
    }

    /// Blocks erased so far, from the blocks' own erase counts.
    pub fn erases(&self) -> u64 {
        self.nand.blocks.iter().map(|b| b.erase_count).sum()
    }

    /// The compare view's grid, blocks × pages: 0 erased, 1 a flash page of a DB page, 3 a log
    /// page holding sectors (its program count is the sectors written, up to NOP); and each
    /// block's erase count. Read from the blocks themselves, not from the unit table.
    pub fn page_states(&self) -> (Vec<f64>, Vec<f64>) {
        let first_log = self.log_first_page();
        let state = self
            .nand
            .blocks
            .iter()
            .flat_map(|b| {
                b.programs
                    .iter()
                    .enumerate()
                    .map(move |(p, &n)| match (n, p >= first_log) {
                        (0, _) => 0.0,
                        (_, false) => 1.0,
                        (_, true) => 3.0,
                    })
            })
            .collect();
        let erases = self
            .nand
            .blocks
            .iter()
            .map(|b| b.erase_count as f64)
            .collect();
        (state, erases)
    }

    /// Blocks in the free pool (erased, held by no erase unit).
    pub fn free_blocks(&self) -> usize {
        self.free.len()
    }

    /// Log sectors written in `lba`'s unit since its last merge.
    pub fn sectors_used(&self, lba: u32) -> usize {
        self.units
            .get(&(lba / self.db_pages_per_unit))
            .map_or(0, |u| u.sector_owner.len())
    }

    fn log_first_page(&self) -> usize {
        self.db_pages_per_unit as usize * self.ios_per_page
    }

    fn take_block(&mut self) -> Result<usize, IpaError> {
        self.free.pop().ok_or(IpaError::DeviceFull)
    }

    fn program_db_page(&mut self, block: usize, slot: usize) -> Result<(), IpaError> {
        let data = vec![0u8; FLASH_PAGE_BYTES];
        for k in 0..self.ios_per_page {
            self.nand
                .program(block, slot * self.ios_per_page + k, &data)?;
        }
        Ok(())
    }

    /// Step 2: `lba`'s unit (given a block if new) with `lba`'s slot programmed; `counted` when
    /// the program is a write of the run, not the load's.
    fn ensure_page(&mut self, lba: u32, counted: bool) -> Result<(), IpaError> {
        let id = lba / self.db_pages_per_unit;
        let slot = (lba % self.db_pages_per_unit) as usize;
        if !self.units.contains_key(&id) {
            let block = self.take_block()?;
            let unit = Unit {
                block,
                sector_owner: Vec::new(),
                live: vec![false; self.db_pages_per_unit as usize],
            };
            self.units.insert(id, unit);
        }
        let (block, live) = match self.units.get(&id) {
            Some(u) => (u.block, u.live[slot]),
            None => return Err(IpaError::DeviceFull),
        };
        if !live {
            self.program_db_page(block, slot)?;
            if counted {
                self.counters.page_programs += self.ios_per_page as u64;
            }
            if let Some(u) = self.units.get_mut(&id) {
                u.live[slot] = true;
            }
        }
        Ok(())
    }

    /// A loaded page's first reference (uncounted program, step 2).
    pub fn touch(&mut self, lba: u32) -> Result<(), IpaError> {
        self.ensure_page(lba, false)
    }

    /// A new page's first write-back (counted, step 2).
    pub fn write_new_page(&mut self, lba: u32) -> Result<(), IpaError> {
        self.ensure_page(lba, true)
    }

    /// Step 5: flash pages read to fetch `lba` (it must have been touched).
    pub fn fetch(&mut self, lba: u32) -> Result<u64, IpaError> {
        self.ensure_page(lba, false)?;
        let per_page = FLASH_PAGE_BYTES / self.sector_bytes.max(1);
        let Some(u) = self.units.get(&(lba / self.db_pages_per_unit)) else {
            return Err(IpaError::DeviceFull);
        };
        let mut log_pages: Vec<usize> = u
            .sector_owner
            .iter()
            .enumerate()
            .filter(|(_, owner)| **owner == lba)
            .map(|(k, _)| k / per_page.max(1))
            .collect();
        log_pages.dedup();
        let reads = (self.ios_per_page + log_pages.len()) as u64;
        self.counters.fetch_page_reads += reads;
        Ok(reads)
    }

    /// Step 3: `lba`'s record sector into its unit's next free log sector.
    pub fn append_sector(&mut self, lba: u32) -> Result<(), IpaError> {
        self.ensure_page(lba, false)?;
        let per_page = FLASH_PAGE_BYTES / self.sector_bytes.max(1);
        let first = self.log_first_page();
        let id = lba / self.db_pages_per_unit;
        let (block, k) = match self.units.get(&id) {
            Some(u) => (u.block, u.sector_owner.len()),
            None => return Err(IpaError::DeviceFull),
        };
        let page = first + k / per_page.max(1);
        let offset = (k % per_page.max(1)) * self.sector_bytes;
        self.nand
            .append(block, page, offset, &vec![0u8; self.sector_bytes])?;
        self.counters.sector_programs += 1;
        if let Some(u) = self.units.get_mut(&id) {
            u.sector_owner.push(lba);
        }
        Ok(())
    }

    /// Step 4: merge `lba`'s unit into a fresh block and erase the old one.
    pub fn merge(&mut self, lba: u32) -> Result<(), IpaError> {
        self.ensure_page(lba, false)?;
        let id = lba / self.db_pages_per_unit;
        let Some(old) = self.units.get(&id).cloned() else {
            return Err(IpaError::DeviceFull);
        };
        let programmed = (0..PAGES_PER_BLOCK)
            .filter(|&p| self.nand.blocks[old.block].programs[p] > 0)
            .count();
        self.counters.merge_page_reads += programmed as u64;
        let fresh = self.take_block()?;
        for (slot, _) in old.live.iter().enumerate().filter(|(_, l)| **l) {
            self.program_db_page(fresh, slot)?;
            self.counters.page_programs += self.ios_per_page as u64;
        }
        self.nand.erase(old.block)?;
        self.free.insert(0, old.block);
        self.units.insert(
            id,
            Unit {
                block: fresh,
                sector_owner: Vec::new(),
                live: old.live,
            },
        );
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_merge_erases_the_old_block_and_counts_it_from_the_block() {
        let mut f = IplFlash::new(3, 15, 4, 512);
        for k in 0..16 {
            f.append_sector(k % 15).unwrap();
        }
        assert!(f.append_sector(0).is_err(), "a 17th sector has no room");
        f.merge(0).unwrap();
        assert_eq!(f.erases(), 1);
        assert_eq!(f.sectors_used(0), 0);
        // 15 DB pages (60 flash pages) + 4 full log pages were read.
        assert_eq!(f.counters.merge_page_reads, 64);
        f.append_sector(3).unwrap();
    }

    #[test]
    fn page_states_show_db_pages_log_sectors_and_merges_as_the_blocks_hold_them() {
        let mut f = IplFlash::new(3, 15, 4, 512);
        f.touch(0).unwrap();
        f.touch(1).unwrap();
        for _ in 0..5 {
            f.append_sector(1).unwrap();
        }
        let (state, erases) = f.page_states();
        assert_eq!(state.len(), 3 * PAGES_PER_BLOCK);
        let unit_block = &state[..PAGES_PER_BLOCK];
        // Two DB pages of 4 flash pages each, then sectors in log pages 0 and 1 (4 + 1).
        assert_eq!(unit_block.iter().filter(|&&s| s == 1.0).count(), 8);
        assert_eq!(unit_block.iter().filter(|&&s| s == 3.0).count(), 2);
        assert_eq!(unit_block[60], 3.0);
        assert_eq!(unit_block[61], 3.0);
        assert!(state[PAGES_PER_BLOCK..].iter().all(|&s| s == 0.0));
        assert_eq!(erases, vec![0.0; 3]);
        assert_eq!(f.free_blocks(), 2);
        f.merge(1).unwrap();
        let (state, erases) = f.page_states();
        // The old block is erased (count 1) and the live pages moved to the next free block.
        assert!(state[..PAGES_PER_BLOCK].iter().all(|&s| s == 0.0));
        assert_eq!(erases.iter().sum::<f64>(), 1.0);
        assert_eq!(erases[0], 1.0);
        let moved = state.iter().filter(|&&s| s == 1.0).count();
        assert_eq!(moved, 8);
        assert_eq!(state.iter().filter(|&&s| s == 3.0).count(), 0);
        assert_eq!(f.free_blocks(), 2);
    }

    #[test]
    fn a_fetch_reads_the_log_pages_holding_its_sectors() {
        let mut f = IplFlash::new(2, 15, 4, 512);
        assert_eq!(f.fetch(2).unwrap(), 4);
        for lba in [2, 5, 5, 5, 2] {
            f.append_sector(lba).unwrap();
        }
        // Sectors 0 and 4 (log pages 0 and 1) are page 2's.
        assert_eq!(f.fetch(2).unwrap(), 6);
        assert_eq!(f.fetch(5).unwrap(), 5);
    }
}
