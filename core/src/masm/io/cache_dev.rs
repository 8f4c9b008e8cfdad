//! The update-cache device: the X25-E SSD of §5.1 (`ssd_cache`) or, for Fig. 19, a second disk
//! of the main disk's preset (`hdd_dev`). MaSM sees one interface either way:
//!
//! 1. `write_pages(first_page, pages)`: a run written sequentially at MaSM page address
//!    `first_page` (P bytes per page), as P-sized requests issued together.
//! 2. `read_pieces`: a batch of asynchronous reads issued together. On the SSD they overlap over
//!    dies and channels; on the disk they are served in ascending address order (one elevator
//!    sweep), each piece a positioning plus a transfer, so a granule read becomes a seek.
//!    Calls are expected in non-decreasing `ready_ns`; an earlier one queues behind what is
//!    already booked (the disk is busy until its last request ends, a die until its last page).
//! 3. `write_bytes`/`trim`: byte-addressed writes (the IU baseline's 4 KB log pages) and the
//!    TRIM of a freed run (a no-op on the disk).

use super::hdd_dev::HddDev;
use super::ssd_cache::SsdCache;
use super::{CacheKind, Span};

#[derive(Debug, Clone)]
pub enum CacheDevice {
    Ssd(Box<SsdCache>),
    Hdd(HddDev),
}

#[derive(Debug, Clone)]
pub struct CacheDev {
    pub device: CacheDevice,
    /// P: the bytes of one MaSM page.
    pub page_bytes: u64,
    /// Largest single request of a sequential transfer.
    pub request_bytes: u64,
    pub bytes_read: u64,
    pub bytes_written: u64,
}

impl CacheDev {
    /// The cache device of `kind`; `cache_bytes` sizes the SSD's FTL (see `ssd_cache`).
    pub fn new(
        kind: &CacheKind,
        page_bytes: u64,
        cache_bytes: u64,
        request_bytes: u64,
    ) -> Result<Self, String> {
        let device = match kind {
            CacheKind::Ssd { drive } => {
                CacheDevice::Ssd(Box::new(SsdCache::new(drive, cache_bytes)?))
            }
            CacheKind::Hdd { preset } => {
                let hdd = HddDev::new(preset, request_bytes)?;
                if cache_bytes > hdd.capacity_bytes() {
                    return Err(format!(
                        "cache_bytes {cache_bytes} does not fit on the {preset} disk ({} bytes)",
                        hdd.capacity_bytes()
                    ));
                }
                CacheDevice::Hdd(hdd)
            }
        };
        Ok(Self {
            device,
            page_bytes: page_bytes.max(1),
            request_bytes: request_bytes.max(1),
            bytes_read: 0,
            bytes_written: 0,
        })
    }

    pub fn is_ssd(&self) -> bool {
        matches!(self.device, CacheDevice::Ssd(_))
    }

    pub fn busy_until_ns(&self) -> u64 {
        match &self.device {
            CacheDevice::Ssd(s) => s.busy_until_ns(),
            CacheDevice::Hdd(h) => h.busy_until_ns(),
        }
    }

    /// Sequential write of `pages` MaSM pages at cache page address `first_page` (a run).
    pub fn write_pages(&mut self, ready_ns: u64, first_page: u64, pages: u64) -> Span {
        let p = self.page_bytes;
        let request = p;
        self.write_range(ready_ns, first_page * p, pages * p, request)
    }

    /// Sequential write of `[offset, offset+len)` as one request (e.g. one 4 KB log page).
    pub fn write_bytes(&mut self, ready_ns: u64, offset_bytes: u64, len_bytes: u64) -> Span {
        self.write_range(ready_ns, offset_bytes, len_bytes, self.request_bytes)
    }

    fn write_range(&mut self, ready_ns: u64, offset: u64, len: u64, request: u64) -> Span {
        if len == 0 {
            return Span {
                start_ns: ready_ns,
                end_ns: ready_ns,
            };
        }
        self.bytes_written += len;
        match &mut self.device {
            CacheDevice::Ssd(s) => s.write(ready_ns, offset, len, request),
            CacheDevice::Hdd(h) => {
                let offset = offset % h.capacity_bytes().max(1);
                h.write(ready_ns, offset, len)
            }
        }
    }

    /// Asynchronous reads of the given `(offset_bytes, len_bytes)` pieces of the cache address
    /// space, issued together at `ready_ns`; the span of the whole batch.
    pub fn read_pieces(&mut self, ready_ns: u64, pieces: &[(u64, u64)]) -> Span {
        let pieces: Vec<(u64, u64)> = pieces.iter().copied().filter(|p| p.1 > 0).collect();
        if pieces.is_empty() {
            return Span {
                start_ns: ready_ns,
                end_ns: ready_ns,
            };
        }
        self.bytes_read += pieces.iter().map(|p| p.1).sum::<u64>();
        match &mut self.device {
            CacheDevice::Ssd(s) => s.read_pieces(ready_ns, &pieces),
            CacheDevice::Hdd(h) => {
                // Addresses wrap round the disk, like the SSD's logical space.
                let capacity = h.capacity_bytes().max(1);
                let mut sorted: Vec<(u64, u64)> =
                    pieces.iter().map(|&(o, l)| (o % capacity, l)).collect();
                sorted.sort_unstable();
                let mut span = Span {
                    start_ns: ready_ns.max(h.busy_until_ns()),
                    end_ns: ready_ns,
                };
                for (offset, len) in sorted {
                    span.end_ns = h.read(ready_ns, offset, len).end_ns;
                }
                span
            }
        }
    }

    /// SSD model refusals (device full); 0 by construction, checked by the tests.
    pub fn model_errors(&self) -> u64 {
        match &self.device {
            CacheDevice::Ssd(s) => s.model_errors,
            CacheDevice::Hdd(_) => 0,
        }
    }

    /// TRIM of `pages` MaSM pages from `first_page` (a freed run).
    pub fn trim_pages(&mut self, first_page: u64, pages: u64) {
        if let CacheDevice::Ssd(s) = &mut self.device {
            s.trim(first_page * self.page_bytes, pages * self.page_bytes);
        }
    }
}
