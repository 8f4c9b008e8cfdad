//! The parts of the FD+tree view that show the paper's concurrency and its merge's arithmetic
//! (§2.3, §4.2–4.4; digest §3.9): the lock table, each client's place in the tree, the staging
//! area with each key group's COALESCE, merge-prepare's plan and merge-finalize's relabelling.
//!
//! 1. `latches`: every lock held or awaited: its X holder, S holders and FIFO waiters.
//! 2. `cursor_of`: the side a client's op chose and the blocks it has read so far.
//! 3. `staged`: the first key groups of 𝒮 with their entries (deepest first) and COALESCE.
//! 4. `plan`, `finalize`: Û(i), B̂, ô of the running (or last) merge; o_g and z of the last
//!    finalize. Lists are cut so the payload stays small (the view draws only what it lists).

use super::FdLab;
use super::payload::{FdtreeFinalize, FdtreeGroup, FdtreeLatch, FdtreePlan};
use crate::fdtree::conc::{Mode, Res};
use crate::fdtree::entry::{Kind, coalesce};
use crate::fdtree::lookup::Side;
use crate::fdtree::merge::Merge;
use crate::fdtree::prepare::{MergePlan, MergeWhy};

/// Locks listed; staged groups listed; blocks of a client's path listed.
const LIST_LATCHES: usize = 64;
const LIST_GROUPS: usize = 12;
const LIST_PATH: usize = 16;

fn mode_num(m: Mode) -> u64 {
    u64::from(m == Mode::X)
}

pub fn latches(lab: &FdLab) -> Vec<FdtreeLatch> {
    let run = &lab.run;
    run.latch_rows()
        .take(LIST_LATCHES)
        .map(|row| {
            let (lock, block) = match row.res {
                Res::Global => ("global", 0),
                Res::L0 => ("l0", 0),
                Res::Block(b) => ("block", u64::from(b)),
            };
            FdtreeLatch {
                lock: lock.into(),
                block,
                x_holder: row.writer.map(|a| a as u64),
                s_holders: run.s_holders(row.res).map(|a| a as u64).collect(),
                waiters: row
                    .queue
                    .iter()
                    .map(|&(a, m)| [a as u64, mode_num(m)])
                    .collect(),
            }
        })
        .collect()
}

/// The side a client's op chose (once it read L0) and the disk blocks it has read so far.
pub fn cursor_of(lab: &FdLab, client: usize) -> (Option<String>, Vec<u64>) {
    let Some(c) = lab.run.cursor(client) else {
        return (None, Vec::new());
    };
    // The same names as the op table's side column (view.rs; not called: view.rs calls this).
    let side = c.side.map(|s| {
        match s {
            Side::Quiescent => "no_merge",
            Side::Old => "old",
            Side::New => "new",
        }
        .to_string()
    });
    let path = c
        .path
        .iter()
        .take(LIST_PATH)
        .map(|&b| u64::from(b))
        .collect();
    (side, path)
}

fn letters(kinds: impl Iterator<Item = Kind>) -> String {
    kinds
        .filter_map(|k| match k {
            Kind::Insert(_) => Some('I'),
            Kind::Delete => Some('D'),
            Kind::Fence(_) => None,
        })
        .collect()
}

/// The first groups of the staging area 𝒮, each with COALESCE's result.
pub fn staged(m: &Merge) -> Vec<FdtreeGroup> {
    let mut out = Vec::with_capacity(m.staged.len().min(LIST_GROUPS));
    let mut at = 0;
    for g in m.staged.iter().take(LIST_GROUPS) {
        let data = m.staged_data.range(at..at + g.data_len);
        at += g.data_len;
        let c = coalesce(data.clone().copied(), m.plan.full);
        let mut result = String::new();
        if c.delete {
            result.push('D');
        }
        if c.insert.is_some() {
            result.push('I');
        }
        out.push(FdtreeGroup {
            key: g.key,
            fence_to: g.fence.and_then(|f| match f.kind {
                Kind::Fence(t) => Some(u64::from(t)),
                _ => None,
            }),
            entries: letters(data.map(|e| e.kind)),
            out: result,
            cancelled: c.inserts_cancelled + c.deletes_cancelled,
        });
    }
    out
}

fn plan_payload(p: &MergePlan, current: bool) -> FdtreePlan {
    let widen = |v: &[usize]| v.iter().map(|&x| x as u64).collect();
    FdtreePlan {
        current,
        why: match p.why {
            MergeWhy::Overflow => "overflow".into(),
            MergeWhy::Underflow => "underflow".into(),
        },
        m: p.m as u64,
        full: p.full,
        u_hat: p.u_hat.clone(),
        b_hat: p.b_hat.clone(),
        o_hat: widen(&p.o_hat),
    }
}

/// The running merge's plan, else the latest timed merge's.
pub fn plan(lab: &FdLab) -> Option<FdtreePlan> {
    match &lab.run.tree.merge {
        Some(m) => Some(plan_payload(&m.plan, true)),
        None => lab.last_plan.as_deref().map(|p| plan_payload(p, false)),
    }
}

pub fn finalize(lab: &FdLab) -> Option<FdtreeFinalize> {
    lab.last_finalize.clone()
}

/// Finalize's (g, o_g) pairs and z, at `at_ns`, as the view shows them.
pub fn finalize_payload(o: &[(usize, usize)], z: usize, at_ns: u64) -> FdtreeFinalize {
    FdtreeFinalize {
        o: o.iter().map(|&(g, to)| [g as u64, to as u64]).collect(),
        z: z as u64,
        at_ns,
    }
}
