//! Deferred write-backs: one page write per lab step (store module header, step 6).
//!
//! 1. The eager page cleaner and the checkpoint (§8.4, §6.2) write back every dirty page at
//!    once. In the lab that hid several appends and out-of-place writes inside one step, so with
//!    `defer_write_backs` they only queue the dirty frames' LBAs, in buffer order (`queue_dirty`).
//! 2. `write_back_next` performs the oldest queued write-back; the lab calls it once per step
//!    before it runs the next op, so the flash sees the same writes in the same order as without
//!    deferral, only spread over steps.
//! 3. A checkpoint truncates the log only when its last queued write-back is done
//!    (`finish_drain`): until then the log still covers the queued pages.

use super::error::IpaError;
use super::frame::FlushKind;
use super::store::IpaStore;

impl IpaStore {
    /// Step 1: queue every dirty frame not already queued.
    pub(super) fn queue_dirty(&mut self) {
        for i in 0..self.frames.len() {
            let lba = self.frames[i].lba;
            if self.frames[i].dirty && !self.pending.contains(&lba) {
                self.pending.push(lba);
            }
        }
    }

    /// Step 2: performs the oldest queued write-back; returns its LBA and what it did, or None
    /// when nothing is queued. A page evicted meanwhile was written back on eviction.
    pub fn write_back_next(&mut self) -> Result<Option<(u32, FlushKind)>, IpaError> {
        if self.pending.is_empty() {
            return Ok(None);
        }
        let lba = self.pending.remove(0);
        let kind = match self.frame_of.get(&lba) {
            Some(&i) => self.write_back(i)?,
            None => FlushKind::Skip,
        };
        self.finish_drain()?;
        Ok(Some((lba, kind)))
    }

    /// Step 3: a checkpoint's log truncation once its queue is empty.
    pub(super) fn finish_drain(&mut self) -> Result<(), IpaError> {
        if self.pending.is_empty() && self.truncate_when_drained {
            self.truncate_when_drained = false;
            self.wal.truncate();
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;
    use crate::ipa::config::{Eviction, StoreConfig};

    fn run(defer: bool, eviction: Eviction) -> (IpaStore, Vec<usize>) {
        let mut cfg = StoreConfig::small_slc();
        cfg.eviction = eviction;
        cfg.page_bytes = 512;
        cfg.buffer_frames = 4;
        let mut s = IpaStore::new(cfg).unwrap();
        s.defer_write_backs = defer;
        let mut per_drain = Vec::new();
        for k in 0..240u64 {
            if k % 37 == 36 {
                s.checkpoint().unwrap();
                drain(&mut s, &mut per_drain);
            }
            if k < 90 {
                s.insert(k, &[k as u32; 4]).unwrap();
            } else {
                s.update((k * 7) % 90, (k % 4) as usize, k as u32).unwrap();
            }
            drain(&mut s, &mut per_drain);
        }
        (s, per_drain)
    }

    fn drain(s: &mut IpaStore, per_drain: &mut Vec<usize>) {
        while !s.pending.is_empty() {
            let before = s.counters.write_backs;
            s.write_back_next().unwrap();
            per_drain.push((s.counters.write_backs - before) as usize);
        }
    }

    #[test]
    fn deferred_write_backs_end_in_the_same_flash_state_one_write_per_drain() {
        for eviction in [
            Eviction::NonEager,
            Eviction::Eager {
                dirty_permille: 300,
            },
        ] {
            let (now, _) = run(false, eviction);
            let (later, per_drain) = run(true, eviction);
            assert_eq!(now.ftl, later.ftl, "{eviction:?}");
            assert_eq!(now.counters, later.counters, "{eviction:?}");
            assert_eq!(now.wal, later.wal, "{eviction:?}");
            assert!(per_drain.iter().sum::<usize>() > 5, "{eviction:?}");
            assert!(
                per_drain.iter().all(|&w| w <= 1),
                "{eviction:?}: {per_drain:?}"
            );
        }
    }
}
