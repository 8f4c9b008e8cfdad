//! The base table standing in for the HDD-resident main data (§2.1, §3.2; digest §2.3).
//!
//! 1. Clustered by key in pages of `keys_per_page` consecutive keys (fixed key ranges with
//!    variable fill, so an in-place migration never splits a page; digest §8.12).
//! 2. Each page has a timestamp (the reused LSN field): the timestamp of the last update that
//!    migration applied to it; 0 for a freshly loaded page.
//! 3. A scan and a migration apply an update u to page p only if u.ts > p.ts, which makes
//!    migration idempotent and lets queries run during it (§3.2, §3.6).

use super::record::Row;

#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct DataPage {
    /// Rows sorted by key, all inside the page's key range.
    pub rows: Vec<(u64, Row)>,
    pub page_ts: u64,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BaseTable {
    pub keys_per_page: u64,
    pub pages: Vec<DataPage>,
}

impl BaseTable {
    /// Load from (key, row) pairs; keys must be < key_space (others are dropped), duplicates keep
    /// the last.
    pub fn load(key_space: u64, keys_per_page: u64, rows: &[(u64, Row)]) -> Self {
        let kpp = keys_per_page.max(1);
        let page_count = usize::try_from(key_space.div_ceil(kpp)).unwrap_or(0);
        let mut pages = vec![DataPage::default(); page_count];
        let mut sorted: Vec<(u64, Row)> = rows
            .iter()
            .copied()
            .filter(|(k, _)| *k < key_space)
            .collect();
        sorted.sort_by_key(|(k, _)| *k);
        for (key, row) in sorted {
            if let Some(page) = pages.get_mut((key / kpp) as usize) {
                match page.rows.last_mut() {
                    Some(last) if last.0 == key => last.1 = row,
                    _ => page.rows.push((key, row)),
                }
            }
        }
        Self {
            keys_per_page: kpp,
            pages,
        }
    }

    pub fn page_of(&self, key: u64) -> usize {
        (key / self.keys_per_page) as usize
    }

    pub fn page_ts_of(&self, key: u64) -> u64 {
        self.pages
            .get(self.page_of(key))
            .map_or(0, |page| page.page_ts)
    }

    /// Key range [first, last] of page `index`.
    pub fn page_key_range(&self, index: usize) -> (u64, u64) {
        let first = index as u64 * self.keys_per_page;
        (first, first + self.keys_per_page - 1)
    }

    /// Every row, in key order.
    pub fn rows(&self) -> Vec<(u64, Row)> {
        self.pages
            .iter()
            .flat_map(|p| p.rows.iter().copied())
            .collect()
    }

    /// Rows with begin ≤ key ≤ end, in key order (the table range scan).
    pub fn range(&self, begin_key: u64, end_key: u64) -> Vec<(u64, Row)> {
        let first = self.page_of(begin_key);
        let last = self
            .page_of(end_key)
            .min(self.pages.len().saturating_sub(1));
        let mut out = Vec::new();
        for page in self.pages.iter().take(last + 1).skip(first) {
            out.extend(
                page.rows
                    .iter()
                    .filter(|(k, _)| *k >= begin_key && *k <= end_key)
                    .copied(),
            );
        }
        out
    }
}
