//! The SSD lab's invariants, kept incrementally after every step with a full sweep every
//! `full_interval` steps and after the last step.
//!
//! 1. `l2p_is_a_bijection_onto_valid_pages`: every step, each page the step programmed or copied
//!    maps back (l2p[lba] = ppn and p2l[ppn] = lba) and the mapped count equals the valid pages;
//!    the sweep checks both maps in full.
//! 2. `valid_counts_match_page_states`: sweep: each block's valid count equals its valid pages,
//!    pages at or past the write pointer are erased and those before it programmed, the greedy
//!    lists file exactly the closed blocks, and free + open + closed blocks add up per die.
//! 3. `no_page_programmed_twice_between_erases`: the FTL counts programs of a non-erased page.
//! 4. `erase_counts_only_grow`: sweep: no block's count fell since the previous sweep, and their
//!    sum equals the erases performed.
//! 5. `write_amplification_at_least_one`: flash programs ≥ host writes.
//! 6. `read_returns_last_written_version`: every read is compared with a plain reference map
//!    lba → version (the op index of the last write), through any amount of GC.

use super::blocks::BlockState;
use super::ftl::{Ftl, PAGE_FREE, PAGE_INVALID, UNMAPPED};
use crate::sim::InvariantCheck;

/// A sticky verdict: the first failure is kept.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Verdict {
    pub failure: Option<String>,
}

impl Verdict {
    pub fn fail(&mut self, detail: impl FnOnce() -> String) {
        if self.failure.is_none() {
            self.failure = Some(detail());
        }
    }

    fn check(&self, name: &'static str) -> InvariantCheck {
        InvariantCheck::check(name, self.failure.is_none(), || {
            self.failure.clone().unwrap_or_default()
        })
    }
}

#[derive(Debug, Clone, Default)]
pub struct CheckState {
    pub bijection: Verdict,
    pub valid_counts: Verdict,
    pub erase_growth: Verdict,
    pub reads: Verdict,
    pub reads_checked: u64,
    erase_shadow: Vec<u32>,
    pub full_interval: u64,
    since_full: u64,
    pub full_sweeps: u64,
}

impl CheckState {
    pub fn new(physical_pages: u32, blocks: u32) -> Self {
        Self {
            erase_shadow: vec![0; blocks as usize],
            full_interval: u64::from((physical_pages / 128).max(64)),
            ..Self::default()
        }
    }

    /// A page the step programmed or copied must map back.
    pub fn mapped_back(&mut self, ftl: &Ftl, lba: u32, ppn: u32) {
        let l2p = ftl.l2p[lba as usize];
        let p2l = ftl.p2l[ppn as usize];
        if l2p != ppn || p2l != lba {
            self.bijection.fail(|| {
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
            self.reads.fail(|| {
                format!("read of LBA {lba} returned version {got}, the last write was {expected}")
            });
        }
    }

    /// After every step: cheap checks, and the full sweep when due (or when `last`).
    pub fn after_step(&mut self, ftl: &Ftl, last: bool) {
        let valid: u64 = ftl.die_valid.iter().map(|&v| u64::from(v)).sum();
        if valid != u64::from(ftl.mapped_pages()) {
            self.bijection.fail(|| {
                format!(
                    "{} LBAs are mapped but the dies hold {valid} valid pages",
                    ftl.mapped_pages()
                )
            });
        }
        self.since_full += 1;
        if last || self.since_full >= self.full_interval {
            self.since_full = 0;
            self.full_sweeps += 1;
            self.sweep_maps(ftl);
            self.sweep_blocks(ftl);
            self.sweep_erases(ftl);
        }
    }

    fn sweep_maps(&mut self, ftl: &Ftl) {
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
                return;
            }
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

    /// The six checks in their fixed order.
    pub fn report(&self, ftl: &Ftl) -> Vec<InvariantCheck> {
        let c = &ftl.counters;
        vec![
            self.bijection.check("l2p_is_a_bijection_onto_valid_pages"),
            self.valid_counts.check("valid_counts_match_page_states"),
            InvariantCheck::check(
                "no_page_programmed_twice_between_erases",
                ftl.double_programs == 0,
                || {
                    format!(
                        "{} programs hit a page that was not erased",
                        ftl.double_programs
                    )
                },
            ),
            self.erase_growth.check("erase_counts_only_grow"),
            InvariantCheck::check(
                "write_amplification_at_least_one",
                c.flash_programs >= c.host_writes,
                || {
                    format!(
                        "{} flash programs for {} host writes",
                        c.flash_programs, c.host_writes
                    )
                },
            ),
            self.reads.check("read_returns_last_written_version"),
        ]
    }
}
