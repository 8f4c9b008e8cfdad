//! Append/Pack invariants (digest §5, Append/Pack), as checks over the whole state.
//!
//! 1. `map_and_reverse_map_agree`: a page mapped to a slot is that slot's page, and every valid
//!    slot's page maps back to it; buffer entries map back to their index.
//! 2. `exactly_one_copy_per_written_page`: valid slots + buffered pages = pages ever written.
//! 3. `space_accounting`: every block is free or in exactly one log; free blocks hold no valid
//!    page; each block's valid count equals its valid slots.
//! 4. `device_writes_are_whole_erase_blocks`: device pages written is a multiple of eb, and
//!    = appended + packed + pack-buffer-dead pages (write amplification accounting).

use super::layout::{AppendPack, Loc, NO_PAGE};
use crate::sim::InvariantCheck;

impl AppendPack {
    pub fn check_invariants(&self) -> Vec<InvariantCheck> {
        let eb = self.config.eb_pages;
        let mut agree = true;
        let mut written = 0u64;
        for (page, loc) in self.map.iter().enumerate() {
            let p = page as u32;
            agree &= match *loc {
                Loc::Unwritten => true,
                Loc::Slot(s) => self.slot_page[s as usize] == p,
                Loc::WriteBuf(i) => self.wbuf.get(i as usize).is_some_and(|e| e.0 == p),
                Loc::PackBuf(i) => self.pbuf.get(i as usize).is_some_and(|e| e.0 == p),
            };
            written += u64::from(*loc != Loc::Unwritten);
        }
        let mut valid_slots = 0u64;
        for (slot, &page) in self.slot_page.iter().enumerate() {
            if page != NO_PAGE {
                valid_slots += 1;
                agree &= self.map[page as usize] == Loc::Slot(slot as u32);
            }
        }
        let live_packed = self.pbuf.iter().filter(|e| e.0 != NO_PAGE).count() as u64;
        let copies = valid_slots + self.wbuf.len() as u64 + live_packed;
        let mut space = self.free.len() + self.append_log.len() + self.pack_log.len()
            == self.config.blocks as usize;
        for b in 0..self.config.blocks {
            let range = (b * eb) as usize..((b + 1) * eb) as usize;
            let valid = self.slot_page[range]
                .iter()
                .filter(|&&p| p != NO_PAGE)
                .count() as u32;
            space &= valid == self.block_valid[b as usize];
        }
        space &= self.free.iter().all(|&b| self.block_valid[b as usize] == 0);
        space &= self
            .append_log
            .iter()
            .chain(&self.pack_log)
            .all(|&b| self.block_log[b as usize].is_some());
        let c = self.counters;
        let whole = c.device_pages_written == c.appended_pages + c.packed_pages + c.pack_dead_pages
            && c.device_pages_written.is_multiple_of(u64::from(eb));
        vec![
            InvariantCheck::check("map_and_reverse_map_agree", agree, || {
                "the page map and the slots disagree".into()
            }),
            InvariantCheck::check(
                "exactly_one_copy_per_written_page",
                copies == written,
                || format!("{copies} copies of {written} written pages"),
            ),
            InvariantCheck::check("space_accounting", space, || {
                "blocks are not partitioned into free / append / pack with matching counts".into()
            }),
            InvariantCheck::check("device_writes_are_whole_erase_blocks", whole, || {
                format!(
                    "device pages {} vs appended {} + packed {} + dead {}",
                    c.device_pages_written, c.appended_pages, c.packed_pages, c.pack_dead_pages
                )
            }),
        ]
    }
}
