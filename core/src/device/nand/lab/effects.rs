//! The effects of single-step ops: reads (answers and the error-free-read guard), erases and
//! refusals (one `refused_*` event per `NandError` reason, with its arguments).

use serde_json::json;

use super::NandLab;
use super::bits::to_hex;
use super::events;
use crate::device::nand::EraseReport;
use crate::device::nand::error::NandError;
use crate::sim::TraceSink;
use crate::sim::units::{us, word as u32_of};

impl NandLab {
    pub(super) fn refuse(&mut self, error: &NandError, trace: &mut TraceSink) {
        self.stats.refused += 1;
        let args = match error {
            NandError::PageOutOfRange { page, page_count } => {
                [u32_of(*page), u32_of(*page_count), 0, 0]
            }
            NandError::DataLength {
                expected_bits,
                got_bits,
            } => [u32_of(*expected_bits), u32_of(*got_bits), 0, 0],
            NandError::WouldLowerCharge {
                page,
                cell,
                from_state,
                to_state,
                ..
            } => [
                u32_of(*page),
                u32_of(*cell),
                u32_of(*from_state),
                u32_of(*to_state),
            ],
            NandError::LowerPageFirst {
                page,
                wordline,
                needs_page,
                ..
            } => [u32_of(*page), u32_of(*wordline), u32_of(*needs_page), 0],
            NandError::ShadowOrder {
                page,
                wordline,
                next_wordline,
                needs_page,
                ..
            } => [
                u32_of(*page),
                u32_of(*wordline),
                u32_of(*next_wordline),
                u32_of(*needs_page),
            ],
            NandError::OutOfOrder {
                page,
                wordline_before,
                needs_page,
            } => [
                u32_of(*page),
                u32_of(*wordline_before),
                u32_of(*needs_page),
                0,
            ],
            NandError::AppendOnlyOnLsbPages { page, .. } => [u32_of(*page), 0, 0, 0],
            NandError::NopExceeded {
                page,
                programs,
                nop,
            } => [u32_of(*page), *programs, *nop, 0],
            NandError::ProgramInProgress { page } => [u32_of(*page), 0, 0, 0],
        };
        trace.emit(self.now_ns, events::REFUSED_BASE + error.code(), args);
        self.last_refusal = Some(error.to_string());
    }

    pub(super) fn read(&mut self, index: usize, page: usize, trace: &mut TraceSink) {
        let read = match self.block.read_page(page, &mut self.rng) {
            Ok(read) => read,
            Err(error) => return self.refuse(&error, trace),
        };
        let Ok((wl, _)) = self.block.address(page) else {
            return;
        };
        self.focus_wordline = wl;
        self.now_ns += read.latency_ns;
        let wordline = self.block.wordline(wl);
        let clean = self.block.pe_cycles() == 0
            && wordline.is_some_and(|w| {
                w.retention_hours() == 0.0 && (0..w.steps_programmed()).all(|s| !w.page_failed(s))
            });
        self.guard.last_read = Some((page, read.bit_errors, clean));
        let bits_total = read.bits.len();
        self.stats.reads += 1;
        self.stats.bits_read += bits_total as u64;
        self.stats.bit_errors += read.bit_errors as u64;
        if bits_total > 0 {
            self.measured.push((
                self.block.pe_cycles(),
                read.bit_errors as f64 / bits_total as f64,
            ));
        }
        trace.emit(
            self.now_ns,
            events::READ,
            [
                u32_of(page),
                u32_of(read.bit_errors),
                u32_of(read.refs_v.len()),
                us(read.latency_ns),
            ],
        );
        self.answers.push(json!({
            "op": index,
            "kind": "read",
            "page": page,
            "bits": to_hex(&read.bits),
            "bit_errors": read.bit_errors,
            "bits_total": bits_total,
            "pe_cycles": self.block.pe_cycles(),
            "latency_us": read.latency_ns as f64 / 1e3,
        }));
    }

    pub(super) fn after_erase(&mut self, report: EraseReport, trace: &mut TraceSink) {
        self.guard.erased_this_step = true;
        self.stats.erases += 1;
        self.active = None;
        self.last_run = None;
        self.now_ns += report.latency_ns;
        if report.newly_worn_out {
            trace.emit(
                self.now_ns,
                events::WORN_OUT,
                [
                    u32_of(report.pe_cycles),
                    u32_of(self.block.config().endurance_pe),
                    0,
                    0,
                ],
            );
        }
    }
}
