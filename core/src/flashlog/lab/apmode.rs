//! The Append/Pack mode's state: the layout (`appendpack::AppendPack`) stepped one action at a
//! time, timed on a serial cost model of the SSD lab's `course` preset [paper §2.2].
//!
//! 1. Each step is one action: while packing is due (free blocks ≤ the low watermark) a
//!    `pack_step` (the tail block's valid pages move to the pack buffer, the block is erased,
//!    full pack-buffer blocks are appended to the pack log); otherwise the next user op — a
//!    `write` (the page joins the write buffer; a full buffer is appended as one erase block)
//!    or a `read` (answered with the version from a buffer or the device slot).
//! 2. Time: each device operation the layout emits costs the preset's page program + channel
//!    transfer, page read + transfer, or block erase, one after the other [choice: a serial
//!    model, so the lab shows where device time goes; the parallel rates are in `reproduce`].
//! 3. Plain model: the last version written of every page; a read must answer it.
//! 4. A user op that needs more than 2 × blocks pack steps is an error (the layout cannot free
//!    a block); validation keeps logical pages below the usable space so it does not happen.

use std::sync::Arc;

use serde_json::{Value, json};

use super::config::{ApOp, ApPlan, ApWorkload};
use super::events as ev;
use crate::device::ssd::config::device_model;
use crate::device::ssd::presets::preset;
use crate::device::ssd::timing::TimingParams;
use crate::flashlog::appendpack::layout::{Loc, NO_VERSION};
use crate::flashlog::appendpack::{AppendPack, DeviceOp, LogId};
use crate::sim::units::{model, word};
use crate::sim::{Rng, Scheduler, SimError, TraceSink};

/// The preset whose page and block times cost Append/Pack's device operations.
pub const AP_PRESET: &str = "course";

/// The one kind of scheduled event: the device is free for the next action.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tick;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ApAction {
    Write { page: u32, version: u32 },
    Read { page: u32, version: u32 },
    Pack { block: u32, log: LogId, valid: u32 },
}

#[derive(Debug, Clone)]
pub struct ApState {
    pub plan: Arc<ApPlan>,
    pub ap: AppendPack,
    events: Scheduler<Tick>,
    rng: Rng,
    timing: TimingParams,
    pub next_op: u64,
    version: u32,
    packs_this_op: u32,
    /// The plain model: last version written per page.
    pub model: Vec<u32>,
    pub answers: Vec<Value>,
    /// Reads whose answer disagreed with the model (must stay 0).
    pub wrong_reads: u64,
    pub last: Option<ApAction>,
    /// Appended blocks in the latest step: (block, log).
    pub last_appends: Vec<(u32, LogId)>,
    pub device_busy_ns: u64,
}

impl ApState {
    pub fn new(plan: Arc<ApPlan>, seed: u64) -> Result<Self, SimError> {
        let ap = AppendPack::new(plan.config).map_err(model)?;
        let p = preset(AP_PRESET).ok_or_else(|| model("course preset missing"))?;
        let (_, timing) = device_model(&p.constants);
        let mut events = Scheduler::new();
        events.schedule(0, Tick);
        let pages = plan.config.logical_pages as usize;
        Ok(Self {
            plan,
            ap,
            events,
            rng: Rng::new(seed),
            timing,
            next_op: 0,
            version: 0,
            packs_this_op: 0,
            model: vec![NO_VERSION; pages],
            answers: Vec::new(),
            wrong_reads: 0,
            last: None,
            last_appends: Vec::new(),
            device_busy_ns: 0,
        })
    }

    pub fn now_ns(&self) -> u64 {
        self.events.now_ns()
    }

    fn next_user_op(&mut self) -> Option<ApOp> {
        let i = self.next_op;
        match &self.plan.workload {
            ApWorkload::Ops(ops) => ops.get(i as usize).copied(),
            ApWorkload::Generator {
                writes,
                hot_pages,
                hot_fraction,
            } => {
                if i >= *writes {
                    return None;
                }
                let logical = u64::from(self.plan.config.logical_pages);
                let hot = u64::from(*hot_pages);
                let page = if hot >= logical || self.rng.chance(*hot_fraction) {
                    self.rng.below(hot)
                } else {
                    hot + self.rng.below(logical - hot)
                };
                Some(ApOp::Write { page: page as u32 })
            }
        }
    }

    /// Step 1: one action.
    pub fn step(&mut self, trace: &mut TraceSink) -> Result<bool, SimError> {
        if !self.ap.pack_due() && self.user_ops_left() == 0 {
            return Ok(false);
        }
        if self.events.pop()?.is_none() {
            return Ok(false);
        }
        let now = self.now_ns();
        self.last_appends.clear();
        if self.ap.pack_due() {
            self.packs_this_op += 1;
            if self.packs_this_op > 2 * self.plan.config.blocks {
                return Err(model(
                    "Append/Pack cannot free a block (valid data fills it)",
                ));
            }
            let victim = self.victim();
            self.ap.pack_step().map_err(model)?;
            if let Some((block, log, valid)) = victim {
                self.last = Some(ApAction::Pack { block, log, valid });
                let free = self.ap.free.len() as u64;
                trace.emit(now, ev::AP_PACK, [block, log_code(log), valid, free as u32]);
            }
        } else if let Some(op) = self.next_user_op() {
            self.next_op += 1;
            self.packs_this_op = 0;
            match op {
                ApOp::Write { page } => self.write(page, trace)?,
                ApOp::Read { page } => self.read(page, trace)?,
            }
        }
        let cost = self.drain_cost(trace);
        self.device_busy_ns += cost;
        self.events.schedule(now + cost.max(1), Tick);
        Ok(true)
    }

    fn user_ops_left(&self) -> u64 {
        self.plan.user_ops().saturating_sub(self.next_op)
    }

    fn victim(&self) -> Option<(u32, LogId, u32)> {
        use crate::flashlog::appendpack::policy::{Tail, choose_victim};
        let tail = |log: LogId, blocks: &std::collections::VecDeque<u32>| {
            blocks.front().map(|&b| Tail {
                log,
                valid_pages: self.ap.block_valid[b as usize],
            })
        };
        let log = choose_victim(
            tail(LogId::Append, &self.ap.append_log),
            tail(LogId::Pack, &self.ap.pack_log),
        )?;
        let block = match log {
            LogId::Append => self.ap.append_log.front(),
            LogId::Pack => self.ap.pack_log.front(),
        }?;
        Some((*block, log, self.ap.block_valid[*block as usize]))
    }

    fn write(&mut self, page: u32, trace: &mut TraceSink) -> Result<(), SimError> {
        self.version = (self.version + 1) % NO_VERSION;
        let v = self.version;
        self.ap.write(page, v).map_err(model)?;
        self.model[page as usize] = v;
        self.last = Some(ApAction::Write { page, version: v });
        trace.emit(
            self.now_ns(),
            ev::AP_WRITE,
            [page, v, word(self.ap.wbuf.len()), 0],
        );
        Ok(())
    }

    fn read(&mut self, page: u32, trace: &mut TraceSink) -> Result<(), SimError> {
        let (version, slot) = self.ap.read(page).map_err(model)?;
        if let Some(slot) = slot {
            self.ap.ops.push(DeviceOp::ReadPage { slot });
        }
        let expected = self.model[page as usize];
        self.wrong_reads += u64::from(version != expected);
        let from = match self.ap.map[page as usize] {
            Loc::Unwritten => "never_written",
            Loc::WriteBuf(_) => "write_buffer",
            Loc::PackBuf(_) => "pack_buffer",
            Loc::Slot(_) => "device",
        };
        let op = self.next_op - 1;
        self.answers.push(json!({
            "op": op,
            "kind": "read",
            "page": page,
            "version": if version == NO_VERSION { -1 } else { i64::from(version) },
            "from": from,
            "slot": slot,
        }));
        self.last = Some(ApAction::Read { page, version });
        // Three sentences, so that no sentinel reaches the student (issue 33 item 6).
        let (kind, args) = match (slot, from) {
            (Some(slot), _) => (ev::AP_READ, [page, version, slot, 0]),
            (None, "write_buffer") => (ev::AP_READ_BUFFERED, [page, version, 0, 0]),
            (None, "pack_buffer") => (ev::AP_READ_BUFFERED, [page, version, 1, 0]),
            (None, _) => (ev::AP_READ_UNWRITTEN, [page, 0, 0, 0]),
        };
        trace.emit(self.now_ns(), kind, args);
        Ok(())
    }

    /// Step 2: the cost of the device operations emitted this step (and narrates appends).
    fn drain_cost(&mut self, trace: &mut TraceSink) -> u64 {
        let t = self.timing;
        let eb = u64::from(self.plan.config.eb_pages);
        let mut cost = 0u64;
        for op in self.ap.drain_ops() {
            cost += match op {
                DeviceOp::WriteChunk { block, log } => {
                    self.last_appends.push((block, log));
                    let live = self.ap.block_valid[block as usize];
                    let free = word(self.ap.free.len());
                    trace.emit(
                        self.now_ns(),
                        ev::AP_APPEND,
                        [block, log_code(log), live, free],
                    );
                    eb * (t.program_ns + t.channel_page_ns)
                }
                DeviceOp::WritePage { .. } => t.program_ns + t.channel_page_ns,
                DeviceOp::ReadPage { .. } => t.read_ns + t.channel_page_ns,
                DeviceOp::Erase { .. } => t.erase_ns,
            };
        }
        cost
    }
}

pub fn log_code(log: LogId) -> u32 {
    match log {
        LogId::Append => 0,
        LogId::Pack => 1,
    }
}
