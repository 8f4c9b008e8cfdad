//! Host-cache warm-up for the FTL's big maps (simulator speed only: no simulated effect).
//!
//! On a large device the maps are megabytes, and each random write misses the host's caches
//! twice (its LBA's forward entry, then the reverse entry of the page it supersedes); one at a
//! time, each miss stalls the simulator for a full memory latency. A caller that knows the next
//! writes' LBAs (the SSD bench draws them in batches) loads their entries for a whole batch in
//! one tight pass first, so those misses overlap. Reads only; the writes that follow do
//! exactly what they would have done. (The dies' write points are not warmed: they advance
//! sequentially, and loading every die's for each batch cost more than it saved.)

use super::ftl::{Ftl, UNMAPPED};

impl Ftl {
    /// Host-cache warm-up for the writes a caller will do next (simulator speed only, no
    /// simulated effect). Loads, in one pass so that their cache misses overlap instead of each
    /// stalling one write: the forward-map entries of `later` LBAs; for the `next` LBAs (whose
    /// forward entries an earlier call loaded), the reverse-map entry of the page their
    /// overwrite will invalidate. Returns a fold of what it read, for `std::hint::black_box`,
    /// so the loads are not optimised away.
    pub fn warm_for_writes(&self, next: &[u32], later: &[u32]) -> u32 {
        // Tight loops (few instructions per load) so that a whole batch's loads fit in the
        // processor's reorder window at once.
        let read = |map: &[u32], i: u32| map.get(i as usize).copied().unwrap_or(0);
        let mut acc = later.iter().fold(0, |acc, &lba| acc ^ read(&self.l2p, lba));
        acc ^= next.iter().fold(0, |acc, &lba| {
            let ppn = self.l2p.get(lba as usize).copied().unwrap_or(UNMAPPED);
            acc ^ read(&self.p2l, ppn)
        });
        acc
    }
}
