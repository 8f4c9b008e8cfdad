//! A buffer frame: a page image in memory, the changes made since its last flash write, and
//! the flush decision (seed 004 §6.2; digest §3.3 "MODIFY" and "EVICT").
//!
//! 1. `track` is called with the offsets a change really altered. A new page, or one already
//!    marked out-of-place, tracks nothing ("further changes are not tracked", §6.2). Otherwise
//!    each offset joins the body or the metadata set (a set: a byte changed twice counts once,
//!    digest §8 #6) and if the sets no longer fit the free delta slots the page is marked
//!    out-of-place, sticky until it is written (§6.2, invariant 11).
//! 2. `decide` is the pure flush policy: clean → skip; new, marked, or on a page that cannot
//!    take appends (NoIpa region, MSB page in odd-MLC) → out of place; else append k records.

use super::delta::records_needed;
use super::layout::PageLayout;
use super::offsets::OffsetSet;
use super::page::NsmPage;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Frame {
    pub lba: u32,
    pub page: NsmPage,
    /// Delta records already on the flash page (N_E).
    pub ne: usize,
    /// Never written to flash: IPA does not apply (§6.1, digest §8 #21).
    pub is_new: bool,
    pub dirty: bool,
    /// Marked to be written out of place.
    pub oop: bool,
    /// The flash page holding this LBA can take appends.
    pub appendable: bool,
    pub body_changed: OffsetSet,
    pub meta_changed: OffsetSet,
    /// Every body byte changed since the last write, tracked even past overflow: the "net
    /// data" update size of Tabs. 1 and 11 (statistics only, never a write decision).
    pub net_changed: OffsetSet,
    pub last_use: u64,
}

/// What a write-back does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FlushKind {
    Skip,
    OutOfPlace,
    Append { records: usize },
}

impl Frame {
    pub fn fresh(lba: u32, page: NsmPage, tick: u64) -> Self {
        let bytes = page.bytes.len();
        Self {
            lba,
            page,
            ne: 0,
            is_new: true,
            dirty: true,
            oop: false,
            appendable: false,
            body_changed: OffsetSet::new(bytes),
            meta_changed: OffsetSet::new(bytes),
            net_changed: OffsetSet::new(bytes),
            last_use: tick,
        }
    }

    pub fn fetched(lba: u32, page: NsmPage, ne: usize, appendable: bool, tick: u64) -> Self {
        Self {
            ne,
            is_new: false,
            dirty: false,
            appendable,
            ..Self::fresh(lba, page, tick)
        }
    }

    /// This frame's allocations reused for a fetched page (`Frame::fetched` with `image`
    /// already in `self.page`): every other field as `fetched` sets it.
    pub fn refill(&mut self, lba: u32, ne: usize, appendable: bool, tick: u64) {
        self.lba = lba;
        self.last_use = tick;
        // A fetched frame is a clean, written one: exactly what a write leaves.
        self.mark_written(ne, appendable);
    }

    /// Records the offsets a change altered (step 1).
    pub fn track(&mut self, layout: &PageLayout, changed: &[usize]) {
        if changed.is_empty() {
            return;
        }
        self.dirty = true;
        if !self.is_new {
            let slots = self.page.slot_count();
            self.net_changed.extend(
                changed
                    .iter()
                    .copied()
                    .filter(|&o| !layout.is_metadata(o, slots)),
            );
        }
        if self.is_new || self.oop {
            return;
        }
        if !self.appendable {
            self.oop = true;
            return;
        }
        let slots = self.page.slot_count();
        for &o in changed {
            if layout.is_metadata(o, slots) {
                self.meta_changed.insert(o);
            } else {
                self.body_changed.insert(o);
            }
        }
        let free = layout.scheme.n.saturating_sub(self.ne);
        let fits = records_needed(
            &layout.scheme,
            free,
            self.body_changed.len(),
            self.meta_changed.len(),
        )
        .is_some();
        if !fits {
            self.oop = true;
            self.body_changed.clear();
            self.meta_changed.clear();
        }
    }

    /// The flush policy (step 2).
    pub fn decide(&self, layout: &PageLayout) -> FlushKind {
        if !self.dirty {
            return FlushKind::Skip;
        }
        if self.is_new || self.oop || !self.appendable {
            return FlushKind::OutOfPlace;
        }
        let free = layout.scheme.n.saturating_sub(self.ne);
        match records_needed(
            &layout.scheme,
            free,
            self.body_changed.len(),
            self.meta_changed.len(),
        ) {
            Some(records) => FlushKind::Append { records },
            None => FlushKind::OutOfPlace,
        }
    }

    /// Forget the tracked changes after a write.
    pub fn mark_written(&mut self, ne: usize, appendable: bool) {
        self.ne = ne;
        self.is_new = false;
        self.dirty = false;
        self.oop = false;
        self.appendable = appendable;
        self.body_changed.clear();
        self.meta_changed.clear();
        self.net_changed.clear();
    }
}
