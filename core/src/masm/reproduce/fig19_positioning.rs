//! Fig. 19's granule reads on the cache disk, timed three ways, to say with a measurement why
//! the model's per-run read is shorter than the paper's numbers imply (issue 29).
//!
//! 1. The Fig. 19 state and its 1 MB scans at the same positions
//!    (`fig19_hdd_cache::positioning`: M = 128, 64 runs on the cache disk's first 1 GB); each
//!    scan's granule pieces are the ones `masm_cost::granule_pieces` names (one 64 KB granule
//!    per run at 1 MB).
//! 2. Each scan's pieces are served one at a time on a disk of the same model, the head carried
//!    from scan to scan, in three orders: (a) address order, as the model serves a batch
//!    (`CacheDev::read_pieces`: what a disk with a command queue or an elevator does);
//!    (b) a random order within the same 1 GB area (no reordering at all); (c) each piece moved
//!    to a uniformly random place on the whole disk: a full random positioning per read, the
//!    average seek plus half a revolution.
//! 3. Each is reported as the mean cache-disk time per run read; the paper's slowdowns imply
//!    (slowdown × pure scan time) / runs per run read when the cache reads outlast the disk
//!    range read, as they do at 1 MB and 10 MB.

use super::setup::KIB;
use crate::device::hdd::geometry::SECTOR_BYTES;
use crate::masm::Masm;
use crate::masm::io::masm_cost::granule_pieces;
use crate::masm::io::{CacheSpace, DEFAULT_HDD_PRESET, DEFAULT_SCAN_REQUEST_BYTES, HddDev};
use crate::sim::Rng;

/// Mean cache-disk time per run read (ms) in each order of step 2, and the runs read per scan.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PerRunRead {
    pub address_order_ms: f64,
    pub random_order_ms: f64,
    pub random_place_ms: f64,
    pub runs: u64,
}

/// Serves `pieces` one at a time from `ready_ns`; returns when the last ends.
fn serve(disk: &mut HddDev, ready_ns: u64, pieces: &[(u64, u64)]) -> u64 {
    pieces.iter().fold(ready_ns, |end, &(offset, len)| {
        disk.read(ready_ns, offset, len).end_ns.max(end)
    })
}

/// Steps 2–3 for the scans `ranges` (first key, last key) of the state `masm` placed in `space`;
/// `seed` draws the random order and places.
pub fn measure(
    masm: &Masm,
    space: &CacheSpace,
    ranges: &[(u64, u64)],
    seed: u64,
) -> Result<PerRunRead, String> {
    let mut disks = Vec::new();
    for _ in 0..3 {
        disks.push(HddDev::new(DEFAULT_HDD_PRESET, DEFAULT_SCAN_REQUEST_BYTES)?);
    }
    let capacity = disks[0].capacity_bytes();
    let mut rng = Rng::new(seed ^ 0x19);
    let (mut ready, mut total_ns, mut reads) = ([0u64; 3], [0u64; 3], 0u64);
    for &(from, to) in ranges {
        let (mut sorted, _) = granule_pieces(space, masm, 64 * KIB, from, to);
        sorted.sort_unstable();
        let mut shuffled = sorted.clone();
        for i in (1..shuffled.len()).rev() {
            shuffled.swap(i, rng.below(i as u64 + 1) as usize);
        }
        let placed: Vec<(u64, u64)> = sorted
            .iter()
            .map(|&(_, len)| {
                let slots = capacity.saturating_sub(len) / SECTOR_BYTES;
                (rng.below(slots.max(1)) * SECTOR_BYTES, len)
            })
            .collect();
        for (i, pieces) in [sorted.as_slice(), &shuffled, &placed]
            .into_iter()
            .enumerate()
        {
            let start = ready[i].max(disks[i].busy_until_ns());
            let end = serve(&mut disks[i], start, pieces);
            total_ns[i] += end - start;
            ready[i] = end;
        }
        reads += sorted.len() as u64;
    }
    let per_read = |i: usize| total_ns[i] as f64 / reads.max(1) as f64 / 1e6;
    Ok(PerRunRead {
        address_order_ms: per_read(0),
        random_order_ms: per_read(1),
        random_place_ms: per_read(2),
        runs: masm.runs().len() as u64,
    })
}
