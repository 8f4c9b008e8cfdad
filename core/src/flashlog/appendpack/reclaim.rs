//! Reclaiming a block (layout step 3), and crash-safe packing (opt-in, `set_crash_safe`).
//!
//! 1. `take_victim`: the policy's tail leaves its log and is counted; `erase` clears a victim's
//!    slots and headers and frees it (a device operation a power cut can hit).
//! 2. Crash-safe packing [extension, what `core/tests/append_pack_recovery.rs` asks for; the
//!    paper's layout, which the labs model, packs through a volatile buffer]: a victim is
//!    erased only once everything it holds that recovery may need is on the device elsewhere.
//!    (a) Each valid page is written at once at the next slot of the pack log's open head block
//!    (`DeviceOp::WritePage`: packing stays sequential, page by page instead of a chunk at a
//!    time). (b) A slot that is no longer valid because its page was re-written into the
//!    volatile write buffer, but that still holds the page's newest copy on the device, is
//!    written too, as a dead slot, so the last acknowledged version survives until the new
//!    one's chunk is written (whose higher sequence number then wins at recovery).
//! 3. Space: the write path keeps one free block in reserve for the head; a step opens at most
//!    one head block (a victim has at most eb slots to move) and frees its victim. The open
//!    head is never itself a victim. Accounting: an opened head counts eb device pages, all
//!    dead until a valid page fills a slot, so device = appended + packed + dead holds.

use super::super::error::FlashLogError;
use super::layout::{AppendPack, DeviceOp, Loc, LogId, NO_PAGE, NO_VERSION};
use super::policy::choose_victim;

impl AppendPack {
    /// Turns crash-safe packing on (step 2); call before the first write.
    pub fn set_crash_safe(&mut self) {
        self.crash_safe = true;
        self.durable_slot = vec![NO_PAGE; self.config.logical_pages as usize];
    }

    /// Step 1: layout step 3's victim (`policy.rs`), taken out of its log and counted. A crash-safe layout
    /// never takes the pack log's open head block.
    pub(super) fn take_victim(&mut self) -> Result<u32, FlashLogError> {
        let open_head = self.pack_head.map(|(b, _)| b);
        let pack_tail = self
            .tail(LogId::Pack)
            .filter(|_| open_head.is_none() || self.pack_log.front().copied() != open_head);
        let victim_log =
            choose_victim(self.tail(LogId::Append), pack_tail).ok_or(FlashLogError::DeviceFull)?;
        let block = match victim_log {
            LogId::Append => self.append_log.pop_front(),
            LogId::Pack => self.pack_log.pop_front(),
        }
        .ok_or(FlashLogError::DeviceFull)?;
        self.counters.pack_steps += 1;
        let valid = u64::from(self.block_valid[block as usize]);
        self.counters.victim_valid_pages += valid;
        if victim_log == LogId::Append {
            self.counters.append_victims += 1;
            self.counters.append_victim_valid_pages += valid;
        }
        Ok(block)
    }

    /// Erases an emptied victim (its slots and headers) and frees it.
    pub(super) fn erase(&mut self, block: u32) -> Result<(), FlashLogError> {
        let eb = self.config.eb_pages;
        self.spend_power(None)?;
        for slot in block * eb..(block + 1) * eb {
            self.slot_version[slot as usize] = NO_VERSION;
            self.oob_page[slot as usize] = NO_PAGE;
            self.oob_seq[slot as usize] = 0;
            self.oob_log[slot as usize] = None;
        }
        self.block_valid[block as usize] = 0;
        self.block_log[block as usize] = None;
        self.free.push_back(block);
        self.counters.erases += 1;
        self.ops.push(DeviceOp::Erase { block });
        Ok(())
    }

    /// Step 2: one reclaimed block, every page it must keep written before its erase.
    pub(super) fn pack_step_crash_safe(&mut self) -> Result<(), FlashLogError> {
        let block = self.take_victim()?;
        let eb = self.config.eb_pages;
        for slot in block * eb..(block + 1) * eb {
            let page = self.slot_page[slot as usize];
            let live = page != NO_PAGE;
            let page = if live {
                page
            } else {
                self.oob_page[slot as usize]
            };
            if !live && self.durable_slot.get(page as usize) != Some(&slot) {
                continue;
            }
            self.ops.push(DeviceOp::ReadPage { slot });
            if live {
                self.counters.pack_reads += 1;
                self.slot_page[slot as usize] = NO_PAGE;
            }
            self.pack_page(page, self.slot_version[slot as usize], live)?;
        }
        self.erase(block)
    }

    /// Step 2: one page at the pack log's head (opening a head block when needed).
    fn pack_page(&mut self, page: u32, version: u32, live: bool) -> Result<(), FlashLogError> {
        let eb = self.config.eb_pages;
        let (block, next) = match self.pack_head {
            Some((b, next)) if next < eb => (b, next),
            _ => {
                let b = self.free.pop_front().ok_or(FlashLogError::DeviceFull)?;
                self.block_log[b as usize] = Some(LogId::Pack);
                self.pack_log.push_back(b);
                self.counters.device_pages_written += u64::from(eb);
                self.counters.pack_dead_pages += u64::from(eb);
                (b, 0)
            }
        };
        self.pack_head = Some((block, next));
        self.spend_power(None)?;
        let slot = block * eb + next;
        let s = slot as usize;
        self.chunk_seq += 1;
        self.oob_page[s] = page;
        self.oob_seq[s] = self.chunk_seq;
        self.oob_log[s] = Some(LogId::Pack);
        self.slot_version[s] = version;
        self.durable_slot[page as usize] = slot;
        if live {
            self.slot_page[s] = page;
            self.map[page as usize] = Loc::Slot(slot);
            self.block_valid[block as usize] += 1;
            self.counters.packed_pages += 1;
            self.counters.pack_dead_pages -= 1;
        }
        self.pack_head = Some((block, next + 1));
        self.ops.push(DeviceOp::WritePage { slot });
        Ok(())
    }
}
