//! The cell zoom of the latest page write (module header, step 3; digest §7 scenario 2): the
//! page's real program history since its block's last erase, replayed on the cell model of the
//! device (`device::nand`), over a window of byte columns (the delta area plus a few body bytes
//! before it).
//!
//! 1. Capture (cheap, at the step of the write): the block's program history since its erase
//!    (`bytenand::history`: every first program, GC copy and append, in order, up to and
//!    including this write), the window of every page it touched, and the block's erase count.
//! 2. Replay (when the view asks, `LastWrite::zoom`): a cell-model block with the device's own
//!    configuration (its cell type, its NOP, its wordlines, so the same LSB/MSB page numbering
//!    and pairing) at the block's erase count, whose wordlines hold the window's columns only
//!    (cells of other columns never change the window's: the model has no bitline coupling).
//!    Every program of the history runs on it in order, as a first program or an append
//!    (`ProgramKind::Append`), with the bytes it wrote (`images_in_window`). The cell model
//!    checks each one again: program order, NOP, LSB-only appends, charge that only rises; a
//!    refusal would be a disagreement with the byte model and is kept and shown.
//! 3. The zoomed write (the last program of the history) runs pulse by pulse, recording how
//!    many cells are still being programmed and every cell's Vth after each ISPP loop. Cells
//!    that keep their level are inhibited from the first loop: for an append, every cell of the
//!    window outside the appended bytes and every appended cell whose bit stays 1; for a first
//!    program, every cell whose bit is 1 (erased).
//! 4. After the replay the page is sensed through the read references (`read_back`): the test
//!    `ipa_zoom_history.rs` compares it with the byte-level data path, with the page's program
//!    count and with the pairing state.

use std::sync::Arc;

use crate::device::nand::{Block, IsppRun, ProgramKind};
use crate::ipa::bytenand::history::images_in_window;
use crate::ipa::bytenand::{ProgramEvent, WriteKind};
use crate::ipa::noftl::FlashOp;
use crate::ipa::store::IpaStore;
use crate::ipa::zoom::{to_bits, to_bytes};
use crate::sim::Rng;

/// Body bytes shown before the delta area.
pub const CONTEXT_BYTES: usize = 8;
/// Most bytes the zoom replays on the cell model (8 cells each).
pub const MAX_WINDOW_BYTES: usize = 200;

/// The latest page write, captured at its step with its block's history (step 1).
#[derive(Debug, Clone, PartialEq)]
pub struct LastWrite {
    pub lba: u32,
    pub block: usize,
    pub page: usize,
    pub append: bool,
    /// First page byte of the window.
    pub window_start: usize,
    /// Bytes the write programmed, relative to the page: [from, to).
    pub written_from: usize,
    pub written_to: usize,
    pub bytes_before: Vec<u8>,
    pub bytes_after: Vec<u8>,
    /// The step that wrote it.
    pub step: u64,
    /// Erases of the block before this history (its wear).
    pub erase_count: u64,
    /// The block's programs since its erase, up to and including this write.
    pub history: Vec<ProgramEvent>,
    /// The window of every page of `history`, as it was right after this write.
    pub windows: Vec<(u32, Vec<u8>)>,
}

/// One program of the zoomed page since the erase, as replayed.
#[derive(Debug, Clone, PartialEq)]
pub struct ZoomProgram {
    pub append: bool,
    /// Bytes it programmed, relative to the page: [from, to).
    pub from: usize,
    pub to: usize,
    /// ISPP loops it took on the cell model (0: every cell of the window inhibited).
    pub loops: u32,
}

/// The zoom replayed on the cell model.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ZoomState {
    pub vth_before_v: Vec<f64>,
    pub vth_after_v: Vec<f64>,
    /// Each window cell's charge state after the replay (its placement on the Vth axis, as
    /// `VthLayout` numbers them): what the live cells hold on `flash_model: cells`.
    pub placements_after: Vec<usize>,
    /// Cells still being programmed after each ISPP loop (append or first program).
    pub programming_per_pulse: Vec<usize>,
    /// Vpgm of each ISPP loop (the staircase).
    pub vpgm_per_pulse_v: Vec<f64>,
    /// Vth of every cell of the window after each loop, loop-major (loops × cells).
    pub vth_per_pulse_v: Vec<f64>,
    /// Per cell, the loop after which it passed verify (1-based); 0 = never pulsed (inhibited
    /// from the start, or still erased).
    pub passed_at_pulse: Vec<u32>,
    pub refused: Option<String>,
    /// The zoomed page's programs since the erase (first program, then appends).
    pub page_programs: Vec<ZoomProgram>,
    /// Programs of the whole block replayed (every page of the history).
    pub block_programs: usize,
    /// The device's NOP (programs per page between erases).
    pub nop: u32,
    /// The page's wordline and page step (0 = LSB or SLC, 1 = MSB).
    pub wordline: usize,
    pub page_step: u8,
    /// The other page of the wordline on MLC, and whether it is programmed after the write.
    pub paired_page: Option<usize>,
    pub paired_programmed: bool,
    /// The window of the page as sensed after the replay, and its bit errors.
    pub read_back: Vec<u8>,
    pub bit_errors: usize,
    /// How often the cell model counts the page programmed since the erase.
    pub cell_program_count: u32,
}

/// Most ISPP loops replayed (the presets need far fewer).
const MAX_PULSES: usize = 1000;

/// Pulses `run` to its end on `block`, recording every loop into `state` (step 3).
fn pulse_through(block: &mut Block, rng: &mut Rng, run: &mut IsppRun, state: &mut ZoomState) {
    let wordline = run.wordline;
    let vth = |b: &Block| {
        b.wordline(wordline)
            .map(|w| w.programmed_vth_v().to_vec())
            .unwrap_or_default()
    };
    let cells = state.vth_before_v.len();
    state.passed_at_pulse = vec![0; cells];
    let mut pending: Vec<bool> = (0..cells).map(|c| run.is_pending(c)).collect();
    while !run.is_done() && state.programming_per_pulse.len() < MAX_PULSES {
        let report = block.pulse(run, rng);
        let loop_index = report.loop_index;
        state.programming_per_pulse.push(report.programming);
        state.vpgm_per_pulse_v.push(report.vpgm_v);
        state.vth_per_pulse_v.extend(vth(block));
        for (c, was) in pending.iter_mut().enumerate() {
            if *was && !run.is_pending(c) {
                *was = false;
                state.passed_at_pulse[c] = loop_index;
            }
        }
    }
}

impl LastWrite {
    /// Captures `op` (a `Program` or an `Append`) on `store`'s flash right after the write.
    pub fn capture(store: &IpaStore, op: &FlashOp, step: u64) -> Option<Self> {
        let layout = &store.layout;
        let page_bytes = layout.page_bytes;
        let window_start = if layout.scheme.n == 0 {
            page_bytes.saturating_sub(64)
        } else {
            layout.area_start.saturating_sub(CONTEXT_BYTES)
        };
        let len = (page_bytes - window_start).min(MAX_WINDOW_BYTES);
        // App. C.2 pairs: the window lies on the slot's second (LSB) page, in its own bytes.
        let shift = store.ftl.delta_page_start();
        let window_start = window_start.checked_sub(shift)?;
        let end = window_start + len;
        let (lba, slot, append, from, to) = match op {
            FlashOp::Program { lba, to, .. } => (*lba, *to, false, window_start, end),
            FlashOp::Append {
                lba,
                at,
                offset,
                after,
                ..
            } => {
                let from = offset.checked_sub(shift)?;
                (*lba, *at, true, from, from + after.len())
            }
            _ => return None,
        };
        let at = crate::ipa::noftl::Ppa {
            block: slot.block,
            page: store.ftl.delta_page(slot),
        };
        let flash = &store.ftl.flash;
        if at.block >= flash.block_count() {
            return None;
        }
        let block_history = flash.history(at.block);
        let last = block_history
            .iter()
            .rposition(|e| e.page as usize == at.page)?;
        let history = block_history[..=last].to_vec();
        let mut windows: Vec<(u32, Vec<u8>)> = Vec::new();
        for e in &history {
            if !windows.iter().any(|(p, _)| *p == e.page) {
                let raw = flash.read(at.block, e.page as usize).ok()?;
                windows.push((e.page, raw.get(window_start..end)?.to_vec()));
            }
        }
        let bytes_after = windows
            .iter()
            .find(|(p, _)| *p as usize == at.page)?
            .1
            .clone();
        let mut bytes_before = bytes_after.clone();
        match op {
            FlashOp::Append { offset, before, .. } => {
                for (i, b) in before.iter().enumerate() {
                    if let Some(slot) = (offset + i)
                        .checked_sub(shift + window_start)
                        .and_then(|j| bytes_before.get_mut(j))
                    {
                        *slot = *b;
                    }
                }
            }
            _ => bytes_before.fill(0xFF),
        }
        Some(Self {
            lba,
            block: at.block,
            page: at.page,
            append,
            window_start,
            written_from: from,
            written_to: to,
            bytes_before,
            bytes_after,
            step,
            erase_count: flash.erase_count(at.block),
            history,
            windows,
        })
    }

    /// Steps 2–4 on the cell model of `store`'s device.
    pub fn zoom(&self, store: &IpaStore, seed: u64) -> ZoomState {
        let flash = &store.ftl.flash;
        let config = Arc::new(flash.config().clone());
        let len = self.bytes_after.len();
        let window = (self.window_start, self.window_start + len);
        let mut rng = Rng::new(seed);
        let mut block = Block::new(
            Arc::clone(&config),
            flash.page_map().wordlines(),
            len * 8,
            &mut rng,
        );
        block.set_pe_cycles(self.erase_count);
        let (wordline, page_step) = flash.page_map().address(self.page).unwrap_or((0, 0));
        let mut state = ZoomState {
            nop: config.nop,
            wordline,
            page_step,
            paired_page: (config.cell_type.bits_per_cell() == 2)
                .then(|| flash.page_map().page_of(wordline, 1 - page_step.min(1)))
                .flatten(),
            ..ZoomState::default()
        };
        let now = |page: usize| {
            self.windows
                .iter()
                .find(|(p, _)| *p as usize == page)
                .map_or_else(|| vec![0xFF; len], |(_, w)| w.clone())
        };
        match images_in_window(&self.history, window, now) {
            Ok(images) => self.replay(&mut block, &mut rng, &images, &mut state),
            Err(e) => state.refused = Some(e),
        }
        if let Some(w) = block.wordline(wordline) {
            state.vth_after_v = w.programmed_vth_v().to_vec();
            state.placements_after = (0..w.cells())
                .map(|c| w.placement(&config.layout, c))
                .collect();
        }
        if let Ok(read) = block.read_page(self.page, &mut rng) {
            state.read_back = to_bytes(&read.bits);
            state.bit_errors = read.bit_errors;
        }
        state.cell_program_count = block
            .wordline(wordline)
            .map_or(0, |w| w.page_programs(page_step));
        state.paired_programmed = state.paired_page.is_some_and(|p| block.is_programmed(p));
        state
    }

    /// Step 2 and 3: every program of the history in order, the last one pulse by pulse.
    fn replay(&self, block: &mut Block, rng: &mut Rng, images: &[Vec<u8>], state: &mut ZoomState) {
        let last = self.history.len().saturating_sub(1);
        for (k, (e, image)) in self.history.iter().zip(images).enumerate() {
            let kind = match e.kind {
                WriteKind::First => ProgramKind::Program,
                WriteKind::Append | WriteKind::Reprogram => ProgramKind::Append,
            };
            let page = e.page as usize;
            if k == last {
                state.vth_before_v = block
                    .wordline(state.wordline)
                    .map(|w| w.programmed_vth_v().to_vec())
                    .unwrap_or_default();
            }
            let mut run = match block.begin_program(page, &to_bits(image), kind) {
                Ok(run) => run,
                Err(err) => {
                    state.refused = Some(format!(
                        "program {} of {} since the erase (page {page}): {err}",
                        k + 1,
                        self.history.len()
                    ));
                    return;
                }
            };
            if k == last {
                pulse_through(block, rng, &mut run, state);
            } else {
                while !run.is_done() {
                    block.pulse(&mut run, rng);
                }
            }
            state.block_programs += 1;
            if page == self.page {
                state.page_programs.push(ZoomProgram {
                    append: e.kind != WriteKind::First,
                    from: e.offset as usize,
                    to: (e.offset + e.len) as usize,
                    loops: run.loops,
                });
            }
        }
    }
}
