//! A disk-arm trace: the I/Os a baseline issued, in two streams, for the compare view (§2.2,
//! §2.3, Figs. 3, 4 and 16: the in-place scan's head pulled away by random updates, IU's
//! per-record SSD reads beside the disk scan).
//!
//! 1. A baseline records each I/O as it books it on its device: when it started and ended and
//!    where (a byte offset on that device), and which stream it belongs to. In-place: the
//!    scan's disk requests and the updates' read-modify-writes, both on the one HDD. IU: the
//!    scan's disk requests (HDD) and its per-record 4 KB reads (SSD).
//! 2. Each stream keeps its newest `ARM_TRACE_CAP` I/Os (older ones are counted as dropped), so
//!    the trace is bounded whatever the run's length.

use std::collections::VecDeque;

/// I/Os kept per stream.
pub const ARM_TRACE_CAP: usize = 2_000;

/// One I/O as its device served it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ArmIo {
    pub start_ns: u64,
    pub end_ns: u64,
    /// Byte offset on the device that served it.
    pub offset_bytes: u64,
}

/// Step 2: the newest I/Os of one stream.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ArmStream {
    pub ios: VecDeque<ArmIo>,
    /// I/Os recorded in all, kept or dropped.
    pub total: u64,
}

impl ArmStream {
    pub fn push(&mut self, start_ns: u64, end_ns: u64, offset_bytes: u64) {
        if self.ios.len() >= ARM_TRACE_CAP {
            self.ios.pop_front();
        }
        self.ios.push_back(ArmIo {
            start_ns,
            end_ns,
            offset_bytes,
        });
        self.total += 1;
    }
}

/// Step 1: both streams of one baseline, and the window of its latest scan.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ArmTrace {
    /// The scan's disk requests.
    pub scan: ArmStream,
    /// In-place: the updates' read-modify-writes on the same disk; IU: the SSD record reads.
    pub other: ArmStream,
    /// Arrival and completion of the latest scan.
    pub last_scan_ns: Option<(u64, u64)>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stream_keeps_its_newest_ios_and_counts_all() {
        let mut s = ArmStream::default();
        for i in 0..(ARM_TRACE_CAP as u64 + 5) {
            s.push(i, i + 1, i * 10);
        }
        assert_eq!(s.ios.len(), ARM_TRACE_CAP);
        assert_eq!(s.total, ARM_TRACE_CAP as u64 + 5);
        assert_eq!(s.ios.front().map(|io| io.start_ns), Some(5));
    }
}
