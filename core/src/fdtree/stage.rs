//! m-stage, the first part of a merge step (§2.3, §4.4.2; digest §2.5, §3.6 step 1): read the
//! next block of every old level whose buffer ran dry, else move whole key-groups, in key
//! order, from the level buffers and L0^old into the staging area 𝒮.
//!
//! 1. A read step reads ONE old block (each old block exactly once) into its level's buffer.
//! 2. A staging step takes the smallest front key over the sources (the old levels' buffers and
//!    unstaged L0^old), gathers that key's entries from every source (deepest level first, then
//!    L0^old) into one group, and stops after the group that empties a buffer with blocks left.
//!    Fences into L_succ(m) travel with their group; fences into merged levels are dropped.
//! 3. Runs: when one source alone holds the smallest key, every key of that source below the
//!    smallest front of the others is a group of that source only; those groups are staged in
//!    one loop. They are exactly the groups of step 2, one key at a time (same order, same
//!    stopping point); the loop only avoids re-comparing every source per key (the merge of
//!    random keys is bound by mispredicted comparisons).

use std::collections::VecDeque;

use super::entry::{Entry, Key};
use super::error::FdError;
use super::merge_state::{Group, Merge, MergeEvent, MergePhase, OldLevel};
use super::tree::FdTree;

/// The smallest front key over the sources, the only source holding it (old-level index, or
/// `old.len()` for L0^old; None if several do) and the smallest front of every other source.
struct Front {
    key: Key,
    sole: Option<usize>,
    others: Option<Key>,
}

impl Merge {
    #[inline]
    fn source_front(&self, s: usize) -> Option<Key> {
        match self.old.get(s) {
            Some(level) => level.buffer.front().map(|e| e.key),
            None => self.l0_old.unstaged_front().map(|e| e.key),
        }
    }

    fn front(&self) -> Option<Front> {
        let mut best: Option<Front> = None;
        for s in 0..=self.old.len() {
            let Some(k) = self.source_front(s) else {
                continue;
            };
            match best.as_mut() {
                None => {
                    best = Some(Front {
                        key: k,
                        sole: Some(s),
                        others: None,
                    })
                }
                Some(b) => {
                    let lower = b.key.max(k);
                    b.others = Some(b.others.map_or(lower, |o| o.min(lower)));
                    if k < b.key {
                        b.key = k;
                        b.sole = Some(s);
                    } else if k == b.key {
                        b.sole = None;
                    }
                }
            }
        }
        best
    }

    /// Moves source `s`'s entries of `key` into `group` (and the staged data).
    #[inline]
    fn take_from(&mut self, s: usize, key: Key, group: &mut Group) {
        if let Some(level) = self.old.get_mut(s) {
            while level.buffer.front().is_some_and(|e| e.key == key) {
                if let Some(e) = level.buffer.pop_front() {
                    take_entry(group, &mut self.staged_data, e, level.fences_to_below);
                }
            }
            return;
        }
        while self.l0_old.unstaged_front().is_some_and(|e| e.key == key) {
            if let Some(e) = self.l0_old.take_unstaged() {
                if let Some(b) = e.fence_target() {
                    self.round_l0_fence_ptr = Some(b);
                }
                take_entry(group, &mut self.staged_data, e, self.l0_fences_to_below);
            }
        }
    }

    /// Stages the groups of old level `s` with keys below `bound` (no other source holds any),
    /// stopping after the group that empties its buffer while blocks are left to read.
    /// Returns (groups staged, whether the level needs a read).
    #[inline]
    fn stage_level_run(&mut self, s: usize, bound: Option<Key>) -> (usize, bool) {
        let Some(level) = self.old.get_mut(s) else {
            return (0, false);
        };
        let keep = level.fences_to_below;
        let mut groups = 0;
        while let Some(key) = level.buffer.front().map(|e| e.key) {
            if bound.is_some_and(|b| key >= b) {
                break;
            }
            let mut group = Group {
                key,
                fence: None,
                data_len: 0,
            };
            while level.buffer.front().is_some_and(|e| e.key == key) {
                if let Some(e) = level.buffer.pop_front() {
                    take_entry(&mut group, &mut self.staged_data, e, keep);
                }
            }
            self.last_staged_key = Some(key);
            self.staged.push_back(group);
            groups += 1;
            if level.needs_read() {
                return (groups, true);
            }
        }
        (groups, false)
    }

    /// Stages the group of `key` from the given sources, in this order.
    fn stage_group(&mut self, key: Key, sources: impl Iterator<Item = usize>) {
        let mut group = Group {
            key,
            fence: None,
            data_len: 0,
        };
        for s in sources {
            self.take_from(s, key, &mut group);
        }
        self.last_staged_key = Some(key);
        self.staged.push_back(group);
    }
}

impl FdTree {
    pub(super) fn step_stage(&mut self) -> Result<MergeEvent, FdError> {
        let early_wavefront = !self.cfg.policy.wavefront_after_insert;
        let m = self.merge.as_mut().ok_or(FdError::NoMerge)?;
        if let Some(level) = m.old.iter_mut().find(|l| l.needs_read()) {
            let id = level.live[level.read];
            level.read += 1;
            let block = self.store.read(id)?;
            level.buffer.extend(block.entries.iter()); // a slice copy, not per entry
            return Ok(MergeEvent::StageRead {
                label: level.label,
                block: id,
            });
        }
        let mut groups = 0;
        'step: while let Some(front) = m.front() {
            let Some(s) = front.sole else {
                // Several sources hold the key: deepest level first, then L0^old.
                let n = m.old.len();
                m.stage_group(front.key, (0..n).rev().chain([n]));
                groups += 1;
                if m.old.iter().any(OldLevel::needs_read) {
                    break;
                }
                continue;
            };
            // A run of source s: only s changes, so only s can come to need a read.
            if s < m.old.len() {
                let (staged, needs_read) = m.stage_level_run(s, front.others);
                groups += staged;
                if needs_read {
                    break 'step;
                }
                continue;
            }
            let mut key = front.key;
            loop {
                m.stage_group(key, [s].into_iter());
                groups += 1;
                match m.source_front(s) {
                    Some(k) if front.others.is_none_or(|o| k < o) => key = k,
                    _ => break,
                }
            }
        }
        m.phase = if groups == 0 && m.exhausted() {
            MergePhase::Switch
        } else if early_wavefront {
            // Broken protocol (teaching): the wavefront moves before m-insert writes.
            MergePhase::Delete
        } else {
            MergePhase::Insert
        };
        Ok(MergeEvent::Staged { groups })
    }
}

#[inline]
fn take_entry(group: &mut Group, data: &mut VecDeque<Entry>, e: Entry, keep_fences: bool) {
    if e.kind.is_data() {
        data.push_back(e);
        group.data_len += 1;
    } else if keep_fences {
        group.fence = Some(e);
    }
}
