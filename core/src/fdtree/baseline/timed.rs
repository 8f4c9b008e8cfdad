//! Timed runs of the baselines on the same SSD cost, preload and clients as FD+XM, FD+DS and
//! FD+FC (issue 9 compare view; paper §2.4 and §5.3; digest §2.6, §6 Fig. 10), so all five
//! share one timeline and one `SimReport`.
//!
//! 1. Clients are closed-loop as in `conc::engine`: a client issues its next op when the
//!    previous one completes (or at its `at_ns`, if later); R_p = completion − issue.
//! 2. The client with the earliest issue time goes next (ties: lower client); its op is
//!    linearised then, answered by the baseline, and checked against a plain map updated at
//!    the same instant (lookups, ranges, and with `Uniqueness::Check` the presence check a
//!    modification makes first, answered by the baseline's own lookup).
//! 3. Cost: each op costs `cpu_ns` plus every block the baseline reads or writes for it at
//!    `read_block_ns` / `write_block_ns` of the same `SsdCost`, not queued. With a device
//!    (`run_baseline_on`), the B+tree's leaf reads and write-backs are instead issued to its own
//!    SSD of that preset at the op's start, in arrival order (ops begin in time order), and the
//!    op ends when the last completes: an in-place leaf write is a random overwrite the FTL
//!    writes out of place, paying GC relocations and erases; a dropped leaf is TRIMmed. The
//!    SSD is sized for the leaves the run can reach at the preset's spare and starts with every
//!    leaf written. Li's FD-tree stays on the constants.
//! 4. FD-tree of Li et al. (`li`): it has no concurrency scheme of its own, so it runs under
//!    one readers-writer lock as FD+XM: lookups and ranges share it, a modification holds it
//!    exclusive (waiting for the readers before it, FIFO), and the modification that fills L0
//!    runs the whole cascade of two-level passes holding it. Space per pass: live blocks at its
//!    start, the peak (old levels still allocated + the new level) at its end, then the live
//!    blocks after it (the temporary doubling).
//! 5. B+tree (`btree`): fully concurrent like Berkeley DB: no global lock; per-leaf latch
//!    contention is not modelled. It has the paper's buffer pool (15 MB for a 120 MB index,
//!    §5: `POOL_FRACTION` of its blocks after the preload, cold at the start; LRU, write-back):
//!    internal nodes stay in it, a leaf miss is one read, an evicted dirty leaf one in-place
//!    write. Space after every op that changes it.
//! 6. The preload is applied untimed, its merges settled, as for the FD+tree runs.

use std::collections::BTreeMap;

use super::super::conc::device::{BlockDevice, capacity_for};
use super::super::conc::{Completion, OpKind, SimReport, SsdCost};
use super::super::config::{FdConfig, Uniqueness};
use super::super::error::FdError;
use super::super::store::IoCount;
use super::super::workload::Op;
use super::{BTreeModel, LiFdTree};

/// B+tree levels assumed in memory (the root) without a pool, the counterpart of the FD+tree's L0.
pub const BTREE_CACHED_LEVELS: u32 = 1;
/// The B+tree's buffer pool as a share of its blocks: the paper's 15 MB cache over its 120 MB
/// index (§5, digest §5.1).
pub const POOL_FRACTION: (u64, u64) = (15, 120);

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Baseline {
    Li,
    BTree,
}

enum Model {
    Li(LiFdTree),
    BTree(BTreeModel),
}

impl Model {
    fn io(&self) -> IoCount {
        match self {
            Model::Li(t) => t.io,
            Model::BTree(t) => t.cost.io,
        }
    }
    fn live_blocks(&self) -> u64 {
        match self {
            Model::Li(t) => t.live_blocks(),
            Model::BTree(t) => t.live_blocks(),
        }
    }
    fn lookup(&mut self, key: u64) -> Option<u64> {
        match self {
            Model::Li(t) => t.lookup(key),
            Model::BTree(t) => t.lookup(key),
        }
    }
    fn range(&mut self, from: u64, to: u64) -> Vec<(u64, u64)> {
        match self {
            Model::Li(t) => t.range(from, to),
            Model::BTree(t) => t.range(from, to),
        }
    }
    fn insert(&mut self, key: u64, value: u64) {
        match self {
            Model::Li(t) => t.insert(key, value),
            Model::BTree(t) => {
                t.insert(key, value);
            }
        }
    }
    fn delete(&mut self, key: u64) {
        match self {
            Model::Li(t) => t.delete(key),
            Model::BTree(t) => {
                t.delete(key);
            }
        }
    }
}

fn io_ns(cost: &SsdCost, a: IoCount, b: IoCount) -> u64 {
    (b.blocks_read - a.blocks_read) * cost.read_block_ns
        + (b.blocks_written - a.blocks_written) * cost.write_block_ns
}

pub(super) struct Runner {
    model: Model,
    /// The B+tree's SSD (None: the constant costs).
    device: Option<BlockDevice>,
    map: BTreeMap<u64, u64>,
    cost: SsdCost,
    check: bool,
    /// End of the last exclusive holder / of every shared holder so far (Li only).
    excl_until: u64,
    shared_until: u64,
    /// Li's FD-tree runs under one readers-writer lock (step 4); the B+tree has none.
    exclusive_writes: bool,
    /// The report so far (the harness reads and finishes it).
    pub(super) report: SimReport,
}

impl Runner {
    /// Issues `op` at `issue`: it begins when Li's lock lets it (at once for the B+tree) and
    /// is applied then (steps 1–5); returns its completion time.
    pub(super) fn issue(&mut self, op: Op, issue: u64) -> Result<u64, FdError> {
        let modifies = op.is_modification();
        let begin = match (self.exclusive_writes, modifies) {
            (false, _) => issue,
            (true, false) => issue.max(self.excl_until),
            (true, true) => issue.max(self.excl_until).max(self.shared_until),
        };
        if begin > issue {
            self.report.latch_waits += 1;
        }
        let end = self.apply(op, begin)?;
        if self.exclusive_writes {
            if modifies {
                self.excl_until = end;
            } else {
                self.shared_until = self.shared_until.max(end);
            }
        }
        self.report.end_ns = self.report.end_ns.max(end);
        Ok(end)
    }

    fn answer(&mut self, got: Option<u64>, key: u64) {
        self.report.answers += 1;
        if got != self.map.get(&key).copied() {
            self.report.mismatches += 1;
        }
    }

    /// Applies one op at `begin`; returns its completion time.
    fn apply(&mut self, op: Op, begin: u64) -> Result<u64, FdError> {
        let io0 = self.model.io();
        let live0 = self.model.live_blocks();
        match op {
            Op::Lookup { key } => {
                let got = self.model.lookup(key);
                self.answer(got, key);
            }
            Op::Range { from, to } => {
                let rows = self.model.range(from, to);
                let want: Vec<(u64, u64)> =
                    self.map.range(from..=to).map(|(k, v)| (*k, *v)).collect();
                self.report.answers += 1;
                if rows != want {
                    self.report.mismatches += 1;
                }
            }
            Op::Insert { key, value } => {
                let present = self.check && {
                    let got = self.model.lookup(key);
                    self.answer(got, key);
                    got.is_some()
                };
                if !present {
                    self.model.insert(key, value);
                    self.map.insert(key, value);
                }
            }
            Op::Delete { key } => {
                let present = !self.check || {
                    let got = self.model.lookup(key);
                    self.answer(got, key);
                    got.is_some()
                };
                if present {
                    self.model.delete(key);
                    self.map.remove(&key);
                }
            }
        }
        let end = match (&mut self.device, &mut self.model) {
            (Some(d), Model::BTree(t)) => {
                let ops = std::mem::take(&mut t.ops);
                d.batch(&ops, begin)? + self.cost.cpu_ns
            }
            _ => begin + self.cost.cpu_ns + io_ns(&self.cost, io0, self.model.io()),
        };
        let Model::Li(li) = &mut self.model else {
            let live = self.model.live_blocks();
            if live != live0 {
                self.report.space.push((end, live));
            }
            return Ok(end);
        };
        if !li.merge_due() {
            return Ok(end);
        }
        // The cascade, pass by pass, inside the modification's exclusive hold.
        let mut t = end;
        while li.merge_due() {
            let before = li.live_blocks();
            let Some(pass) = li.step() else { break };
            let pass_end = t
                + self.cost.cpu_ns
                + pass.io.blocks_read * self.cost.read_block_ns
                + pass.io.blocks_written * self.cost.write_block_ns;
            self.report.space.push((t, before));
            self.report.space.push((pass_end, pass.peak_live_blocks));
            self.report.space.push((pass_end, pass.live_blocks_after));
            t = pass_end;
        }
        self.report.merges.push((end, t));
        Ok(t)
    }
}

/// Runs `kind` on the preload and clients of an FD+tree run (β, γ, κ0 and the uniqueness mode
/// from `fd`), on `cost`.
pub fn run_baseline(
    kind: Baseline,
    fd: &FdConfig,
    cost: SsdCost,
    preload: &[Op],
    clients: &[Vec<(Op, Option<u64>)>],
) -> Result<SimReport, FdError> {
    run_baseline_on(kind, fd, cost, None, preload, clients)
}

/// The B+tree's SSD of preset `preset`, sized for the leaves the run can reach (`mods`
/// modifications), every leaf written (untimed).
fn btree_device(t: &BTreeModel, preset: &str, mods: u64) -> Result<BlockDevice, FdError> {
    let leaves = t.leaf_count();
    let cap = capacity_for(u64::from(t.id_bound()), leaves, mods, t.beta_entries);
    let mut d = BlockDevice::new(preset, t.beta_entries, cap)?;
    for id in t.leaf_ids() {
        d.write_untimed(id)?;
    }
    Ok(d)
}

/// The runner of `kind` after the untimed preload (step 6), with the B+tree's pool and, given
/// `device`, its SSD sized for `mods` modifications.
pub(super) fn prepared(
    kind: Baseline,
    fd: &FdConfig,
    cost: SsdCost,
    device: Option<&str>,
    preload: &[Op],
    mods: u64,
) -> Result<Runner, FdError> {
    fd.validate()?;
    let mut model = match kind {
        Baseline::Li => Model::Li(LiFdTree::new(fd.beta_entries, fd.gamma, fd.kappa0_blocks)),
        Baseline::BTree => Model::BTree(BTreeModel::new(fd.beta_entries, BTREE_CACHED_LEVELS)),
    };
    let mut map = BTreeMap::new();
    for op in preload {
        if let Op::Insert { key, value } = *op
            && !map.contains_key(&key)
        {
            model.insert(key, value);
            map.insert(key, value);
            if let Model::Li(li) = &mut model {
                while li.step().is_some() {}
            }
        }
    }
    let mut dev = None;
    if let Model::BTree(t) = &mut model {
        let (num, den) = POOL_FRACTION;
        t.use_pool((t.live_blocks() * num).div_ceil(den));
        t.ops.clear();
        if let Some(preset) = device {
            dev = Some(btree_device(t, preset, mods)?);
        }
    }
    let mut r = Runner {
        device: dev,
        model,
        map,
        cost,
        check: fd.uniqueness == Uniqueness::Check,
        report: SimReport::default(),
        excl_until: 0,
        shared_until: 0,
        exclusive_writes: kind == Baseline::Li,
    };
    r.report.space.push((0, r.model.live_blocks()));
    Ok(r)
}

/// As `run_baseline`, with the B+tree's leaf I/O on an SSD of preset `device` (module
/// header, 3).
pub fn run_baseline_on(
    kind: Baseline,
    fd: &FdConfig,
    cost: SsdCost,
    device: Option<&str>,
    preload: &[Op],
    clients: &[Vec<(Op, Option<u64>)>],
) -> Result<SimReport, FdError> {
    let mods = clients
        .iter()
        .flatten()
        .filter(|(op, _)| op.is_modification())
        .count() as u64;
    let mut r = prepared(kind, fd, cost, device, preload, mods)?;
    let mut next = vec![0usize; clients.len()];
    let mut ready = vec![0u64; clients.len()];
    loop {
        // The client whose next op is issued first.
        let mut pick: Option<(u64, usize)> = None;
        for (c, ops) in clients.iter().enumerate() {
            let Some(&(_, at)) = ops.get(next[c]) else {
                continue;
            };
            let issue = ready[c].max(at.unwrap_or(0));
            if pick.is_none_or(|(t, _)| issue < t) {
                pick = Some((issue, c));
            }
        }
        let Some((issue, c)) = pick else { break };
        let op = clients[c][next[c]].0;
        let end = r.issue(op, issue)?;
        r.report.completed.push(Completion {
            client: c,
            index: next[c] as u64,
            kind: OpKind::of(op),
            start_ns: issue,
            end_ns: end,
        });
        ready[c] = end;
        next[c] += 1;
    }
    r.report.latches_idle = true;
    Ok(r.report)
}
