//! Running ops: one step = one ISPP pulse while a program is in progress, else one op.
//!
//! 1. Before each step the guard snapshots every cell's programmed Vth and the P/E count, so
//!    `checks` can verify the step changed them only in allowed directions.
//! 2. A pulse step advances simulated time by that loop's pulse and verifies and emits `pulse`,
//!    one `verify_pass` per state that gained cells, and at the end `page_programmed` or
//!    `program_failed`.
//! 3. An op step resolves data bits (random bits from the run's generator), asks the block, and
//!    emits either the op's event or a `refused_*` event with the block's reason.

use super::bits::resolve;
use super::body::{NandData, NandOp};
use super::events::{self, mv};
use super::{ActiveProgram, NandLab};
use crate::device::nand::ispp::{IsppRun, ProgramKind, ProgramOutcome};
use crate::sim::units::{us, word as u32_of};
use crate::sim::{SimError, TraceSink};

impl NandLab {
    pub(crate) fn step_once(&mut self, trace: &mut TraceSink) -> Result<bool, SimError> {
        self.snapshot_guard();
        if let Some(mut active) = self.active.take() {
            self.pulse(&mut active, trace);
            if active.run.is_done() {
                self.finish(active.run, trace);
            } else {
                self.active = Some(active);
            }
            return Ok(true);
        }
        let Some(op) = self.ops.get(self.next_op).cloned() else {
            return Ok(false);
        };
        let index = self.next_op;
        self.next_op += 1;
        match op {
            NandOp::Program(p) => {
                let page = p.page as usize;
                let len = p.len_bits.map_or(self.block.page_bits(), |l| l as usize);
                let mut bits = resolve(&p.data, len, &mut self.rng);
                bits.resize(self.block.page_bits(), true);
                self.start(page, bits, ProgramKind::Program, (0, len), trace);
            }
            NandOp::Append(a) => {
                let page = a.page as usize;
                let len = match (&a.data, a.len_bits) {
                    (NandData::Hex(hex), _) => 4 * hex.len(),
                    (_, Some(len)) => len as usize,
                    (_, None) => 0,
                };
                let data = resolve(&a.data, len, &mut self.rng);
                match self.block.page_with(page, a.offset_bits as usize, &data) {
                    Ok(bits) => {
                        let range = (a.offset_bits as usize, len);
                        self.start(page, bits, ProgramKind::Append, range, trace);
                    }
                    Err(error) => self.refuse(&error, trace),
                }
            }
            NandOp::Read(r) => self.read(index, r.page as usize, trace),
            NandOp::Erase(_) => {
                let report = self.block.erase(&mut self.rng);
                self.after_erase(report, trace);
                trace.emit(
                    self.now_ns,
                    events::ERASE,
                    [
                        0,
                        u32_of(report.pe_cycles),
                        us(report.latency_ns),
                        u32::from(self.block.worn_out()),
                    ],
                );
            }
            NandOp::Cycle(c) => {
                let report = self.block.cycle(c.count, &mut self.rng);
                self.after_erase(report, trace);
                trace.emit(
                    self.now_ns,
                    events::CYCLE,
                    [u32_of(c.count), u32_of(report.pe_cycles), 0, 0],
                );
            }
            NandOp::Retention(r) => {
                let shifted = self.block.bake(r.hours);
                trace.emit(
                    self.now_ns,
                    events::RETENTION,
                    [
                        u32_of(r.hours.round() as u64),
                        u32_of(shifted),
                        u32_of(self.block.pe_cycles()),
                        0,
                    ],
                );
            }
            NandOp::SetIspp(s) => {
                self.block.set_delta_vpgm_v(s.delta_vpgm_v);
                let safe = self.block.config().layout.max_safe_delta_vpgm_v();
                trace.emit(
                    self.now_ns,
                    events::SET_ISPP,
                    [mv(s.delta_vpgm_v), mv(safe), 0, 0],
                );
            }
        }
        Ok(true)
    }

    fn snapshot_guard(&mut self) {
        self.guard.prev_vth_v.clear();
        for wordline in self.block.wordlines() {
            self.guard
                .prev_vth_v
                .extend_from_slice(wordline.programmed_vth_v());
        }
        self.guard.prev_pe = self.block.pe_cycles();
        self.guard.erased_this_step = false;
    }

    fn start(
        &mut self,
        page: usize,
        bits: Vec<bool>,
        kind: ProgramKind,
        range: (usize, usize),
        trace: &mut TraceSink,
    ) {
        let run = match self.block.begin_program(page, &bits, kind) {
            Ok(run) => run,
            Err(error) => return self.refuse(&error, trace),
        };
        self.focus_wordline = run.wordline;
        let start_ns = self.now_ns;
        self.now_ns = start_ns + run.latency_ns;
        let targeted = u32_of(run.cells_targeted);
        let event = match kind {
            ProgramKind::Program => (
                events::PROGRAM_START,
                [
                    u32_of(page),
                    u32_of(run.wordline),
                    targeted,
                    mv(run.vpgm_start_v),
                ],
            ),
            ProgramKind::Append => (
                events::APPEND_START,
                [u32_of(page), u32_of(range.0), u32_of(range.1), targeted],
            ),
        };
        trace.emit(self.now_ns, event.0, event.1);
        if run.is_done() {
            self.finish(run, trace);
        } else {
            self.last_run = Some(run.clone());
            self.active = Some(ActiveProgram { run, start_ns });
        }
    }

    fn pulse(&mut self, active: &mut ActiveProgram, trace: &mut TraceSink) {
        let report = self.block.pulse(&mut active.run, &mut self.rng);
        self.now_ns = active.start_ns + active.run.latency_ns;
        trace.emit(
            self.now_ns,
            events::PULSE,
            [
                report.loop_index,
                mv(report.vpgm_v),
                u32_of(report.programming),
                u32_of(report.inhibited),
            ],
        );
        for &(state, passed) in report.passed.iter().filter(|(_, n)| *n > 0) {
            trace.emit(
                self.now_ns,
                events::VERIFY_PASS,
                [
                    report.loop_index,
                    u32_of(state),
                    passed,
                    u32_of(report.programming),
                ],
            );
        }
        self.last_run = Some(active.run.clone());
    }

    fn finish(&mut self, run: IsppRun, trace: &mut TraceSink) {
        let page = u32_of(run.page);
        if run.outcome.is_some() {
            self.stats.last_page = Some(page);
        }
        match run.outcome {
            Some(ProgramOutcome::Failed {
                loops,
                latency_ns,
                unverified_cells,
            }) => {
                self.stats.failures += 1;
                self.stats.last_loops = loops;
                self.stats.last_latency_ns = latency_ns;
                trace.emit(
                    self.now_ns,
                    events::PROGRAM_FAILED,
                    [page, loops, u32_of(unverified_cells), us(latency_ns)],
                );
            }
            Some(ProgramOutcome::Completed { loops, latency_ns }) => {
                let is_append = run.kind == ProgramKind::Append;
                if is_append {
                    self.stats.appends += 1;
                } else {
                    self.stats.programs += 1;
                    if let Some(step) = self.stats.per_step.get_mut(usize::from(run.step)) {
                        step.programs += 1;
                        step.loops += u64::from(loops);
                        step.latency_ns += latency_ns;
                    }
                }
                self.stats.last_loops = loops;
                self.stats.last_latency_ns = latency_ns;
                trace.emit(
                    self.now_ns,
                    events::PAGE_PROGRAMMED,
                    [page, loops, us(latency_ns), u32::from(is_append)],
                );
            }
            None => {}
        }
        self.last_run = Some(run);
    }
}
