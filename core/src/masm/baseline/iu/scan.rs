//! IU's scans action by action, as the clock advances (§2.3, Fig. 5b, Fig. 16).
//!
//! 1. Open: the answer is the state now (the query's snapshot, `Iu::answer`); the relevant
//!    cached updates, in (key, ts) order, are the records the scan's merge will need.
//! 2. Step (`run_scans`): of every open scan's next action, the earliest goes next: a disk
//!    request (issued when the scan's previous request completed) or the merge's next record:
//!    in memory (tail page or LRU), consumed once the request holding its key has arrived; or
//!    one random 4 KB SSD read, issued when `iu_fetch` gives it a slot (at most
//!    `iu_queue_depth` outstanding).
//! 3. Stop: when no scan is open, or the next action is at or after `until_ns`. An update's
//!    log-page write at t (`Iu::update`) therefore reaches the SSD after the reads issued
//!    before t and before the later ones.
//! 4. End: a scan ends when its disk requests and its merge are both done.
//!
//! Fig. 16 (`Iu::scan`) runs a scan to its end at once; the lab opens a scan when MaSM opens
//! the query and moves it on with its clock (`advance_scans`, `finish_scans`).

use super::super::BASELINE_PAGE_BYTES;
use super::super::iu_fetch::FetchQueue;
use super::Iu;
use crate::masm::error::MasmError;
use crate::masm::record::Row;

/// Step 1: a scan whose disk requests or merge are not all booked yet.
#[derive(Debug, Clone)]
pub struct OpenIuScan {
    id: u64,
    start_ns: u64,
    /// The lab's scan (its duration is reported by `take_finished_scan_ns`).
    lab: bool,
    first_offset: u64,
    next_offset: u64,
    end_offset: u64,
    /// When the next disk request is issued: the previous one's completion.
    disk_ready_ns: u64,
    /// Each booked request's (end byte, completion), and the one holding the next record's key.
    arrivals: Vec<(u64, u64)>,
    request: usize,
    /// The merge's records, (key, log page), and the next one.
    needed: Vec<(u64, u64)>,
    next_needed: usize,
    queue: FetchQueue,
}

impl OpenIuScan {
    fn disk_done(&self) -> bool {
        self.next_offset >= self.end_offset
    }
}

/// Step 2: what a scan does next.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Action {
    Disk,
    /// The next record, its key arrived at `available_ns`.
    Record {
        available_ns: u64,
    },
}

impl Iu {
    /// Step 1. Returns the scan's id.
    pub(super) fn open(&mut self, now_ns: u64, from: u64, to: u64, lab: bool) -> u64 {
        let (offset, end) = self.cfg.key_range_bytes(from, to);
        let needed = self
            .index
            .range(from..=to)
            .flat_map(|(&key, list)| list.iter().map(move |c| (key, c.page)))
            .collect();
        let id = self.next_scan_id;
        self.next_scan_id += 1;
        self.open_scans.push(OpenIuScan {
            id,
            start_ns: now_ns,
            lab,
            first_offset: offset,
            next_offset: offset,
            end_offset: end,
            disk_ready_ns: now_ns,
            arrivals: Vec::new(),
            request: 0,
            needed,
            next_needed: 0,
            queue: FetchQueue::new(self.cfg.iu_queue_depth, now_ns),
        });
        id
    }

    /// The lab's scan of `[from, to]` arriving at `now_ns`: its answer now (the query's
    /// snapshot), its I/O as the lab's clock reaches it.
    pub fn open_scan(
        &mut self,
        now_ns: u64,
        from: u64,
        to: u64,
    ) -> Result<Vec<(u64, Row)>, MasmError> {
        self.cfg.check_range(from, to)?;
        self.run_scans(Some(now_ns));
        self.open(now_ns, from, to, true);
        Ok(self.answer(from, to))
    }

    /// Step 3 at the lab's clock: the open scans' actions before `now_ns`.
    pub fn advance_scans(&mut self, now_ns: u64) {
        self.run_scans(Some(now_ns));
    }

    /// The open scans to their end (the lab's run has ended).
    pub fn finish_scans(&mut self) {
        self.run_scans(None);
    }

    /// Durations of the lab's scans that ended since the last call, in the order they ended.
    pub fn take_finished_scan_ns(&mut self) -> Vec<u64> {
        std::mem::take(&mut self.finished_scan_ns)
    }

    /// Steps 2–4; returns the (id, end) of the scans that ended.
    pub(super) fn run_scans(&mut self, until_ns: Option<u64>) -> Vec<(u64, u64)> {
        let mut ended = Vec::new();
        loop {
            let next = (0..self.open_scans.len())
                .filter_map(|index| self.next_action(index).map(|(at, a)| (at, index, a)))
                .min_by_key(|&(at, index, _)| (at, index));
            let Some((at_ns, index, action)) = next else {
                break;
            };
            if until_ns.is_some_and(|until| at_ns >= until) {
                break;
            }
            match action {
                Action::Disk => self.book_disk_request(index),
                Action::Record { available_ns } => self.consume_record(index, available_ns),
            }
            let scan = &self.open_scans[index];
            if scan.disk_done() && scan.next_needed >= scan.needed.len() {
                ended.push(self.end_scan(index));
            }
        }
        ended
    }

    /// Step 2: scan `index`'s earliest action and when it happens (None: none left).
    fn next_action(&mut self, index: usize) -> Option<(u64, Action)> {
        let scan = &mut self.open_scans[index];
        let disk = (!scan.disk_done()).then_some((scan.disk_ready_ns, Action::Disk));
        let Some(&(key, page)) = scan.needed.get(scan.next_needed) else {
            return disk;
        };
        // The merge reaches this key once the request holding its last byte has arrived.
        let key_end = (key + 1) * self.cfg.bytes_per_key();
        while scan.request + 1 < scan.arrivals.len() && scan.arrivals[scan.request].0 < key_end {
            scan.request += 1;
        }
        let arrived = scan.arrivals.get(scan.request);
        let available_ns = match arrived {
            Some(&(end_byte, done_ns)) if end_byte >= key_end || scan.disk_done() => done_ns,
            None if scan.disk_done() => scan.start_ns,
            _ => return disk,
        };
        let in_memory = page == self.tail_page || self.lru_by_page.contains_key(&page);
        let at_ns = if in_memory {
            available_ns
        } else {
            scan.queue.issue_ns(available_ns)
        };
        let record = (at_ns, Action::Record { available_ns });
        Some(disk.filter(|d| d.0 <= at_ns).unwrap_or(record))
    }

    /// Step 2: scan `index`'s next disk request.
    fn book_disk_request(&mut self, index: usize) {
        let hdd = &mut self.devices.hdd;
        let scan = &mut self.open_scans[index];
        let Some((offset, len)) = hdd.first_request_of(scan.next_offset, scan.end_offset) else {
            scan.next_offset = scan.end_offset;
            return;
        };
        let span = hdd.read(scan.disk_ready_ns, offset, len);
        self.arm.scan.push(span.start_ns, span.end_ns, offset);
        scan.disk_ready_ns = span.end_ns;
        // Always moves on (a request clamped to the disk's end would otherwise repeat).
        scan.next_offset = (offset + len).max(scan.next_offset + 1);
        scan.arrivals.push((offset + len, span.end_ns));
    }

    /// Step 2: the merge's next record of scan `index`, from memory or one SSD read.
    fn consume_record(&mut self, index: usize, available_ns: u64) {
        let scan = &self.open_scans[index];
        let page = scan.needed[scan.next_needed].1;
        let in_memory = self.touch(page);
        let log_offset = self.log_offset(page);
        let cache = &mut self.devices.cache;
        let arm = &mut self.arm.other;
        let scan = &mut self.open_scans[index];
        scan.next_needed += 1;
        if in_memory {
            scan.queue.in_memory(available_ns);
            return;
        }
        let piece = [(log_offset, BASELINE_PAGE_BYTES)];
        scan.queue.read(available_ns, |issue_ns| {
            let span = cache.read_pieces(issue_ns, &piece);
            arm.push(span.start_ns, span.end_ns, log_offset);
            span.end_ns
        });
        self.metrics.ssd_pages_read += 1;
    }

    /// Step 4: returns the scan's id and end.
    fn end_scan(&mut self, index: usize) -> (u64, u64) {
        let scan = self.open_scans.remove(index);
        let end_ns = scan.disk_ready_ns.max(scan.queue.consumed_ns());
        let bytes = scan.end_offset - scan.first_offset;
        self.metrics.hdd_pages_read += bytes.div_ceil(BASELINE_PAGE_BYTES);
        self.metrics.record_scan(scan.start_ns, end_ns);
        self.arm.last_scan_ns = Some((scan.start_ns, end_ns));
        if scan.lab {
            self.finished_scan_ns.push(end_ns - scan.start_ns);
        }
        self.last_reads = scan.queue.reads;
        (scan.id, end_ns)
    }
}
