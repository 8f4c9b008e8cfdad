//! Merge-finalize: level skipping and level tightening (§2.3 Eq. (3), §4.4.3; digest §2.5,
//! §3.7, §8 items 8, 9, 11, 12).
//!
//! 1. For every generated level L_g compute o_g = argmin_j of
//!    (j > 0 ∧ B(L_g) ≤ κ_j ∧ B(L_succ(g)) ≤ κ_{j+1}) ∨ (j = 0 ∧ |L_g| ≤ κ1 entries), where the
//!    j = 0 case (only κ1 slots of L0 are reserved) never applies to L_m; L_m of a non-full
//!    merge keeps its number (fn 7, Rem. A.3: this protects the Lem. 4 amortization).
//! 2. Relabels must stay strictly increasing top-down; with Eq. (1)'s small overshoot they
//!    might not, so o_g := min(o_g, o_next − 1) bottom-up (digest §8 item 11 option (a)).
//! 3. z = the deepest generated level with o = 0. If there is one, L0's fences are replaced by
//!    L_z's (L0 keeps the modifications that arrived during the merge) and the generated levels
//!    down to z are deleted: level skipping.
//! 4. Every other generated level moves to label o_g: tightening. A full merge whose bottom
//!    lands on a smaller label shrinks the tree; trailing empty labels are dropped.

use std::collections::VecDeque;

use super::entry::BlockId;
use super::error::FdError;
use super::merge::MergeEvent;
use super::tree::FdTree;

impl FdTree {
    pub(super) fn step_finalize(&mut self) -> Result<MergeEvent, FdError> {
        let merge = self.merge.take().ok_or(FdError::NoMerge)?;
        let (m, full) = (merge.plan.m, merge.plan.full);
        let generated: Vec<usize> = merge.plan.generated[1..].to_vec();
        let kappa1 = self.cfg.kappa_blocks(1);
        let mut o: Vec<usize> = Vec::with_capacity(generated.len());
        for &g in &generated {
            if g == m && !full {
                o.push(m);
                continue;
            }
            let b = self.levels[g].len() as u64;
            let b_succ = (g + 1..self.levels.len())
                .map(|l| self.levels[l].len() as u64)
                .find(|&n| n > 0)
                .unwrap_or(0);
            let entries = self.level_entries(g)?;
            let label = (0..=g)
                .find(|&j| {
                    if j == 0 {
                        g != m && entries <= kappa1
                    } else {
                        b <= self.cfg.kappa_blocks(j) && b_succ <= self.cfg.kappa_blocks(j + 1)
                    }
                })
                .unwrap_or(g);
            o.push(label);
        }
        for i in (0..o.len().saturating_sub(1)).rev() {
            o[i] = o[i].min(o[i + 1].saturating_sub(1));
        }
        if !self.cfg.policy.level_skipping {
            o.clone_from(&generated); // ablation: every level keeps its label
        }
        let z_idx = o.iter().rposition(|&x| x == 0);
        let mut z = 0;
        if let Some(zi) = z_idx {
            z = generated[zi];
            let fences: Vec<_> = self.levels[z]
                .iter()
                .map(|&id| self.store.peek(id).map(|b| b.entries.clone()))
                .collect::<Result<Vec<_>, _>>()?;
            self.l0.remove_fences();
            for e in fences.into_iter().flatten() {
                self.l0.add(e);
            }
            for &g in &generated[..=zi] {
                let blocks: Vec<BlockId> = std::mem::take(&mut self.levels[g]).into();
                for id in blocks {
                    self.reclaim_block(id)?;
                }
            }
        }
        let start = z_idx.map_or(0, |zi| zi + 1);
        let moved: Vec<(usize, VecDeque<BlockId>)> = (start..generated.len())
            .map(|i| (o[i], std::mem::take(&mut self.levels[generated[i]])))
            .collect();
        for (label, blocks) in moved {
            self.levels[label] = blocks;
        }
        while self.levels.len() > 2 && self.levels.last().is_some_and(VecDeque::is_empty) {
            self.levels.pop();
        }
        Ok(MergeEvent::Finalized {
            o: generated.iter().copied().zip(o).collect(),
            z,
        })
    }

    /// |L_label| in entries (blocks of a fence-only level are small and in memory at finalize).
    fn level_entries(&self, label: usize) -> Result<u64, FdError> {
        let mut n = 0u64;
        for &id in &self.levels[label] {
            n += self.store.peek(id)?.entries.len() as u64;
        }
        Ok(n)
    }
}
