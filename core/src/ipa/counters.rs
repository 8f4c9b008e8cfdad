//! DBMS-side counters of an IPA store (App. B's event counts, the denominators of Tabs. 6–10,
//! and the net update-size histogram of Tabs. 1 and 11).
//!
//! 1. Every field counts events since the store was created; `since` subtracts a snapshot so a
//!    run can measure its transaction phase only.
//! 2. `ipa_fraction` excludes new-page writes (digest §8 #21); `update_size_cdf` reads the
//!    histogram as the paper's percentiles.
//! 3. The histogram is dense (`SizeHistogram`: count of size s at index s), because every
//!    update write-back adds to it (issue 10 "Performance": one increment, not a tree insert);
//!    sizes are below the page size. Equality ignores trailing zero counts.

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
    pub update_sizes: SizeHistogram,
}

/// Step 3: net update size (bytes) → count, as a vector indexed by size.
#[derive(Debug, Clone, Default)]
pub struct SizeHistogram {
    counts: Vec<u64>,
}

impl SizeHistogram {
    /// Counts one update of `bytes` bytes.
    pub fn add(&mut self, bytes: usize) {
        if bytes >= self.counts.len() {
            self.counts.resize(bytes + 1, 0);
        }
        self.counts[bytes] += 1;
    }

    /// How many updates were of `bytes` bytes.
    pub fn count(&self, bytes: usize) -> u64 {
        self.counts.get(bytes).copied().unwrap_or(0)
    }

    /// (size, count) for every size counted at least once, in rising size order.
    pub fn iter(&self) -> impl Iterator<Item = (usize, u64)> + '_ {
        self.counts
            .iter()
            .enumerate()
            .filter(|&(_, &n)| n > 0)
            .map(|(s, &n)| (s, n))
    }

    /// Every update counted.
    pub fn total(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// Updates of at most `bytes` bytes.
    pub fn at_most(&self, bytes: usize) -> u64 {
        self.counts.iter().take(bytes.saturating_add(1)).sum()
    }

    /// The counts accumulated since `before` (a snapshot of the same histogram).
    pub fn since(&self, before: &SizeHistogram) -> SizeHistogram {
        let counts = self
            .counts
            .iter()
            .enumerate()
            .map(|(s, &n)| n.saturating_sub(before.count(s)))
            .collect();
        SizeHistogram { counts }
    }
}

impl PartialEq for SizeHistogram {
    fn eq(&self, other: &Self) -> bool {
        self.iter().eq(other.iter())
    }
}

impl Eq for SizeHistogram {}

impl StoreCounters {
    /// The counts accumulated since `before` (a snapshot of the same store).
    pub fn since(&self, before: &StoreCounters) -> StoreCounters {
        let update_sizes = self.update_sizes.since(&before.update_sizes);
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
        let total = self.update_sizes.total();
        let within = self.update_sizes.at_most(bytes);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::Rng;
    use std::collections::BTreeMap;

    /// The reference is the `BTreeMap<usize, u64>` the histogram replaces (step 3).
    #[test]
    fn size_histogram_answers_like_a_btreemap_of_size_to_count() {
        let mut rng = Rng::new(17);
        for _ in 0..100 {
            let (mut hist, mut plain) = (SizeHistogram::default(), BTreeMap::new());
            let mut snapshot = (hist.clone(), plain.clone());
            for _ in 0..rng.below(300) {
                let range = 1 + rng.below(200);
                let size = rng.below(range) as usize;
                hist.add(size);
                *plain.entry(size).or_insert(0u64) += 1;
                if rng.chance(0.05) {
                    snapshot = (hist.clone(), plain.clone());
                }
            }
            assert!(hist.iter().eq(plain.iter().map(|(&s, &n)| (s, n))));
            assert_eq!(hist.total(), plain.values().sum::<u64>());
            for b in [0, 1, 3, 50, 199, 10_000, usize::MAX] {
                let want: u64 = plain.range(..=b).map(|(_, n)| n).sum();
                assert_eq!(hist.at_most(b), want);
                assert_eq!(hist.count(b), plain.get(&b).copied().unwrap_or(0));
            }
            let mut since: BTreeMap<usize, u64> = plain.clone();
            for (s, n) in &snapshot.1 {
                if let Some(v) = since.get_mut(s) {
                    *v -= n;
                }
            }
            since.retain(|_, v| *v > 0);
            let got = hist.since(&snapshot.0);
            assert!(got.iter().eq(since.iter().map(|(&s, &n)| (s, n))));
            let mut rebuilt = SizeHistogram::default();
            for (&s, &n) in &since {
                (0..n).for_each(|_| rebuilt.add(s));
            }
            assert_eq!(got, rebuilt, "equal counts, equal histograms");
        }
    }
}
