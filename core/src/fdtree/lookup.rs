//! Lookups and range queries through fences, with fractional cascading (§2.2, Alg. 2, §4.3;
//! digest §2.4, §3.4, §8 item 30).
//!
//! 1. Look for data entries of k in L0 (cases 1–4 of §2.2); if none, follow the fence with
//!    the largest key ≤ k. In every disk block on the path do the same: a hit answers, a block
//!    without a fence ≤ k is a bottom block (the answer is "absent"). Footnote 4 guarantees the
//!    fence lies in the same block as k's data, so one block is read per materialized level.
//! 2. During a merge (I7): data in L0^new is checked first (without its fences). If k > the
//!    wavefront key (or the scheme is FD+DS, which always uses the intact old side) the old side
//!    answers: L0^old data, then the largest fence ≤ k among L0^old and the wavefront fence.
//!    Otherwise the new side answers through L0^new's fences into the generated levels.
//! 3. A range [from, to] finds its first block per level along the lookup path of `from` and
//!    scans each level forward through the block links; per key the newest level with data
//!    decides. During a merge the part ≤ wf comes from the new side, the rest from the old.

use std::collections::BTreeMap;

use super::entry::{BlockId, Entry, Found, Key, NEG_INF, found_in};
use super::error::FdError;
use super::tree::FdTree;

/// Which side of the wavefront answered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    /// No merge was running.
    Quiescent,
    Old,
    New,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LookupTrace {
    pub value: Option<u64>,
    pub side: Side,
    /// The disk blocks read, one per level, top-down.
    pub path: Vec<BlockId>,
}

/// Where the search continues after the in-memory part.
pub enum Start {
    Answer(Option<u64>),
    Descend(Option<BlockId>),
}

impl FdTree {
    /// A lookup, counted in `metrics.lookups` / `metrics.lookup_io`.
    pub fn lookup(&mut self, key: Key) -> Result<Option<u64>, FdError> {
        Ok(self.lookup_traced(key)?.value)
    }

    pub fn lookup_traced(&mut self, key: Key) -> Result<LookupTrace, FdError> {
        let before = self.store.io;
        let mut path = Vec::new();
        let (value, side) = self.search(key, Some(&mut path))?;
        let spent = self.store.io.since(before);
        self.metrics.lookups += 1;
        self.metrics.lookup_io.blocks_read += spent.blocks_read;
        Ok(LookupTrace { value, side, path })
    }

    /// A lookup whose reads count only in the store (used by the uniqueness check).
    pub(super) fn lookup_uncounted(&mut self, key: Key) -> Result<Option<u64>, FdError> {
        Ok(self.search(key, None)?.0)
    }

    /// The side of the wavefront a key is answered from right now.
    pub fn side_for(&self, key: Key) -> Side {
        match self.routing_merge() {
            None => Side::Quiescent,
            Some(_) if !self.cfg.policy.wavefront_routing => Side::Old,
            Some(m) if m.wf_key.is_some_and(|w| key <= w) => Side::New,
            Some(_) => Side::Old,
        }
    }

    /// The in-memory part of a lookup on `side`: an answer, or the block to descend into.
    pub fn start(&self, key: Key, side: Side) -> Start {
        if let Some(a) = self.l0.data(key).answer() {
            return Start::Answer(a);
        }
        match (self.routing_merge(), side) {
            (Some(m), Side::Old) => {
                if let Some(a) = m.l0_old.data(key).answer() {
                    return Start::Answer(a);
                }
                let fence = m
                    .l0_old
                    .max_fence_at_or_below(key)
                    .map(|(_, b)| b)
                    .or(m.wf_ptr);
                Start::Descend(fence)
            }
            _ => Start::Descend(self.l0.max_fence_at_or_below(key).map(|(_, b)| b)),
        }
    }

    fn search(
        &mut self,
        key: Key,
        mut path: Option<&mut Vec<BlockId>>,
    ) -> Result<(Option<u64>, Side), FdError> {
        let side = self.side_for(key);
        let mut next = match self.start(key, side) {
            Start::Answer(a) => return Ok((a, side)),
            Start::Descend(b) => b,
        };
        while let Some(id) = next {
            if let Some(p) = path.as_deref_mut() {
                p.push(id);
            }
            let block = self.store.read(id)?;
            let (found, fence) = probe(&block.entries, key);
            if let Some(a) = found.answer() {
                return Ok((a, side));
            }
            next = fence;
        }
        Ok((None, side))
    }

    /// All present keys in [from, to] with their values, in key order.
    pub fn range(&mut self, from: Key, to: Key) -> Result<Vec<(Key, u64)>, FdError> {
        if from > to {
            return Err(FdError::EmptyRange { from, to });
        }
        let before = self.store.io;
        // Sources newest first; each yields one level's entries in the window.
        let mut sources: Vec<Vec<Entry>> = vec![self.l0.iter_range(from, to).collect()];
        let wf = self.routing_merge().and_then(|m| m.wf_key);
        let routed = self.routing_merge().is_some() && self.cfg.policy.wavefront_routing;
        let new_part = match wf {
            Some(w) if routed => Some((from, to.min(w))).filter(|(a, b)| a <= b),
            _ => None,
        };
        let old_from = match wf {
            Some(w) if routed => w.checked_add(1).map(|f| f.max(from)),
            _ => Some(from),
        };
        if let Some((a, b)) = new_part {
            let start = self.l0.max_fence_at_or_below(a).map(|(_, id)| id);
            sources.extend(self.scan_levels(start, a, b)?);
        }
        if let Some(a) = old_from.filter(|&a| a <= to) {
            let start = match self.routing_merge() {
                Some(m) => {
                    sources.push(m.l0_old.iter_range(a, to).collect());
                    m.l0_old
                        .max_fence_at_or_below(a)
                        .map(|(_, b)| b)
                        .or(m.wf_ptr)
                }
                None => self.l0.max_fence_at_or_below(a).map(|(_, b)| b),
            };
            let old = self.scan_levels(start, a, to)?;
            // Old-side levels are older than everything on the new side.
            sources.extend(old);
        }
        let spent = self.store.io.since(before);
        self.metrics.ranges += 1;
        self.metrics.range_io.blocks_read += spent.blocks_read;
        Ok(combine(&sources))
    }

    /// Descends along `from`'s path; on each level reads forward while blocks may hold keys
    /// ≤ `to`. Returns one entry list per level, top-down, restricted to [from, to].
    fn scan_levels(
        &mut self,
        mut next: Option<BlockId>,
        from: Key,
        to: Key,
    ) -> Result<Vec<Vec<Entry>>, FdError> {
        let mut out = Vec::new();
        while let Some(id) = next {
            let block = self.store.read(id)?;
            let (_, fence) = probe(&block.entries, from);
            let mut level: Vec<Entry> = window(&block.entries, from, to);
            let mut link = block.next;
            while let Some(n) = link {
                let b = self.store.peek(n)?;
                if b.first_key().is_none_or(|k| k > to) {
                    break;
                }
                let b = self.store.read(n)?;
                level.extend(window(&b.entries, from, to));
                link = b.next;
            }
            out.push(level);
            next = fence;
        }
        Ok(out)
    }
}

/// Merges one range's sources (newest first, each one level's entries in the window): per key
/// the newest level with data decides; the present keys with their values, in key order.
pub fn combine(sources: &[Vec<Entry>]) -> Vec<(Key, u64)> {
    let mut result: BTreeMap<Key, Option<u64>> = BTreeMap::new();
    for entries in sources.iter().rev() {
        // Deepest first, so a newer level's group overrides.
        let mut i = 0;
        while i < entries.len() {
            let k = entries[i].key;
            let end = i + entries[i..].partition_point(|e| e.key == k);
            let group = found_in(&entries[i..end], k);
            i = end;
            match group {
                Found::Value(v) => {
                    result.insert(k, Some(v));
                }
                Found::Deleted => {
                    result.insert(k, None);
                }
                Found::Nothing => {}
            }
        }
    }
    result
        .into_iter()
        .filter_map(|(k, v)| v.map(|v| (k, v)))
        .collect()
}

/// The data entries of one block in [from, to].
pub fn window(entries: &[Entry], from: Key, to: Key) -> Vec<Entry> {
    window_iter(entries, from, to).collect()
}

/// `window` without collecting (a caller that appends to a buffer it has).
pub fn window_iter(entries: &[Entry], from: Key, to: Key) -> impl Iterator<Item = Entry> + '_ {
    entries
        .iter()
        .filter(move |e| e.kind.is_data() && e.key >= from && e.key <= to)
        .copied()
}

/// One block: the §2.2 case for `key` and the fence to follow (largest fence key ≤ key).
pub fn probe(entries: &[Entry], key: Key) -> (Found, Option<BlockId>) {
    let start = entries.partition_point(|e| e.key < key);
    let end = entries.partition_point(|e| e.key <= key);
    let found = found_in(&entries[start..end], key);
    let fence = entries[..end].iter().rev().find_map(|e| e.fence_target());
    (found, fence)
}

/// The key a new level's first block is fenced with.
pub fn first_fence_key(is_first_block: bool, key: Key) -> Key {
    if is_first_block { NEG_INF } else { key }
}
