//! IU, indexed updates on the SSD (§2.3, Fig. 5b, §5.1, §5.2): the "ideal-case IU" of the
//! paper, its index always in memory.
//!
//! 1. Update: give it the next timestamp, append it to the in-memory tail page of the SSD log
//!    and index it (key → (timestamp, log page, change)); the index is always in memory, the
//!    paper's best case for IU (§5.1). When the tail page holds 4096 / record_bytes records it is
//!    written to the SSD as one 4 KB page (log pages laid out sequentially, wrapping round the
//!    cache space: IU has no migration here). Updates arrive in random key order, so the
//!    updates of one key range lie one per log page (§2.3: "an entire SSD page has to be read
//!    and discarded for retrieving a single update entry").
//! 2. Scan [b, e]: the main disk reads the range in its 1 MB requests, back to back. The merge
//!    consumes the records in key order as their request arrives; for every relevant cached
//!    update, in (key, ts) order, its log page is needed: the tail page is in memory, a page in
//!    the small LRU (`iu_lru_pages`) is a hit, any other page is one random 4 KB SSD read
//!    (and enters the LRU). Reads are issued in that order with at most `iu_queue_depth`
//!    outstanding (`iu_fetch`; the paper does not give IU's read-ahead, so the depth is a named model
//!    choice, `DEFAULT_IU_QUEUE_DEPTH`): the SSD's random reads, not only the disk, set the pace.
//!    The scan ends when the disk and the merge are both done.
//! 3. Answer: the base rows of [b, e] with each key's cached updates applied in timestamp order.

use std::collections::BTreeMap;

use super::arm_trace::ArmTrace;
use super::iu_fetch::FetchQueue;
use super::{BASELINE_PAGE_BYTES, BaselineConfig, BaselineMetrics, io_error, load_rows};
use crate::masm::error::MasmError;
use crate::masm::io::Devices;
use crate::masm::record::{Change, Row, apply};

/// One cached update: its timestamp, the log page holding it, its change.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Cached {
    ts: u64,
    page: u64,
    change: Change,
}

#[derive(Debug, Clone)]
pub struct Iu {
    cfg: BaselineConfig,
    /// The main data on the disk (never changed: IU has no migration here).
    table: BTreeMap<u64, Row>,
    pub devices: Devices,
    index: BTreeMap<u64, Vec<Cached>>,
    next_ts: u64,
    /// The log page being filled in memory, and its records so far.
    tail_page: u64,
    tail_records: u64,
    /// Cached log pages: page → last use, and last use → page (least recent first).
    lru_by_page: BTreeMap<u64, u64>,
    lru_by_use: BTreeMap<u64, u64>,
    uses: u64,
    metrics: BaselineMetrics,
    /// The last scan's SSD reads, (issue, end) in the merge's order (for the views).
    last_reads: Vec<(u64, u64)>,
    /// The scans' disk requests and SSD record reads (the compare view's disk-arm trace).
    arm: ArmTrace,
}

impl Iu {
    pub fn new(cfg: &BaselineConfig, base_rows: &[(u64, Row)]) -> Result<Self, MasmError> {
        cfg.validate()?;
        Ok(Self {
            table: load_rows(cfg, base_rows)?,
            cfg: cfg.clone(),
            devices: Devices::new(&cfg.io).map_err(io_error)?,
            index: BTreeMap::new(),
            next_ts: 1,
            tail_page: 0,
            tail_records: 0,
            lru_by_page: BTreeMap::new(),
            lru_by_use: BTreeMap::new(),
            uses: 0,
            metrics: BaselineMetrics::default(),
            last_reads: Vec::new(),
            arm: ArmTrace::default(),
        })
    }

    /// The last scan's SSD reads, (issue, end) ns, in the merge's key order.
    pub fn last_reads(&self) -> &[(u64, u64)] {
        &self.last_reads
    }

    /// The scans' disk requests and SSD record reads (the newest of each stream).
    pub fn arm_trace(&self) -> &ArmTrace {
        &self.arm
    }

    /// Step 2's disk read, request by request: each request's (end byte, completion), its
    /// span recorded in the arm trace.
    fn read_range(&mut self, now_ns: u64, offset: u64, len: u64) -> Vec<(u64, u64)> {
        let mut ready_ns = now_ns;
        let hdd = &mut self.devices.hdd;
        hdd.requests_of(offset, len)
            .into_iter()
            .map(|(request_offset, request_len)| {
                let span = hdd.read(ready_ns, request_offset, request_len);
                self.arm
                    .scan
                    .push(span.start_ns, span.end_ns, request_offset);
                ready_ns = span.end_ns;
                (request_offset + request_len, span.end_ns)
            })
            .collect()
    }

    /// Cached updates not yet written back (all of them: IU never migrates here).
    pub fn cached_updates(&self) -> u64 {
        self.index.values().map(|v| v.len() as u64).sum()
    }

    /// Step 1: append to the log; the update that fills a page waits for its write.
    pub fn update(&mut self, now_ns: u64, key: u64, change: Change) -> Result<u64, MasmError> {
        self.cfg.check_key(key)?;
        let ts = self.next_ts;
        self.next_ts += 1;
        self.index.entry(key).or_default().push(Cached {
            ts,
            page: self.tail_page,
            change,
        });
        self.metrics.updates += 1;
        self.tail_records += 1;
        if self.tail_records < self.cfg.records_per_ssd_page() {
            return Ok(now_ns);
        }
        let span = self.devices.cache.write_bytes(
            now_ns,
            self.log_offset(self.tail_page),
            BASELINE_PAGE_BYTES,
        );
        self.metrics.ssd_pages_written += 1;
        self.metrics.ssd_record_writes += self.tail_records;
        self.tail_page += 1;
        self.tail_records = 0;
        Ok(span.end_ns)
    }

    fn log_offset(&self, page: u64) -> u64 {
        let pages = (self.cfg.io.cache_bytes / BASELINE_PAGE_BYTES).max(1);
        page % pages * BASELINE_PAGE_BYTES
    }

    /// Step 2, the LRU: is the page already in memory? Records the access either way.
    fn touch(&mut self, page: u64) -> bool {
        if page == self.tail_page {
            return true;
        }
        self.uses += 1;
        if let Some(last) = self.lru_by_page.insert(page, self.uses) {
            self.lru_by_use.remove(&last);
            self.lru_by_use.insert(self.uses, page);
            return true;
        }
        self.lru_by_use.insert(self.uses, page);
        if self.lru_by_page.len() as u64 > self.cfg.iu_lru_pages
            && let Some((_, oldest)) = self.lru_by_use.pop_first()
        {
            self.lru_by_page.remove(&oldest);
        }
        false
    }

    /// Steps 2 and 3.
    pub fn scan(
        &mut self,
        now_ns: u64,
        from: u64,
        to: u64,
    ) -> Result<(Vec<(u64, Row)>, u64), MasmError> {
        self.cfg.check_range(from, to)?;
        let (offset, end) = self.cfg.key_range_bytes(from, to);
        let arrivals = self.read_range(now_ns, offset, end - offset);
        let disk_end_ns = arrivals.last().map_or(now_ns, |a| a.1);
        self.metrics.hdd_pages_read += (end - offset).div_ceil(BASELINE_PAGE_BYTES);
        let needed: Vec<(u64, u64)> = self
            .index
            .range(from..=to)
            .flat_map(|(&key, list)| list.iter().map(move |c| (key, c.page)))
            .collect();
        let mut queue = FetchQueue::new(self.cfg.iu_queue_depth, now_ns);
        let bytes_per_key = self.cfg.bytes_per_key();
        let mut request = 0;
        for (key, page) in needed {
            // The merge reaches this key once the request holding its last byte has arrived.
            let key_end = (key + 1) * bytes_per_key;
            while request + 1 < arrivals.len() && arrivals[request].0 < key_end {
                request += 1;
            }
            let available_ns = arrivals.get(request).map_or(now_ns, |a| a.1);
            if self.touch(page) {
                queue.in_memory(available_ns);
                continue;
            }
            let log_offset = self.log_offset(page);
            let piece = [(log_offset, BASELINE_PAGE_BYTES)];
            let cache = &mut self.devices.cache;
            let arm = &mut self.arm.other;
            queue.read(available_ns, |issue_ns| {
                let span = cache.read_pieces(issue_ns, &piece);
                arm.push(span.start_ns, span.end_ns, log_offset);
                span.end_ns
            });
            self.metrics.ssd_pages_read += 1;
        }
        let end_ns = disk_end_ns.max(queue.consumed_ns());
        self.last_reads = queue.reads;
        self.metrics.record_scan(now_ns, end_ns);
        self.arm.last_scan_ns = Some((now_ns, end_ns));
        Ok((self.answer(from, to), end_ns))
    }

    /// Step 3: outer join of the base rows with the cached updates, by key.
    fn answer(&self, from: u64, to: u64) -> Vec<(u64, Row)> {
        let mut keys: Vec<u64> = self.table.range(from..=to).map(|(&k, _)| k).collect();
        keys.extend(self.index.range(from..=to).map(|(&k, _)| k));
        keys.sort_unstable();
        keys.dedup();
        keys.into_iter()
            .filter_map(|key| {
                let base = self.table.get(&key).copied();
                let updates = self.index.get(&key).map_or(&[][..], Vec::as_slice);
                updates
                    .iter()
                    .fold(base, |row, c| apply(row, &c.change))
                    .map(|row| (key, row))
            })
            .collect()
    }

    pub fn metrics(&self) -> BaselineMetrics {
        BaselineMetrics {
            hdd_busy_ns: self.devices.hdd.busy_ns,
            ..self.metrics.clone()
        }
        .with_derived()
    }
}
