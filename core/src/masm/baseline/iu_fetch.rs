//! IU's SSD reads during a range scan, as the merge consumes records (§2.3, Fig. 5b, §5.2).
//!
//! 1. The merge walks the relevant cached updates in key order. An update can be fetched once
//!    the disk request holding its key has arrived (`available_ns`): before that the merge has
//!    not reached it.
//! 2. Reads are issued in that order, at most `queue_depth` outstanding: a read takes a slot when
//!    issued and gives it back when the merge has consumed its record, so the next read waits for
//!    the record `queue_depth` places earlier.
//! 3. The merge consumes records in order: a record is consumed when its read is done and every
//!    earlier record was consumed. An update whose page is in memory (LRU or tail page) needs no
//!    read and is consumed as soon as its key has arrived.
//! 4. The scan's merge ends when the last record is consumed.

use std::collections::VecDeque;

/// The queue of one scan's outstanding SSD reads.
#[derive(Debug, Clone)]
pub struct FetchQueue {
    queue_depth: usize,
    /// Consume times of the reads still holding a slot, oldest first.
    slots: VecDeque<u64>,
    last_issue_ns: u64,
    consumed_ns: u64,
    /// Issue and completion time of every read, in order (the per-record trace).
    pub reads: Vec<(u64, u64)>,
}

impl FetchQueue {
    /// A queue for a scan starting at `start_ns` with `queue_depth` (≥ 1) reads outstanding.
    pub fn new(queue_depth: u64, start_ns: u64) -> Self {
        let queue_depth = usize::try_from(queue_depth.max(1)).unwrap_or(usize::MAX);
        Self {
            queue_depth,
            slots: VecDeque::with_capacity(queue_depth.min(64)),
            last_issue_ns: start_ns,
            consumed_ns: start_ns,
            reads: Vec::new(),
        }
    }

    /// Step 3: a record whose update is already in memory.
    pub fn in_memory(&mut self, available_ns: u64) {
        self.consumed_ns = self.consumed_ns.max(available_ns);
    }

    /// Steps 1 and 2: when the next read, its key arrived at `available_ns`, would be issued.
    pub fn issue_ns(&self, available_ns: u64) -> u64 {
        let issue_ns = available_ns.max(self.last_issue_ns);
        match self.slots.front() {
            Some(&freed_ns) if self.slots.len() >= self.queue_depth => issue_ns.max(freed_ns),
            _ => issue_ns,
        }
    }

    /// Steps 1–3: one SSD read; `read(issue_ns)` books it on the device and returns its end.
    pub fn read(&mut self, available_ns: u64, read: impl FnOnce(u64) -> u64) {
        let issue_ns = self.issue_ns(available_ns);
        if self.slots.len() >= self.queue_depth {
            self.slots.pop_front();
        }
        let end_ns = read(issue_ns).max(issue_ns);
        self.last_issue_ns = issue_ns;
        self.consumed_ns = self.consumed_ns.max(end_ns);
        self.slots.push_back(self.consumed_ns);
        self.reads.push((issue_ns, end_ns));
    }

    /// Step 4: when the merge has consumed every record so far.
    pub fn consumed_ns(&self) -> u64 {
        self.consumed_ns
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn depth_one_serialises_the_reads() {
        let mut q = FetchQueue::new(1, 0);
        for _ in 0..4 {
            q.read(0, |t| t + 100);
        }
        assert_eq!(q.consumed_ns(), 400);
    }

    #[test]
    fn depth_four_overlaps_four_reads() {
        let mut q = FetchQueue::new(4, 0);
        for _ in 0..8 {
            q.read(0, |t| t + 100);
        }
        assert_eq!(q.consumed_ns(), 200);
    }

    #[test]
    fn a_read_waits_for_its_record_to_arrive_from_the_disk() {
        let mut q = FetchQueue::new(8, 0);
        q.read(500, |t| t + 100);
        q.in_memory(900);
        assert_eq!(q.reads, vec![(500, 600)]);
        assert_eq!(q.consumed_ns(), 900);
    }
}
