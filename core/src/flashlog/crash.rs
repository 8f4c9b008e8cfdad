//! A crash at any instant: what survives on the media.
//!
//! 1. A crash happens between two events (any step boundary). Every completed write's record
//!    is on its medium.
//! 2. Every write in flight is torn: a seeded number k of its 512 B sectors, 0 ≤ k ≤ all,
//!    reached the medium in order [choice]. k = all is a write that finished but whose
//!    completion was not yet seen: durable, never acknowledged. Otherwise the record's payload
//!    does not match its header checksum and recovery will reject it.
//! 3. The ideal disk's cache is volatile: acknowledged bytes not yet destaged are lost.
//! 4. The image also carries, apart from the media, what an oracle needs to judge recovery:
//!    the commit records' layout in the log (what parsing the bytes would give) and which
//!    commits were acknowledged before the crash.

use super::devices::DeviceKind;
use super::media::{LOG_BLOCK_BYTES, StoredRecord, sectors_of};
use super::sim::{FlashLogSim, Purpose};
use crate::sim::Rng;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeviceImage {
    pub device: String,
    /// The device is flash: its main area must already be in LSN order.
    pub flash: bool,
    pub records: Vec<StoredRecord>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CrashImage {
    pub crash_ns: u64,
    pub devices: Vec<DeviceImage>,
    /// (txn id, start LSN, end LSN) of every commit record, in LSN order.
    pub layout: Vec<(u64, u64, u64)>,
    /// Acknowledged transactions (the oracle's side, not used by recovery).
    pub acked: Vec<u64>,
    pub acked_end_lsn: u64,
    pub generated_lsn: u64,
    pub torn_writes: u64,
}

impl FlashLogSim {
    /// Steps 1–4, with `rng` deciding how much of each in-flight write persisted.
    pub fn crash(&self, rng: &mut Rng) -> CrashImage {
        let mut devices: Vec<DeviceImage> = self
            .devices
            .iter()
            .map(|d| DeviceImage {
                device: d.name.clone(),
                flash: d.is_flash(),
                records: d.media.clone(),
            })
            .collect();
        let mut torn_writes = 0;
        for (i, d) in self.devices.iter().enumerate() {
            let destaging = match d.kind {
                DeviceKind::WriteCacheHdd { destaging, .. } => destaging,
                _ => None,
            };
            for id in [d.busy, destaging].into_iter().flatten() {
                let r = self.requests[id];
                if r.purpose == Purpose::CacheAck {
                    continue; // Step 3: only ever in the volatile cache.
                }
                let sectors = sectors_of(r.start_lsn, r.end_lsn);
                let k = rng.below(sectors + 1);
                let persisted = (k * LOG_BLOCK_BYTES).min(r.end_lsn - r.start_lsn);
                if persisted > 0 {
                    torn_writes += u64::from(persisted < r.end_lsn - r.start_lsn);
                    devices[i].records.push(StoredRecord::torn(
                        r.start_lsn,
                        r.end_lsn,
                        r.area,
                        persisted,
                        self.now_ns(),
                    ));
                }
            }
        }
        let acked_count = self.txns.len() - self.waiting.len();
        CrashImage {
            crash_ns: self.now_ns(),
            devices,
            layout: self
                .txns
                .iter()
                .map(|t| (t.id, t.start_lsn, t.end_lsn))
                .collect(),
            acked: self.txns[..acked_count].iter().map(|t| t.id).collect(),
            acked_end_lsn: self.acked_end_lsn(),
            generated_lsn: self.next_lsn,
            torn_writes,
        }
    }
}
