//! The byte layout of an IPA page (seed 004 §6.1, Fig. 4; digest §3.2 and §8 #1, #3).
//!
//! 1. An NSM slotted page of `page_bytes`: a 24-byte header at offset 0 (PageLSN at 8..16, so
//!    its low byte sits at offset 8 — the paper's ⟨10, 8⟩ metadata pair), tuples growing up from
//!    24, a slot array of 2-byte tuple offsets growing down from the delta area, free space in
//!    between.
//! 2. The delta-record area is the last `N · (1 + 3M + 3V)` bytes of the page, at the same
//!    offset on every page of a region (digest §8 #1: appends then charge the same bitlines on
//!    every wordline, App. C.2). Tuples and slots never grow into it.
//! 3. A delta record is `ctrl(1) ⟨value(1), offset(2, LE)⟩ × M body pairs, × V metadata pairs`
//!    (§6.1). Erased flash reads 0xFF, so an erased ctrl byte means "no record" and an unused
//!    pair is `FF FF FF` (offset 0xFFFF can never be a real offset); a valid record programs its
//!    ctrl byte to 0x00 (digest §8 #3). Appending a record therefore programs only bytes that
//!    are still erased: legal for ISPP, which only raises charge.
//! 4. "Metadata" bytes (tracked against V) are the header and the slot array (Shore-MT's
//!    page_header + page_footer, §6.1); everything else below the area is "body" (against M).
//!
//! `docs/FORMATS.md` (## IPA page) is the byte table of this module.

use super::error::IpaError;

pub const HEADER_BYTES: usize = 24;
pub const OFF_PAGE_ID: usize = 0;
pub const OFF_SLOT_COUNT: usize = 4;
pub const OFF_TUPLE_END: usize = 6;
pub const OFF_PAGE_LSN: usize = 8;
pub const OFF_TUPLE_BYTES: usize = 16;
pub const OFF_AREA_START: usize = 18;
pub const OFF_SCHEME_N: usize = 20;
pub const OFF_SCHEME_M: usize = 21;
pub const OFF_SCHEME_V: usize = 22;
pub const OFF_FLAGS: usize = 23;
/// Bytes per slot-array entry (a tuple offset).
pub const SLOT_BYTES: usize = 2;
/// Unprogrammed flash (charge-free cells read as ones).
pub const ERASED: u8 = 0xFF;
/// Control byte of a valid delta record: any 1→0 value works, 0x00 is the simplest.
pub const CTRL_VALID: u8 = 0x00;
/// Bytes per ⟨value, offset⟩ pair: 1-byte value, 2-byte offset (pages < 64 KB).
pub const PAIR_BYTES: usize = 3;
/// The offset of an unused pair (never a real offset: pages are < 64 KB).
pub const UNUSED_OFFSET: u16 = 0xFFFF;

/// The [N × M] scheme plus V metadata pairs per record (§6, §6.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Scheme {
    /// Delta records per page between out-of-place writes.
    pub n: usize,
    /// Body pairs per record.
    pub m: usize,
    /// Metadata pairs per record.
    pub v: usize,
}

impl Scheme {
    /// Bytes of one delta record: 1 + 3M + 3V (§6.1).
    pub fn record_bytes(&self) -> usize {
        1 + PAIR_BYTES * (self.m + self.v)
    }

    /// Bytes of the whole area: N · (1 + 3M + 3V).
    pub fn area_bytes(&self) -> usize {
        self.n * self.record_bytes()
    }

    /// The no-IPA scheme: no area at all.
    pub fn none() -> Self {
        Self { n: 0, m: 0, v: 0 }
    }
}

/// Where everything sits on a page of one region.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PageLayout {
    pub page_bytes: usize,
    pub scheme: Scheme,
    /// First byte of the delta area (= page_bytes − area_bytes).
    pub area_start: usize,
}

impl PageLayout {
    pub fn new(page_bytes: usize, scheme: Scheme) -> Result<Self, IpaError> {
        if !(64..=0xFFFF).contains(&page_bytes) {
            return Err(IpaError::PageSize { page_bytes });
        }
        let area = scheme.area_bytes();
        if area + HEADER_BYTES + 64 > page_bytes
            || scheme.n > 255
            || scheme.m > 255
            || scheme.v > 255
        {
            return Err(IpaError::SchemeTooLarge {
                n: scheme.n,
                m: scheme.m,
                v: scheme.v,
                area_bytes: area,
                page_bytes,
            });
        }
        Ok(Self {
            page_bytes,
            scheme,
            area_start: page_bytes - area,
        })
    }

    /// Offset of delta slot `slot` (0-based).
    pub fn record_offset(&self, slot: usize) -> usize {
        self.area_start + slot * self.scheme.record_bytes()
    }

    /// Space overhead of the area, as a fraction of the page (Tabs. 3 and 5).
    pub fn space_overhead(&self) -> f64 {
        self.scheme.area_bytes() as f64 / self.page_bytes as f64
    }

    /// Whether no byte of `at..at + len` is metadata (`is_metadata` of each, as one interval
    /// test: the range misses the header and the slot array).
    pub fn range_is_body(&self, at: usize, len: usize, slot_count: usize) -> bool {
        let slots_low = self.area_start.saturating_sub(slot_count * SLOT_BYTES);
        let meets_slots = at.max(slots_low) < (at + len).min(self.area_start);
        at >= HEADER_BYTES && !meets_slots
    }

    /// Whether `offset` is page metadata (header or slot array with `slot_count` slots).
    pub fn is_metadata(&self, offset: usize, slot_count: usize) -> bool {
        offset < HEADER_BYTES
            || (offset < self.area_start && offset >= self.area_start - slot_count * SLOT_BYTES)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn range_is_body_iff_no_byte_of_it_is_metadata() {
        let layout = PageLayout::new(512, Scheme { n: 2, m: 3, v: 12 }).unwrap();
        for slots in [0, 1, 2, 7, 100] {
            for at in 0..layout.page_bytes + 4 {
                for len in 1..6 {
                    let each = (at..at + len).all(|o| !layout.is_metadata(o, slots));
                    assert_eq!(
                        layout.range_is_body(at, len, slots),
                        each,
                        "{at} {len} {slots}"
                    );
                }
            }
        }
    }

    #[test]
    fn paper_example_2x3_v12_is_46_byte_records_92_byte_area_2_2_percent() {
        let layout = PageLayout::new(4096, Scheme { n: 2, m: 3, v: 12 }).unwrap();
        assert_eq!(layout.scheme.record_bytes(), 46);
        assert_eq!(layout.scheme.area_bytes(), 92);
        assert_eq!(layout.area_start, 4096 - 92);
        assert!((layout.space_overhead() * 100.0 - 2.246).abs() < 0.001);
    }

    #[test]
    fn area_that_does_not_fit_is_refused() {
        assert!(PageLayout::new(128, Scheme { n: 4, m: 20, v: 12 }).is_err());
        assert!(PageLayout::new(70_000, Scheme { n: 1, m: 1, v: 0 }).is_err());
    }
}
