//! What the UI draws: `FdtreeMeta` (levels as rows of blocks on one key axis, the merge and its
//! wavefront, L0 old/new, clients, per-op block I/O, counters, compare rows) plus flat series.
//!
//! Series (all f64): `rp`, triples `[completion_ns, r_p_ns, kind]` (kind 1 insert, 2 delete,
//! 3 lookup, 4 range) of this run; `space`, pairs `[t_ns, live_blocks]`; with `compare`,
//! `cmp_<id>_rp` (triples) and `cmp_<id>_space` (pairs) for id = xm, ds, fc and the baselines
//! li (FD-tree of Li et al.) and btree, each run to its end.

use serde_json::Value;

use super::compare::SchemeRun;
use super::config::scheme_name;
use super::payload::{
    BlockState, FdtreeBlock, FdtreeClient, FdtreeCompareRow, FdtreeCounters, FdtreeInfo,
    FdtreeInterval, FdtreeL0, FdtreeLevel, FdtreeMerge, FdtreeMeta, FdtreeOpIo, LevelRole,
};
use super::{FdLab, OpRecord, checks, view_conc};
use crate::device::provenance::Constant;
use crate::fdtree::conc::{Completion, OpKind, SimReport};
use crate::fdtree::entry::{BlockId, Entry, Kind};
use crate::fdtree::merge::MergePhase;
use crate::fdtree::prepare::MergeWhy;
use crate::fdtree::{FdTree, Side};
use crate::payload::to_value;
use crate::sim::{LabView, NamedSeries};

/// Blocks listed per level row; L0 keys listed per side.
const LIST_BLOCKS: usize = 256;
const LIST_KEYS: usize = 64;
/// Fence links listed per block.
const LIST_FENCES: usize = 16;

fn kind_name(k: OpKind) -> &'static str {
    match k {
        OpKind::Insert => "insert",
        OpKind::Delete => "delete",
        OpKind::Lookup => "lookup",
        OpKind::Range => "range",
    }
}

fn kind_num(k: OpKind) -> f64 {
    match k {
        OpKind::Insert => 1.0,
        OpKind::Delete => 2.0,
        OpKind::Lookup => 3.0,
        OpKind::Range => 4.0,
    }
}

fn block(tree: &FdTree, id: BlockId, state: BlockState) -> FdtreeBlock {
    let (mut first, mut last, mut ins, mut del, mut fen) = (0, 0, 0, 0, 0);
    let mut links = Vec::new();
    if let Ok(b) = tree.store.peek(id) {
        first = b.entries.first().map_or(0, |e| e.key);
        last = b.entries.last().map_or(0, |e| e.key);
        for e in &b.entries {
            match e.kind {
                Kind::Insert(_) => ins += 1,
                Kind::Delete => del += 1,
                Kind::Fence(t) => {
                    fen += 1;
                    if links.len() < 2 * LIST_FENCES {
                        links.extend([e.key, u64::from(t)]);
                    }
                }
            }
        }
    }
    FdtreeBlock {
        id: u64::from(id),
        first_key: first,
        last_key: last,
        inserts: ins,
        deletes: del,
        fences: fen,
        state,
        fence_links: links,
    }
}

fn level(
    tree: &FdTree,
    label: usize,
    role: LevelRole,
    ids: &[BlockId],
    state: impl Fn(usize) -> BlockState,
) -> FdtreeLevel {
    FdtreeLevel {
        label: label as u64,
        role,
        capacity_blocks: tree.cfg.kappa_blocks(label),
        block_count: ids.len() as u64,
        blocks: ids
            .iter()
            .take(LIST_BLOCKS)
            .enumerate()
            .map(|(i, &id)| block(tree, id, state(i)))
            .collect(),
    }
}

fn levels(tree: &FdTree) -> Vec<FdtreeLevel> {
    let mut rows = Vec::new();
    // After the switch the generated levels are the tree's; only finalize's relabelling is left.
    let merge = tree
        .merge
        .as_ref()
        .filter(|m| m.phase != MergePhase::Finalize);
    let top = tree.levels.len().max(merge.map_or(0, |m| m.plan.m + 1));
    for label in 1..top {
        let Some(m) = merge else {
            let ids: Vec<BlockId> = tree.levels[label].iter().copied().collect();
            let role = if ids.is_empty() {
                LevelRole::Skipped
            } else {
                LevelRole::Stable
            };
            rows.push(level(tree, label, role, &ids, |_| BlockState::Live));
            continue;
        };
        let mut in_merge = false;
        if let Some(old) = m.old.iter().find(|l| l.label == label) {
            in_merge = true;
            let ids: Vec<BlockId> = old.live.iter().copied().collect();
            let read = old.read;
            rows.push(level(tree, label, LevelRole::Old, &ids, |i| {
                if i < read {
                    BlockState::Retained
                } else {
                    BlockState::Unread
                }
            }));
        }
        if let Some(new) = m.new.iter().find(|l| l.label == label) {
            in_merge = true;
            let n = new.blocks.len();
            let tail = new.tail_open;
            rows.push(level(tree, label, LevelRole::New, &new.blocks, |i| {
                if tail && i + 1 == n {
                    BlockState::Tail
                } else {
                    BlockState::Written
                }
            }));
        } else if label <= m.plan.m {
            in_merge = true;
            rows.push(level(tree, label, LevelRole::Skipped, &[], |_| {
                BlockState::Live
            }));
        }
        let stable: Vec<BlockId> = tree
            .levels
            .get(label)
            .map(|l| l.iter().copied().collect())
            .unwrap_or_default();
        if !stable.is_empty() || !in_merge {
            let role = if stable.is_empty() {
                LevelRole::Skipped
            } else {
                LevelRole::Stable
            };
            rows.push(level(tree, label, role, &stable, |_| BlockState::Live));
        }
    }
    rows
}

fn keys(entries: impl Iterator<Item = Entry>) -> Vec<[u64; 2]> {
    entries
        .filter_map(|e| match e.kind {
            Kind::Insert(_) => Some([e.key, 1]),
            Kind::Delete => Some([e.key, 2]),
            Kind::Fence(_) => None,
        })
        .take(LIST_KEYS)
        .collect()
}

fn l0(tree: &FdTree) -> FdtreeL0 {
    // No merge: L0's entries (fences included) against the trigger that starts one.
    let (used, cap) = tree
        .l0_slots()
        .unwrap_or((tree.l0.len(), tree.cfg.overflow_trigger_entries));
    let old = tree.merge.as_ref().map(|m| &m.l0_old);
    FdtreeL0 {
        entries: tree.l0.len() as u64,
        data: tree.l0.data_count() as u64,
        fences: tree.l0.fence_count() as u64,
        old_entries: old.map_or(0, |o| o.len() as u64),
        slots_used: used as u64,
        slots_capacity: cap as u64,
        buffer_entries: tree.cfg.l0_entries() as u64,
        trigger_entries: tree.cfg.overflow_trigger_entries as u64,
        new_keys: keys(tree.l0.iter()),
        old_keys: old.map(|o| keys(o.iter())).unwrap_or_default(),
    }
}

fn merge_payload(lab: &FdLab) -> Option<FdtreeMerge> {
    let m = lab.run.tree.merge.as_ref()?;
    let phase = match m.phase {
        MergePhase::Stage => "stage",
        MergePhase::Insert => "insert",
        MergePhase::Delete => "delete",
        MergePhase::Switch => "switch",
        MergePhase::Finalize => "finalize",
    };
    let start_ns = lab.merge_start_ns;
    Some(FdtreeMerge {
        why: match m.plan.why {
            MergeWhy::Overflow => "overflow".into(),
            MergeWhy::Underflow => "underflow".into(),
        },
        phase: phase.into(),
        m: m.plan.m as u64,
        full: m.plan.full,
        wf_key: m.wf_key,
        generated: m.plan.generated.iter().map(|&g| g as u64).collect(),
        blocks_read: m.io.blocks_read,
        blocks_written: m.io.blocks_written,
        live_at_start: m.live_blocks_at_start,
        start_ns,
        staged: view_conc::staged(m),
        staged_groups: m.staged.len() as u64,
        p_last: m.p_last.map(u64::from),
    })
}

fn side_name(s: Side) -> &'static str {
    match s {
        Side::Quiescent => "no_merge",
        Side::Old => "old",
        Side::New => "new",
    }
}

fn outcome_name(code: u32) -> &'static str {
    match code {
        1 => "inserted",
        2 => "deleted",
        3 => "rejected_present",
        4 => "rejected_missing",
        _ => "answered",
    }
}

fn op_io(r: &OpRecord) -> FdtreeOpIo {
    FdtreeOpIo {
        op: r.op as u64,
        client: r.client as u64,
        kind: kind_name(r.kind).into(),
        side: side_name(r.side).into(),
        outcome: outcome_name(r.outcome).into(),
        blocks_read: r.blocks_read,
        blocks_written: r.blocks_written,
        path: r.path.iter().map(|&b| u64::from(b)).collect(),
        r_p_ns: r.r_p_ns,
    }
}

fn intervals(r: &SimReport) -> Vec<FdtreeInterval> {
    r.merges
        .iter()
        .map(|&(start_ns, end_ns)| FdtreeInterval { start_ns, end_ns })
        .collect()
}

fn compare_row(run: &SchemeRun) -> FdtreeCompareRow {
    let ins = run.report.stats(OpKind::Insert);
    let look = run.report.stats(OpKind::Lookup);
    FdtreeCompareRow {
        scheme: run.id.into(),
        worst_insert_ns: ins.max_ns,
        mean_insert_ns: ins.mean_ns,
        std_insert_ns: ins.std_ns,
        worst_lookup_ns: look.max_ns,
        mean_lookup_ns: look.mean_ns,
        end_ns: run.report.end_ns,
        peak_live_blocks: run.report.peak_live_blocks(),
        longest_merge_ns: run.report.longest_merge_ns(),
        merges: intervals(&run.report),
        lookup_histogram: run.histogram.to_vec(),
    }
}

pub fn meta(lab: &FdLab) -> FdtreeMeta {
    let tree = &lab.run.tree;
    let r = &lab.run.report;
    let clients = lab
        .run
        .client_states()
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let (side, path) = if c.current.is_some() {
                view_conc::cursor_of(lab, i)
            } else {
                (None, Vec::new())
            };
            FdtreeClient {
                client: i as u64,
                state: if c.done {
                    "done".into()
                } else if c.current.is_some() {
                    "running".into()
                } else {
                    "idle".into()
                },
                kind: c.current.map(|(o, _, _)| kind_name(OpKind::of(o)).into()),
                key: c.current.map(|(o, _, _)| o.key()),
                op: c.current.map(|(_, idx, _)| match lab.op_id(i, idx) {
                    usize::MAX => u64::MAX,
                    x => x as u64,
                }),
                start_ns: c.current.map(|(_, _, s)| s),
                remaining: c.remaining as u64,
                side,
                path,
            }
        })
        .collect();
    FdtreeMeta {
        scheme: scheme_name(lab.cfg.scheme_id).into(),
        beta: tree.cfg.beta_entries as u64,
        gamma: tree.cfg.gamma,
        kappa0: tree.cfg.kappa0_blocks,
        key_max: lab.key_max,
        l0: l0(tree),
        levels: levels(tree),
        merge: merge_payload(lab),
        plan: view_conc::plan(lab),
        finalize: view_conc::finalize(lab),
        latches: view_conc::latches(lab),
        merge_actor: lab.run.merge_actor_id() as u64,
        clients,
        recent_ops: lab.recent.iter().map(op_io).collect(),
        counters: FdtreeCounters {
            live_blocks: tree.store.live_blocks(),
            peak_live_blocks: r.peak_live_blocks(),
            space_limit_blocks: checks::space_limit(lab),
            blocks_read: lab.timed_io().blocks_read,
            blocks_written: lab.timed_io().blocks_written,
            merges: lab.timed_merges(),
            preload_merges: lab.preload_merges,
            preload_blocks_written: lab.preload_io.blocks_written,
            lock_waits: lab.run.latch_waits(),
            slot_waits: r.slot_waits,
            completed: r.completed.len() as u64,
            total_ops: lab.cfg.total_ops as u64,
            answers_checked: r.answers,
            mismatches: r.mismatches,
            entries: tree.len(),
            n_inserts: tree.n_inserts,
            n_deletes: tree.n_deletes,
        },
        merges: intervals(r),
        compare: lab
            .compare
            .as_ref()
            .map(|c| c.runs.iter().map(compare_row).collect()),
        done: lab.done,
    }
}

fn rp_series(completed: &[Completion]) -> Vec<f64> {
    completed
        .iter()
        .flat_map(|c| [c.end_ns as f64, c.r_p_ns() as f64, kind_num(c.kind)])
        .collect()
}

fn space_series(r: &SimReport) -> Vec<f64> {
    r.space
        .iter()
        .flat_map(|&(t, b)| [t as f64, b as f64])
        .collect()
}

pub fn view(lab: &FdLab) -> LabView {
    let mut series = vec![
        NamedSeries {
            name: "rp",
            data: rp_series(&lab.run.report.completed),
        },
        NamedSeries {
            name: "space",
            data: space_series(&lab.run.report),
        },
    ];
    if let Some(c) = &lab.compare {
        let names = [
            ("cmp_xm_rp", "cmp_xm_space"),
            ("cmp_ds_rp", "cmp_ds_space"),
            ("cmp_fc_rp", "cmp_fc_space"),
            ("cmp_li_rp", "cmp_li_space"),
            ("cmp_btree_rp", "cmp_btree_space"),
        ];
        for (run, (rp, space)) in c.runs.iter().zip(names) {
            series.push(NamedSeries {
                name: rp,
                data: rp_series(&run.report.completed),
            });
            series.push(NamedSeries {
                name: space,
                data: space_series(&run.report),
            });
        }
    }
    LabView {
        meta: to_value(&meta(lab)),
        series,
    }
}

pub const LEAVES_OUT: [&str; 3] = [
    "the file system and CPU contention: block I/O is queued on the X25-E SSD model, CPU work is a constant per step",
    "the FD+tree's buffer cache (every block on a path is read from the SSD; the B+tree baseline has the paper's 15 MB pool, scaled to 1/8 of its blocks)",
    "the baselines: Li's FD-tree runs under one readers-writer lock (as FD+XM) on the constant costs; the B+tree's leaf latches and page splits' latching are not modelled (its in-place leaf writes do go through the SSD, paying GC and erases)",
];

pub fn info(lab: &FdLab) -> Value {
    to_value(&FdtreeInfo {
        scheme: scheme_name(lab.cfg.scheme_id).into(),
        clients: lab.cfg.clients.len() as u64,
        total_ops: lab.cfg.total_ops as u64,
        preload: lab.cfg.preload.len() as u64,
        generated: lab.cfg.generated,
        constants: crate::fdtree::calibration::constants()
            .iter()
            .map(Constant::payload)
            .collect(),
        leaves_out: LEAVES_OUT.iter().map(|s| s.to_string()).collect(),
    })
}
