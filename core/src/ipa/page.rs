//! The NSM slotted page (seed 004 §6.1; digest §3.2) holding fixed-schema records.
//!
//! 1. `format` writes the header, leaves the body and slot array empty (free bytes 0xFF, like
//!    the erased delta area) and stamps the scheme into the header.
//! 2. `insert` places a tuple `key(u64 LE) field_0..field_{F−1}(u32 LE)` at `tuple_end`, and
//!    a 2-byte slot pointing at it just below the previous slot, growing down from the delta
//!    area; refused when tuples and slots would meet (the area is never free space).
//! 3. `write_bytes` is the one mutator: it changes bytes in place and returns the offsets whose
//!    value really changed (byte granularity, §6.1 example: only A7's low byte changes), which
//!    the buffer frame tracks as body or metadata changes.
//! 4. `set_lsn` writes the PageLSN; usually only its low byte changes (⟨10, 8⟩ in §6.1).

use super::error::IpaError;
use super::layout::{
    ERASED, HEADER_BYTES, OFF_AREA_START, OFF_FLAGS, OFF_PAGE_ID, OFF_PAGE_LSN, OFF_SCHEME_M,
    OFF_SCHEME_N, OFF_SCHEME_V, OFF_SLOT_COUNT, OFF_TUPLE_BYTES, OFF_TUPLE_END, PageLayout,
    SLOT_BYTES,
};
use super::offsets::MaskParts;

/// Bytes of a tuple with `fields` u32 fields after its u64 key.
pub fn tuple_bytes(fields: usize) -> usize {
    8 + 4 * fields
}

fn u16_at(bytes: &[u8], off: usize) -> usize {
    usize::from(u16::from_le_bytes([bytes[off], bytes[off + 1]]))
}

/// A page image in memory (what the buffer holds, or a flash page with deltas applied).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NsmPage {
    pub bytes: Vec<u8>,
}

impl NsmPage {
    /// An empty formatted page.
    pub fn format(layout: &PageLayout, page_id: u32, fields: usize) -> Self {
        let mut page = Self { bytes: Vec::new() };
        page.reformat(layout, page_id, fields);
        page
    }

    /// `format` into this page's allocation (a buffer frame reused for a new page).
    pub fn reformat(&mut self, layout: &PageLayout, page_id: u32, fields: usize) {
        let bytes = &mut self.bytes;
        bytes.clear();
        bytes.resize(layout.page_bytes, ERASED);
        bytes[..HEADER_BYTES].fill(0);
        bytes[OFF_PAGE_ID..OFF_PAGE_ID + 4].copy_from_slice(&page_id.to_le_bytes());
        let le16 = |v: usize| (v as u16).to_le_bytes();
        bytes[OFF_SLOT_COUNT..OFF_SLOT_COUNT + 2].copy_from_slice(&le16(0));
        bytes[OFF_TUPLE_END..OFF_TUPLE_END + 2].copy_from_slice(&le16(HEADER_BYTES));
        bytes[OFF_TUPLE_BYTES..OFF_TUPLE_BYTES + 2].copy_from_slice(&le16(tuple_bytes(fields)));
        bytes[OFF_AREA_START..OFF_AREA_START + 2].copy_from_slice(&le16(layout.area_start));
        bytes[OFF_SCHEME_N] = layout.scheme.n as u8;
        bytes[OFF_SCHEME_M] = layout.scheme.m as u8;
        bytes[OFF_SCHEME_V] = layout.scheme.v as u8;
        bytes[OFF_FLAGS] = 0;
    }

    pub fn page_id(&self) -> u32 {
        u32::from_le_bytes([self.bytes[0], self.bytes[1], self.bytes[2], self.bytes[3]])
    }

    pub fn slot_count(&self) -> usize {
        u16_at(&self.bytes, OFF_SLOT_COUNT)
    }

    pub fn tuple_end(&self) -> usize {
        u16_at(&self.bytes, OFF_TUPLE_END)
    }

    pub fn tuple_bytes(&self) -> usize {
        u16_at(&self.bytes, OFF_TUPLE_BYTES)
    }

    pub fn area_start(&self) -> usize {
        u16_at(&self.bytes, OFF_AREA_START)
    }

    pub fn page_lsn(&self) -> u64 {
        let mut b = [0u8; 8];
        b.copy_from_slice(&self.bytes[OFF_PAGE_LSN..OFF_PAGE_LSN + 8]);
        u64::from_le_bytes(b)
    }

    fn slot_offset(&self, slot: usize) -> usize {
        self.area_start() - (slot + 1) * SLOT_BYTES
    }

    /// Byte offset of the tuple in `slot`.
    pub fn tuple_offset(&self, slot: usize) -> Result<usize, IpaError> {
        if slot >= self.slot_count() {
            return Err(IpaError::NoSuchSlot {
                page_id: self.page_id(),
                slot,
            });
        }
        Ok(u16_at(&self.bytes, self.slot_offset(slot)))
    }

    /// Free bytes between the tuples and the slot array.
    pub fn free_bytes(&self) -> usize {
        let slots_low = self.area_start() - self.slot_count() * SLOT_BYTES;
        slots_low.saturating_sub(self.tuple_end())
    }

    /// Whether another tuple (plus its slot) fits.
    pub fn has_room(&self) -> bool {
        self.free_bytes() >= self.tuple_bytes() + SLOT_BYTES
    }

    /// Changes `new.len()` bytes at `off`; returns the offsets whose value changed.
    pub fn write_bytes(&mut self, off: usize, new: &[u8]) -> Vec<usize> {
        let mut changed = Vec::new();
        self.write_bytes_into(off, new, &mut changed);
        changed
    }

    /// `write_bytes`, appending the changed offsets to `changed` (a buffer the caller reuses).
    pub fn write_bytes_into(&mut self, off: usize, new: &[u8], changed: &mut Vec<usize>) {
        for (k, &b) in new.iter().enumerate() {
            if self.bytes[off + k] != b {
                self.bytes[off + k] = b;
                changed.push(off + k);
            }
        }
    }

    /// `write_bytes_into` of the `len` (≤ 8) little-endian bytes of `value`, one XOR instead
    /// of a byte loop: the changed offsets are the non-zero bytes of old ^ new, pushed in
    /// rising order (the same list `write_bytes_into` would push).
    fn write_le_into(&mut self, off: usize, value: u64, len: usize, changed: &mut Vec<usize>) {
        let mut old = [0u8; 8];
        old[..len].copy_from_slice(&self.bytes[off..off + len]);
        let mut diff = u64::from_le_bytes(old) ^ value;
        if diff == 0 {
            return;
        }
        self.bytes[off..off + len].copy_from_slice(&value.to_le_bytes()[..len]);
        while diff != 0 {
            let byte = diff.trailing_zeros() as usize / 8;
            changed.push(off + byte);
            diff &= !(0xFF << (8 * byte));
        }
    }

    /// Appends a tuple; returns its slot and the changed offsets.
    pub fn insert(&mut self, key: u64, fields: &[u32]) -> Result<(usize, Vec<usize>), IpaError> {
        let mut changed = Vec::new();
        let slot = self.insert_into(key, fields, &mut changed)?;
        Ok((slot, changed))
    }

    /// `insert`, appending the changed offsets to `changed`.
    pub fn insert_into(
        &mut self,
        key: u64,
        fields: &[u32],
        changed: &mut Vec<usize>,
    ) -> Result<usize, IpaError> {
        let (slot, at, size) = self.insert_place(fields)?;
        self.write_bytes_into(at, &key.to_le_bytes(), changed);
        for (i, f) in fields.iter().enumerate() {
            self.write_bytes_into(at + 8 + 4 * i, &f.to_le_bytes(), changed);
        }
        let slot_at = self.slot_offset(slot);
        self.write_bytes_into(slot_at, &(at as u16).to_le_bytes(), changed);
        let end = ((at + size) as u16).to_le_bytes();
        self.write_bytes_into(OFF_TUPLE_END, &end, changed);
        let count = ((slot + 1) as u16).to_le_bytes();
        self.write_bytes_into(OFF_SLOT_COUNT, &count, changed);
        Ok(slot)
    }

    /// `insert_into` answering byte masks (`set_u32_at_mask`): the tuple's changed bytes in
    /// `body`, the slot's and the header's in `meta` (both cleared first).
    pub fn insert_masks(
        &mut self,
        key: u64,
        fields: &[u32],
        (body, meta): (&mut MaskParts, &mut MaskParts),
    ) -> Result<usize, IpaError> {
        let (slot, at, size) = self.insert_place(fields)?;
        body.clear();
        meta.clear();
        body.push((at, self.write_le_mask(at, key, 8)));
        for (i, &f) in fields.iter().enumerate() {
            let o = at + 8 + 4 * i;
            body.push((o, self.write_le_mask(o, u64::from(f), 4)));
        }
        let slot_at = self.slot_offset(slot);
        meta.push((slot_at, self.write_le_mask(slot_at, at as u64, 2)));
        let end = (at + size) as u64;
        meta.push((OFF_TUPLE_END, self.write_le_mask(OFF_TUPLE_END, end, 2)));
        let count = (slot + 1) as u64;
        meta.push((OFF_SLOT_COUNT, self.write_le_mask(OFF_SLOT_COUNT, count, 2)));
        Ok(slot)
    }

    /// Where the next tuple goes: (slot, byte offset, tuple bytes), or why it cannot.
    fn insert_place(&self, fields: &[u32]) -> Result<(usize, usize, usize), IpaError> {
        let size = self.tuple_bytes();
        if size != tuple_bytes(fields.len()) || !self.has_room() {
            return Err(IpaError::PageFull {
                page_id: self.page_id(),
                tuple_bytes: size,
            });
        }
        Ok((self.slot_count(), self.tuple_end(), size))
    }

    /// Key and fields of the tuple in `slot`.
    pub fn read(&self, slot: usize) -> Result<(u64, Vec<u32>), IpaError> {
        let at = self.tuple_offset(slot)?;
        let mut k = [0u8; 8];
        k.copy_from_slice(&self.bytes[at..at + 8]);
        let fields = (self.tuple_bytes() - 8) / 4;
        let vals = (0..fields)
            .map(|i| {
                let o = at + 8 + 4 * i;
                u32::from_le_bytes([
                    self.bytes[o],
                    self.bytes[o + 1],
                    self.bytes[o + 2],
                    self.bytes[o + 3],
                ])
            })
            .collect();
        Ok((u64::from_le_bytes(k), vals))
    }

    /// Sets field `field` of the tuple in `slot`; returns the changed offsets.
    pub fn set_field(
        &mut self,
        slot: usize,
        field: usize,
        value: u32,
    ) -> Result<Vec<usize>, IpaError> {
        let mut changed = Vec::new();
        let at = self.field_offset(slot, field)?;
        self.set_u32_at_into(at, value, &mut changed);
        Ok(changed)
    }

    /// Byte offset of field `field` of the tuple in `slot`.
    pub fn field_offset(&self, slot: usize, field: usize) -> Result<usize, IpaError> {
        let fields = (self.tuple_bytes() - 8) / 4;
        if field >= fields {
            return Err(IpaError::FieldOutOfRange { field, fields });
        }
        Ok(self.tuple_offset(slot)? + 8 + 4 * field)
    }

    /// Sets the u32 at a field's byte offset (`field_offset`, computed once per op), appending
    /// the changed offsets to `changed`.
    pub fn set_u32_at_into(&mut self, at: usize, value: u32, changed: &mut Vec<usize>) {
        self.write_le_into(at, u64::from(value), 4, changed);
    }

    /// `set_u32_at_into` answering a byte mask instead of offsets: bit j set when byte `at + j`
    /// changed (`OffsetSet::insert_mask`; an update's path, no offset list).
    pub fn set_u32_at_mask(&mut self, at: usize, value: u32) -> u8 {
        self.write_le_mask(at, u64::from(value), 4)
    }

    /// `set_lsn_into` answering a byte mask at `OFF_PAGE_LSN` (as `set_u32_at_mask`).
    pub fn set_lsn_mask(&mut self, lsn: u64) -> u8 {
        self.write_le_mask(OFF_PAGE_LSN, lsn, 8)
    }

    /// `write_le_into` answering the changed bytes as a mask: the non-zero bytes of old ^ new,
    /// found without a loop (each byte's high bit set iff the byte is non-zero, then the eight
    /// high bits gathered into one byte by a multiply).
    fn write_le_mask(&mut self, off: usize, value: u64, len: usize) -> u8 {
        let mut old = [0u8; 8];
        old[..len].copy_from_slice(&self.bytes[off..off + len]);
        let diff = u64::from_le_bytes(old) ^ value;
        if diff == 0 {
            return 0;
        }
        self.bytes[off..off + len].copy_from_slice(&value.to_le_bytes()[..len]);
        const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
        let nonzero = ((diff & LOW7).wrapping_add(LOW7) | diff) & !LOW7;
        (nonzero.wrapping_mul(0x0002_0408_1020_4081) >> 56) as u8
    }

    /// The little-endian u32 at byte offset `o` (a field, at its `field_offset`).
    pub fn u32_at(&self, o: usize) -> u32 {
        let b = &self.bytes;
        u32::from_le_bytes([b[o], b[o + 1], b[o + 2], b[o + 3]])
    }

    /// Sets the PageLSN; returns the changed offsets (usually just the low byte, offset 8).
    pub fn set_lsn(&mut self, lsn: u64) -> Vec<usize> {
        let mut changed = Vec::new();
        self.set_lsn_into(lsn, &mut changed);
        changed
    }

    /// `set_lsn`, appending the changed offsets to `changed`.
    pub fn set_lsn_into(&mut self, lsn: u64, changed: &mut Vec<usize>) {
        self.write_le_into(OFF_PAGE_LSN, lsn, 8, changed);
    }

    /// Every (key, slot) on the page.
    pub fn keys(&self) -> Vec<(u64, usize)> {
        (0..self.slot_count())
            .filter_map(|s| self.read(s).ok().map(|(k, _)| (k, s)))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::super::layout::Scheme;
    use super::super::offsets::mask_offsets;
    use super::*;

    /// Two equal empty 512-byte pages of `fields`-field records, one for each form under test.
    fn twin_pages(fields: usize) -> (NsmPage, NsmPage) {
        let layout = PageLayout::new(512, Scheme { n: 2, m: 3, v: 12 }).unwrap();
        let page = NsmPage::format(&layout, 1, fields);
        (page.clone(), page)
    }

    /// `insert_masks` changes the same bytes as `insert_into`, names the same offsets, and
    /// refuses the same inserts.
    #[test]
    fn insert_masks_equals_insert_into() {
        let (mut a, mut b) = twin_pages(3);
        let mut rng = crate::sim::Rng::new(10);
        let (mut body, mut meta) = (Vec::new(), Vec::new());
        let mut refused = 0;
        for k in 0..40u64 {
            let fields: Vec<u32> = (0..3).map(|_| rng.below(1 << 32) as u32).collect();
            let key = if rng.chance(0.3) {
                k
            } else {
                rng.below(u64::MAX)
            };
            let mut changed = Vec::new();
            let slot_b = b.insert_into(key, &fields, &mut changed);
            let slot_a = a.insert_masks(key, &fields, (&mut body, &mut meta));
            assert_eq!(slot_a, slot_b);
            refused += usize::from(slot_a.is_err());
            let mut named: Vec<usize> = body
                .iter()
                .chain(&meta)
                .flat_map(|&(at, m)| mask_offsets(at, m))
                .collect();
            named.sort_unstable();
            changed.sort_unstable();
            if slot_a.is_ok() {
                assert_eq!(named, changed);
            }
            assert_eq!(a, b);
        }
        assert!(refused > 0, "the page filled up");
    }

    /// The mask forms change the same bytes as the offset forms and name the same offsets.
    #[test]
    fn mask_writes_equal_offset_writes() {
        let (mut a, mut b) = twin_pages(2);
        let mut rng = crate::sim::Rng::new(9);
        let as_offsets = |at: usize, mask: u8| -> Vec<usize> { mask_offsets(at, mask).collect() };
        for _ in 0..20_000 {
            // Values near the old ones as well as random ones: single-byte changes are common.
            let at = HEADER_BYTES + rng.below(400) as usize;
            let old = u64::from(a.u32_at(at));
            let value = if rng.chance(0.5) {
                old ^ (1 << rng.below(32))
            } else {
                rng.below(1 << 32)
            };
            let mut changed = Vec::new();
            b.set_u32_at_into(at, value as u32, &mut changed);
            assert_eq!(as_offsets(at, a.set_u32_at_mask(at, value as u32)), changed);
            let lsn = if rng.chance(0.5) {
                a.page_lsn() + 1
            } else {
                rng.below(u64::MAX)
            };
            changed.clear();
            b.set_lsn_into(lsn, &mut changed);
            assert_eq!(as_offsets(OFF_PAGE_LSN, a.set_lsn_mask(lsn)), changed);
            assert_eq!(a, b);
        }
    }

    #[test]
    fn insert_read_update_round_trip_and_lsn_low_byte_at_offset_8() {
        let layout = PageLayout::new(512, Scheme { n: 2, m: 3, v: 12 }).unwrap();
        let mut page = NsmPage::format(&layout, 7, 3);
        let (slot, _) = page.insert(42, &[9, 7, 1]).unwrap();
        assert_eq!(page.read(slot).unwrap(), (42, vec![9, 7, 1]));
        let changed = page.set_field(slot, 0, 3).unwrap();
        assert_eq!(changed.len(), 1, "only A7's low byte changes");
        assert_eq!(page.set_lsn(10), vec![8]);
        assert_eq!(page.page_lsn(), 10);
        assert_eq!(page.read(slot).unwrap(), (42, vec![3, 7, 1]));
    }

    #[test]
    fn word_writes_change_and_report_exactly_like_the_byte_loop() {
        let layout = PageLayout::new(256, Scheme { n: 2, m: 3, v: 4 }).unwrap();
        let mut rng = crate::sim::Rng::new(3);
        let (mut fast, mut plain) = (
            NsmPage::format(&layout, 1, 2),
            NsmPage::format(&layout, 1, 2),
        );
        for _ in 0..5000 {
            let len = [4, 8][rng.below(2) as usize];
            let off = rng.below(200) as usize;
            // Values near the current one (few bytes differ) and random ones.
            let mut cur = [0u8; 8];
            cur[..len].copy_from_slice(&plain.bytes[off..off + len]);
            let value = match rng.below(3) {
                0 => u64::from_le_bytes(cur),
                1 => u64::from_le_bytes(cur) ^ (1 << rng.below(8 * len as u64)),
                _ => rng.below(u64::MAX),
            } & (u64::MAX >> (64 - 8 * len));
            let (mut a, mut b) = (vec![7], vec![7]);
            fast.write_le_into(off, value, len, &mut a);
            plain.write_bytes_into(off, &value.to_le_bytes()[..len], &mut b);
            assert_eq!(a, b);
            assert_eq!(fast, plain);
        }
    }

    #[test]
    fn tuples_and_slots_never_reach_the_delta_area() {
        let layout = PageLayout::new(256, Scheme { n: 2, m: 3, v: 4 }).unwrap();
        let mut page = NsmPage::format(&layout, 1, 2);
        let mut key = 0;
        while page.insert(key, &[1, 2]).is_ok() {
            key += 1;
        }
        assert!(key > 0);
        let slots_low = layout.area_start - page.slot_count() * SLOT_BYTES;
        assert!(page.tuple_end() <= slots_low);
        assert!(page.bytes[layout.area_start..].iter().all(|&b| b == ERASED));
    }
}
