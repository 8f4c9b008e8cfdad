//! One IPA page on a fresh one-page block of the cell model (`device::nand`): an append as ISPP
//! pulses raising the delta-area cells while every other cell is inhibited (seed 004 §3, §4).
//! The lab's zoom replays a page's real history instead (`lab::zoomview`); this is the unit
//! form, used by its tests.
//!
//! 1. `PageZoom::new` builds a one-page-wide block of the chosen preset (cells = 8 · bytes).
//! 2. `program_image` is the first (out-of-place) program of a page image; `begin_image` starts
//!    it as a run to pulse loop by loop.
//! 3. `begin_append(offset, bytes)` starts the `write_delta` as a real partial program of the
//!    cell model (`ProgramKind::Append`): the model refuses it (`NandError`) when a cell would
//!    have to lose charge or NOP is used up. `pulse` advances one ISPP loop for animation;
//!    `finish` runs to completion.
//! 4. `read_bytes` senses the page back through the read references.

use std::sync::Arc;

use crate::device::nand::{Block, IsppRun, NandConfig, NandError, ProgramKind, PulseReport};
use crate::sim::Rng;

/// Byte `i`'s bits, most significant first, as cells `8i..8i + 8` (1 = erased).
pub(crate) fn to_bits(bytes: &[u8]) -> Vec<bool> {
    bytes
        .iter()
        .flat_map(|b| (0..8).map(move |j| (b >> (7 - j)) & 1 == 1))
        .collect()
}

/// The inverse of `to_bits`.
pub(crate) fn to_bytes(bits: &[bool]) -> Vec<u8> {
    bits.chunks(8)
        .map(|c| c.iter().fold(0u8, |acc, &b| (acc << 1) | u8::from(b)))
        .collect()
}

#[derive(Debug, Clone, PartialEq)]
pub struct PageZoom {
    pub block: Block,
    pub page: usize,
    pub rng: Rng,
}

impl PageZoom {
    pub fn new(config: NandConfig, page_bytes: usize, seed: u64) -> Self {
        let mut rng = Rng::new(seed);
        let block = Block::new(Arc::new(config), 2, page_bytes * 8, &mut rng);
        Self {
            block,
            page: 0,
            rng,
        }
    }

    /// First program of the page with `image`.
    pub fn program_image(&mut self, image: &[u8]) -> Result<(), NandError> {
        self.block
            .program(self.page, &to_bits(image), &mut self.rng)?;
        Ok(())
    }

    /// Starts the first program of the page with `image`, to be pulsed loop by loop.
    pub fn begin_image(&mut self, image: &[u8]) -> Result<IsppRun, NandError> {
        self.block
            .begin_program(self.page, &to_bits(image), ProgramKind::Program)
    }

    /// Starts an in-place append of `bytes` at byte `offset` (refused by the cell model when
    /// illegal).
    pub fn begin_append(&mut self, offset: usize, bytes: &[u8]) -> Result<IsppRun, NandError> {
        let full = self
            .block
            .page_with(self.page, offset * 8, &to_bits(bytes))?;
        self.block
            .begin_program(self.page, &full, ProgramKind::Append)
    }

    /// One ISPP loop of `run`.
    pub fn pulse(&mut self, run: &mut IsppRun) -> PulseReport {
        self.block.pulse(run, &mut self.rng)
    }

    /// Runs `run` to its end.
    pub fn finish(&mut self, run: &mut IsppRun) {
        while !run.is_done() {
            self.block.pulse(run, &mut self.rng);
        }
    }

    /// The page as sensed now.
    pub fn read_bytes(&mut self) -> Result<Vec<u8>, NandError> {
        let read = self.block.read_page(self.page, &mut self.rng)?;
        Ok(to_bytes(&read.bits))
    }

    /// Threshold voltage of every cell of the page's wordline (the charge view).
    pub fn vth_v(&self) -> Vec<f64> {
        self.block
            .wordline(0)
            .map(|w| w.programmed_vth_v().to_vec())
            .unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn append_into_erased_delta_cells_raises_only_their_charge_and_reads_back() {
        let mut zoom = PageZoom::new(NandConfig::slc(), 16, 3);
        let mut image = vec![0x3Cu8; 16];
        image[12..].fill(0xFF);
        zoom.program_image(&image).unwrap();
        let before = zoom.vth_v();
        let mut run = zoom.begin_append(12, &[0x00, 0x0A]).unwrap();
        assert!(run.pending_count() > 0);
        zoom.finish(&mut run);
        let after = zoom.vth_v();
        for (cell, (b, a)) in before.iter().zip(&after).enumerate() {
            assert!(a >= b, "cell {cell} lost charge");
            if !(96..112).contains(&cell) {
                assert_eq!(a, b, "cell {cell} outside the append was not inhibited");
            }
        }
        let mut expect = image.clone();
        expect[12] = 0x00;
        expect[13] = 0x0A;
        assert_eq!(zoom.read_bytes().unwrap(), expect);
        // Turning a programmed 0 back into 1 is refused: charge cannot fall.
        assert!(zoom.begin_append(12, &[0xFF]).is_err());
    }
}
