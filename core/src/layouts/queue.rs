//! A device's request queue and its in-flight requests, and where the files of a table are
//! placed on it (`allocate`); shared by the scan (`scan`) and the dispatcher (`dispatch`).

use super::device::{DeviceId, ScanDevice};
use super::error::LayoutError;
use super::io::{Request, device_span};
use super::request_queue::RequestQueue;
use super::settings::ScanSettings;

#[derive(Debug, Clone)]
pub struct DeviceQueue {
    pub id: DeviceId,
    pub device: ScanDevice,
    pub queue: RequestQueue,
    /// (completion ns, request), at most the queue depth (1 on a disk).
    pub in_flight: Vec<(u64, Request)>,
    pub last_end: Option<u64>,
    pub next_free_offset: u64,
    pub seeks: u64,
    pub requests: u64,
    pub bytes: u64,
    pub cfq_active: Option<usize>,
    /// End of the active query's slice; `u64::MAX` while the slice is new (`dispatch.rs`
    /// item 3: it starts at the slice's first completion).
    pub cfq_slice_end_ns: u64,
    /// The active query's slice has not seen its first completion yet.
    pub cfq_slice_new: bool,
    /// CFQ idling: the device waits for the active query until then.
    pub idle_until_ns: Option<u64>,
}

impl DeviceQueue {
    /// Device `id`, with the RAID-0 stripe unit `stripe_bytes` (`raid.rs`).
    pub fn new(id: DeviceId, stripe_bytes: u64) -> Result<Self, LayoutError> {
        Ok(Self {
            id,
            device: ScanDevice::new(id, stripe_bytes)?,
            queue: RequestQueue::default(),
            in_flight: Vec::new(),
            last_end: None,
            next_free_offset: 0,
            seeks: 0,
            requests: 0,
            bytes: 0,
            cfq_active: None,
            cfq_slice_end_ns: 0,
            cfq_slice_new: false,
            idle_until_ns: None,
        })
    }
}

pub(super) fn allocate(d: &mut DeviceQueue, bytes: u64, s: &ScanSettings) -> u64 {
    let base = d.next_free_offset;
    let span = device_span(bytes, s.fragment_bytes, s.fragment_gap_bytes);
    // Next file starts at the next unit boundary after a metadata gap.
    d.next_free_offset = (base + span).div_ceil(s.io_unit_bytes) * s.io_unit_bytes;
    base
}
