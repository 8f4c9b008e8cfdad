//! What each MaSM operation costs on the devices (§3.2–3.5, §5.1; digest §4), shared by the lab
//! and the reproductions so both time the very same I/O.
//!
//! 1. Layout: key k occupies `[k·b, (k+1)·b)` of the main disk (`TableLayout`); runs sit in the
//!    cache address space at page addresses chosen by `CacheSpace` (next-fit from a cursor, so
//!    successive runs are written log-style; a run that fits nowhere goes past the end, where the
//!    devices wrap the address round).
//! 2. Scan [b, e]: the HDD reads the key range in 1 MiB requests; at the same moment one batch of
//!    asynchronous cache reads is issued: for every run, the granules its index names for [b, e]
//!    (at least one per run, Eq. 9–10), each g·P bytes, as one contiguous piece per run. The scan
//!    ends when both are done: max(HDD, cache), the overlap that hides the fetch (Figs. 12–16).
//! 3. Flush: the run's pages written sequentially at its allocation (stepped flushes write a
//!    slice of the pages at a time).
//! 4. 2-pass merge: the inputs read sequentially while the output is written (pipelined: both
//!    issued at `ready_ns`, the device arbitrates; the output cannot end before the inputs).
//! 5. Migration of one table page: read it and write it back in place on the main disk.

use std::collections::BTreeMap;

use super::{Devices, Span};
use crate::masm::store::Masm;

/// Where the main data lives: key k occupies `[k·bytes_per_key, (k+1)·bytes_per_key)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TableLayout {
    pub key_space: u64,
    pub bytes_per_key: u64,
    pub keys_per_table_page: u64,
}

impl TableLayout {
    /// Spreads `key_space` keys evenly over `table_bytes` (at least one byte per key).
    pub fn new(key_space: u64, keys_per_table_page: u64, table_bytes: u64) -> Self {
        Self {
            key_space,
            bytes_per_key: (table_bytes / key_space.max(1)).max(1),
            keys_per_table_page: keys_per_table_page.max(1),
        }
    }

    /// Byte range `(offset, len)` of keys `from..=to`.
    pub fn key_range_bytes(&self, from: u64, to: u64) -> (u64, u64) {
        let to = to.max(from);
        (
            from * self.bytes_per_key,
            (to - from + 1) * self.bytes_per_key,
        )
    }

    pub fn table_page_bytes(&self) -> u64 {
        self.keys_per_table_page * self.bytes_per_key
    }

    /// Byte range `(offset, len)` of table page `page`.
    pub fn table_page_range(&self, page: u64) -> (u64, u64) {
        let bytes = self.table_page_bytes();
        (page * bytes, bytes)
    }

    pub fn table_page_of(&self, key: u64) -> u64 {
        key / self.keys_per_table_page
    }
}

/// Placement of runs in the cache address space, in MaSM pages.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct CacheSpace {
    pub capacity_pages: u64,
    /// run id → (first page, pages).
    runs: BTreeMap<u64, (u64, u64)>,
    /// Where the next search for room starts (just past the last allocation).
    cursor: u64,
}

impl CacheSpace {
    pub fn new(capacity_pages: u64) -> Self {
        Self {
            capacity_pages,
            runs: BTreeMap::new(),
            cursor: 0,
        }
    }

    /// Reserves `pages` for `run_id` and returns its first page; a run already placed keeps its
    /// place. Next-fit from the cursor, then from page 0, else past every allocation.
    pub fn allocate(&mut self, run_id: u64, pages: u64) -> u64 {
        if let Some(&(first, _)) = self.runs.get(&run_id) {
            return first;
        }
        let mut extents: Vec<(u64, u64)> = self.runs.values().copied().collect();
        extents.sort_unstable();
        let fits_at = |from: u64| -> Option<u64> {
            let mut start = from;
            for &(first, len) in &extents {
                if first + len <= start {
                    continue;
                }
                if first >= start + pages {
                    break;
                }
                start = start.max(first + len);
            }
            (start + pages <= self.capacity_pages).then_some(start)
        };
        let first = fits_at(self.cursor)
            .or_else(|| fits_at(0))
            .unwrap_or_else(|| {
                extents
                    .iter()
                    .map(|&(f, l)| f + l)
                    .max()
                    .unwrap_or(0)
                    .max(self.capacity_pages)
            });
        self.runs.insert(run_id, (first, pages));
        self.cursor = first + pages;
        first
    }

    /// Releases a run's pages (after a merge or a migration).
    pub fn free(&mut self, run_id: u64) -> Option<(u64, u64)> {
        self.runs.remove(&run_id)
    }

    pub fn first_page(&self, run_id: u64) -> Option<u64> {
        self.runs.get(&run_id).map(|&(first, _)| first)
    }

    /// `(first page, pages)` of a placed run.
    pub fn extent(&self, run_id: u64) -> Option<(u64, u64)> {
        self.runs.get(&run_id).copied()
    }

    pub fn used_pages(&self) -> u64 {
        self.runs.values().map(|&(_, pages)| pages).sum()
    }
}

/// The I/O of one MaSM range scan.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScanCost {
    pub hdd: Span,
    /// `None` when no run was read.
    pub cache: Option<Span>,
    /// (run id, first granule, granules read) per run read.
    pub granules: Vec<(u64, u64, u64)>,
    /// Bytes read from the cache device.
    pub cache_bytes: u64,
    pub end_ns: u64,
}

/// Bytes of one granule: g·P = records_per_granule · P / records_per_page.
pub fn granule_bytes(masm: &Masm, page_bytes: u64) -> u64 {
    let layout = masm.layout();
    let per_page = masm.config().records_per_page.max(1);
    (layout.records_per_granule.min(per_page) * page_bytes / per_page).max(1)
}

/// A cache read: `(offset_bytes, len_bytes)`.
pub type Piece = (u64, u64);
/// A run's granules read by a scan: (run id, first granule, granules).
pub type RunGranules = (u64, u64, u64);

/// The cache reads of a scan of [from, to]: per placed run, the granules its index names (at
/// least one), as one contiguous piece `(offset_bytes, len_bytes)`; and (run id, first granule,
/// granules) per run read. Runs not placed in `space` are skipped (nothing on the device).
pub fn granule_pieces(
    space: &CacheSpace,
    masm: &Masm,
    page_bytes: u64,
    from: u64,
    to: u64,
) -> (Vec<Piece>, Vec<RunGranules>) {
    let granule = granule_bytes(masm, page_bytes);
    let mut granules = Vec::new();
    let mut pieces = Vec::new();
    for run in masm.runs() {
        let (first_granule, count) = run.index.granules_for(from, to);
        let Some(first_page) = space.first_page(run.id) else {
            continue;
        };
        if count == 0 {
            continue;
        }
        let run_end = (first_page + run.pages) * page_bytes;
        let start = first_page * page_bytes + first_granule as u64 * granule;
        let end = (start + count * granule).min(run_end.max(start + granule));
        granules.push((run.id, first_granule as u64, count));
        pieces.push((start, end - start));
    }
    (pieces, granules)
}

/// A MaSM range scan at `ready_ns`: HDD range read of [from, to] overlapped with one
/// asynchronous batch of granule reads on the cache device (`granule_pieces`).
pub fn scan_cost(
    dev: &mut Devices,
    space: &CacheSpace,
    masm: &Masm,
    table: &TableLayout,
    ready_ns: u64,
    from: u64,
    to: u64,
) -> ScanCost {
    let (offset, len) = table.key_range_bytes(from, to);
    let hdd = dev.hdd.read(ready_ns, offset, len);
    let (pieces, granules) = granule_pieces(space, masm, dev.cache.page_bytes, from, to);
    let cache_bytes = pieces.iter().map(|p| p.1).sum();
    let cache = (!pieces.is_empty()).then(|| dev.cache.read_pieces(ready_ns, &pieces));
    let end_ns = cache.map_or(hdd.end_ns, |c| c.end_ns.max(hdd.end_ns));
    ScanCost {
        hdd,
        cache,
        granules,
        cache_bytes,
        end_ns,
    }
}

/// Writes pages `[first_in_run, first_in_run + pages)` of run `run_id` (placed with
/// `total_pages` if new): one step of a stepped flush.
pub fn flush_pages_cost(
    dev: &mut Devices,
    space: &mut CacheSpace,
    run_id: u64,
    total_pages: u64,
    first_in_run: u64,
    pages: u64,
    ready_ns: u64,
) -> Span {
    let first = space.allocate(run_id, total_pages);
    dev.cache.write_pages(ready_ns, first + first_in_run, pages)
}

/// Writes a whole run of `pages` pages (placed if new).
pub fn flush_cost(
    dev: &mut Devices,
    space: &mut CacheSpace,
    run_id: u64,
    pages: u64,
    ready_ns: u64,
) -> Span {
    flush_pages_cost(dev, space, run_id, pages, 0, pages, ready_ns)
}

/// 2-pass merge of `inputs` (run id, pages) into `output` (run id, pages): returns the read and
/// the write span. The inputs stay placed; call `release_run` for each afterwards.
pub fn merge_cost(
    dev: &mut Devices,
    space: &mut CacheSpace,
    inputs: &[(u64, u64)],
    output: (u64, u64),
    ready_ns: u64,
) -> (Span, Span) {
    let p = dev.cache.page_bytes;
    let pieces: Vec<(u64, u64)> = inputs
        .iter()
        .filter_map(|&(id, pages)| space.first_page(id).map(|first| (first * p, pages * p)))
        .collect();
    let read = dev.cache.read_pieces(ready_ns, &pieces);
    let first = space.allocate(output.0, output.1);
    let mut write = dev.cache.write_pages(ready_ns, first, output.1);
    write.end_ns = write.end_ns.max(read.end_ns);
    (read, write)
}

/// Frees a run's place and TRIMs its pages on the SSD.
pub fn release_run(dev: &mut Devices, space: &mut CacheSpace, run_id: u64) {
    if let Some((first, pages)) = space.free(run_id) {
        dev.cache.trim_pages(first, pages);
    }
}

/// Migration of table page `page`: read it and write it back on the main disk.
pub fn migrate_page_cost(
    dev: &mut Devices,
    table: &TableLayout,
    page: u64,
    ready_ns: u64,
) -> (Span, Span) {
    let (offset, len) = table.table_page_range(page);
    let read = dev.hdd.read(ready_ns, offset, len);
    let write = dev.hdd.write(read.end_ns, offset, len);
    (read, write)
}
