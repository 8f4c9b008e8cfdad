//! Recovery: a k-way merge of the device streams by start LSN [digest §2.1, choice; the paper
//! only says the layout is designed for sequential reads during recovery].
//!
//! 1. Streams: each flash device's main area is read sequentially as it lies (its start LSNs
//!    are non-decreasing, invariant 3); every other area (outlier hiding area, archive) and
//!    every HDD stream (addressed by LSN, so re-written blocks appear twice) is sorted first.
//! 2. A min-heap holds one cursor per stream, keyed by (start LSN, stream).
//! 3. Each `step` pops the smallest record: a torn record (payload ≠ header checksum) is
//!    rejected; one ending at or before the recovered end is a duplicate (a re-issue copy, a
//!    re-written partial block); one starting after the recovered end is a gap, and recovery
//!    stops there (nothing after a gap can be replayed); otherwise the recovered end advances.
//! 4. `finish`: the recovered LSN range `[0, end)` and the committed transactions whose whole
//!    commit record lies in it, in LSN order, and how many of its bytes came from the archive
//!    (with bounded flash, `archive.rs`, the log's start is only there).

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::crash::CrashImage;
use super::media::{Area, StoredRecord};

/// What one merge step did (for the view and the tests).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MergeStep {
    Extended { stream: usize, start: u64, end: u64 },
    Duplicate { stream: usize, start: u64, end: u64 },
    RejectedTorn { stream: usize, start: u64 },
    Gap { at: u64, next_start: u64 },
    Exhausted,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stream {
    pub device: usize,
    pub area: Area,
    pub records: Vec<StoredRecord>,
}

#[derive(Debug, Clone)]
pub struct Recovery {
    pub streams: Vec<Stream>,
    heap: BinaryHeap<Reverse<(u64, usize, usize)>>,
    pub recovered_end: u64,
    pub done: bool,
    pub duplicates: u64,
    pub torn_rejected: u64,
    pub stopped_at_gap: Option<u64>,
    /// Recovered bytes taken from the archival HDD's archive area.
    pub from_archive_bytes: u64,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecoveryResult {
    pub recovered: (u64, u64),
    pub committed: Vec<u64>,
    pub duplicates: u64,
    pub torn_rejected: u64,
    pub from_archive_bytes: u64,
}

impl Recovery {
    /// Steps 1–2.
    pub fn new(image: &CrashImage) -> Self {
        let mut streams = Vec::new();
        for (d, dev) in image.devices.iter().enumerate() {
            for area in [Area::Main, Area::OutlierHiding, Area::Archive] {
                let mut records: Vec<StoredRecord> = dev
                    .records
                    .iter()
                    .filter(|r| r.area == area)
                    .copied()
                    .collect();
                if records.is_empty() {
                    continue;
                }
                if !(dev.flash && area == Area::Main) {
                    records.sort_by_key(|r| r.header.start_lsn);
                }
                streams.push(Stream {
                    device: d,
                    area,
                    records,
                });
            }
        }
        let heap = streams
            .iter()
            .enumerate()
            .map(|(s, st)| Reverse((st.records[0].header.start_lsn, s, 0)))
            .collect();
        Self {
            streams,
            heap,
            recovered_end: 0,
            done: false,
            duplicates: 0,
            torn_rejected: 0,
            stopped_at_gap: None,
            from_archive_bytes: 0,
        }
    }

    /// The index of the next record stream `s` will give (its length once exhausted).
    pub fn cursor(&self, s: usize) -> usize {
        self.heap
            .iter()
            .find(|Reverse((_, stream, _))| *stream == s)
            .map_or_else(
                || self.streams.get(s).map_or(0, |st| st.records.len()),
                |Reverse((_, _, pos))| *pos,
            )
    }

    /// Step 3: one record.
    pub fn step(&mut self) -> MergeStep {
        if self.done {
            return MergeStep::Exhausted;
        }
        let Some(Reverse((start, s, pos))) = self.heap.pop() else {
            self.done = true;
            return MergeStep::Exhausted;
        };
        let record = self.streams[s].records[pos];
        if let Some(next) = self.streams[s].records.get(pos + 1) {
            self.heap.push(Reverse((next.header.start_lsn, s, pos + 1)));
        }
        let end = record.header.end_lsn();
        if !record.is_intact() {
            self.torn_rejected += 1;
            return MergeStep::RejectedTorn { stream: s, start };
        }
        if end <= self.recovered_end {
            self.duplicates += 1;
            return MergeStep::Duplicate {
                stream: s,
                start,
                end,
            };
        }
        if start > self.recovered_end {
            self.done = true;
            self.stopped_at_gap = Some(self.recovered_end);
            return MergeStep::Gap {
                at: self.recovered_end,
                next_start: start,
            };
        }
        if self.streams[s].area == Area::Archive {
            self.from_archive_bytes += end - self.recovered_end;
        }
        self.recovered_end = end;
        MergeStep::Extended {
            stream: s,
            start,
            end,
        }
    }

    /// Step 4.
    pub fn finish(mut self, image: &CrashImage) -> RecoveryResult {
        while !self.done {
            self.step();
        }
        let end = self.recovered_end;
        let n = image.layout.partition_point(|&(_, _, e)| e <= end);
        RecoveryResult {
            recovered: (0, end),
            committed: image.layout[..n].iter().map(|&(t, _, _)| t).collect(),
            duplicates: self.duplicates,
            torn_rejected: self.torn_rejected,
            from_archive_bytes: self.from_archive_bytes,
        }
    }
}

/// Recovery in one call.
pub fn recover(image: &CrashImage) -> RecoveryResult {
    Recovery::new(image).finish(image)
}
