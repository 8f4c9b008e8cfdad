//! The SSD lab's invariants, kept incrementally after every step (`checks_step.rs`: the entries
//! the step's logged operations touched, in O(operations)) with a full sweep every
//! `full_interval` steps, after untracked bulk work (preconditioning) and after the last step.
//!
//! 1. `l2p_is_a_bijection_onto_valid_pages`: every step, each page the step programmed or copied
//!    maps back (l2p[lba] = ppn and p2l[ppn] = lba), every LBA and page it touched (written,
//!    copied, superseded, trimmed) is a matched pair or unmapped/not valid on both sides, and the
//!    mapped count equals the valid pages; the sweep checks both maps in full.
//! 2. `valid_counts_match_page_states`: every step, each block the step touched has the valid
//!    count and write pointer the checker derived from the logged operations, pages are
//!    programmed at the write pointer, a block is erased only once empty, the page at its write
//!    pointer is erased and its state and greedy-list filing match its counts. Sweep: each
//!    block's valid count equals its valid pages, pages at or past the write pointer are erased
//!    and those before it programmed, the greedy lists file exactly the closed blocks, and free +
//!    open + closed blocks add up per die.
//! 3. `no_page_programmed_twice_between_erases`: the FTL counts programs of a non-erased page.
//! 4. `erase_counts_only_grow`: every step, each logged erase raises its block's count by one
//!    and the logged erases add up to the FTL's count; sweep: no block's count fell since the
//!    previous sweep, and their sum equals the erases performed.
//! 5. `write_amplification_at_least_one`: flash programs ≥ host writes.
//! 6. `read_returns_last_written_version`: every read is compared with a plain reference map
//!    lba → version (the op index of the last write), through any amount of GC.
//!
//! What the per-step checks cannot see is damage no logged operation touched (a stray write into
//! some other entry); the full sweep finds that within `full_interval` steps (physical pages / 4
//! steps, at least 64), and tests run it on corrupted structures
//! (`fast_sweeps_agree_with_the_plain_sweep`, and in `checks_step.rs` the per-step checks alone).
//!
//! Speed of the sweep (amortised over its interval): each sweep first runs branch-free
//! passes that only answer "all good?" (they vectorise); only when one says no does the original
//! element-by-element pass run, so the verdict and its message are exactly those of the plain
//! sweep. The reverse map check (every valid page's LBA maps back to it) is implied when every
//! mapped LBA's page holds that LBA and the valid pages number the mapped LBAs: the forward check
//! makes lba → l2p[lba] injective into the valid pages, and equal counts make it onto them.
//! `fast_sweeps_agree_with_the_plain_sweep` checks this on corrupted maps.

use super::blocks::BlockState;
use super::ftl::{Ftl, PAGE_FREE, PAGE_INVALID, UNMAPPED};
use crate::sim::{InvariantCheck, Verdict};

/// The six checks' names, in their fixed report order.
const CHECK_NAMES: [&str; 6] = [
    "l2p_is_a_bijection_onto_valid_pages",
    "valid_counts_match_page_states",
    "no_page_programmed_twice_between_erases",
    "erase_counts_only_grow",
    "write_amplification_at_least_one",
    "read_returns_last_written_version",
];

#[derive(Debug, Clone, Default)]
pub struct CheckState {
    pub bijection: Verdict,
    pub valid_counts: Verdict,
    pub erase_growth: Verdict,
    pub reads: Verdict,
    pub reads_checked: u64,
    pub(super) erase_shadow: Vec<u32>,
    pub full_interval: u64,
    since_full: u64,
    pub full_sweeps: u64,
    /// The per-step checker's own model (`checks_step.rs`), valid while `shadows_synced`.
    pub(super) shadow: super::checks_model::Shadow,
}

impl CheckState {
    pub fn new(physical_pages: u32, blocks: u32) -> Self {
        Self {
            erase_shadow: vec![0; blocks as usize],
            full_interval: u64::from((physical_pages / 4).max(64)),
            shadow: super::checks_model::Shadow::new(blocks),
            ..Self::default()
        }
    }

    /// A page the step programmed or copied must map back.
    pub fn mapped_back(&mut self, ftl: &Ftl, lba: u32, ppn: u32) {
        let l2p = ftl.l2p[lba as usize];
        let p2l = ftl.p2l[ppn as usize];
        if l2p != ppn || p2l != lba {
            self.bijection.fail(move || {
                format!(
                    "LBA {lba} was written to page {ppn}, but l2p says {l2p} and p2l says {p2l}"
                )
            });
        }
    }

    /// A read answered `got` where the reference model holds `expected`.
    pub fn read_result(&mut self, lba: u32, got: u32, expected: u32) {
        self.reads_checked += 1;
        if got != expected {
            self.reads.fail(move || {
                format!("read of LBA {lba} returned version {got}, the last write was {expected}")
            });
        }
    }

    /// After every step: cheap checks, and the full sweep when due (or when `last`).
    pub fn after_step(&mut self, ftl: &Ftl, last: bool) {
        let valid: u64 = ftl.die_valid.iter().map(|&v| u64::from(v)).sum();
        if valid != u64::from(ftl.mapped_pages()) {
            self.bijection.fail(move || {
                format!(
                    "{} LBAs are mapped but the dies hold {valid} valid pages",
                    ftl.mapped_pages()
                )
            });
        }
        self.since_full += 1;
        if last || !self.shadow.synced || self.since_full >= self.full_interval {
            // The sweep checks the whole state, the step's entries included.
            self.full_sweep(ftl);
        } else {
            self.verify_step(ftl);
        }
    }

    /// The full sweep; afterwards the per-step checker's model restarts from the swept state.
    /// Out of line (it runs once in `full_interval` steps), so that `after_step` stays small.
    #[inline(never)]
    pub fn full_sweep(&mut self, ftl: &Ftl) {
        self.since_full = 0;
        self.full_sweeps += 1;
        self.sweep_maps(ftl);
        self.sweep_blocks(ftl);
        self.sweep_erases(ftl);
        self.shadow.sync(ftl);
    }

    fn sweep_maps(&mut self, ftl: &Ftl) {
        if self.bijection.failure.is_none() && maps_look_inverse(ftl) {
            return;
        }
        self.sweep_maps_plain(ftl);
    }

    fn sweep_maps_plain(&mut self, ftl: &Ftl) {
        let physical = ftl.p2l.len();
        let mut mapped = 0u64;
        for (lba, &ppn) in ftl.l2p.iter().enumerate() {
            if ppn == UNMAPPED {
                continue;
            }
            mapped += 1;
            if ppn as usize >= physical || ftl.p2l[ppn as usize] != lba as u32 {
                self.bijection
                    .fail(|| format!("l2p[{lba}] = {ppn} but that page does not hold LBA {lba}"));
                return;
            }
        }
        let mut valid = 0u64;
        for (ppn, &lba) in ftl.p2l.iter().enumerate() {
            if lba >= PAGE_INVALID {
                continue;
            }
            valid += 1;
            if ftl.l2p.get(lba as usize) != Some(&(ppn as u32)) {
                self.bijection
                    .fail(|| format!("page {ppn} holds LBA {lba} but l2p points elsewhere"));
                return;
            }
        }
        if mapped != valid || mapped != u64::from(ftl.mapped_pages()) {
            self.bijection
                .fail(|| format!("{mapped} mapped LBAs but {valid} valid pages"));
        }
    }

    fn sweep_blocks(&mut self, ftl: &Ftl) {
        let g = &ftl.geometry;
        let t = &ftl.blocks;
        let pages_look_right = self.valid_counts.failure.is_none() && block_pages_look_right(ftl);
        if !pages_look_right && !self.block_pages_plain(ftl) {
            return;
        }
        for die in 0..g.dies() {
            let first = g.first_block_of_die(die) as usize;
            let states = &t.state[first..first + g.blocks_per_die() as usize];
            let count = |s: BlockState| states.iter().filter(|&&x| x == s).count();
            let (free, active, closed) = (
                count(BlockState::Free),
                count(BlockState::Active),
                count(BlockState::Closed),
            );
            let listed = t.lists_are_consistent(die);
            if free != t.free_count(die) as usize
                || active > 1
                || free + active + closed != states.len()
                || listed != Ok(closed)
            {
                self.valid_counts.fail(|| {
                    format!(
                        "die {die}: {free} free (pool says {}), {active} open, {closed} closed of \
                         {} blocks; greedy lists: {listed:?}",
                        t.free_count(die),
                        states.len()
                    )
                });
                return;
            }
        }
    }

    /// Each block's valid count equals its valid pages, and its pages are programmed exactly
    /// up to its write pointer; false (with the verdict failed) at the first block that is not.
    fn block_pages_plain(&mut self, ftl: &Ftl) -> bool {
        let g = &ftl.geometry;
        let t = &ftl.blocks;
        for block in 0..g.blocks() {
            let b = block as usize;
            let first = g.ppn(block, 0) as usize;
            let pages = &ftl.p2l[first..first + g.pages_per_block as usize];
            let valid = pages.iter().filter(|&&x| x < PAGE_INVALID).count() as u32;
            let ptr = t.write_ptr[b] as usize;
            let erased_ok = pages[ptr..].iter().all(|&x| x == PAGE_FREE);
            let programmed_ok = pages[..ptr].iter().all(|&x| x != PAGE_FREE);
            if valid != t.valid[b] || !erased_ok || !programmed_ok {
                self.valid_counts.fail(|| {
                    format!(
                        "block {block}: counted {} valid pages, found {valid}; write pointer {ptr} \
                         (erased after it: {erased_ok}, programmed before it: {programmed_ok})",
                        t.valid[b]
                    )
                });
                return false;
            }
        }
        true
    }

    fn sweep_erases(&mut self, ftl: &Ftl) {
        let counts = &ftl.blocks.erase_count;
        if let Some(b) = (0..counts.len()).find(|&b| counts[b] < self.erase_shadow[b]) {
            self.erase_growth.fail(|| {
                format!(
                    "block {b}'s erase count fell from {} to {}",
                    self.erase_shadow[b], counts[b]
                )
            });
        }
        let sum: u64 = counts.iter().map(|&c| u64::from(c)).sum();
        if sum != ftl.counters.erases {
            self.erase_growth.fail(|| {
                format!(
                    "erase counts sum to {sum} but {} erases happened",
                    ftl.counters.erases
                )
            });
        }
        self.erase_shadow.copy_from_slice(counts);
    }

    /// The six checks in their fixed order, in a new vector (for tests).
    pub fn report(&self, ftl: &Ftl) -> Vec<InvariantCheck> {
        let mut out = Vec::with_capacity(6);
        self.report_into(ftl, &mut out);
        out
    }

    /// The six checks in their fixed order, appended to `out` (after every step: allocates
    /// nothing while they pass). While all six pass (every step of a correct run) they are
    /// six `pass`es written by one `extend` over their names, which reserves once and writes
    /// without a capacity check each; otherwise `report_plain` builds each with its message
    /// (`report_fast_path_equals_the_plain_report`).
    pub fn report_into(&self, ftl: &Ftl, out: &mut Vec<InvariantCheck>) {
        let c = &ftl.counters;
        let all_pass = self.bijection.failure.is_none()
            & self.valid_counts.failure.is_none()
            & (ftl.double_programs == 0)
            & self.erase_growth.failure.is_none()
            & (c.flash_programs >= c.host_writes)
            & self.reads.failure.is_none();
        if all_pass {
            out.extend(CHECK_NAMES.iter().map(|&name| InvariantCheck::pass(name)));
        } else {
            self.report_plain(ftl, out);
        }
    }

    /// The six checks one by one, each with its failure message. Out of line: only a failed
    /// run takes it, and inlined it made every call save registers for it.
    #[cold]
    #[inline(never)]
    fn report_plain(&self, ftl: &Ftl, out: &mut Vec<InvariantCheck>) {
        let c = &ftl.counters;
        out.reserve(6);
        let [
            bijection,
            valid_counts,
            twice,
            erase_growth,
            amplification,
            reads,
        ] = CHECK_NAMES;
        out.push(self.bijection.check(bijection));
        out.push(self.valid_counts.check(valid_counts));
        out.push(InvariantCheck::check(
            twice,
            ftl.double_programs == 0,
            || {
                format!(
                    "{} programs hit a page that was not erased",
                    ftl.double_programs
                )
            },
        ));
        out.push(self.erase_growth.check(erase_growth));
        out.push(InvariantCheck::check(
            amplification,
            c.flash_programs >= c.host_writes,
            || {
                format!(
                    "{} flash programs for {} host writes",
                    c.flash_programs, c.host_writes
                )
            },
        ));
        out.push(self.reads.check(reads));
    }
}

/// Fast, branch-free form of `sweep_maps_plain`'s verdict: true only if that sweep would pass.
fn maps_look_inverse(ftl: &Ftl) -> bool {
    let p2l = &ftl.p2l;
    let Some(last) = p2l.len().checked_sub(1) else {
        return ftl.l2p.iter().all(|&ppn| ppn == UNMAPPED) && ftl.mapped_pages() == 0;
    };
    let mut mapped = 0u64;
    let mut bad = false;
    for (lba, &ppn) in ftl.l2p.iter().enumerate() {
        let is_mapped = ppn != UNMAPPED;
        let held = p2l[(ppn as usize).min(last)];
        mapped += u64::from(is_mapped);
        bad |= is_mapped & ((ppn as usize > last) | (held != lba as u32));
    }
    let valid: u64 = p2l.iter().map(|&lba| u64::from(lba < PAGE_INVALID)).sum();
    !bad && mapped == valid && mapped == u64::from(ftl.mapped_pages())
}

/// Fast, branch-free form of the per-block page pass of `sweep_blocks`: true only if every
/// block's valid count matches and its pages are programmed exactly up to the write pointer.
fn block_pages_look_right(ftl: &Ftl) -> bool {
    let ppb = ftl.geometry.pages_per_block as usize;
    let t = &ftl.blocks;
    let mut bad = false;
    for (b, pages) in ftl.p2l.chunks_exact(ppb).enumerate() {
        let ptr = t.write_ptr[b] as usize;
        let mut valid = 0u32;
        let mut misplaced = false;
        for (i, &x) in pages.iter().enumerate() {
            valid += u32::from(x < PAGE_INVALID);
            misplaced |= (i >= ptr) != (x == PAGE_FREE);
        }
        bad |= misplaced | (valid != t.valid[b]) | (ptr > ppb);
    }
    !bad && ftl.p2l.len() == t.valid.len() * ppb
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::device::ssd::ftl::FtlConfig;
    use crate::device::ssd::geometry::Geometry;
    use crate::sim::Rng;

    /// A small device after `writes` random overwrites of its first 80 % of LBAs.
    fn aged_ftl(seed: u64, writes: u32) -> Ftl {
        let g = Geometry::with_spare_factor(2, 2, 1, 16, 8, 4096, 0.2);
        let mut ftl = Ftl::new(g, FtlConfig::default());
        let mut log = Vec::new();
        let span = g.logical_pages / 5 * 4;
        let mut rng = Rng::new(seed);
        for lba in 0..span {
            ftl.write(lba, 0, &mut log).unwrap();
        }
        for i in 0..writes {
            log.clear();
            ftl.write(rng.below(u64::from(span)) as u32, i, &mut log)
                .unwrap();
        }
        ftl
    }

    fn plain_verdicts(ftl: &Ftl) -> (bool, bool) {
        let g = &ftl.geometry;
        let mut c = CheckState::new(g.physical_pages(), g.blocks());
        c.sweep_maps_plain(ftl);
        let blocks_ok = c.block_pages_plain(ftl);
        (c.bijection.failure.is_none(), blocks_ok)
    }

    #[test]
    fn report_fast_path_equals_the_plain_report() {
        let mut ftl = aged_ftl(1, 50);
        let g = ftl.geometry;
        let mut rng = Rng::new(7);
        let mut passes = 0;
        for round in 0..2_000u32 {
            let mut c = CheckState::new(g.physical_pages(), g.blocks());
            // Each of the six fails with probability 1/8, so about a third of rounds pass.
            let mut fails = || rng.below(8) == 0;
            for v in [
                &mut c.bijection,
                &mut c.valid_counts,
                &mut c.erase_growth,
                &mut c.reads,
            ] {
                if fails() {
                    v.fail(|| format!("broken in round {round}"));
                }
            }
            ftl.double_programs = u64::from(fails());
            let host = ftl.counters.host_writes;
            ftl.counters.flash_programs = if fails() { host - 1 } else { host + 3 };
            let (mut fast, mut plain) = (vec![InvariantCheck::pass("earlier")], Vec::new());
            plain.push(InvariantCheck::pass("earlier"));
            c.report_into(&ftl, &mut fast);
            c.report_plain(&ftl, &mut plain);
            assert_eq!(fast, plain, "round {round}");
            passes += u32::from(fast.iter().all(|x| x.ok));
        }
        assert!(passes > 300 && passes < 1_500, "{passes} rounds passed");
    }

    #[test]
    fn fast_sweeps_agree_with_the_plain_sweep() {
        let mut failures_seen = (0, 0);
        for seed in 0..300u64 {
            let mut ftl = aged_ftl(seed, 200 + (seed as u32 % 7) * 50);
            let mut rng = Rng::new(seed ^ 0xC0FFEE);
            let pages = ftl.p2l.len() as u64;
            let lbas = ftl.l2p.len() as u64;
            // One corruption per seed (seed % 8 == 0: none), of the kinds a buggy FTL makes.
            let ppn = rng.below(pages) as usize;
            let lba = rng.below(lbas) as usize;
            match seed % 8 {
                1 => ftl.l2p[lba] = rng.below(pages) as u32,
                2 => ftl.l2p[lba] = UNMAPPED,
                3 => ftl.p2l[ppn] = PAGE_INVALID,
                4 => ftl.p2l[ppn] = rng.below(lbas) as u32,
                5 => ftl.p2l[ppn] = PAGE_FREE,
                6 => {
                    let other = rng.below(lbas) as usize;
                    ftl.l2p.swap(lba, other);
                }
                7 => {
                    let b = rng.below(u64::from(ftl.geometry.blocks())) as usize;
                    ftl.blocks.valid[b] ^= 1;
                }
                _ => {}
            }
            let (maps_ok, blocks_ok) = plain_verdicts(&ftl);
            assert_eq!(maps_look_inverse(&ftl), maps_ok, "maps, seed {seed}");
            assert_eq!(
                block_pages_look_right(&ftl),
                blocks_ok,
                "blocks, seed {seed}"
            );
            failures_seen.0 += u32::from(!maps_ok);
            failures_seen.1 += u32::from(!blocks_ok);
            if seed % 8 == 0 {
                assert!(
                    maps_ok && blocks_ok,
                    "an uncorrupted FTL passes, seed {seed}"
                );
            }
        }
        assert!(
            failures_seen.0 > 100 && failures_seen.1 > 50,
            "{failures_seen:?}"
        );
    }
}
