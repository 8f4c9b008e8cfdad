//! Fig. 1: a 10-byte update costs a whole page write — "400–800×" for 4–8 KB pages (§1).
//!
//! 1. Build a store with one page of records, flush it (a new page, out of place).
//! 2. Change exactly 10 net body bytes (two whole u32 fields and the two low bytes of a third)
//!    in one page, write it back, and count the bytes the flash programmed for it.
//! 3. Without IPA that is the page; with an [N × M] scheme whose record holds the change it is
//!    one delta record (`1 + 3M + 3V` bytes).
//!    The file-system (×3.4) and device (×1–5) factors of Fig. 1 are quoted, not simulated.

use super::Row;
use crate::ipa::config::{Eviction, StoreConfig};
use crate::ipa::error::IpaError;
use crate::ipa::layout::Scheme;
use crate::ipa::store::IpaStore;

/// Bytes programmed on flash for one 10-byte update, per byte changed.
pub fn amplification(page_bytes: usize, scheme: Scheme, ipa: bool) -> Result<f64, IpaError> {
    let mut cfg = StoreConfig {
        page_bytes,
        scheme,
        buffer_frames: 4,
        // Keep the three updates together in the buffer until the checkpoint.
        eviction: Eviction::NonEager,
        ..StoreConfig::small_slc()
    };
    if !ipa {
        cfg = cfg.without_ipa();
    }
    let mut store = IpaStore::new(cfg)?;
    for k in 0..8 {
        store.insert(k, &[0, 0, 0, 0])?;
    }
    store.checkpoint()?;
    let (pages_before, deltas_before) = (
        store.ftl.counters.host_page_writes,
        store.counters.delta_bytes,
    );
    // 4 + 4 + 2 = 10 net bytes in one committed change set.
    store.update(3, 0, 0x0101_0101)?;
    store.update(3, 1, 0x0101_0101)?;
    store.update(3, 2, 0x0000_0101)?;
    store.checkpoint()?;
    let pages = store.ftl.counters.host_page_writes - pages_before;
    let delta_bytes = store.counters.delta_bytes - deltas_before;
    let written = pages as usize * page_bytes + delta_bytes as usize;
    Ok(written as f64 / 10.0)
}

/// Fig. 1's page factor for 4 KB and 8 KB pages, against the paper's 400× and 800×.
pub fn rows() -> Result<Vec<Row>, IpaError> {
    Ok(vec![
        Row::new(
            "4 KB page, out of place",
            amplification(4096, Scheme::none(), false)?,
            400.0,
        ),
        Row::new(
            "8 KB page, out of place",
            amplification(8192, Scheme::none(), false)?,
            800.0,
        ),
    ])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ten_bytes_cost_a_page_out_of_place_and_one_record_with_ipa() {
        let rows = rows().unwrap();
        assert!((rows[0].simulated - 409.6).abs() < 1e-9);
        assert!((rows[1].simulated - 819.2).abs() < 1e-9);
        let ipa = amplification(4096, Scheme { n: 2, m: 10, v: 12 }, true).unwrap();
        assert!((ipa - 6.7).abs() < 1e-9, "{ipa}"); // one 67-byte record
    }
}
