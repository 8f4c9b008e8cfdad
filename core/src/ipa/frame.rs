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
//!    `track_masks` (and `track_update`, its one-field form) is step 1 with the changes as
//!    byte masks (a field's body bytes, the PageLSN's metadata bytes;
//!    `NsmPage::set_u32_at_mask`): the sets end exactly as `track` leaves them for the same
//!    offsets, because `track` is tested equal to the plain pass that inserts everything first
//!    and checks the fit once, which is what the mask forms do, one OR per word.
//! 2. `decide` is the pure flush policy: clean → skip; new, marked, or on a page that cannot
//!    take appends (NoIpa region, MSB page in odd-MLC) → out of place; else append k records.

use std::ops::ControlFlow;

use super::delta::records_needed;
use super::layout::{OFF_PAGE_LSN, PageLayout};
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

    /// This frame's allocations reused for a new page (`Frame::fresh` with `page` formatted
    /// for `lba` in place): every field as `fresh` sets it.
    pub fn renew(&mut self, layout: &PageLayout, lba: u32, fields: usize, tick: u64) {
        self.page.reformat(layout, lba, fields);
        self.lba = lba;
        self.last_use = tick;
        self.mark_written(0, false);
        (self.is_new, self.dirty) = (true, true);
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
    /// The fit is decided as if every offset had joined the delta sets first (`fits` at the
    /// end), but a set that outgrows what even the free records could hold (`Capacity`)
    /// marks the frame at once and routes the rest straight to the net set: the same sets
    /// and mark, without filling the delta sets only to empty them (a tuple insert changes
    /// about 30 bytes).
    #[must_use]
    pub fn track(&mut self, layout: &PageLayout, changed: &[usize]) -> bool {
        let became_dirty = match self.begin_change(!changed.is_empty()) {
            ControlFlow::Break(answer) => return answer,
            ControlFlow::Continue(became_dirty) => became_dirty,
        };
        let slots = self.page.slot_count();
        let mut rest = changed;
        if !self.oop {
            let free = self.free_records(layout);
            let cap = Capacity::new(&layout.scheme, free);
            let mut grew = false;
            while let Some((&o, tail)) = rest.split_first() {
                rest = tail;
                grew |= if layout.is_metadata(o, slots) {
                    self.meta_changed.insert(o)
                } else {
                    self.body_changed.insert(o)
                };
                if cap.exceeded(self.body_changed.len(), self.meta_changed.len()) {
                    self.mark_out_of_place();
                    break;
                }
            }
            if !self.oop {
                // Sets that did not grow fit as they did after the previous change; a clean
                // frame's first change is always checked.
                let fits = (!grew && !became_dirty)
                    || records_needed(
                        &layout.scheme,
                        free,
                        self.body_changed.len(),
                        self.meta_changed.len(),
                    )
                    .is_some();
                if !fits {
                    self.mark_out_of_place();
                }
                return became_dirty;
            }
        }
        for &o in rest {
            if !layout.is_metadata(o, slots) {
                self.net_changed.insert(o);
            }
        }
        became_dirty
    }

    /// Step 1 with the changes as byte masks (module header): bit j of `(at, mask)` is offset
    /// `at + j`; the `body` parts hold body bytes only (the caller checked,
    /// `PageLayout::range_is_body`) and the `meta` parts metadata only. Equal to `track` of
    /// those offsets.
    #[must_use]
    pub fn track_masks(
        &mut self,
        layout: &PageLayout,
        body: &[(usize, u8)],
        meta: &[(usize, u8)],
    ) -> bool {
        let any = body.iter().chain(meta).any(|&(_, m)| m != 0);
        let add = |set: &mut OffsetSet, parts: &[(usize, u8)]| {
            parts.iter().map(|&(at, m)| set.insert_mask(at, m)).sum()
        };
        self.track_with(layout, any, |set| add(set, body), |set| add(set, meta))
    }

    /// `track_masks` of an update: one body part (a field) and the PageLSN's metadata bytes,
    /// the PageLSN's place a constant.
    #[must_use]
    #[inline]
    pub fn track_update(&mut self, layout: &PageLayout, (at, body): (usize, u8), lsn: u8) -> bool {
        self.track_with(
            layout,
            body | lsn != 0,
            |set| set.insert_mask(at, body),
            |set| set.insert_mask(OFF_PAGE_LSN, lsn),
        )
    }

    /// The common part of the mask forms: begin, add the body parts (to the net set once
    /// marked), add the metadata parts, check the fit once if the sets grew.
    #[inline(always)]
    fn track_with(
        &mut self,
        layout: &PageLayout,
        any: bool,
        add_body: impl FnOnce(&mut OffsetSet) -> usize,
        add_meta: impl FnOnce(&mut OffsetSet) -> usize,
    ) -> bool {
        let became_dirty = match self.begin_change(any) {
            ControlFlow::Break(answer) => return answer,
            ControlFlow::Continue(became_dirty) => became_dirty,
        };
        if self.oop {
            add_body(&mut self.net_changed);
            return became_dirty;
        }
        let grew = add_body(&mut self.body_changed) + add_meta(&mut self.meta_changed) > 0;
        if grew || became_dirty {
            let free = self.free_records(layout);
            let (b, m) = (self.body_changed.len(), self.meta_changed.len());
            if records_needed(&layout.scheme, free, b, m).is_none() {
                self.mark_out_of_place();
            }
        }
        became_dirty
    }

    /// Step 1's start: a change makes the frame dirty, and out of place if it cannot append.
    /// `Break(answer)` when no offset needs classifying (no change, or a new page, which is
    /// written whole), else `Continue(became_dirty)`.
    fn begin_change(&mut self, any_change: bool) -> ControlFlow<bool, bool> {
        if !any_change {
            return ControlFlow::Break(false);
        }
        let became_dirty = !self.dirty;
        self.dirty = true;
        if self.is_new {
            return ControlFlow::Break(became_dirty);
        }
        if !self.appendable {
            self.oop = true;
        }
        ControlFlow::Continue(became_dirty)
    }

    /// The tracked changes no longer fit: marked out of place, and the net set, empty while
    /// tracking, takes the body offsets over.
    fn mark_out_of_place(&mut self) {
        self.oop = true;
        std::mem::swap(&mut self.net_changed, &mut self.body_changed);
        self.body_changed.clear();
        self.meta_changed.clear();
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
        let free = self.free_records(layout);
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

    /// Delta records the flash page can still take, N − N_E. N_E ≤ N holds: a fetch counts
    /// at most N records (`delta::apply_owned` reads N slots) and an append writes at most the
    /// free ones (`records_needed`); `writeback` asserts the sum where it writes it.
    #[inline]
    fn free_records(&self, layout: &PageLayout) -> usize {
        debug_assert!(
            self.ne <= layout.scheme.n,
            "LBA {}: {} delta records on a page of {}",
            self.lba,
            self.ne,
            layout.scheme.n
        );
        layout.scheme.n - self.ne
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

/// Upper bounds on the delta sets of a frame with `free` records left: past them no number of
/// records fits (`records_needed` is None), so `track` can mark the frame early.
struct Capacity {
    /// V = 0 ("gross"): body and metadata count together against M.
    gross: bool,
    body: usize,
    meta: usize,
}

impl Capacity {
    fn new(scheme: &super::layout::Scheme, free: usize) -> Self {
        Self {
            gross: scheme.v == 0,
            body: free.saturating_mul(scheme.m),
            meta: free.saturating_mul(scheme.v),
        }
    }

    /// k = max(1, ⌈U/M⌉) ≤ free needs U ≤ free·M, and W ≤ k·V then needs W ≤ free·V
    /// (with V = 0: U + W ≤ free·M); both sets only grow, so once exceeded, never fits.
    fn exceeded(&self, body: usize, meta: usize) -> bool {
        if self.gross {
            body + meta > self.body
        } else {
            body > self.body || meta > self.meta
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::super::layout::Scheme;
    use super::super::offsets::mask_offsets;
    use super::*;
    use crate::sim::Rng;

    /// The plain step 1: every offset into its delta set, then one fit check at the end.
    fn track_plain(f: &mut Frame, layout: &PageLayout, changed: &[usize]) -> bool {
        let became_dirty = match f.begin_change(!changed.is_empty()) {
            ControlFlow::Break(answer) => return answer,
            ControlFlow::Continue(became_dirty) => became_dirty,
        };
        let tracking = !f.oop;
        let slots = f.page.slot_count();
        for &o in changed {
            match (layout.is_metadata(o, slots), tracking) {
                (true, true) => f.meta_changed.insert(o),
                (true, false) => false,
                (false, true) => f.body_changed.insert(o),
                (false, false) => f.net_changed.insert(o),
            };
        }
        if tracking {
            let free = f.free_records(layout);
            let (body, meta) = (f.body_changed.len(), f.meta_changed.len());
            if records_needed(&layout.scheme, free, body, meta).is_none() {
                f.oop = true;
                std::mem::swap(&mut f.net_changed, &mut f.body_changed);
                f.body_changed.clear();
                f.meta_changed.clear();
            }
        }
        became_dirty
    }

    /// A fetched frame of a 512-byte page holding 10 records, for each scheme the tests cover.
    fn frames_of_several_schemes() -> Vec<(Scheme, PageLayout, Frame)> {
        let schemes = [
            Scheme { n: 2, m: 3, v: 12 },
            Scheme { n: 1, m: 6, v: 0 },
            Scheme { n: 3, m: 1, v: 2 },
            Scheme { n: 2, m: 0, v: 4 },
        ];
        schemes
            .into_iter()
            .map(|scheme| {
                let layout = PageLayout::new(512, scheme).unwrap();
                let mut page = NsmPage::format(&layout, 3, 2);
                for k in 0..10 {
                    page.insert(k, &[1, 2]).unwrap();
                }
                (scheme, layout, Frame::fetched(3, page, 0, true, 1))
            })
            .collect()
    }

    /// One time in five, both frames written alike (a write of up to one more record, or out of
    /// place), so the tests cover frames at every fill of the delta area.
    fn sometimes_write_both(rng: &mut Rng, scheme: &Scheme, frames: [&mut Frame; 2]) {
        if rng.chance(0.2) {
            let ne = (frames[0].ne + rng.below(2) as usize).min(scheme.n);
            let appendable = rng.chance(0.9);
            for f in frames {
                f.mark_written(ne, appendable);
            }
        }
    }

    /// Updates as masks (a field's bytes, the PageLSN's) on frames of several schemes, written
    /// now and then: the same frames as `track` of the same offsets.
    #[test]
    fn track_masks_equals_track_of_the_same_offsets() {
        let mut rng = Rng::new(6);
        for (scheme, layout, mut masked) in frames_of_several_schemes() {
            let fields: Vec<usize> = (0..10)
                .map(|s| masked.page.field_offset(s, 1).unwrap())
                .collect();
            let mut offsets = masked.clone();
            for _ in 0..5000 {
                let at = fields[rng.below(10) as usize];
                let body = [0, 1, 3, 0b1010, 15][rng.below(5) as usize];
                let meta = [0, 1, 1, 3, 0x81, 0xFF][rng.below(6) as usize];
                let changed: Vec<usize> = mask_offsets(at, body)
                    .chain(mask_offsets(8, meta))
                    .collect();
                let answer = if rng.chance(0.5) {
                    masked.track_masks(&layout, &[(at, body)], &[(8, meta)])
                } else {
                    masked.track_update(&layout, (at, body), meta)
                };
                assert_eq!(answer, offsets.track(&layout, &changed));
                assert_eq!(masked, offsets);
                sometimes_write_both(&mut rng, &scheme, [&mut masked, &mut offsets]);
                if rng.chance(0.01) {
                    masked.is_new = true;
                    offsets.is_new = true;
                }
            }
        }
    }

    /// A reused frame renewed for a new page equals a fresh one, whatever it held.
    #[test]
    fn a_renewed_frame_equals_a_fresh_one() {
        for (_, layout, mut used) in frames_of_several_schemes() {
            let _ = used.track(&layout, &[30, 31, 8, 400]);
            used.mark_written(1, true);
            let _ = used.track(&layout, &[40, 9]);
            used.renew(&layout, 7, 2, 99);
            assert_eq!(used, Frame::fresh(7, NsmPage::format(&layout, 7, 2), 99));
        }
    }

    #[test]
    fn capacity_exceeded_means_no_number_of_records_fits() {
        for n in 0..5 {
            for m in 0..5 {
                for v in 0..5 {
                    let scheme = Scheme { n, m, v };
                    for free in 0..=n {
                        let cap = Capacity::new(&scheme, free);
                        for body in 0..30 {
                            for meta in 0..30 {
                                if cap.exceeded(body, meta) {
                                    assert_eq!(records_needed(&scheme, free, body, meta), None);
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Random changes (updates of a few bytes, inserts of many, header and slot bytes) on
    /// frames of several schemes, written now and then: the same frames as the plain step 1.
    #[test]
    fn track_marks_and_fills_the_sets_exactly_like_the_plain_pass() {
        let mut rng = Rng::new(5);
        for (scheme, layout, mut fast) in frames_of_several_schemes() {
            let mut plain = fast.clone();
            for _ in 0..3000 {
                let len = [0, 1, 2, 3, 30][rng.below(5) as usize];
                let changed: Vec<usize> = (0..len)
                    .map(|_| rng.below(layout.area_start as u64) as usize)
                    .collect();
                assert_eq!(
                    fast.track(&layout, &changed),
                    track_plain(&mut plain, &layout, &changed)
                );
                assert_eq!(fast, plain);
                sometimes_write_both(&mut rng, &scheme, [&mut fast, &mut plain]);
            }
        }
    }
}
