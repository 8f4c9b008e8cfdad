//! GC victim selection as pure policy functions over a snapshot of one die's blocks (DESIGN
//! principle 5): each returns the victim *and* why, so the UI can show the decision and two
//! policies can be compared on one seed.
//!
//! 1. Greedy: the closed block with the fewest valid pages (least copying now). O(pages per
//!    block) over the bucket lists of `blocks.rs`, not O(blocks).
//! 2. Cost-benefit (Rosenblum & Ousterhout, LFS, SOSP 1991; flash form of Kawaguchi, Nishioka &
//!    Motoda, USENIX Winter 1995): maximise benefit/cost = (1 − u) · age / (2u), where u is the
//!    valid fraction (reading u and writing u back costs 2u; the block yields 1 − u of free
//!    space) and age is the time since the block was closed, in host page writes. An empty block
//!    (u = 0) scores +∞. Scans the die's closed blocks: O(blocks per die).
//! 3. FIFO (least recently written, "LRW"): the oldest closed block regardless of its contents.
//!    The cleaning policy for which the Lambert-W write-amplification formula is exact
//!    (calibration.md C2), kept as the oracle's test mode.
//! 4. Coldest (static wear levelling): the closed block with the lowest erase count; its data has
//!    sat unchanged longest, so moving it frees a barely-worn block for hot data.
//!
//! Ties (cost-benefit, coldest) go to the block closed earlier (`closed_seq`, unique); FIFO
//! follows the closing order; greedy takes the head of its list. Every choice is deterministic.

use serde::{Deserialize, Serialize};

use super::blocks::{BlockState, Blocks, NIL};

/// Which GC victim policy a run uses (`params.gc_policy`).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
#[schemars(rename = "SsdGcPolicy")]
pub enum VictimPolicy {
    /// Fewest valid pages.
    #[default]
    Greedy,
    /// Highest (1 − u)·age/(2u).
    CostBenefit,
    /// Oldest closed block (LRW); the analytic model's cleaning policy.
    Fifo,
}

/// Why a block was chosen; the number is the trace and view code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reason {
    Greedy = 1,
    CostBenefit = 2,
    Fifo = 3,
    WearLevel = 4,
}

impl Reason {
    pub fn code(self) -> u32 {
        self as u32
    }

    pub fn name(self) -> &'static str {
        match self {
            Reason::Greedy => "greedy: fewest valid pages",
            Reason::CostBenefit => "cost-benefit: highest (1-u)·age/(2u)",
            Reason::Fifo => "fifo: oldest closed block",
            Reason::WearLevel => "static wear levelling: least-worn closed block",
        }
    }
}

/// A chosen block, its valid pages and the score that decided it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Victim {
    pub block: u32,
    pub valid_pages: u32,
    pub reason: Reason,
    /// Greedy: valid pages; cost-benefit: the ratio (may be +∞); FIFO: age; wear: erase count.
    pub score: f64,
}

/// A read-only view of one die's blocks at one moment.
#[derive(Debug, Clone, Copy)]
pub struct DieSnapshot<'a> {
    pub blocks: &'a Blocks,
    pub die: u32,
    /// The host-write clock now (ages are measured on it).
    pub now_stamp: u64,
}

impl DieSnapshot<'_> {
    fn closed(&self) -> impl Iterator<Item = u32> + '_ {
        let first = self.die * self.blocks.blocks_per_die;
        (first..first + self.blocks.blocks_per_die)
            .filter(|&b| self.blocks.state[b as usize] == BlockState::Closed)
    }

    fn age(&self, block: u32) -> u64 {
        self.now_stamp
            .saturating_sub(self.blocks.sealed_at[block as usize])
    }

    /// True when `a` was closed before `b` (close sequence numbers are unique).
    fn older(&self, a: u32, b: u32) -> bool {
        self.blocks.closed_seq[a as usize] < self.blocks.closed_seq[b as usize]
    }
}

/// The cost-benefit ratio (1 − u)·age/(2u) for `valid` of `pages_per_block` pages.
pub fn cost_benefit_score(valid: u32, pages_per_block: u32, age: u64) -> f64 {
    if valid == 0 {
        return f64::INFINITY;
    }
    let u = f64::from(valid) / f64::from(pages_per_block);
    (1.0 - u) * age as f64 / (2.0 * u)
}

/// Greedy: the head of the lowest non-empty valid-count list (among equals, the block that
/// most recently reached that count), O(pages per block).
pub fn greedy(s: &DieSnapshot) -> Option<Victim> {
    let (valid, &head) = s
        .blocks
        .die_heads(s.die)
        .iter()
        .enumerate()
        .find(|(_, head)| **head != NIL)?;
    Some(Victim {
        block: head,
        valid_pages: valid as u32,
        reason: Reason::Greedy,
        score: valid as f64,
    })
}

/// Cost-benefit over every closed block of the die.
pub fn cost_benefit(s: &DieSnapshot) -> Option<Victim> {
    let ppb = s.blocks.pages_per_block;
    let mut best: Option<Victim> = None;
    for block in s.closed() {
        let valid = s.blocks.valid[block as usize];
        let score = cost_benefit_score(valid, ppb, s.age(block));
        let wins = match best {
            None => true,
            Some(b) => score > b.score || (score == b.score && s.older(block, b.block)),
        };
        if wins {
            best = Some(Victim {
                block,
                valid_pages: valid,
                reason: Reason::CostBenefit,
                score,
            });
        }
    }
    best
}

/// FIFO / least recently written: the closed block closed longest ago (O(1) amortised from the
/// die's closing queue; by brute force over `closed_seq` when the queue is not tracked).
pub fn fifo(s: &DieSnapshot) -> Option<Victim> {
    let block = s.blocks.oldest_closed(s.die).or_else(|| {
        let seq = &s.blocks.closed_seq;
        s.closed().min_by_key(|&b| seq[b as usize])
    })?;
    Some(Victim {
        block,
        valid_pages: s.blocks.valid[block as usize],
        reason: Reason::Fifo,
        score: s.age(block) as f64,
    })
}

/// Static wear levelling: the least-worn closed block (ties: the oldest).
pub fn coldest(s: &DieSnapshot) -> Option<Victim> {
    let erase = &s.blocks.erase_count;
    let block = s.closed().reduce(|a, b| {
        let (ea, eb) = (erase[a as usize], erase[b as usize]);
        if eb < ea || (eb == ea && s.older(b, a)) {
            b
        } else {
            a
        }
    })?;
    Some(Victim {
        block,
        valid_pages: s.blocks.valid[block as usize],
        reason: Reason::WearLevel,
        score: f64::from(erase[block as usize]),
    })
}

/// Dispatches on the run's policy.
pub fn choose(policy: VictimPolicy, s: &DieSnapshot) -> Option<Victim> {
    match policy {
        VictimPolicy::Greedy => greedy(s),
        VictimPolicy::CostBenefit => cost_benefit(s),
        VictimPolicy::Fifo => fifo(s),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::device::ssd::geometry::Geometry;

    /// Die 0 with closed blocks of the given valid counts, closed at stamps 10, 20, 30, ...
    fn die_with(valid: &[u32]) -> Blocks {
        let g = Geometry::with_spare_factor(1, 1, 1, 8, 8, 4096, 0.25);
        let mut t = Blocks::new(&g, true, true);
        for (i, &v) in valid.iter().enumerate() {
            let b = t.open(0).unwrap();
            t.valid[b as usize] = v;
            t.write_ptr[b as usize] = 8;
            t.close(b, 10 * (i as u64 + 1));
        }
        t
    }

    #[test]
    fn greedy_picks_a_block_with_the_fewest_valid_pages() {
        let t = die_with(&[5, 2, 7, 2]);
        let s = DieSnapshot {
            blocks: &t,
            die: 0,
            now_stamp: 100,
        };
        let v = greedy(&s).unwrap();
        assert_eq!((v.valid_pages, v.reason), (2, Reason::Greedy));
        assert!(v.block == 1 || v.block == 3);
    }

    #[test]
    fn cost_benefit_trades_age_against_utilisation() {
        // Block 0: u = 6/8, age 12 -> 0.25*12/1.5 = 2. Block 1: u = 4/8, age 2 -> 0.5*2/1 = 1.
        let t = die_with(&[6, 4]);
        let s = DieSnapshot {
            blocks: &t,
            die: 0,
            now_stamp: 22,
        };
        let v = cost_benefit(&s).unwrap();
        assert_eq!(v.block, 0);
        assert!((v.score - 2.0).abs() < 1e-12);
        assert_eq!(greedy(&s).unwrap().block, 1);
    }

    #[test]
    fn fifo_and_coldest_pick_the_oldest_and_least_worn() {
        let mut t = die_with(&[8, 1, 3]);
        t.erase_count[0] = 3;
        let s = DieSnapshot {
            blocks: &t,
            die: 0,
            now_stamp: 100,
        };
        assert_eq!(fifo(&s).unwrap().block, 0);
        assert_eq!(coldest(&s).unwrap().block, 1);
    }

    #[test]
    fn an_empty_block_scores_infinity() {
        assert_eq!(cost_benefit_score(0, 64, 5), f64::INFINITY);
        assert_eq!(cost_benefit_score(64, 64, 5), 0.0);
    }
}
