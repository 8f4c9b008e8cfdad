//! A block: the erase unit, a stack of wordlines that share bitlines. The library face of the
//! cell model, for the NAND lab and for the SSD and IPA labs.
//!
//! 1. `Block::new` draws each cell's program speed and erases every wordline.
//! 2. Program and append go through `begin_program` + `pulse` (one ISPP loop per call, so a UI
//!    can animate it) or `program` / `append` (to completion); see `program.rs` for the rules.
//! 3. `read_page` senses a page with the references the layout gives for what is programmed on
//!    the wordline, adds read noise of the block's wear, and counts bit errors against the data
//!    last written; `read_page_with_refs` senses with references of the caller's choosing.
//! 4. `erase` resets every cell of the block and counts one P/E cycle; past the rated endurance
//!    the block is flagged worn out (it keeps working, with the errors wear brings).
//! 5. `cycle(n)` fast-forwards n erase/program cycles in bulk (only the wear counter and the
//!    elapsed time; the cells end erased). `bake(hours)` applies retention charge loss.

use std::sync::Arc;

use super::error::NandError;
use super::page_map::PageMap;
use super::preset::NandConfig;
use super::wordline::Wordline;
use crate::sim::Rng;

#[derive(Debug, Clone, PartialEq)]
pub struct Block {
    pub(super) config: Arc<NandConfig>,
    pub(super) wordlines: Vec<Wordline>,
    pub(super) page_map: PageMap,
    pub(super) pe_cycles: u64,
    pub(super) worn_out: bool,
    pub(super) delta_vpgm_v: f64,
}

/// A page as read back.
#[derive(Debug, Clone, PartialEq)]
pub struct PageRead {
    pub bits: Vec<bool>,
    /// Bits that differ from the data last written to the page.
    pub bit_errors: usize,
    /// Read references used (0 for a page not yet programmed: it reads as all ones).
    pub refs_v: Vec<f64>,
    pub latency_ns: u64,
}

/// The result of an erase (or of a bulk `cycle`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EraseReport {
    pub pe_cycles: u64,
    pub latency_ns: u64,
    /// True on the erase that took the block past its rated endurance.
    pub newly_worn_out: bool,
}

impl Block {
    /// A block of `wordlines` × `cells_per_wordline` cells, erased, at 0 P/E cycles.
    pub fn new(
        config: Arc<NandConfig>,
        wordlines: usize,
        cells_per_wordline: usize,
        rng: &mut Rng,
    ) -> Self {
        let rows = (0..wordlines)
            .map(|_| Wordline::new(cells_per_wordline, &config.layout, &config.ispp, rng))
            .collect();
        Self {
            page_map: PageMap::new(wordlines, config.cell_type.bits_per_cell()),
            delta_vpgm_v: config.ispp.delta_vpgm_v,
            config,
            wordlines: rows,
            pe_cycles: 0,
            worn_out: false,
        }
    }

    pub fn config(&self) -> &NandConfig {
        &self.config
    }

    pub fn page_map(&self) -> &PageMap {
        &self.page_map
    }

    pub fn page_count(&self) -> usize {
        self.page_map.page_count()
    }

    /// Bits per page = cells per wordline.
    pub fn page_bits(&self) -> usize {
        self.wordlines.first().map_or(0, Wordline::cells)
    }

    pub fn wordlines(&self) -> &[Wordline] {
        &self.wordlines
    }

    pub fn wordline(&self, index: usize) -> Option<&Wordline> {
        self.wordlines.get(index)
    }

    /// (wordline, page step) of `page`.
    pub fn address(&self, page: usize) -> Result<(usize, u8), NandError> {
        self.page_map
            .address(page)
            .ok_or(NandError::PageOutOfRange {
                page,
                page_count: self.page_count(),
            })
    }

    pub fn pe_cycles(&self) -> u64 {
        self.pe_cycles
    }

    pub fn worn_out(&self) -> bool {
        self.worn_out
    }

    /// The ISPP step used by the next program.
    pub fn delta_vpgm_v(&self) -> f64 {
        self.delta_vpgm_v
    }

    pub fn set_delta_vpgm_v(&mut self, delta_vpgm_v: f64) {
        self.delta_vpgm_v = delta_vpgm_v;
    }

    /// Starts the block at `pe_cycles` of wear (a pre-cycled part), flagging it if worn out.
    pub fn set_pe_cycles(&mut self, pe_cycles: u64) {
        self.pe_cycles = pe_cycles;
        self.worn_out = pe_cycles > self.config.endurance_pe;
    }

    /// Whether page `page` has been programmed since the last erase.
    pub fn is_programmed(&self, page: usize) -> bool {
        self.page_map
            .address(page)
            .is_some_and(|(wl, step)| self.wordlines[wl].steps_programmed() > step)
    }

    /// The data last written to `page` (all ones when erased).
    pub fn page_data(&self, page: usize) -> Result<Vec<bool>, NandError> {
        let (wl, step) = self.address(page)?;
        Ok(self.wordlines[wl].page_data(step).to_vec())
    }

    /// Laplace scale of read noise at the block's current wear, volts.
    pub fn rtn_scale_v(&self) -> f64 {
        self.config.wear.rtn_scale_v(self.pe_cycles)
    }

    /// Reads `page` with the references for what its wordline holds.
    pub fn read_page(&self, page: usize, rng: &mut Rng) -> Result<PageRead, NandError> {
        let (wl, step) = self.address(page)?;
        let wordline = &self.wordlines[wl];
        let refs_v = self
            .config
            .layout
            .read_refs_v(wordline.steps_programmed(), step);
        let bits = wordline.sense(&refs_v, self.rtn_scale_v(), rng);
        let bit_errors = bits
            .iter()
            .zip(wordline.page_data(step))
            .filter(|(a, b)| a != b)
            .count();
        Ok(PageRead {
            bit_errors,
            latency_ns: self.config.timing.read_ns(refs_v.len()),
            bits,
            refs_v,
        })
    }

    /// Senses `page`'s wordline with the caller's references (read-retry experiments): each
    /// reference below a cell's threshold flips the bit, starting from 1.
    pub fn read_page_with_refs(
        &self,
        page: usize,
        refs_v: &[f64],
        rng: &mut Rng,
    ) -> Result<Vec<bool>, NandError> {
        let (wl, _) = self.address(page)?;
        Ok(self.wordlines[wl].sense(refs_v, self.rtn_scale_v(), rng))
    }

    /// Erases every cell of the block: one P/E cycle.
    pub fn erase(&mut self, rng: &mut Rng) -> EraseReport {
        for wordline in &mut self.wordlines {
            wordline.erase(&self.config.layout, rng);
        }
        self.pe_cycles += 1;
        self.report_erase(self.config.timing.erase_ns)
    }

    /// Fast-forwards `count` ≥ 1 cycles of programming every page with random data and erasing;
    /// charges the nominal time of all of it. The cells end erased.
    pub fn cycle(&mut self, count: u64, rng: &mut Rng) -> EraseReport {
        let count = count.max(1);
        self.pe_cycles += count - 1;
        for wordline in &mut self.wordlines {
            wordline.erase(&self.config.layout, rng);
        }
        self.pe_cycles += 1;
        self.report_erase(count.saturating_mul(self.nominal_cycle_ns()))
    }

    /// Nominal time of one erase plus one program of every page.
    pub fn nominal_cycle_ns(&self) -> u64 {
        let per_wordline: u64 = (0..self.config.cell_type.bits_per_cell())
            .map(|step| self.config.nominal_program_ns(step))
            .sum();
        self.config.timing.erase_ns + per_wordline * self.wordlines.len() as u64
    }

    fn report_erase(&mut self, latency_ns: u64) -> EraseReport {
        let newly_worn_out = !self.worn_out && self.pe_cycles > self.config.endurance_pe;
        self.worn_out |= newly_worn_out;
        EraseReport {
            pe_cycles: self.pe_cycles,
            latency_ns,
            newly_worn_out,
        }
    }

    /// Retention: `hours` more of charge loss on every programmed cell. Returns the cells that
    /// lost charge.
    pub fn bake(&mut self, hours: f64) -> usize {
        let config = Arc::clone(&self.config);
        self.wordlines
            .iter_mut()
            .map(|wordline| wordline.bake(&config.layout, &config.wear, hours))
            .sum()
    }
}
