//! In-place scans request by request, interleaved with updates on the one disk (§2.2, Figs. 3,
//! 4 and 16): the one routine Fig. 16's reproduction and the lab share.
//!
//! 1. Open: a scan of keys [from, to] becomes an `OpenScan`, its byte range's next 1 MiB request
//!    and when that request is issued (at the scan's arrival for the first).
//! 2. Step (`run_scans`): of the open scans, the one whose next request is issued first (ties:
//!    the older scan) goes next. Every update that arrived no later than that moment is served
//!    first, since the disk serves requests in arrival order: its read-modify-write pulls the
//!    head away. Then the request is booked on the disk (`HddDev` queues it behind whatever is
//!    booked); the scan's next request is issued when this one completes.
//! 3. Stop: when no scan is open, or when the next request would be issued at or after
//!    `until_ns`: a request the clock has not reached yet is not booked, so an update arriving
//!    later still gets between it and the previous one.
//! 4. End: a scan whose last request is booked records its duration and its window.
//!
//! Fig. 16 (`InPlace::scan_with`) opens one scan and runs it to its end against a closed-loop
//! updater. The lab opens a scan when MaSM opens the query (`open_scan`); an update it commits
//! at t runs the open scans up to t with that update as the source (`InPlace::update`), and the
//! lab moves the scans on to its clock after every step (`advance_scans`) and to their end when
//! the run ends (`finish_scans`).

use super::super::BASELINE_PAGE_BYTES;
use super::super::updater::{NoUpdates, UpdateSource};
use super::{HeadVisit, InPlace};
use crate::masm::error::MasmError;
use crate::masm::record::{Change, Row};

/// Step 1: a scan whose requests are not all booked yet.
#[derive(Debug, Clone)]
pub struct OpenScan {
    id: u64,
    start_ns: u64,
    /// The range's first byte (for its page count) and end, and the next request's offset.
    first_offset: u64,
    next_offset: u64,
    end_offset: u64,
    /// When the next request is issued: the previous one's completion.
    ready_ns: u64,
    /// Fig. 16: the rows read so far, request by request (the lab answers at open: None).
    read: Option<RowsRead>,
}

/// Fig. 16's answer, built as the requests arrive (step 4 of `in_place`).
#[derive(Debug, Clone)]
struct RowsRead {
    rows: Vec<(u64, Row)>,
    next_key: u64,
    to: u64,
}

/// Step 4: a scan whose last request is booked.
#[derive(Debug, Clone)]
pub struct EndedScan {
    pub id: u64,
    pub end_ns: u64,
    /// Fig. 16's rows (empty for the lab's scans, answered at open).
    pub rows: Vec<(u64, Row)>,
}

/// The lab's update as an update source: the one update, arriving at `at_ns`.
#[derive(Debug, Clone, Copy)]
pub struct Pending {
    at_ns: u64,
    key: u64,
    change: Change,
    taken: bool,
    served_ns: Option<u64>,
}

impl Pending {
    pub fn new(at_ns: u64, key: u64, change: Change) -> Self {
        Self {
            at_ns,
            key,
            change,
            taken: false,
            served_ns: None,
        }
    }

    /// When the disk finished the update, if the scans served it.
    pub fn served_ns(&self) -> Option<u64> {
        self.served_ns
    }
}

impl UpdateSource for Pending {
    fn next_arrival_ns(&self) -> Option<u64> {
        (!self.taken).then_some(self.at_ns)
    }
    fn take(&mut self) -> (u64, Change) {
        self.taken = true;
        (self.key, self.change)
    }
    fn done(&mut self, end_ns: u64) {
        self.served_ns = Some(end_ns);
    }
}

impl InPlace {
    /// Step 1; `read_rows`: Fig. 16's answer, built request by request. Returns the scan's id.
    pub(super) fn open(&mut self, now_ns: u64, from: u64, to: u64, read_rows: bool) -> u64 {
        let (offset, end) = self.cfg.key_range_bytes(from, to);
        let id = self.next_scan_id;
        self.next_scan_id += 1;
        self.open_scans.push(OpenScan {
            id,
            start_ns: now_ns,
            first_offset: offset,
            next_offset: offset,
            end_offset: end,
            ready_ns: now_ns,
            read: read_rows.then(|| RowsRead {
                rows: Vec::new(),
                next_key: from,
                to,
            }),
        });
        id
    }

    /// The lab's scan of `[from, to]` arriving at `now_ns`: its requests are booked later, as
    /// the lab's clock reaches them. Its answer is the rows as they stand now, the query's
    /// snapshot (MaSM's query sees exactly the updates older than it, and the lab checks every
    /// scheme against that; an in-place engine would need locks or versions to give it, which
    /// this model does not time).
    pub fn open_scan(
        &mut self,
        now_ns: u64,
        from: u64,
        to: u64,
    ) -> Result<Vec<(u64, Row)>, MasmError> {
        self.cfg.check_range(from, to)?;
        self.open(now_ns, from, to, false);
        Ok(self.rows.range(from..=to).map(|(&k, &r)| (k, r)).collect())
    }

    /// Step 3 with no update: the open scans book their requests issued before `now_ns`.
    pub fn advance_scans(&mut self, now_ns: u64) -> Result<(), MasmError> {
        self.run_scans(&mut NoUpdates, Some(now_ns)).map(|_| ())
    }

    /// The open scans book all their remaining requests (the lab's run has ended).
    pub fn finish_scans(&mut self) -> Result<(), MasmError> {
        self.run_scans(&mut NoUpdates, None).map(|_| ())
    }

    /// Durations of the lab's scans that ended since the last call, in the order they ended.
    pub fn take_finished_scan_ns(&mut self) -> Vec<u64> {
        std::mem::take(&mut self.finished_scan_ns)
    }

    /// Steps 2–4: the open scans' requests and `updates` in arrival order, until no scan is
    /// open or the next request is issued at or after `until_ns`.
    pub(super) fn run_scans(
        &mut self,
        updates: &mut dyn UpdateSource,
        until_ns: Option<u64>,
    ) -> Result<Vec<EndedScan>, MasmError> {
        let mut ended = Vec::new();
        while let Some(index) = self.next_scan() {
            let ready_ns = self.open_scans[index].ready_ns;
            self.serve_updates(ready_ns, updates)?;
            if until_ns.is_some_and(|until| ready_ns >= until) {
                break;
            }
            self.book_request(index);
            // Ends with its last request: an update arriving later is no longer between two.
            let scan = &self.open_scans[index];
            if scan.next_offset >= scan.end_offset {
                ended.push(self.end_scan(index));
            }
        }
        Ok(ended)
    }

    /// Step 2: the open scan whose next request is issued first (the older on a tie).
    fn next_scan(&self) -> Option<usize> {
        self.open_scans
            .iter()
            .enumerate()
            .min_by_key(|(index, scan)| (scan.ready_ns, *index))
            .map(|(index, _)| index)
    }

    /// Step 2: the updates that arrived no later than `ready_ns`, in arrival order.
    fn serve_updates(
        &mut self,
        ready_ns: u64,
        updates: &mut dyn UpdateSource,
    ) -> Result<(), MasmError> {
        let tracing = self.open_scans.iter().any(|s| s.read.is_some());
        while let Some(arrival_ns) = updates.next_arrival_ns()
            && arrival_ns <= ready_ns
        {
            let (key, change) = updates.take();
            let done_ns = self.apply_update(arrival_ns, key, change)?;
            if tracing {
                let offset = key * self.cfg.bytes_per_key();
                self.head_trace.push(HeadVisit::update(offset, done_ns));
            }
            updates.done(done_ns);
        }
        Ok(())
    }

    /// Step 2: books scan `index`'s next request.
    fn book_request(&mut self, index: usize) {
        let scan = &mut self.open_scans[index];
        let Some((offset, len)) = self.hdd.first_request_of(scan.next_offset, scan.end_offset)
        else {
            scan.next_offset = scan.end_offset;
            return;
        };
        let span = self.hdd.read(scan.ready_ns, offset, len);
        self.arm.scan.push(span.start_ns, span.end_ns, offset);
        scan.ready_ns = span.end_ns;
        // Always moves on (a request clamped to the disk's end would otherwise repeat).
        scan.next_offset = (offset + len).max(scan.next_offset + 1);
        if let Some(read) = scan.read.as_mut() {
            self.head_trace.push(HeadVisit::scan(offset, span.end_ns));
            // Fig. 16's step 4: the keys starting inside this request, read now.
            let last_key = (offset + len)
                .div_ceil(self.cfg.bytes_per_key())
                .min(read.to + 1);
            if last_key > read.next_key {
                let keys = read.next_key..last_key;
                read.rows
                    .extend(self.rows.range(keys).map(|(&k, &r)| (k, r)));
                read.next_key = last_key;
            }
        }
    }

    /// Step 4.
    fn end_scan(&mut self, index: usize) -> EndedScan {
        let scan = self.open_scans.remove(index);
        let mut rows = Vec::new();
        if let Some(mut read) = scan.read {
            if read.next_key <= read.to {
                let keys = read.next_key..=read.to;
                read.rows
                    .extend(self.rows.range(keys).map(|(&k, &r)| (k, r)));
            }
            rows = read.rows;
        } else {
            self.finished_scan_ns.push(scan.ready_ns - scan.start_ns);
        }
        let bytes = scan.end_offset - scan.first_offset;
        self.metrics.hdd_pages_read += bytes.div_ceil(BASELINE_PAGE_BYTES);
        self.metrics.record_scan(scan.start_ns, scan.ready_ns);
        self.arm.last_scan_ns = Some((scan.start_ns, scan.ready_ns));
        EndedScan {
            id: scan.id,
            end_ns: scan.ready_ns,
            rows,
        }
    }
}
