//! DBMS-side counters of an IPA store (App. B's event counts, the denominators of Tabs. 6–10,
//! and the net update-size histogram of Tabs. 1 and 11).
//!
//! 1. Every field counts events since the store was created; `since` subtracts a snapshot so a
//!    run can measure its transaction phase only.
//! 2. `ipa_fraction` excludes new-page writes (digest §8 #21); `update_size_cdf` reads the
//!    histogram as the paper's percentiles.

use std::collections::BTreeMap;

/// DBMS-side counters (App. B and Tabs. 6–10 denominators).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct StoreCounters {
    /// Committed write ops (inserts and updates; gets are not counted).
    pub transactions: u64,
    pub page_fetches: u64,
    pub buffer_hits: u64,
    pub page_evictions: u64,
    /// Dirty write-backs of every kind.
    pub write_backs: u64,
    /// Write-backs done as in-place appends (`write_delta`).
    pub appends: u64,
    pub delta_records: u64,
    /// Write-backs of existing pages done out of place.
    pub out_of_place_writes: u64,
    /// Write-backs of never-written pages (excluded from "% IPA", digest §8 #21).
    pub new_page_writes: u64,
    pub delta_bytes: u64,
    pub crashes: u64,
    /// Net changed body bytes per update write-back (existing pages): bytes → count
    /// (Tabs. 1 and 11, App. A: new pages excluded).
    pub update_sizes: BTreeMap<usize, u64>,
}

impl StoreCounters {
    /// The counts accumulated since `before` (a snapshot of the same store).
    pub fn since(&self, before: &StoreCounters) -> StoreCounters {
        let mut update_sizes = self.update_sizes.clone();
        for (size, n) in &before.update_sizes {
            if let Some(v) = update_sizes.get_mut(size) {
                *v = v.saturating_sub(*n);
            }
        }
        update_sizes.retain(|_, v| *v > 0);
        StoreCounters {
            transactions: self.transactions - before.transactions,
            page_fetches: self.page_fetches - before.page_fetches,
            buffer_hits: self.buffer_hits - before.buffer_hits,
            page_evictions: self.page_evictions - before.page_evictions,
            write_backs: self.write_backs - before.write_backs,
            appends: self.appends - before.appends,
            delta_records: self.delta_records - before.delta_records,
            out_of_place_writes: self.out_of_place_writes - before.out_of_place_writes,
            new_page_writes: self.new_page_writes - before.new_page_writes,
            delta_bytes: self.delta_bytes - before.delta_bytes,
            crashes: self.crashes - before.crashes,
            update_sizes,
        }
    }

    /// Fraction of update write-backs that changed at most `bytes` net body bytes.
    pub fn update_size_cdf(&self, bytes: usize) -> f64 {
        let total: u64 = self.update_sizes.values().sum();
        let within: u64 = self.update_sizes.range(..=bytes).map(|(_, n)| n).sum();
        if total == 0 {
            0.0
        } else {
            within as f64 / total as f64
        }
    }

    /// Share of update write-backs (existing pages) done as appends.
    pub fn ipa_fraction(&self) -> f64 {
        let updates = self.appends + self.out_of_place_writes;
        if updates == 0 {
            0.0
        } else {
            self.appends as f64 / updates as f64
        }
    }
}
