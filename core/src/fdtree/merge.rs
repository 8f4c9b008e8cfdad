//! The one-pass multi-level merge as a steppable wavefront (§2.3, §4.4.2; digest §2.5, §3.6).
//! One `merge_step` is one unit a lab can draw: one old block read, one staging pass, the
//! groups up to one finished output block, one m-delete, the switch, or finalize.
//!
//! 1. `merge_begin` (merge-prepare): plan m and Ô (see `prepare`); L0 becomes L0^old, an empty
//!    L0^new takes new modifications and the merge's fences; the old levels 1..m move into the
//!    merge; the wavefront fence is (−∞ → the target of L0's −∞ fence).
//! 2. Stage (m-stage, in `stage`): read the next block of every old level whose buffer ran dry
//!    (one read per step, each old block exactly once); then move whole key-groups, in key
//!    order, from all buffers and L0^old into the staging area 𝒮 until some level needs its
//!    next block. Fences into L_succ(m) (those of the deepest merged level, identified by
//!    level, digest §8 item 6) travel with their group; fences into merged levels are dropped.
//! 3. Insert (m-insert): COALESCE each group (N_Δ, N_∇ decremented by the cancelled entries),
//!    APPEND_GROUP into L_m^new and PUT_FENCE up through the generated levels to L0^new. A step
//!    ends when a block is finished (one output block written).
//! 4. Delete (m-delete): wf.key := last staged key, wf.ptr := pointer of the last L0^old fence
//!    staged; FD+FC deletes the processed L0^old entries (freeing shared slots) and reclaims
//!    every old head whose next block starts at a key ≤ wf (retention rule, Rem. A.5).
//! 5. Switch (end of merge-execute): flush tails, the generated levels take their labels,
//!    L0^new becomes L0, the remaining old chain (one block per level in FD+FC, all of it in
//!    FD+DS) is reclaimed.
//! 6. Finalize: level skipping and tightening (see `finalize`).

use std::collections::VecDeque;

use super::entry::{BlockId, coalesce};
use super::error::FdError;
use super::l0_old::L0Old;
pub use super::merge_state::{Group, Merge, MergeEvent, MergePhase, NewLevel, OldLevel};
use super::prepare::{MergeWhy, plan};
use super::store::{Block, IoCount};
use super::tree::FdTree;

impl FdTree {
    pub fn merge_active(&self) -> bool {
        self.merge.is_some()
    }

    /// The merge as lookups see it: after the switch the new levels are the tree and only
    /// finalize's relabelling is left, so lookups no longer route by the wavefront.
    pub fn routing_merge(&self) -> Option<&Merge> {
        self.merge
            .as_ref()
            .filter(|m| m.phase != MergePhase::Finalize)
    }

    /// Merge-prepare and the start of merge-execute.
    pub fn merge_begin(&mut self, why: MergeWhy) -> Result<(), FdError> {
        if self.merge.is_some() {
            return Err(FdError::MergeActive);
        }
        let plan = plan(
            &self.cfg,
            &self.sizes(),
            why,
            self.cfg.policy.preemptive_skipping,
        );
        let h = self.height();
        let l0_old = std::mem::take(&mut self.l0).freeze();
        let wf_ptr = l0_old.max_fence_at_or_below(0).map(|(_, b)| b);
        let merged_top = plan.m.min(h - 1);
        let mut old = Vec::new();
        for label in 1..=merged_top {
            if !self.levels[label].is_empty() {
                old.push(OldLevel {
                    label,
                    live: std::mem::take(&mut self.levels[label]),
                    read: 0,
                    buffer: VecDeque::new(),
                    fences_to_below: false,
                });
            }
        }
        let below_first = (plan.m + 1..h).find_map(|l| self.levels[l].front().copied());
        let l0_fences_to_below = !plan.full && old.is_empty();
        if !plan.full
            && let Some(deepest) = old.last_mut()
        {
            deepest.fences_to_below = true;
        }
        let new = plan.generated[1..]
            .iter()
            .map(|&label| NewLevel {
                label,
                blocks: Vec::new(),
                tail_open: false,
            })
            .collect();
        self.metrics.merges += 1;
        if plan.full {
            self.metrics.full_merges += 1;
        }
        let live = self.store.live_blocks();
        self.merge = Some(Merge {
            l0_old_at_start: l0_old.len(),
            plan,
            phase: MergePhase::Stage,
            l0_old,
            wf_key: None,
            wf_ptr,
            old,
            new,
            l0_fences_to_below,
            staged: VecDeque::new(),
            staged_data: VecDeque::new(),
            last_staged_key: None,
            round_l0_fence_ptr: None,
            p_last: below_first,
            io: IoCount::default(),
            live_blocks_at_start: live,
            peak_live_blocks: live,
        });
        Ok(())
    }

    /// One step of the merge; returns what it did. The merge is over when `merge` is None.
    pub fn merge_step(&mut self) -> Result<MergeEvent, FdError> {
        let phase = self.merge.as_ref().ok_or(FdError::NoMerge)?.phase;
        let before = self.store.io;
        let event = match phase {
            MergePhase::Stage => self.step_stage(),
            MergePhase::Insert => self.step_insert(),
            MergePhase::Delete => self.step_delete(),
            MergePhase::Switch => self.step_switch(),
            MergePhase::Finalize => self.step_finalize(),
        }?;
        let spent = self.store.io.since(before);
        self.metrics.merge_io.blocks_read += spent.blocks_read;
        self.metrics.merge_io.blocks_written += spent.blocks_written;
        let live = self.store.live_blocks();
        if let Some(m) = self.merge.as_mut() {
            m.io.blocks_read += spent.blocks_read;
            m.io.blocks_written += spent.blocks_written;
            m.peak_live_blocks = m.peak_live_blocks.max(live);
        }
        Ok(event)
    }

    /// Steps the active merge to its end.
    pub fn merge_finish(&mut self) -> Result<(), FdError> {
        while self.merge.is_some() {
            self.merge_step()?;
        }
        Ok(())
    }

    pub(super) fn active(&mut self) -> Result<&mut Merge, FdError> {
        self.merge.as_mut().ok_or(FdError::NoMerge)
    }

    fn step_insert(&mut self) -> Result<MergeEvent, FdError> {
        let written_before = self.store.io.blocks_written;
        let early_wavefront = !self.cfg.policy.wavefront_after_insert;
        let mut groups = 0;
        loop {
            let m = self.active()?;
            let full = m.plan.full;
            let Some(group) = m.staged.pop_front() else {
                m.phase = if !early_wavefront {
                    MergePhase::Delete
                } else if m.exhausted() {
                    MergePhase::Switch
                } else {
                    MergePhase::Stage
                };
                break;
            };
            groups += 1;
            let data_in = group.data_len as u64;
            // The group's entries are the next `data_len` of the staged data (pop, not drain:
            // a drain per group costs more than the 1–2 entries it moves).
            let staged = &mut m.staged_data;
            let c = coalesce((0..group.data_len).map_while(|_| staged.pop_front()), full);
            self.n_inserts -= c.inserts_cancelled;
            self.n_deletes -= c.deletes_cancelled;
            self.metrics.entries_merged_in += data_in;
            // R = [f]? ++ COALESCE(S): at most a fence, a delete and an insert.
            if group.fence.is_some() || !c.is_empty() {
                self.append_group(group.key, group.fence, c)?;
            }
            if self.store.io.blocks_written > written_before {
                break;
            }
        }
        Ok(MergeEvent::Inserted {
            groups,
            blocks_written: self.store.io.blocks_written - written_before,
        })
    }

    fn step_delete(&mut self) -> Result<MergeEvent, FdError> {
        let policy = self.cfg.policy;
        let m = self.merge.as_mut().ok_or(FdError::NoMerge)?;
        let key = m
            .last_staged_key
            .ok_or_else(|| FdError::Impossible("m-delete before anything was staged".into()))?;
        debug_assert!(m.wf_key.is_none_or(|w| w <= key), "wavefront moved back");
        m.wf_key = Some(key);
        if let Some(p) = m.round_l0_fence_ptr.take() {
            m.wf_ptr = Some(p);
        }
        let mut freed_slots = 0;
        if policy.wavefront_routing {
            freed_slots = m.l0_old.remove_through(key);
        }
        let mut reclaimed = Vec::new();
        if policy.eager_reclaim {
            for level in m.old.iter_mut() {
                while level.read >= 2 || (!policy.retention && level.read >= 1) {
                    // Retention (Rem. A.5): the following block's first key is processed.
                    // Without it (broken protocol): the block's own last key is.
                    let done = if policy.retention {
                        self.store.peek(level.live[1])?.first_key()
                    } else {
                        self.store
                            .peek(level.live[0])?
                            .entries
                            .last()
                            .map(|e| e.key)
                    };
                    if done.is_none_or(|k| k > key) {
                        break;
                    }
                    if let Some(id) = level.live.pop_front() {
                        reclaimed.push(id);
                        level.read -= 1;
                    }
                }
            }
        }
        for &id in &reclaimed {
            self.reclaim_block(id)?;
        }
        let m = self.merge.as_mut().ok_or(FdError::NoMerge)?;
        m.phase = if !policy.wavefront_after_insert {
            MergePhase::Insert
        } else if m.exhausted() {
            MergePhase::Switch
        } else {
            MergePhase::Stage
        };
        Ok(MergeEvent::Wavefront {
            key,
            freed_slots,
            reclaimed,
        })
    }

    fn step_switch(&mut self) -> Result<MergeEvent, FdError> {
        let written_before = self.store.io.blocks_written;
        let m = self.active()?;
        let bottom_empty = m.new.last().is_some_and(|l| l.blocks.is_empty());
        if bottom_empty {
            // Everything cancelled in a full merge: the empty tree's single empty bottom block.
            let deepest = m.new.len() - 1;
            self.new_block(deepest, Block::default(), 0)?;
        }
        let m = self.active()?;
        let mut open_tails = Vec::new();
        for level in m.new.iter_mut() {
            if level.tail_open {
                open_tails.extend(level.blocks.last().copied());
            }
            level.tail_open = false;
        }
        for id in open_tails {
            self.store.mark_written(id);
        }
        let m = self.active()?;
        let new_levels: Vec<(usize, Vec<BlockId>)> =
            m.new.iter().map(|l| (l.label, l.blocks.clone())).collect();
        let old_blocks: Vec<BlockId> = m.old.iter().flat_map(|l| l.live.iter().copied()).collect();
        m.l0_old = L0Old::default();
        m.old.clear();
        m.wf_ptr = None;
        m.phase = MergePhase::Finalize;
        let top = new_levels.iter().map(|(l, _)| *l).max().unwrap_or(1);
        if self.levels.len() <= top {
            self.levels.resize(top + 1, VecDeque::new());
        }
        for (label, blocks) in new_levels {
            self.levels[label] = blocks.into();
        }
        for &id in &old_blocks {
            self.reclaim_block(id)?;
        }
        Ok(MergeEvent::Switched {
            reclaimed: old_blocks,
            blocks_written: self.store.io.blocks_written - written_before,
        })
    }
}
