//! One step of the IPA lab (module header, step 2): one queued write-back, a background GC
//! action or one op, with its flash operations as trace events and the clock advanced by their
//! device latencies.

use super::config::PlannedOp;
use super::events;
use super::zoomview::LastWrite;
use super::{IpaLab, LastStep};
use crate::ipa::error::IpaError;
use crate::ipa::lab::regions::table_of;
use crate::ipa::noftl::{FlashCounters, FlashOp};
use crate::ipa::store::IpaStore;
use crate::ipa::trace::PageEvent;
use crate::sim::units::{model, word};
use crate::sim::{SimError, TraceSink};

fn low(key: u64) -> u32 {
    (key & 0xFFFF_FFFF) as u32
}

/// Executes one op on a store; a `get` returns its answer.
pub fn execute(store: &mut IpaStore, op: &PlannedOp) -> Result<Option<Vec<u32>>, IpaError> {
    match op {
        PlannedOp::Insert { key, fields } => store.insert(*key, fields).map(|()| None),
        PlannedOp::Update { key, field, value } => {
            store.update(*key, *field, *value).map(|()| None)
        }
        PlannedOp::Get { key } => store.get(*key),
        PlannedOp::Checkpoint => store.checkpoint().map(|()| None),
        PlannedOp::Crash => store.crash().map(|()| None),
    }
}

/// What a routed op returned: its answer, the other regions' device time, the regions it ran on.
type Routed = (Option<Vec<u32>>, u64, Vec<usize>);

/// Device time of `store`'s flash work between a counter snapshot and now: its reads, then
/// each journaled operation at the preset's latency.
fn store_work_ns(store: &IpaStore, before: &FlashCounters, ops: &[FlashOp]) -> u64 {
    let nand = store.ftl.flash.config();
    let read = nand.nominal_read_ns(0);
    let program = nand.nominal_program_ns(0);
    let erase = nand.timing.erase_ns;
    let reads = store.ftl.counters.host_page_reads - before.host_page_reads;
    // A C.2 pair is two flash pages: a DB-page read, write or migration touches both.
    let pages = store.ftl.pages_per_db_page() as u64;
    let mut ns = reads
        .saturating_mul(pages)
        .saturating_mul(read)
        .saturating_add(1_000);
    for op in ops {
        ns = ns.saturating_add(match op {
            FlashOp::Program { .. } => pages.saturating_mul(program),
            FlashOp::Append { .. } => program,
            FlashOp::Migrate { .. } => pages.saturating_mul(read.saturating_add(program)),
            FlashOp::Erase { .. } => erase,
        });
    }
    ns
}

/// Background GC on a compare side: the same policy, run to idle after each op.
pub(super) fn settle_gc(store: &mut IpaStore) -> Result<(), IpaError> {
    let mut guard = 0;
    while store.ftl.background_gc_due() && guard < 100_000 {
        store.ftl.gc_step()?;
        guard += 1;
    }
    Ok(())
}

impl IpaLab {
    pub fn now_ns(&self) -> u64 {
        self.sched.now_ns()
    }

    /// Device time of the flash work between two counter snapshots.
    fn work_ns(&self, before: &FlashCounters, ops: &[FlashOp]) -> u64 {
        store_work_ns(&self.store, before, ops)
    }

    fn advance(&mut self, ns: u64) -> Result<u64, SimError> {
        self.sched.schedule_after(ns, 0);
        Ok(self.sched.pop()?.map_or(self.sched.now_ns(), |(t, _)| t))
    }

    pub fn step_event(&mut self, trace: &mut TraceSink) -> Result<bool, SimError> {
        let queued = !self.store.pending.is_empty();
        let gc_due = !queued && self.store.ftl.background_gc_due();
        if !queued && !gc_due && self.next_op >= self.cfg.ops.len() {
            return Ok(false);
        }
        let start = self.sched.now_ns();
        let before = self.store.ftl.counters.clone();
        let mut last = LastStep::default();
        let mut extra_ns = 0u64;
        if queued {
            // The cleaner's or checkpoint's write-backs, one per step, before the next op.
            if let Some((lba, _)) = self.store.write_back_next().map_err(model)? {
                let left = self.store.pending.len();
                last.write_back = Some((lba, left));
                trace.emit(start, events::WRITE_BACK, [lba, word(left), 0, 0]);
            }
            self.forward_trace()?;
        } else if gc_due {
            self.store.ftl.gc_step().map_err(model)?;
            self.gc_steps += 1;
        } else {
            let i = self.next_op;
            self.next_op += 1;
            last.op = Some(i);
            let op = self.cfg.ops[i].clone();
            let dirty = self.store.frames.iter().filter(|f| f.dirty).count();
            let log = self.store.wal.records.len();
            let (got, region_ns, regions) = self.execute_routed(&op)?;
            extra_ns = region_ns;
            last.regions = regions;
            self.oracle_apply(i, &op, got.as_ref());
            self.step_compare(&op)?;
            let (kind, args) = self.op_event(i, &op, dirty, log);
            trace.emit(start, kind, args);
        }
        let ops = self
            .store
            .ftl
            .journal
            .replace(Vec::new())
            .unwrap_or_default();
        let ns = self.work_ns(&before, &ops).saturating_add(extra_ns);
        let end = self.advance(ns)?;
        for op in &ops {
            let (kind, args) = flash_event(op);
            trace.emit(end, kind, args);
        }
        last.touched = touched(
            &self.store,
            &ops,
            last.op.map(|i| &self.cfg.ops[i]),
            last.write_back.map(|(lba, _)| lba),
        );
        last.flash_ops = ops;
        self.update_zoom(&last);
        self.last = last;
        self.steps += 1;
        self.checks = self.evaluate_checks();
        Ok(true)
    }

    /// The store that holds `key`: its table's region (module header, step 5), else main's.
    fn store_of(&self, key: u64) -> &IpaStore {
        let table = table_of(key);
        self.regions
            .iter()
            .find(|r| r.tables.contains(&table))
            .map_or(&self.store, |r| &r.store)
    }

    fn op_event(&self, i: usize, op: &PlannedOp, dirty: usize, log: usize) -> (u32, [u32; 4]) {
        // Read from the region that ran the op: main's index has no key of another region's
        // table (it used to print u32::MAX as the page).
        let lba = |key: &u64| {
            self.store_of(*key)
                .index
                .get(key)
                .map_or(u32::MAX, |(l, _)| l)
        };
        match op {
            PlannedOp::Insert { key, .. } => (events::INSERT, [word(i), low(*key), lba(key), 0]),
            PlannedOp::Update { key, .. } => {
                let l = lba(key);
                let store = self.store_of(*key);
                let tracked = store.frame_of.get(&l).map_or(0, |&f| {
                    let fr = &store.frames[f];
                    fr.body_changed.len() + fr.meta_changed.len()
                });
                (events::UPDATE, [word(i), low(*key), l, word(tracked)])
            }
            PlannedOp::Get { key } => (
                events::GET,
                [
                    word(i),
                    low(*key),
                    u32::from(self.oracle.contains_key(key)),
                    0,
                ],
            ),
            PlannedOp::Checkpoint => (events::CHECKPOINT, [word(i), word(dirty), 0, 0]),
            PlannedOp::Crash => (events::CRASH, [word(i), word(log), 0, 0]),
        }
    }

    /// Module header, step 5: an op on a table of another region runs there (write-backs inline,
    /// GC to idle); a checkpoint or crash hits every region. Returns the answer and the other
    /// regions' device time.
    fn execute_routed(&mut self, op: &PlannedOp) -> Result<Routed, SimError> {
        let key = match op {
            PlannedOp::Insert { key, .. }
            | PlannedOp::Update { key, .. }
            | PlannedOp::Get { key } => Some(table_of(*key)),
            PlannedOp::Checkpoint | PlannedOp::Crash => None,
        };
        let owner = key.and_then(|t| self.regions.iter().position(|r| r.tables.contains(&t)));
        let mut ns = 0u64;
        let mut got = None;
        let mut ran = Vec::new();
        for (i, r) in self.regions.iter_mut().enumerate() {
            if key.is_some() && owner != Some(i) {
                continue;
            }
            ran.push(i);
            let before = r.store.ftl.counters.clone();
            got = execute(&mut r.store, op).map_err(model)?;
            settle_gc(&mut r.store).map_err(model)?;
            let ops = r.store.ftl.journal.replace(Vec::new()).unwrap_or_default();
            ns = ns.saturating_add(store_work_ns(&r.store, &before, &ops));
        }
        if owner.is_none() {
            got = execute(&mut self.store, op).map_err(model)?;
        }
        Ok((got, ns, ran))
    }

    /// The plain map: the answer a `get` must equal.
    fn oracle_apply(&mut self, i: usize, op: &PlannedOp, got: Option<&Vec<u32>>) {
        match op {
            PlannedOp::Insert { key, fields } => {
                self.oracle.insert(*key, fields.clone());
            }
            PlannedOp::Update { key, field, value } => {
                if let Some(r) = self.oracle.get_mut(key) {
                    r[*field] = *value;
                }
            }
            PlannedOp::Get { key } => {
                let want = self.oracle.get(key);
                if want != got && self.mismatch.is_none() {
                    self.mismatch = Some(format!(
                        "op {i}: get {key} answered {got:?}, the plain map has {want:?}"
                    ));
                }
                self.answers.push(serde_json::json!({
                    "op": i,
                    "kind": "get",
                    "key": key,
                    "fields": got,
                }));
            }
            PlannedOp::Checkpoint | PlannedOp::Crash => {}
        }
    }

    /// The race's other two sides take the same op.
    fn step_compare(&mut self, op: &PlannedOp) -> Result<(), SimError> {
        let Some(c) = self.compare.as_mut() else {
            return Ok(());
        };
        let got = execute(&mut c.oop, op).map_err(model)?;
        settle_gc(&mut c.oop).map_err(model)?;
        if let PlannedOp::Get { key } = op
            && got.as_ref() != self.oracle.get(key)
            && self.mismatch.is_none()
        {
            self.mismatch = Some(format!("out-of-place side: get {key} answered {got:?}"));
        }
        self.forward_trace()
    }

    /// IPL replays the IPA store's page events (fetches, changes, write-backs, evictions).
    fn forward_trace(&mut self) -> Result<(), SimError> {
        let Some(c) = self.compare.as_mut() else {
            return Ok(());
        };
        let events: Vec<PageEvent> = self.store.trace.replace(Vec::new()).unwrap_or_default();
        for e in &events {
            c.ipl.step(e).map_err(model)?;
        }
        Ok(())
    }

    fn update_zoom(&mut self, last: &LastStep) {
        let latest = last.flash_ops.iter().rev().find_map(|op| match op {
            FlashOp::Program { lba, .. } | FlashOp::Append { lba, .. } => Some((*lba, op)),
            _ => None,
        });
        if let Some((lba, op)) = latest {
            self.focus_lba = Some(lba);
            self.last_write = LastWrite::capture(&self.store, op, self.steps);
        }
    }
}

fn flash_event(op: &FlashOp) -> (u32, [u32; 4]) {
    match op {
        FlashOp::Program { lba, from, to } => (
            events::PROGRAM,
            [
                *lba,
                word(to.block),
                word(to.page),
                u32::from(from.is_some()),
            ],
        ),
        FlashOp::Append { lba, at, after, .. } => (
            events::APPEND,
            [*lba, word(at.block), word(at.page), word(after.len())],
        ),
        FlashOp::Migrate { lba, from, to } => (
            events::MIGRATE,
            [*lba, word(from.block), word(to.block), word(to.page)],
        ),
        FlashOp::Erase { block, erase_count } => {
            (events::ERASE, [word(*block), word(*erase_count), 0, 0])
        }
    }
}

/// Logical pages a step touched: its flash writes and the op's page.
fn touched(
    store: &IpaStore,
    ops: &[FlashOp],
    op: Option<&PlannedOp>,
    write_back: Option<u32>,
) -> Vec<u32> {
    let mut out: Vec<u32> = ops
        .iter()
        .filter_map(|o| match o {
            FlashOp::Program { lba, .. } | FlashOp::Append { lba, .. } => Some(*lba),
            FlashOp::Migrate { lba, .. } => Some(*lba),
            FlashOp::Erase { .. } => None,
        })
        .collect();
    out.extend(write_back);
    let key = match op {
        _ if write_back.is_some() => None,
        Some(PlannedOp::Insert { key, .. } | PlannedOp::Update { key, .. }) => Some(key),
        Some(PlannedOp::Get { key }) => Some(key),
        _ => None,
    };
    if let Some((lba, _)) = key.and_then(|k| store.index.get(k)) {
        out.push(lba);
    }
    if matches!(op, Some(PlannedOp::Crash)) {
        out.extend((0..store.ftl.logical_pages() as u32).filter(|&l| store.ftl.ppa(l).is_ok()));
    }
    out.sort_unstable();
    out.dedup();
    out
}
