//! The steppable scan executor: N concurrent queries, each `scan{table, columns, predicate}` on
//! its own stored table, their streams timed on the device models (paper §4.2; digest §4.5).
//! One `step` completes exactly one I/O request.
//!
//! 1. `ScanRun::new` places every query's files on its device one after another (block-group
//!    placement, `io::device_offset`), builds one stream per file read (`plan`), plus one for
//!    the index of an index scan, and lets every consumer issue its first read-ahead windows.
//! 2. Dispatch: each device takes requests from its queue through the scheduler policy
//!    (`io::pick`): a disk when idle, an SSD up to the queue depth. A query whose CPU is in its
//!    non-overlapped part (1 − ω) gets nothing dispatched. CFQ idles up to 8 ms for the active
//!    query before switching. Seeks are counted at dispatch (`io::is_seek`).
//! 3. Time advances by popping the run's `crate::sim::Scheduler`: the next completion or wake-up
//!    (CPU end, I/O unblock, idle expiry). A completion delivers its unit to the
//!    stream; the owning query's consumer then runs (`consume`).
//! 4. Consume: an index scan first waits for its index range; then, while the CPU is free and
//!    every stream has delivered past the cursor, the consumer takes one output block: decodes
//!    the predicate from the pages, decodes the projected values of qualifying rows (the
//!    answer), charges the block's CPU (`cpu::CpuModel`), moves the cursor and lets each
//!    stream issue its next window (read-ahead, `io::Stream::advance`).
//! 5. A query is done when its cursor has passed every row and its CPU is idle; the run ends
//!    when every query is done (or query 0, with `stop_after_first`).
//!
//! Elapsed = the query's finish time; CPU = its charged CPU; I/O wait = elapsed − CPU (the
//! paper's Fig. 3(c) definition).

use super::codec;
use super::cpu::BlockWork;
use super::device::DeviceId;
use super::error::LayoutError;
use super::io::{Request, Stream, StreamOwner, device_offset};
use super::pages::{Layout, StoredTable};
use super::plan::{Needed, PageDraws, needed_pages, qualifying_rows};
use super::query::{AnswerRow, ScanQuery};
use super::queue::{DeviceQueue, allocate};
use super::schema::PREDICATE_DOMAIN;
use super::settings::{AccessPath, Compression, ScanSettings};
use super::table::Table;
use crate::sim::Scheduler;

/// What the scan's event loop waits for (`crate::sim::Scheduler`): a device completing the
/// request `seq`, or a wake-up (a query's CPU block ends, its non-overlapped part ends, CFQ
/// idling expires) after which the consumers run again. A wake-up that finds nothing to do is
/// harmless: the loop only acts on the state it finds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ScanEvent {
    Complete { device: usize, seq: u64 },
    Wake,
}

/// One query to run: where its table and index live, and whether to keep its answer.
#[derive(Debug, Clone, PartialEq)]
pub struct QuerySpec {
    pub table: StoredTable,
    pub query: ScanQuery,
    /// Index of the device (in `ScanRun::new`'s list) holding the table.
    pub device: usize,
    /// Device of the index (index scans only).
    pub index_device: usize,
    /// Seed for the qualifying-page draws of a shape-only table.
    pub seed: u64,
}

/// A query's progress.
#[derive(Debug, Clone)]
pub struct QueryState {
    pub spec: QuerySpec,
    pub streams: Vec<usize>,
    pub index_stream: Option<usize>,
    pub cursor_row: u64,
    pub cpu_free_ns: u64,
    pub io_blocked_until_ns: u64,
    pub cpu_ns: f64,
    pub overlap: f64,
    pub selectivity: f64,
    pub qualifying: f64,
    pub answer: Vec<AnswerRow>,
    pub seeks: u64,
    pub requests: u64,
    pub bytes_read: u64,
    pub last_completion_ns: u64,
    pub finished_ns: Option<u64>,
    /// Whether its page plan drew from the seeded generator (`plan::PageDraws`).
    pub drew: bool,
}

/// What one step did: the request that completed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StepEvent {
    pub now_ns: u64,
    pub device: usize,
    pub request: Request,
    pub seek: bool,
}

#[derive(Debug, Clone)]
pub struct ScanRun {
    pub settings: ScanSettings,
    pub devices: Vec<DeviceQueue>,
    pub streams: Vec<Stream>,
    pub queries: Vec<QueryState>,
    /// The clock and the pending events: time moves only by popping the next event.
    pub sched: Scheduler<ScanEvent>,
    pub seq: u64,
    pub steps: u64,
    pub stop_after_first: bool,
    /// Seek flag per in-flight request, keyed by its seq (small: at most the queue depths).
    pub(super) seek_flags: Vec<(u64, bool)>,
}

impl ScanRun {
    /// Step 1.
    pub fn new(
        device_ids: &[DeviceId],
        specs: Vec<QuerySpec>,
        settings: ScanSettings,
    ) -> Result<Self, LayoutError> {
        settings.validate().map_err(LayoutError::InvalidSetting)?;
        let mut devices = Vec::new();
        for &id in device_ids {
            devices.push(DeviceQueue::new(id, settings.stripe_bytes)?);
        }
        let mut run = Self {
            settings,
            devices,
            streams: Vec::new(),
            queries: Vec::new(),
            sched: Scheduler::new(),
            seq: 0,
            steps: 0,
            stop_after_first: false,
            seek_flags: Vec::new(),
        };
        for (q, spec) in specs.into_iter().enumerate() {
            run.add_query(q, spec)?;
        }
        for q in 0..run.queries.len() {
            run.consume(q);
        }
        Ok(run)
    }

    fn add_query(&mut self, q: usize, spec: QuerySpec) -> Result<(), LayoutError> {
        spec.query.validate(&spec.table.schema)?;
        for d in [spec.device, spec.index_device] {
            if d >= self.devices.len() {
                return Err(LayoutError::InvalidSetting(format!("no device {d}")));
            }
        }
        let s = self.settings.clone();
        let unit = s.io_unit_bytes;
        // A bitmap heap scan reads single pages (PostgreSQL's 8 KB reads; here the table's
        // page), not 128 KB units: reading whole units would fetch mostly unneeded pages.
        let heap_unit = match s.access {
            AccessPath::FullScan => unit,
            AccessPath::Index { .. } => u64::from(spec.table.page_bytes),
        };
        let mut rng = PageDraws::new(spec.seed);
        let qualifying = spec
            .table
            .has_data()
            .then(|| qualifying_rows(&spec.table, &spec.query));
        let selectivity = spec.query.predicate.expected_selectivity();
        let io_pages = on_device_page_bytes(&spec, &s.compression);
        let mut streams = Vec::new();
        let needed = needed_pages(
            &spec.table,
            &spec.query,
            &s,
            qualifying.as_deref(),
            &mut rng,
        );
        // Place every file of the table (read or not), so column files sit side by side.
        let mut bases = Vec::new();
        for (f, io_page_bytes) in spec.table.files.iter().zip(&io_pages) {
            let bytes = io_page_bytes * f.page_count;
            bases.push(allocate(&mut self.devices[spec.device], bytes, &s));
        }
        for (f, pages) in needed {
            let shape = spec.table.files[f];
            let io_page_bytes = io_pages[f];
            let owner = StreamOwner {
                query: q,
                file: f,
                device: spec.device,
                device_base: bases[f],
            };
            let stream = Stream::new(
                owner,
                io_page_bytes,
                shape.rows_per_page,
                spec.table.rows,
                shape.page_count,
            );
            let stream = match pages {
                Needed::All => stream.with_all_pages(heap_unit),
                Needed::Pages(pages) => stream.with_pages(&pages, heap_unit),
            };
            streams.push(self.streams.len());
            self.streams.push(stream);
        }
        let index_stream = match s.access {
            AccessPath::FullScan => None,
            AccessPath::Index { entry_bytes } => {
                let page = u64::from(spec.table.page_bytes);
                let bytes = (spec.table.rows as f64 * entry_bytes).ceil() as u64;
                let pages = bytes.div_ceil(page).max(1);
                let base = allocate(&mut self.devices[spec.index_device], pages * page, &s);
                let p = spec.query.predicate;
                let lo = p.low.min(PREDICATE_DOMAIN) as f64 / PREDICATE_DOMAIN as f64;
                let hi = p.high.min(PREDICATE_DOMAIN) as f64 / PREDICATE_DOMAIN as f64;
                let first = (lo * pages as f64).floor() as u64;
                let last = ((hi * pages as f64).ceil() as u64).min(pages);
                let range: Vec<u64> = (first..last).collect();
                let owner = StreamOwner {
                    query: q,
                    file: usize::MAX,
                    device: spec.index_device,
                    device_base: base,
                };
                let stream = Stream::new(owner, page, 1, pages, pages).with_pages(&range, unit);
                self.streams.push(stream);
                Some(self.streams.len() - 1)
            }
        };
        let answer_rows = qualifying.as_ref().map_or(0, Vec::len);
        let overlap = s.cpu.overlap_for(spec.table.layout, s.compression.is_on());
        self.queries.push(QueryState {
            spec,
            streams,
            index_stream,
            cursor_row: 0,
            cpu_free_ns: 0,
            io_blocked_until_ns: 0,
            cpu_ns: 0.0,
            overlap,
            selectivity,
            qualifying: 0.0,
            answer: Vec::with_capacity(answer_rows),
            seeks: 0,
            requests: 0,
            bytes_read: 0,
            last_completion_ns: 0,
            finished_ns: None,
            drew: rng.drew(),
        });
        Ok(())
    }

    /// Issues the units `range` of stream `si` into its device queue.
    fn issue(&mut self, si: usize, range: std::ops::Range<usize>) {
        let (frag, gap) = (
            self.settings.fragment_bytes,
            self.settings.fragment_gap_bytes,
        );
        for index in range {
            let st = &self.streams[si];
            let file_byte = st.units[index] * st.unit_bytes;
            // Units come from pages within the file (`units_for_pages`).
            debug_assert!(
                file_byte < st.file_bytes,
                "unit {} past the file",
                st.units[index]
            );
            let bytes = st.unit_bytes.min(st.file_bytes - file_byte);
            let request = Request {
                stream: si,
                index,
                query: st.query,
                offset: device_offset(st.device_base, file_byte, frag, gap),
                bytes,
                seq: self.seq,
                issued_ns: self.now_ns(),
            };
            self.seq += 1;
            self.devices[st.device].queue.push_back(request);
        }
    }

    /// Step 4 for query `q` at `now_ns`.
    pub(super) fn consume(&mut self, q: usize) {
        let now = self.now_ns();
        let window = self.settings.read_ahead_bytes;
        loop {
            let qs = &self.queries[q];
            if qs.finished_ns.is_some() || qs.cpu_free_ns > now {
                return;
            }
            if let Some(ix) = qs.index_stream
                && !self.streams[ix].is_done()
            {
                let row = self.streams[ix].frontier_row();
                let range = self.streams[ix].advance(row, window);
                self.issue(ix, range);
                return;
            }
            let cursor = qs.cursor_row;
            let rows = qs.spec.table.rows;
            if cursor >= rows {
                self.queries[q].finished_ns = Some(now);
                return;
            }
            let frontier = qs
                .streams
                .iter()
                .map(|&s| self.streams[s].frontier_row())
                .min()
                .unwrap_or(rows);
            if frontier <= cursor {
                for s in self.queries[q].streams.clone() {
                    let range = self.streams[s].advance(cursor, window);
                    self.issue(s, range);
                }
                return;
            }
            let end = frontier.min(cursor + self.settings.block_rows);
            let cpu = self.process_block(q, cursor, end);
            let qs = &mut self.queries[q];
            qs.cursor_row = end;
            qs.cpu_ns += cpu;
            qs.cpu_free_ns = now + cpu.round() as u64;
            qs.io_blocked_until_ns = now + ((1.0 - qs.overlap) * cpu).round() as u64;
            let (cpu_free, unblock) = (qs.cpu_free_ns, qs.io_blocked_until_ns);
            for t in [cpu_free, unblock] {
                if t > now {
                    self.sched.schedule(t, ScanEvent::Wake);
                }
            }
            let qs = &self.queries[q];
            for s in qs.streams.clone() {
                let range = self.streams[s].advance(end, window);
                self.issue(s, range);
            }
        }
    }

    /// Decodes rows `[a, b)` from the pages (answer) and returns the block's CPU ns.
    fn process_block(&mut self, q: usize, a: u64, b: u64) -> f64 {
        let compressed = self.settings.compression.is_on();
        let index = matches!(self.settings.access, AccessPath::Index { .. });
        let qs = &mut self.queries[q];
        let table = &qs.spec.table;
        let query = &qs.spec.query;
        let qualifying = if table.has_data() {
            let p = query.predicate;
            let before = qs.answer.len();
            let (answer, k) = (&mut qs.answer, query.columns.len());
            table.for_each_value(p.column, a..b, |row, v| {
                if p.matches(v) {
                    let values = Vec::with_capacity(k);
                    answer.push(AnswerRow { row, values });
                }
            });
            // Then the projected values at the qualifying positions.
            for r in &mut answer[before..] {
                let row = r.row;
                r.values
                    .extend(query.columns.iter().map(|&c| table.read_value(c, row)));
            }
            (answer.len() - before) as f64
        } else {
            (b - a) as f64 * qs.selectivity
        };
        qs.qualifying += qualifying;
        let work = BlockWork {
            // A bitmap heap scan touches only the qualifying tuples.
            rows: if index { qualifying } else { (b - a) as f64 },
            qualifying,
            projected: query.columns_read().len() as f64,
            attributes: table.schema.columns.len() as f64,
            tuple_bytes: f64::from(table.schema.tuple_bytes()),
            compressed,
        };
        self.settings.cpu.block_ns(table.layout, work)
    }

    fn all_done(&self) -> bool {
        if self.stop_after_first {
            return self.queries.first().is_none_or(|q| q.finished_ns.is_some());
        }
        self.queries.iter().all(|q| q.finished_ns.is_some())
    }

    /// Current simulated time (the scheduler's clock).
    pub fn now_ns(&self) -> u64 {
        self.sched.now_ns()
    }

    /// Completes one request (steps 2–4); `None` once the run is over.
    pub fn step(&mut self) -> Result<Option<StepEvent>, LayoutError> {
        loop {
            if self.all_done() {
                return Ok(None);
            }
            for d in 0..self.devices.len() {
                self.dispatch(d)?;
            }
            let popped = self
                .sched
                .pop()
                .map_err(|e| LayoutError::Invariant(e.to_string()))?;
            let Some((now, event)) = popped else {
                return Err(LayoutError::Invariant(
                    "no event pending but a query is unfinished (stalled scan)".into(),
                ));
            };
            if let ScanEvent::Complete { device, seq } = event {
                return self.complete(device, seq).map(Some);
            }
            for dev in &mut self.devices {
                if dev.idle_until_ns.is_some_and(|u| u <= now) {
                    dev.idle_until_ns = None;
                    dev.cfq_slice_new = false;
                    dev.cfq_slice_end_ns = now; // idling over: switch queues
                }
            }
            for q in 0..self.queries.len() {
                self.consume(q);
            }
        }
    }

    fn complete(&mut self, d: usize, seq: u64) -> Result<StepEvent, LayoutError> {
        let now = self.now_ns();
        let dev = &mut self.devices[d];
        let pos = dev
            .in_flight
            .iter()
            .position(|(t, r)| r.seq == seq && *t == now)
            .ok_or_else(|| LayoutError::Invariant("completion without a request".into()))?;
        let (_, request) = dev.in_flight.swap_remove(pos);
        if dev.cfq_slice_new && dev.cfq_active == Some(request.query) {
            // `dispatch.rs` item 3: the slice starts at its first completion.
            dev.cfq_slice_new = false;
            dev.cfq_slice_end_ns = now + self.settings.cfq_slice_ns;
        }
        let seek = self
            .seek_flags
            .iter()
            .position(|&(s, _)| s == request.seq)
            .map(|i| self.seek_flags.swap_remove(i).1)
            .unwrap_or(false);
        self.streams[request.stream].complete(request.index);
        self.queries[request.query].last_completion_ns = now;
        self.steps += 1;
        self.consume(request.query);
        Ok(StepEvent {
            now_ns: now,
            device: d,
            request,
            seek,
        })
    }

    /// Runs every remaining step.
    pub fn run_to_end(&mut self) -> Result<(), LayoutError> {
        while self.step()?.is_some() {}
        Ok(())
    }

    /// A single query on one device: the common case.
    pub fn single(
        device: DeviceId,
        table: StoredTable,
        query: ScanQuery,
        settings: ScanSettings,
        seed: u64,
    ) -> Result<Self, LayoutError> {
        let spec = QuerySpec {
            table,
            query,
            device: 0,
            index_device: 0,
            seed,
        };
        Self::new(&[device], vec![spec], settings)
    }

    /// Layout of query `q`'s table.
    pub fn layout(&self, q: usize) -> Option<Layout> {
        self.queries.get(q).map(|qs| qs.spec.table.layout)
    }
}

/// On-device bytes of one page of each of the table's files: the page itself uncompressed, its
/// bytes scaled by a fixed ratio, or (the codec) the mean page `codec.rs` packs from the
/// table's values: the lab's own first rows, or a sample of the same generator for a shape-only
/// table.
fn on_device_page_bytes(spec: &QuerySpec, compression: &Compression) -> Vec<u64> {
    let files = &spec.table.files;
    if compression.codec {
        let (schema, stored) = (&spec.table.schema, &spec.table);
        // At most `SAMPLE_ROWS` rows (the lab's own, when its table holds values), so the
        // codec's work and memory stay bounded whatever the table's size.
        let rows = stored.rows.min(codec::SAMPLE_ROWS);
        let sample = if stored.has_data() {
            let values = (0..schema.columns.len())
                .map(|c| (0..rows).map(|r| stored.read_value(c, r)).collect())
                .collect();
            Table {
                schema: schema.clone(),
                rows,
                values,
            }
        } else {
            Table::generate(schema.kind, rows, spec.seed)
        };
        return files
            .iter()
            .map(|f| codec::file_page_bytes(schema, f, &sample).max(1))
            .collect();
    }
    files
        .iter()
        .map(|f| ((f64::from(f.page_bytes) * compression.ratio).round() as u64).max(1))
        .collect()
}
