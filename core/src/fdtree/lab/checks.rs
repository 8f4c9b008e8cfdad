//! The lab's invariants after every step (issue 9 "Checks").
//!
//! 1. `tree_invariants`: I1–I6 when quiescent, I7 (wavefront) during a merge, from
//!    `FdTree::check_invariants`. It walks every entry of every block, so it runs every step
//!    while the tree holds at most `CHECK_ENTRIES_PER_STEP` entries' worth of blocks (every
//!    teaching scenario), and on a larger tree every live·β / `CHECK_ENTRIES_PER_STEP` steps
//!    and at the end: at most that many entries checked per step, amortized.
//! 2. `answers_equal_map`: every read showed, per key, a value the key held while it ran
//!    (and a rejected write's answer was the map's); `no read of a reclaimed block`: no
//!    block read reached a slot reclaimed since the pointer to it was read.
//! 3. `every_op_answered_once`: completions are unique and never exceed the ops; at the end
//!    every op completed and no lock is held or queued (no deadlock: the run errors otherwise).
//! 4. `space_bound`: FD+FC and FD+XM never hold more than the live blocks at the merge's start
//!    plus L0^old's blocks plus two blocks per merged or generated level (the blocks near the
//!    wavefront) plus the upper generated levels; FD+DS may hold up to the start size again
//!    (doubling).

use super::FdLab;
use crate::fdtree::conc::Scheme;
use crate::sim::InvariantCheck;

/// Entries the tree check may walk per step, amortized.
pub const CHECK_ENTRIES_PER_STEP: u64 = 256;

/// Steps between two full tree checks for a tree of `live_blocks` blocks of β entries.
pub fn check_interval(live_blocks: u64, beta: u64) -> u64 {
    (live_blocks * beta / CHECK_ENTRIES_PER_STEP).max(1)
}

/// The most live blocks the scheme may hold right now, if a merge is running.
pub fn space_limit(lab: &FdLab) -> Option<u64> {
    let tree = &lab.run.tree;
    let m = tree.merge.as_ref()?;
    let start = m.live_blocks_at_start;
    let l0_blocks = tree.cfg.blocks_for(m.l0_old_at_start) + 1;
    let near = 2 * (m.old.len() + m.new.len()) as u64 + 2;
    let upper: u64 = m
        .new
        .iter()
        .take(m.new.len().saturating_sub(1))
        .map(|l| l.blocks.len() as u64)
        .sum();
    Some(match lab.run.scheme {
        Scheme::Ds => 2 * start + l0_blocks + near + upper,
        Scheme::Fc | Scheme::Xm => start + l0_blocks + near + upper,
    })
}

pub fn check_invariants(lab: &FdLab, out: &mut Vec<InvariantCheck>) {
    let tree = &lab.run.tree;
    let live = tree.store.live_blocks();
    let beta = tree.cfg.beta_entries as u64;
    let full = lab.steps.is_multiple_of(check_interval(live, beta)) || lab.done;
    let tree_check = if full {
        let v = tree.check_invariants();
        InvariantCheck::check("I1-I7 tree invariants", v.is_empty(), || v.join("; "))
    } else {
        InvariantCheck::pass("I1-I7 tree invariants")
    };
    let r = &lab.run.report;
    let answers = InvariantCheck::check("answers equal the map", r.mismatches == 0, || {
        format!(
            "{} of {} answers show a value their key never held while the op ran (see the \
             wrong_answer events)",
            r.mismatches, r.answers
        )
    });
    let reclaimed = InvariantCheck::check(
        "no read of a reclaimed block",
        r.use_after_reclaim == 0,
        || {
            format!(
                "{} block reads reached a block after it was reclaimed (see the \
                 use_after_reclaim events)",
                r.use_after_reclaim
            )
        },
    );
    let total = lab.cfg.total_ops;
    let completed = r.completed.len();
    let at_end_ok = !lab.done || (completed == total && r.latches_idle);
    let once = InvariantCheck::check(
        "every op answered once",
        completed <= total && at_end_ok,
        || {
            format!(
                "{completed} completions for {total} ops (locks idle at the end: {})",
                r.latches_idle
            )
        },
    );
    let space = match space_limit(lab) {
        Some(limit) => InvariantCheck::check("space bound", live <= limit, || {
            format!("{live} live blocks, over the scheme's bound of {limit}")
        }),
        None => InvariantCheck::pass("space bound"),
    };
    out.extend([tree_check, answers, reclaimed, once, space]);
}
