//! The per-step half of the SSD lab's invariants (`checks.rs`): whatever the step's logged
//! operations touched is checked against the checker's own model of the flash, in
//! O(operations) per step, so that the full sweep can run rarely.
//!
//! 1. Model (`Shadow`, in `checks_model.rs`): per block, the valid pages and the write pointer that the logged
//!    operations imply (a program adds a page at the write pointer; a superseded, trimmed or
//!    copied-away page removes one; an erase needs an empty block and resets it) and, per block,
//!    the erase count each logged erase set (`CheckState::erase_shadow`); in total, the programs
//!    and erases logged. It restarts from the FTL's state after every full sweep, which has just
//!    verified the FTL's counts against its pages. It starts stale (the checker may be handed
//!    an FTL with a history), and work done without a log (preconditioning) makes it stale
//!    again; a stale model makes the next `after_step` sweep at once.
//! 2. Operations (`on_op`, `on_trim`, called by the lab as it applies the log): update the model,
//!    check the order rules at once (a program lands at its block's write pointer, an erase
//!    finds its block empty, an erase count grows by exactly one), remember what was touched.
//! 3. End of step (`verify_step`): every touched LBA and page is a matched pair in both maps
//!    (l2p[lba] = ppn ⇔ p2l[ppn] = lba) or unmapped / not valid; every touched block's valid
//!    count, write pointer and erase count equal the model's, the page at its write pointer is
//!    erased and the one before it programmed, its state agrees with its counts and, if closed,
//!    it is filed in the greedy list of its valid count (O(1), `Blocks::is_filed`); the FTL's
//!    program and erase totals equal the logged ones.
//!
//! Cost: failure messages are built by `move` closures (copies of the values, made only on
//! failure), so the passing path keeps its values in registers instead of spilling each to the
//! stack for a by-reference capture; `programmed` and `superseded` are inlined into the lab's
//! log loop.
//!
//! Every check reads final states only, so a correct FTL never fails one, whatever order GC did
//! things in within the step; damage to entries no logged operation touched is for the sweep.

use super::blocks::BlockState;
use super::checks::CheckState;
use super::checks_model::Shadow;
use super::ftl::{Ftl, PAGE_FREE, PAGE_INVALID, UNMAPPED};
use super::geometry::Geometry;
use super::oplog::PhysOp;
use crate::sim::Verdict;

impl CheckState {
    /// The FTL was changed without a log (preconditioning): the next `after_step` sweeps.
    pub fn untracked_work(&mut self) {
        self.shadow.synced = false;
    }

    /// One logged operation, in log order (step 2).
    pub fn on_op(&mut self, ftl: &Ftl, op: &PhysOp) {
        if !self.shadow.synced {
            return;
        }
        let g = &ftl.geometry;
        match *op {
            PhysOp::Program { lba, ppn, old } => {
                self.programmed(g, ppn);
                self.shadow.lbas.push(lba);
                if old != UNMAPPED {
                    self.superseded(g, old);
                }
            }
            PhysOp::Relocate { lba, from, to } => {
                self.programmed(g, to);
                self.superseded(g, from);
                self.shadow.lbas.push(lba);
            }
            PhysOp::Erase { block, erase_count } => self.erased(block, erase_count),
            PhysOp::GcStart { .. } | PhysOp::WearLevel { .. } => {}
        }
    }

    /// A TRIM of `lba`, which was mapped to `old` (`UNMAPPED`: nothing to invalidate).
    pub fn on_trim(&mut self, ftl: &Ftl, lba: u32, old: u32) {
        if !self.shadow.synced {
            return;
        }
        self.shadow.lbas.push(lba);
        if old != UNMAPPED {
            self.superseded(&ftl.geometry, old);
        }
    }

    #[inline(always)]
    fn programmed(&mut self, g: &Geometry, ppn: u32) {
        let (block, page) = (g.block_of_ppn(ppn), g.page_of_ppn(ppn));
        let s = &mut self.shadow;
        let Some(ptr) = s.write_ptr.get_mut(block as usize) else {
            self.valid_counts
                .fail(move || format!("page {ppn} was programmed but no such page exists"));
            return;
        };
        if page != *ptr {
            let at = *ptr;
            self.valid_counts.fail(move || {
                format!(
                    "page {page} of block {block} was programmed with its write pointer at {at}"
                )
            });
        }
        *ptr = page + 1;
        s.valid[block as usize] += 1;
        s.programs += 1;
        s.pages.push(ppn);
        s.blocks.push(block);
    }

    #[inline(always)]
    fn superseded(&mut self, g: &Geometry, ppn: u32) {
        let block = g.block_of_ppn(ppn);
        let s = &mut self.shadow;
        match s.valid.get_mut(block as usize) {
            Some(v) if *v > 0 => *v -= 1,
            _ => self.valid_counts.fail(move || {
                format!("page {ppn} was invalidated but its block {block} held no valid page")
            }),
        }
        s.pages.push(ppn);
        if (block as usize) < s.valid.len() {
            s.blocks.push(block);
        }
    }

    fn erased(&mut self, block: u32, erase_count: u32) {
        let b = block as usize;
        let s = &mut self.shadow;
        let (Some(valid), Some(before)) = (s.valid.get(b).copied(), self.erase_shadow.get(b))
        else {
            self.erase_growth
                .fail(move || format!("block {block} was erased but no such block exists"));
            return;
        };
        if valid != 0 {
            self.valid_counts
                .fail(move || format!("block {block} was erased holding {valid} valid pages"));
        }
        let before = *before;
        if erase_count != before + 1 {
            self.erase_growth.fail(move || {
                format!("an erase took block {block}'s count from {before} to {erase_count}")
            });
        }
        s.write_ptr[b] = 0;
        s.erases += 1;
        s.blocks.push(block);
        self.erase_shadow[b] = erase_count;
    }

    /// End of step (step 3): check what the step touched, then forget it. The touched lists
    /// are read in place (the verdicts are other fields), not moved out and back.
    pub(super) fn verify_step(&mut self, ftl: &Ftl) {
        if !self.shadow.synced {
            return;
        }
        let (l2p, p2l) = (&ftl.l2p, &ftl.p2l);
        for &lba in &self.shadow.lbas {
            let ppn = l2p.get(lba as usize).copied().unwrap_or(UNMAPPED);
            let held = p2l.get(ppn as usize).copied();
            if ppn != UNMAPPED && held != Some(lba) {
                self.bijection
                    .fail(move || format!("l2p[{lba}] = {ppn} but that page holds {held:?}"));
            }
        }
        for &ppn in &self.shadow.pages {
            let lba = p2l.get(ppn as usize).copied().unwrap_or(PAGE_FREE);
            let back = l2p.get(lba as usize).copied();
            if lba < PAGE_INVALID && back != Some(ppn) {
                self.bijection
                    .fail(move || format!("page {ppn} holds LBA {lba} but l2p[{lba}] is {back:?}"));
            }
        }
        let s = &mut self.shadow;
        s.step += 1;
        for &block in &s.blocks {
            let seen = &mut s.verified_in[block as usize];
            if *seen != s.step {
                *seen = s.step;
                let verdicts = (&mut self.valid_counts, &mut self.erase_growth);
                verify_block(ftl, s, &self.erase_shadow, verdicts, block);
            }
        }
        let (programs, erases) = (s.programs, s.erases);
        if ftl.counters.flash_programs != programs {
            self.valid_counts.fail(move || {
                format!(
                    "{programs} programs were logged but the FTL counts {}",
                    ftl.counters.flash_programs
                )
            });
        }
        if ftl.counters.erases != erases {
            self.erase_growth.fail(move || {
                format!(
                    "{erases} erases were logged but the FTL counts {}",
                    ftl.counters.erases
                )
            });
        }
        s.lbas.clear();
        s.pages.clear();
        s.blocks.clear();
    }
}

/// One touched block against the model (step 3): counts, write pointer, the pages around it,
/// state and list filing, erase count.
fn verify_block(
    ftl: &Ftl,
    shadow: &Shadow,
    erase_shadow: &[u32],
    (valid_counts, erase_growth): (&mut Verdict, &mut Verdict),
    block: u32,
) {
    let (t, b) = (&ftl.blocks, block as usize);
    let ppb = ftl.geometry.pages_per_block;
    let (valid, ptr) = (t.valid[b], t.write_ptr[b]);
    let (want_valid, want_ptr) = (shadow.valid[b], shadow.write_ptr[b]);
    let first = ftl.geometry.ppn(block, 0) as usize;
    let page = |i: u32| ftl.p2l.get(first + i as usize).copied();
    let erased_at_ptr = ptr >= ppb || page(ptr) == Some(PAGE_FREE);
    let programmed_before = ptr == 0 || page(ptr - 1).is_some_and(|x| x != PAGE_FREE);
    let state = t.state[b];
    let state_ok = match state {
        BlockState::Free => ptr == 0 && valid == 0,
        BlockState::Active => ptr < ppb,
        BlockState::Closed => t.is_filed(block),
        BlockState::Collecting => false,
    };
    if valid != want_valid || ptr != want_ptr || !erased_at_ptr || !programmed_before || !state_ok {
        valid_counts.fail(move || {
            format!(
                "block {block} ({state:?}): {valid} valid pages, write pointer {ptr}; the \
                 logged operations imply {want_valid} and {want_ptr} (erased at the pointer: \
                 {erased_at_ptr}, programmed before it: {programmed_before}, state and list \
                 filing consistent: {state_ok})"
            )
        });
    }
    let (count, want) = (t.erase_count[b], erase_shadow[b]);
    if count != want {
        erase_growth.fail(move || {
            format!("block {block}'s erase count is {count}, the logged erases set {want}")
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::device::ssd::ftl::FtlConfig;
    use crate::sim::Rng;

    /// A small device and a checker that has seen everything through the log, with the full
    /// sweep pushed out of reach so that only the per-step checks can fail.
    fn logged_run(seed: u64, writes: u32) -> (Ftl, CheckState) {
        let g = Geometry::with_spare_factor(2, 2, 1, 16, 8, 4096, 0.2);
        let mut ftl = Ftl::new(g, FtlConfig::default());
        let mut checks = CheckState::new(g.physical_pages(), g.blocks());
        checks.full_interval = u64::MAX;
        let mut log = Vec::new();
        let mut rng = Rng::new(seed);
        let span = g.logical_pages / 5 * 4;
        for i in 0..writes {
            log.clear();
            let lba = if i < span {
                i
            } else {
                rng.below(u64::from(span)) as u32
            };
            if i % 11 == 5 {
                let (old, _) = ftl.read(lba);
                ftl.trim(lba);
                checks.on_trim(&ftl, lba, old);
            } else {
                ftl.write(lba, i, &mut log).unwrap();
                for op in &log {
                    checks.on_op(&ftl, op);
                }
            }
            checks.after_step(&ftl, false);
        }
        (ftl, checks)
    }

    fn failures(checks: &CheckState, ftl: &Ftl) -> Vec<&'static str> {
        checks
            .report(ftl)
            .into_iter()
            .filter(|c| !c.ok)
            .map(|c| c.name)
            .collect()
    }

    #[test]
    fn a_correct_ftl_passes_the_per_step_checks_through_gc_and_trims() {
        for seed in 0..20 {
            let (ftl, checks) = logged_run(seed, 600);
            assert!(ftl.counters.erases > 10, "GC ran");
            assert_eq!(checks.full_sweeps, 1, "only the first step swept");
            assert!(failures(&checks, &ftl).is_empty(), "seed {seed}");
        }
    }

    /// One more logged write (a write that erases a block, with `erasing`) during which the
    /// FTL also does `damage`, as a buggy FTL would; then the per-step verdicts.
    fn damaged_step(erasing: bool, damage: impl FnOnce(&mut Ftl, &[PhysOp])) -> Vec<&'static str> {
        let (mut ftl, mut checks) = logged_run(3, 400);
        let mut log = Vec::new();
        let mut rng = Rng::new(99);
        loop {
            log.clear();
            let lba = rng.below(u64::from(ftl.geometry.logical_pages / 5 * 4)) as u32;
            ftl.write(lba, 9_999, &mut log).unwrap();
            let erased = log.iter().any(|op| matches!(op, PhysOp::Erase { .. }));
            let superseded = matches!(log[0], PhysOp::Program { old, .. } if old != UNMAPPED);
            if superseded && erased == erasing {
                break;
            }
            for op in &log {
                checks.on_op(&ftl, op);
            }
            checks.after_step(&ftl, false);
        }
        assert!(failures(&checks, &ftl).is_empty());
        let sweeps = checks.full_sweeps;
        damage(&mut ftl, &log);
        for op in &log {
            checks.on_op(&ftl, op);
        }
        checks.after_step(&ftl, false);
        assert_eq!(checks.full_sweeps, sweeps, "only the per-step checks ran");
        failures(&checks, &ftl)
    }

    fn program(log: &[PhysOp]) -> (u32, u32, u32) {
        match log[0] {
            PhysOp::Program { lba, ppn, old } => (lba, ppn, old),
            _ => unreachable!("a write logs its program first"),
        }
    }

    #[test]
    fn the_per_step_checks_catch_a_broken_structure_the_step_touched() {
        let bijection = "l2p_is_a_bijection_onto_valid_pages";
        let counts = "valid_counts_match_page_states";
        // The superseded page left valid in the reverse map.
        let stale = damaged_step(false, |ftl, log| {
            let (lba, _, old) = program(log);
            ftl.p2l[old as usize] = lba;
        });
        assert!(stale.contains(&bijection), "{stale:?}");
        // The forward map pointing at the wrong page.
        let forward = damaged_step(false, |ftl, log| {
            let (lba, _, old) = program(log);
            ftl.l2p[lba as usize] = old;
        });
        assert!(forward.contains(&bijection), "{forward:?}");
        // A valid count one too high on the block just written.
        let valid = damaged_step(false, |ftl, log| {
            let block = ftl.geometry.block_of_ppn(program(log).1);
            ftl.blocks.valid[block as usize] += 1;
        });
        assert_eq!(valid, [counts]);
        // A write pointer that skipped a page.
        let skipped = damaged_step(false, |ftl, log| {
            let block = ftl.geometry.block_of_ppn(program(log).1);
            ftl.blocks.write_ptr[block as usize] += 1;
        });
        assert_eq!(skipped, [counts]);
        // An erase that raised the count by two.
        let erase = damaged_step(true, |ftl, log| {
            let block = log.iter().find_map(|op| match op {
                PhysOp::Erase { block, .. } => Some(*block),
                _ => None,
            });
            ftl.blocks.erase_count[block.unwrap() as usize] += 1;
        });
        assert_eq!(erase, ["erase_counts_only_grow"]);
        // An erase the log does not show.
        let hidden = damaged_step(false, |ftl, _| ftl.counters.erases += 1);
        assert_eq!(hidden, ["erase_counts_only_grow"]);
    }
}
