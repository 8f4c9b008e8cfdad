//! Write-back of one buffer frame (store module header, step 3; seed 004 §6.2, §7).
//!
//! 1. The frame's `decide` says skip, append, or out of place (an append only if the page's
//!    current flash page still takes one: GC may have moved it); the net update size of an
//!    existing page joins the histogram of Tabs. 1 and 11.
//! 2. Out of place: the delta area is reset to 0xFF ("we reset the delta-record area", §6.2)
//!    and the whole image is written to a new flash page.
//! 3. Append: the tracked offsets are encoded as k delta records (`delta.rs`) and written with
//!    one `write_delta` at slot N_E of the same physical page (§7); the frame's image gets the
//!    same bytes, so it stays equal to base + deltas.

use super::delta::encode_into;
use super::error::IpaError;
use super::frame::FlushKind;
use super::layout::ERASED;
use super::store::IpaStore;
use super::trace::PageEvent;

impl IpaStore {
    /// Step 3: writes frame `i` back if dirty.
    pub fn write_back(&mut self, i: usize) -> Result<FlushKind, IpaError> {
        let mut kind = self.frames[i].decide(&self.layout);
        // Step 1: GC may have migrated the page since the frame learnt it could take appends
        // (in odd-MLC onto an MSB page, which takes none): then it goes out of place.
        if matches!(kind, FlushKind::Append { .. }) && !self.appendable(self.frames[i].lba) {
            kind = FlushKind::OutOfPlace;
        }
        let area = self.layout.area_start;
        if kind != FlushKind::Skip && !self.frames[i].is_new {
            let net = self.frames[i].net_bytes();
            self.counters.update_sizes.add(net);
        }
        match kind {
            FlushKind::Skip => return Ok(kind),
            FlushKind::OutOfPlace => {
                let frame = &mut self.frames[i];
                // "we reset the delta-record area" (§6.2): a fresh, erased area.
                frame.page.bytes[area..].fill(ERASED);
                if frame.is_new {
                    self.counters.new_page_writes += 1;
                } else {
                    self.counters.out_of_place_writes += 1;
                }
                let lba = frame.lba;
                self.ftl.write_page(lba, &self.frames[i].page.bytes)?;
                let appendable = self.appendable(lba);
                self.frames[i].mark_written(0, appendable);
                self.dirty_frames -= 1;
            }
            FlushKind::Append { records } => {
                let frame = &self.frames[i];
                let sc = &mut self.scratch;
                sc.body.clear();
                frame.body_changed.write_to(&mut sc.body);
                sc.meta.clear();
                frame.meta_changed.write_to(&mut sc.meta);
                let mut bytes = std::mem::take(&mut sc.delta);
                let image = &frame.page.bytes;
                encode_into(
                    &self.layout.scheme,
                    image,
                    &sc.body,
                    &sc.meta,
                    records,
                    &mut bytes,
                );
                let at = self.layout.record_offset(frame.ne);
                let (lba, ne) = (frame.lba, frame.ne);
                // `decide` chose at most the free records: the delta area's used part stays
                // within its N slots, and the records within the page (read by `free_records`).
                debug_assert!(
                    ne + records <= self.layout.scheme.n
                        && at + bytes.len() <= frame.page.bytes.len(),
                    "LBA {lba}: {records} records after {ne} overflow the delta area"
                );
                let written = self.ftl.write_delta(lba, at, &bytes);
                if let Err(e) = written {
                    self.scratch.delta = bytes;
                    return Err(e);
                }
                self.frames[i].page.bytes[at..at + bytes.len()].copy_from_slice(&bytes);
                self.counters.appends += 1;
                self.counters.delta_records += records as u64;
                self.counters.delta_bytes += bytes.len() as u64;
                self.scratch.delta = bytes;
                let appendable = self.appendable(lba);
                self.frames[i].mark_written(ne + records, appendable);
                self.dirty_frames -= 1;
            }
        }
        self.counters.write_backs += 1;
        let lba = self.frames[i].lba;
        self.emit(PageEvent::WriteBack { lba });
        Ok(kind)
    }
}
