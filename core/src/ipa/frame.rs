//! A buffer frame: a page image in memory, the changes made since its last flash write, and
//! the flush decision (seed 004 §6.2; digest §3.3 "MODIFY" and "EVICT").
//!
//! 1. `track` is called with the offsets a change really altered. A new page, or one already
//!    marked out-of-place, tracks nothing ("further changes are not tracked", §6.2). Otherwise
//!    each offset joins the body or the metadata set (a set: a byte changed twice counts once,
//!    digest §8 #6) and if the sets no longer fit the free delta slots the page is marked
//!    out-of-place, sticky until it is written (§6.2, invariant 11). Each offset is classified
//!    once; body offsets go to `body_changed` while tracked, to `net_changed` after (the net
//!    update size counts both, `net_bytes`).
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
    /// With `body_changed`, every body byte changed since the last write, tracked even past
    /// overflow: the "net data" update size of Tabs. 1 and 11 (statistics only, never a write
    /// decision; `net_bytes`). While changes are tracked the two sets would be equal, so this
    /// one is filled only once the frame is marked out of place (it then takes over
    /// `body_changed`'s offsets, step 1).
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

    /// Records the offsets a change altered (step 1), in one pass: each offset is classified
    /// once (body or metadata) and joins the net set and, while tracked, its delta set.
    /// Returns whether the change made a clean frame dirty (the store's dirty-frame count).
    #[must_use]
    pub fn track(&mut self, layout: &PageLayout, changed: &[usize]) -> bool {
        if changed.is_empty() {
            return false;
        }
        let became_dirty = !self.dirty;
        self.dirty = true;
        if self.is_new {
            return became_dirty;
        }
        if !self.appendable {
            self.oop = true;
        }
        let tracking = !self.oop;
        let slots = self.page.slot_count();
        for &o in changed {
            match (layout.is_metadata(o, slots), tracking) {
                (true, true) => self.meta_changed.insert(o),
                (true, false) => false,
                (false, true) => self.body_changed.insert(o),
                (false, false) => self.net_changed.insert(o),
            };
        }
        if !tracking {
            return became_dirty;
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
            // The net set was empty while tracking: it takes the body offsets over.
            std::mem::swap(&mut self.net_changed, &mut self.body_changed);
            self.body_changed.clear();
            self.meta_changed.clear();
        }
        became_dirty
    }

    /// Body bytes changed since the last write (the net update size, Tabs. 1 and 11).
    pub fn net_bytes(&self) -> usize {
        self.net_changed.len() + self.body_changed.len()
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
