//! A plain-data snapshot of a running scan (digest §7 items 1, 3), for callers of the core
//! (the lab's own payload is `lab::view`):
//! the disk head moving between column files, the SSD's requests in flight, each stream's
//! read-ahead window, each query's cursor and CPU.
//!
//! 1. Devices: where the last request ended (the head, on a disk), queue and in-flight counts,
//!    seeks, requests and bytes so far.
//! 2. Streams: the file (DSM column, or the index), where it starts on the device, and its
//!    needed / issued / delivered / consumed unit counts (issued − consumed = read-ahead).
//! 3. Queries: layout, cursor, rows, CPU so far, seeks, finish time.

use super::pages::Layout;
use super::scan::ScanRun;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeviceView {
    pub name: &'static str,
    pub is_disk: bool,
    pub head_offset: Option<u64>,
    pub queued: usize,
    pub in_flight: usize,
    pub seeks: u64,
    pub requests: u64,
    pub bytes: u64,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StreamView {
    pub query: usize,
    /// The DSM column this stream reads; `None` for an NSM/PAX file or the index.
    pub column: Option<usize>,
    pub is_index: bool,
    pub device: usize,
    pub device_base: u64,
    pub needed_units: usize,
    pub issued_units: usize,
    pub delivered_units: usize,
    pub consumed_units: usize,
}

#[derive(Debug, Clone, PartialEq)]
pub struct QueryView {
    pub layout: Layout,
    pub cursor_row: u64,
    pub rows: u64,
    pub cpu_ns: f64,
    pub seeks: u64,
    pub finished_ns: Option<u64>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct ScanView {
    pub now_ns: u64,
    pub steps: u64,
    pub devices: Vec<DeviceView>,
    pub streams: Vec<StreamView>,
    pub queries: Vec<QueryView>,
}

impl ScanRun {
    pub fn view(&self) -> ScanView {
        ScanView {
            now_ns: self.now_ns(),
            steps: self.steps,
            devices: self
                .devices
                .iter()
                .map(|d| DeviceView {
                    name: d.id.name(),
                    is_disk: d.id.is_disk(),
                    head_offset: d.last_end,
                    queued: d.queue.len(),
                    in_flight: d.in_flight.len(),
                    seeks: d.seeks,
                    requests: d.requests,
                    bytes: d.bytes,
                })
                .collect(),
            streams: self
                .streams
                .iter()
                .map(|s| {
                    let table = &self.queries[s.query].spec.table;
                    StreamView {
                        query: s.query,
                        column: table.files.get(s.file).and_then(|f| f.column),
                        is_index: s.file == usize::MAX,
                        device: s.device,
                        device_base: s.device_base,
                        needed_units: s.units.len(),
                        issued_units: s.issued,
                        delivered_units: s.delivered,
                        consumed_units: s.consumed,
                    }
                })
                .collect(),
            queries: self
                .queries
                .iter()
                .map(|q| QueryView {
                    layout: q.spec.table.layout,
                    cursor_row: q.cursor_row,
                    rows: q.spec.table.rows,
                    cpu_ns: q.cpu_ns,
                    seeks: q.seeks,
                    finished_ns: q.finished_ns,
                })
                .collect(),
        }
    }
}
