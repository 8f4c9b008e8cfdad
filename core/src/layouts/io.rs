//! The request stream of a scan: one read-ahead stream per file, device queues, the I/O
//! scheduler and the seek counter (paper §4.2 engine, §5.1.1 blktrace seeks; digest §4.5 loop).
//!
//! 1. A stream reads one file (the NSM/PAX file, one DSM column file, or an index) in I/O units
//!    of 128 KB. It holds the ascending list of units it needs: all of them for a full read, or
//!    only the units holding qualifying positions (later DSM columns, index scans).
//! 2. Read-ahead, as Linux's asynchronous read-ahead: the first window (D / unit units) is issued
//!    at the start; when the consumer enters the last issued window, the next window is issued.
//!    So a stream keeps between one and two windows ahead of its consumer.
//! 3. Each stream's file sits on the device in fragments (ext2 block groups) separated by
//!    metadata gaps (`settings.rs` item 4); `device_offset` maps a file byte to a device byte.
//! 4. Issued requests wait in their device's queue. The scheduler is a pure policy over the
//!    queue snapshot (`pick`): NOOP takes the oldest; CFQ-like serves the active query's
//!    requests in ascending LBA from the head (one elevator sweep), switching query round-robin
//!    when its 100 ms slice (timed from its first completion, `dispatch.rs` item 3) ends or its
//!    queue stays empty past the 8 ms idle window.
//! 5. A disk serves one request at a time; an SSD accepts up to the queue depth at once (its
//!    timing model books channels and dies per page).
//! 6. A dispatched request is a seek if it starts ≥ 63 sectors away from where the previous
//!    request on that device ended (§5.1.1).

use super::settings::{SEEK_THRESHOLD_BYTES, Scheduler};

/// Whose stream it is and where its file starts on which device.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StreamOwner {
    pub query: usize,
    pub file: usize,
    pub device: usize,
    pub device_base: u64,
}

/// One file read as a sequence of I/O units.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stream {
    pub query: usize,
    /// The query's file index (`usize::MAX` for the index file).
    pub file: usize,
    pub device: usize,
    /// Device byte of file byte 0.
    pub device_base: u64,
    /// On-device bytes of one logical page (compressed pages are smaller).
    pub io_page_bytes: u64,
    pub rows_per_page: u64,
    pub rows: u64,
    pub file_bytes: u64,
    /// This stream's I/O unit (the scan's 128 KB; one page for an index heap scan).
    pub unit_bytes: u64,
    /// Needed unit indices, ascending.
    pub units: Vec<u64>,
    pub issued: usize,
    pub completed: Vec<bool>,
    /// Units completed in order from the start of `units`.
    pub delivered: usize,
    /// Units the consumer has entered.
    pub consumed: usize,
}

impl Stream {
    /// A stream of query `query` over a file of `page_count` pages; needed units set later.
    pub fn new(
        owner: StreamOwner,
        io_page_bytes: u64,
        rows_per_page: u64,
        rows: u64,
        page_count: u64,
    ) -> Self {
        Self {
            query: owner.query,
            file: owner.file,
            device: owner.device,
            device_base: owner.device_base,
            io_page_bytes,
            rows_per_page,
            rows,
            file_bytes: io_page_bytes * page_count,
            unit_bytes: 128 * 1024,
            units: Vec::new(),
            issued: 0,
            completed: Vec::new(),
            delivered: 0,
            consumed: 0,
        }
    }

    /// Sets the needed units from the needed pages (see `units_for_pages`).
    pub fn with_pages(mut self, pages: &[u64], unit_bytes: u64) -> Self {
        self.unit_bytes = unit_bytes;
        self.units = units_for_pages(&self, pages);
        self.completed = vec![false; self.units.len()];
        self
    }

    /// Every unit of the file: what `with_pages` gives for every page (consecutive pages abut,
    /// so their units run from 0 to the last page's last unit), without the page list.
    pub fn with_all_pages(mut self, unit_bytes: u64) -> Self {
        self.unit_bytes = unit_bytes;
        let pages = self.file_bytes / self.io_page_bytes.max(1);
        self.units = match pages.checked_sub(1) {
            Some(last) => (0..=self.units_of_page(last).1).collect(),
            None => Vec::new(),
        };
        self.completed = vec![false; self.units.len()];
        self
    }

    /// First row of the page holding byte `unit · unit_bytes` of the file.
    pub fn first_row_of_unit(&self, unit: u64) -> u64 {
        ((unit * self.unit_bytes) / self.io_page_bytes * self.rows_per_page).min(self.rows)
    }

    /// Rows the consumer may process: every needed unit before them is delivered.
    pub fn frontier_row(&self) -> u64 {
        match self.units.get(self.delivered) {
            None => self.rows,
            Some(&u) => self.first_row_of_unit(u),
        }
    }

    /// Units `[first, last]` a logical page spans on the device.
    pub fn units_of_page(&self, page: u64) -> (u64, u64) {
        let unit_bytes = self.unit_bytes;
        let start = page * self.io_page_bytes;
        let end = (start + self.io_page_bytes).min(self.file_bytes.max(1));
        (start / unit_bytes, (end.max(start + 1) - 1) / unit_bytes)
    }

    pub fn is_done(&self) -> bool {
        self.delivered == self.units.len()
    }

    /// Step 2: the consumer is at `row`; updates `consumed` and returns the unit indices (into
    /// `units`) to issue now.
    pub fn advance(&mut self, row: u64, read_ahead_bytes: u64) -> std::ops::Range<usize> {
        let window = (read_ahead_bytes / self.unit_bytes).max(1) as usize;
        while self.consumed < self.units.len()
            && self.first_row_of_unit(self.units[self.consumed]) <= row
        {
            self.consumed += 1;
        }
        let start = self.issued;
        let mut end = self.issued;
        while end < self.units.len() && (end == 0 || self.consumed > end.saturating_sub(window)) {
            end = (end + window).min(self.units.len());
        }
        self.issued = end;
        start..end
    }

    /// Marks unit index `i` complete and moves the delivered prefix.
    pub fn complete(&mut self, i: usize) {
        // Only an issued unit completes (`advance` moved `issued` past it).
        debug_assert!(
            i < self.issued,
            "unit {i} completed, {} issued",
            self.issued
        );
        if let Some(done) = self.completed.get_mut(i) {
            *done = true;
        }
        while self.completed.get(self.delivered).copied().unwrap_or(false) {
            self.delivered += 1;
        }
        debug_assert!(
            self.delivered <= self.issued,
            "delivered past the issued units"
        );
    }
}

/// Step 3: device byte of a file byte under block-group placement.
pub fn device_offset(base: u64, file_byte: u64, fragment_bytes: u64, gap_bytes: u64) -> u64 {
    base + file_byte + (file_byte / fragment_bytes) * gap_bytes
}

/// Device bytes a file of `file_bytes` occupies, gaps included.
pub fn device_span(file_bytes: u64, fragment_bytes: u64, gap_bytes: u64) -> u64 {
    file_bytes + (file_bytes / fragment_bytes + 1) * gap_bytes
}

/// An issued request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Request {
    pub stream: usize,
    /// Index into the stream's `units`.
    pub index: usize,
    pub query: usize,
    pub offset: u64,
    pub bytes: u64,
    pub seq: u64,
    pub issued_ns: u64,
}

/// What the scheduler sees (item 4).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SchedulerState {
    pub head_offset: u64,
    pub active_query: Option<usize>,
    pub slice_ends_ns: u64,
    pub now_ns: u64,
}

/// Step 4, the policy: index into `queue` of the request to dispatch next. This is the plain
/// definition; `dispatch` runs the same choice over an index (`request_queue.rs`, tested
/// against this).
pub fn pick(policy: Scheduler, queue: &[Request], s: SchedulerState) -> Option<usize> {
    if queue.is_empty() {
        return None;
    }
    match policy {
        // The queue is kept in issue order (`ScanRun::check_invariants`), so FIFO is its head.
        Scheduler::Noop => Some(0),
        Scheduler::Cfq => {
            let active = s
                .active_query
                .filter(|&q| s.now_ns < s.slice_ends_ns && queue.iter().any(|r| r.query == q));
            let query = match active {
                Some(q) => q,
                None => next_query(queue, s.active_query),
            };
            // One elevator sweep upward from the head, then wrap to the lowest (C-LOOK).
            let mine = || queue.iter().enumerate().filter(|(_, r)| r.query == query);
            mine()
                .filter(|(_, r)| r.offset >= s.head_offset)
                .min_by_key(|(_, r)| (r.offset, r.seq))
                .or_else(|| mine().min_by_key(|(_, r)| (r.offset, r.seq)))
                .map(|(i, _)| i)
        }
    }
}

/// Round-robin: the next query after `after` that has requests queued.
fn next_query(queue: &[Request], after: Option<usize>) -> usize {
    let mut queries: Vec<usize> = queue.iter().map(|r| r.query).collect();
    queries.sort_unstable();
    queries.dedup();
    match after {
        Some(a) => queries
            .iter()
            .copied()
            .find(|&q| q > a)
            .unwrap_or(queries[0]),
        None => queries[0],
    }
}

/// Item 6.
pub fn is_seek(previous_end: Option<u64>, offset: u64) -> bool {
    previous_end.is_some_and(|end| end.abs_diff(offset) >= SEEK_THRESHOLD_BYTES)
}

/// Plan step 4: ascending needed units of a stream for its needed pages.
pub fn units_for_pages(stream: &Stream, pages: &[u64]) -> Vec<u64> {
    let mut units = Vec::with_capacity(pages.len());
    for &p in pages {
        // The plan asks only for pages of this file (a request stays within its file).
        debug_assert!(
            p * stream.io_page_bytes < stream.file_bytes,
            "page {p} past the end of a {}-byte file",
            stream.file_bytes
        );
        let (first, last) = stream.units_of_page(p);
        for u in first..=last {
            if units.last().is_none_or(|&l| l < u) {
                units.push(u);
            }
        }
    }
    units
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stream(units: u64) -> Stream {
        let pages: Vec<u64> = (0..units * 32).collect();
        let owner = StreamOwner {
            query: 0,
            file: 0,
            device: 0,
            device_base: 0,
        };
        Stream::new(owner, 4096, 10, units * 32 * 10, units * 32).with_pages(&pages, 128 * 1024)
    }

    #[test]
    fn read_ahead_keeps_one_to_two_windows_ahead_of_the_consumer() {
        let mut s = stream(100);
        // The consumer sits in unit 0, inside the only window: the look-ahead window follows.
        assert_eq!(s.advance(0, 4 * 128 * 1024), 0..8);
        assert_eq!(s.advance(320, 4 * 128 * 1024), 8..8);
        // Entering unit 4 (the first of the last issued window 4..8) issues 8..12.
        assert_eq!(s.advance(4 * 320, 4 * 128 * 1024), 8..12);
        assert_eq!(s.advance(5 * 320, 4 * 128 * 1024), 12..12);
        assert_eq!(s.advance(8 * 320, 4 * 128 * 1024), 12..16);
    }

    #[test]
    fn all_pages_gives_the_units_of_the_page_list() {
        for (io_page, pages, unit) in [(4096, 100, 128 * 1024), (1536, 77, 4096), (4096, 1, 512)] {
            let owner = StreamOwner {
                query: 0,
                file: 0,
                device: 0,
                device_base: 0,
            };
            let s = Stream::new(owner, io_page, 3, pages * 3, pages);
            let list: Vec<u64> = (0..pages).collect();
            assert_eq!(
                s.clone().with_all_pages(unit).units,
                s.with_pages(&list, unit).units
            );
        }
    }

    #[test]
    fn delivered_prefix_waits_for_gaps() {
        let mut s = stream(3);
        s.issued = 3; // all three issued, as `advance` does with a large read-ahead
        s.complete(1);
        assert_eq!(s.delivered, 0);
        assert_eq!(s.frontier_row(), 0);
        s.complete(0);
        assert_eq!(s.delivered, 2);
        assert_eq!(s.frontier_row(), 640);
    }

    #[test]
    fn noop_is_fifo_and_cfq_sweeps_the_active_query_upward() {
        let r = |query, offset, seq| Request {
            stream: 0,
            index: 0,
            query,
            offset,
            bytes: 1,
            seq,
            issued_ns: 0,
        };
        let q = [r(0, 500, 0), r(1, 100, 1), r(0, 200, 2), r(0, 900, 3)];
        let s = SchedulerState {
            head_offset: 300,
            active_query: Some(0),
            slice_ends_ns: 10,
            now_ns: 0,
        };
        assert_eq!(pick(Scheduler::Noop, &q, s), Some(0));
        assert_eq!(pick(Scheduler::Cfq, &q, s), Some(0));
        let late = SchedulerState { now_ns: 20, ..s };
        assert_eq!(pick(Scheduler::Cfq, &q, late), Some(1));
        assert!(is_seek(Some(0), SEEK_THRESHOLD_BYTES));
        assert!(!is_seek(Some(0), SEEK_THRESHOLD_BYTES - 1));
    }
}
