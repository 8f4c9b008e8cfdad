//! Counters turned into the paper's ratios (seed 004 App. B; Tabs. 6–10 rows).
//!
//! 1. App. B, in flash-page I/Os ("io"), with `p` flash pages per DB page (4 in the IPL
//!    setting: an 8 KB DB page over 2 KB flash pages):
//!    WA_IPA = (#write_deltas·1 + #out_of_place·p + #gc_migrations·p) / (#page_evictions·p),
//!    RA_IPA = (#page_fetches·p + #gc_migrations·p) / (#page_fetches·p).
//!    RA_IPA counts GC migration reads although App. B calls GC device-internal: implemented as
//!    printed (digest §8 #16); `host_read_amplification` is the host-visible 1.0 beside it.
//! 2. Per host write (Tabs. 6–10): GC page migrations and GC erases divided by host writes,
//!    where a host write is any DBMS page write (out-of-place, new page, or `write_delta`).
//! 3. Lifetime multiplier: erases per host write of a baseline over those of IPA (digest §6.8
//!    "Longevity": lifetime scales as 1 / erases per host write).

use super::noftl::FlashCounters;
use super::store::StoreCounters;

/// The ratios of one run.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Amplification {
    pub write_amplification: f64,
    pub read_amplification: f64,
    pub host_read_amplification: f64,
    pub gc_migrations_per_host_write: f64,
    pub gc_erases_per_host_write: f64,
    /// Share of update write-backs done as appends (new pages excluded, digest §8 #21).
    pub ipa_fraction: f64,
}

fn ratio(a: f64, b: f64) -> f64 {
    if b == 0.0 { 0.0 } else { a / b }
}

/// Step 1 and 2 for a store's counters, `p` flash-page I/Os per DB page.
pub fn amplification(store: &StoreCounters, flash: &FlashCounters, p: f64) -> Amplification {
    let evictions = store.write_backs as f64;
    let oop = (store.out_of_place_writes + store.new_page_writes) as f64;
    let migrations = flash.gc_migrations as f64;
    let fetches = store.page_fetches as f64;
    let host_writes = evictions;
    Amplification {
        write_amplification: ratio(
            store.appends as f64 + oop * p + migrations * p,
            evictions * p,
        ),
        read_amplification: ratio(fetches * p + migrations * p, fetches * p),
        host_read_amplification: if fetches > 0.0 { 1.0 } else { 0.0 },
        gc_migrations_per_host_write: ratio(migrations, host_writes),
        gc_erases_per_host_write: ratio(flash.erases as f64, host_writes),
        ipa_fraction: store.ipa_fraction(),
    }
}

/// Relative change from `baseline` to `value`, in percent (negative = reduction).
pub fn change_percent(baseline: f64, value: f64) -> f64 {
    ratio(value - baseline, baseline) * 100.0
}

/// Step 3: projected lifetime of IPA relative to the baseline.
pub fn lifetime_multiplier(baseline_erases_per_write: f64, ipa_erases_per_write: f64) -> f64 {
    ratio(baseline_erases_per_write, ipa_erases_per_write)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn app_b_formulas_on_hand_counted_events() {
        let store = StoreCounters {
            write_backs: 10,
            appends: 6,
            out_of_place_writes: 4,
            page_fetches: 20,
            ..Default::default()
        };
        let flash = FlashCounters {
            gc_migrations: 2,
            erases: 1,
            ..Default::default()
        };
        let a = amplification(&store, &flash, 4.0);
        // (6·1 + 4·4 + 2·4) / (10·4) = 30/40
        assert!((a.write_amplification - 0.75).abs() < 1e-12);
        // (20·4 + 2·4) / (20·4) = 1.1
        assert!((a.read_amplification - 1.1).abs() < 1e-12);
        assert!((a.ipa_fraction - 0.6).abs() < 1e-12);
        assert!((lifetime_multiplier(0.2, 0.1) - 2.0).abs() < 1e-12);
        assert!((change_percent(137_962.0, 35_958.0) + 73.94).abs() < 0.01);
    }
}
