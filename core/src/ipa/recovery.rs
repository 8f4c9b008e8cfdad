//! Checkpoint, crash and recovery of the IPA store (store module header, step 5; issue 10
//! "Ops and answers": every op is a committed transaction).
//!
//! 1. `checkpoint` writes back every dirty page, then truncates the log (with deferred
//!    write-backs, the truncation waits for the queue: `pending.rs`).
//! 2. `crash` loses the buffer pool and the index.
//! 3. `recover` rebuilds the index from the flash pages (deltas applied, §6.2) and redoes the
//!    log in LSN order; recovery is not affected by IPA (§6.2 "Remaining DBMS functionality").

use super::delta::apply;
use super::error::IpaError;
use super::page::NsmPage;
use super::store::IpaStore;
use super::wal::LogOp;

impl IpaStore {
    /// Writes back every dirty page, then truncates the log.
    pub fn checkpoint(&mut self) -> Result<(), IpaError> {
        if self.defer_write_backs {
            self.queue_dirty();
            self.truncate_when_drained = true;
            return self.finish_drain();
        }
        for i in 0..self.frames.len() {
            self.write_back(i)?;
        }
        self.wal.truncate();
        Ok(())
    }

    /// Loses the buffer pool and the index, then recovers from flash + log.
    pub fn crash(&mut self) -> Result<(), IpaError> {
        self.frames.clear();
        self.dirty_frames = 0;
        self.frame_of.clear();
        self.index.clear();
        self.pending.clear();
        self.truncate_when_drained = false;
        self.insert_lba = None;
        self.counters.crashes += 1;
        self.recover()
    }

    /// Recovery is one restart: its redo writes back at once even in the lab (step 6), so
    /// the redo behaves exactly as without deferral.
    fn recover(&mut self) -> Result<(), IpaError> {
        let defer = std::mem::replace(&mut self.defer_write_backs, false);
        let result = self.recover_now();
        self.defer_write_backs = defer;
        result
    }

    fn recover_now(&mut self) -> Result<(), IpaError> {
        let mut last = None;
        for lba in 0..self.ftl.logical_pages() as u32 {
            let Ok(raw) = self.ftl.peek(lba) else {
                continue;
            };
            let page = NsmPage {
                bytes: apply(&self.layout, &raw)?.image,
            };
            for (key, slot) in page.keys() {
                self.index.insert(key, (lba, slot));
            }
            last = Some(lba);
        }
        self.next_lba = last.map_or(0, |l| l + 1);
        self.insert_lba = last;
        let records = self.wal.records.clone();
        for r in records {
            match r.op {
                LogOp::Insert { key, fields } => {
                    if !self.index.contains_key(&key) {
                        self.apply_insert(r.lsn, key, &fields)?;
                    }
                }
                LogOp::Update { key, field, value } => {
                    self.apply_update(r.lsn, key, field, value)?;
                }
            }
            self.after_op()?;
        }
        Ok(())
    }
}
