//! Serving one request (step 2 of `lab.rs`): the FTL decides, the timing model books the
//! resources, the trace narrates.
//!
//! 1. The controller takes the command.
//! 2. Write: per page, the data crosses the host link; the FTL writes it out of place (on the
//!    die free first, under dynamic allocation) and may garbage-collect that die afterwards;
//!    each logged operation is booked in order on its die and channel and traced. The reference
//!    model records the page's version.
//! 3. Read: per page, the FTL's mapping gives the physical page and the version stored there,
//!    which is checked against the reference model (and is the answer of an explicit read);
//!    die, channel and link are booked. An unmapped page costs only the link.
//! 4. TRIM: the FTL unmaps the pages; no flash operation.
//!
//! The request completes when its last page is delivered (read) or programmed (write; or
//! buffered, with a write buffer).

use super::body::SsdOpKind;
use super::events;
use super::workload::Request;
use super::{DieOp, OP_ERASE, OP_GC_COPY, OP_PROGRAM, OP_READ, SsdLab, TIMELINE_DEPTH};
use crate::device::ssd::ftl::{NO_VERSION, UNMAPPED, WriteAllocation};
use crate::device::ssd::oplog::PhysOp;
use crate::device::ssd::timing::Span;
use crate::sim::units::model;
use crate::sim::{SimError, TraceSink};

impl SsdLab {
    /// Step 2: runs one request through FTL and timing; returns its completion time.
    pub(super) fn serve(&mut self, r: &Request, trace: &mut TraceSink) -> Result<u64, SimError> {
        let t0 = self.timing.command(self.now_ns());
        let mut done = t0;
        match r.kind {
            SsdOpKind::Write => {
                let version = r.op_index.unwrap_or(r.id);
                for lba in r.lba..r.lba + r.pages {
                    let arrived = self.timing.host_in(t0);
                    let ack = self.timing.buffer_slot(arrived);
                    let programs = self.ftl.counters.flash_programs;
                    self.log.clear();
                    let dynamic = self.config.ftl.allocation == WriteAllocation::Dynamic;
                    let written = if dynamic {
                        let clock = &mut self.timing.die_free_ns;
                        self.ftl.write_timed(lba, version, clock, &mut self.log)
                    } else {
                        self.ftl.write_with(lba, version, None, &mut self.log)
                    };
                    written.map_err(model)?;
                    self.reference[lba as usize] = version;
                    let programmed = self.apply_log(t0, ack.unwrap_or(arrived), trace);
                    let added = self.ftl.counters.flash_programs - programs;
                    self.bins.add_writes(programmed, 1, added);
                    done = done.max(ack.unwrap_or(programmed));
                }
            }
            SsdOpKind::Read => {
                for lba in r.lba..r.lba + r.pages {
                    done = done.max(self.read_page(lba, t0, r.op_index, trace));
                }
            }
            SsdOpKind::Trim => {
                let mut invalidated = 0;
                for lba in r.lba..r.lba + r.pages {
                    let (old, _) = self.ftl.read(lba);
                    invalidated += u32::from(self.ftl.trim(lba));
                    self.checks.on_trim(&self.ftl, lba, old);
                    self.reference[lba as usize] = NO_VERSION;
                }
                trace.emit(t0, events::TRIM, [r.lba, r.pages, invalidated, 0]);
            }
        }
        Ok(done)
    }

    fn read_page(&mut self, lba: u32, t0: u64, op: Option<u32>, trace: &mut TraceSink) -> u64 {
        let (ppn, version) = self.ftl.read(lba);
        self.checks
            .read_result(lba, version, self.reference[lba as usize]);
        if let Some(op) = op {
            self.answers.push((op, lba, version));
        }
        if ppn == UNMAPPED {
            trace.emit(t0, events::READ_UNMAPPED, [lba, 0, 0, 0]);
            return self.timing.host_in(t0);
        }
        let g = self.config.geometry;
        let block = g.block_of_ppn(ppn);
        let die = g.die_of_block(block);
        let page = g.page_of_ppn(ppn);
        let (span, host_done) = self.timing.read_page(t0, die, page);
        self.record(die, span, OP_READ);
        trace.emit(span.end_ns, events::HOST_READ, [lba, die, block, page]);
        host_done
    }

    /// Charges the FTL's logged operations to the timing model and the trace; returns when the
    /// host page's program ends.
    fn apply_log(&mut self, t0: u64, data_ns: u64, trace: &mut TraceSink) -> u64 {
        let g = self.config.geometry;
        let log = std::mem::take(&mut self.log);
        let mut programmed = data_ns;
        for op in &log {
            self.checks.on_op(&self.ftl, op);
            match *op {
                PhysOp::GcStart {
                    die,
                    block,
                    valid,
                    reason,
                } => {
                    let at = t0.max(self.timing.die_free_ns[die as usize]);
                    trace.emit(at, events::GC_START, [die, block, valid, reason.code()]);
                }
                PhysOp::WearLevel {
                    block,
                    valid,
                    erase_count,
                    spread,
                } => {
                    trace.emit(t0, events::WEAR_LEVEL, [block, erase_count, valid, spread]);
                }
                PhysOp::Relocate { lba, from, to } => {
                    let die = g.die_of_block(g.block_of_ppn(from));
                    let span =
                        self.timing
                            .relocate(t0, die, g.page_of_ppn(from), g.page_of_ppn(to));
                    self.record(die, span, OP_GC_COPY);
                    self.checks.mapped_back(&self.ftl, lba, to);
                    let to_block = g.block_of_ppn(to);
                    let args = [lba, g.block_of_ppn(from), to_block, g.page_of_ppn(to)];
                    trace.emit(span.end_ns, events::RELOCATE, args);
                }
                PhysOp::Erase { block, erase_count } => {
                    let die = g.die_of_block(block);
                    let span = self.timing.erase(t0, die);
                    self.record(die, span, OP_ERASE);
                    trace.emit(span.end_ns, events::ERASE, [block, die, erase_count, 0]);
                }
                PhysOp::Program { lba, ppn, .. } => {
                    let block = g.block_of_ppn(ppn);
                    let die = g.die_of_block(block);
                    let page = g.page_of_ppn(ppn);
                    let span = self.timing.program_page(data_ns, die, page);
                    self.record(die, span, OP_PROGRAM);
                    self.checks.mapped_back(&self.ftl, lba, ppn);
                    trace.emit(span.end_ns, events::HOST_WRITE, [lba, die, block, page]);
                    programmed = span.end_ns;
                }
            }
        }
        self.log = log;
        programmed
    }

    fn record(&mut self, die: u32, span: Span, kind: u8) {
        let d = die as usize;
        let next = &mut self.timeline_next[d];
        self.timeline[d * TIMELINE_DEPTH + *next] = DieOp {
            start_ns: span.start_ns,
            end_ns: span.end_ns,
            kind,
        };
        *next = (*next + 1) % TIMELINE_DEPTH;
    }
}
