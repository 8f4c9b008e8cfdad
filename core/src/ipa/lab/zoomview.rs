//! The cell zoom of the latest page write (module header, step 3; digest §7 scenario 2): the
//! delta area (plus a few body bytes before it) of the written page, replayed on the cell model
//! of the device preset (`ipa::zoom::PageZoom`, i.e. `device::nand`).
//!
//! 1. An append: program the window as it was before (one program), then the `write_delta` as a
//!    real partial program (`ProgramKind::Append`), pulse by pulse, recording how many cells are
//!    still being programmed after each ISPP loop. The cell model refuses an illegal append;
//!    the refusal is kept and shown (it would be a bug upstream: the store only appends into
//!    erased slots).
//! 2. An out-of-place write: an erased window, then the first program of the new image, also
//!    pulse by pulse.
//! 3. Threshold voltages before, after each ISPP loop, and after, per cell, are what the view
//!    animates: the appended cells rise loop by loop while every other cell stays put
//!    (inhibited); each cell's verify loop says when it stops.
//!
//! The step only captures the window's bytes (`LastWrite::capture`, cheap); the cell model runs
//! when the view asks (`LastWrite::zoom`), so a long run does not pay ISPP for every write.

use crate::device::nand::{IsppRun, NandConfig};
use crate::ipa::noftl::FlashOp;
use crate::ipa::store::IpaStore;
use crate::ipa::zoom::PageZoom;

/// Body bytes shown before the delta area.
pub const CONTEXT_BYTES: usize = 8;
/// Most bytes the zoom replays on the cell model (8 cells each).
pub const MAX_WINDOW_BYTES: usize = 200;

/// The latest page write, captured at its step (window bytes before and after).
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
}

/// The zoom replayed on the cell model.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ZoomState {
    pub vth_before_v: Vec<f64>,
    pub vth_after_v: Vec<f64>,
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
}

/// Most ISPP loops replayed (the presets need far fewer).
const MAX_PULSES: usize = 1000;

/// Pulses `run` to its end on `zoom`, recording every loop into `state`.
fn pulse_through(zoom: &mut PageZoom, run: &mut IsppRun, state: &mut ZoomState) {
    let cells = zoom.vth_v().len();
    state.passed_at_pulse = vec![0; cells];
    let mut pending: Vec<bool> = (0..cells).map(|c| run.is_pending(c)).collect();
    while !run.is_done() && state.programming_per_pulse.len() < MAX_PULSES {
        let report = zoom.pulse(run);
        let loop_index = report.loop_index;
        state.programming_per_pulse.push(report.programming);
        state.vpgm_per_pulse_v.push(report.vpgm_v);
        state.vth_per_pulse_v.extend(zoom.vth_v());
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
        let end = window_start + len;
        let (lba, at, append, from, to) = match op {
            FlashOp::Program { lba, to, .. } => (*lba, *to, false, window_start, end),
            FlashOp::Append {
                lba,
                at,
                offset,
                after,
                ..
            } => (*lba, *at, true, *offset, offset + after.len()),
            _ => return None,
        };
        let raw = store.ftl.flash.read(at.block, at.page).ok()?;
        let bytes_after = raw.get(window_start..end)?.to_vec();
        let mut bytes_before = bytes_after.clone();
        match op {
            FlashOp::Append { offset, before, .. } => {
                for (i, b) in before.iter().enumerate() {
                    if let Some(slot) = (offset + i)
                        .checked_sub(window_start)
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
        })
    }

    /// Steps 1–3 on the cell model of `store`'s preset.
    pub fn zoom(&self, store: &IpaStore, seed: u64) -> ZoomState {
        let mut config = NandConfig::preset(store.cfg.cell_type);
        config.override_value("nop", f64::from(store.cfg.nop.max(2)));
        let len = self.bytes_after.len();
        let end = self.window_start + len;
        let mut zoom = PageZoom::new(config, len, seed);
        let mut state = ZoomState::default();
        let run = if self.append {
            if let Err(e) = zoom.program_image(&self.bytes_before) {
                state.refused = Some(e.to_string());
            }
            state.vth_before_v = zoom.vth_v();
            let lo = self.written_from.max(self.window_start);
            let hi = self.written_to.min(end);
            if state.refused.is_none() && lo < hi {
                let part = &self.bytes_after[lo - self.window_start..hi - self.window_start];
                zoom.begin_append(lo - self.window_start, part)
                    .map_err(|e| state.refused = Some(e.to_string()))
                    .ok()
            } else {
                None
            }
        } else {
            state.vth_before_v = zoom.vth_v();
            zoom.begin_image(&self.bytes_after)
                .map_err(|e| state.refused = Some(e.to_string()))
                .ok()
        };
        if let Some(mut run) = run {
            pulse_through(&mut zoom, &mut run, &mut state);
        }
        state.vth_after_v = zoom.vth_v();
        state
    }
}
