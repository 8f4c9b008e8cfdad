//! Which units each file's stream needs: the access-path rules (paper §4.2, §5.2.3; digest §4.5,
//! §4.7), as pure functions of the stored table, the query and the qualifying positions.
//!
//! 1. Qualifying positions: with page bytes, P(a) is evaluated on the predicate column's pages
//!    (the same bytes the scan will decode); a shape-only table (the paper's 60 M rows, no
//!    bytes) draws each page's "holds a qualifying row" from `Rng` with probability
//!    1 − (1 − s)^rows_per_page, s the predicate's expected selectivity. The generator is
//!    built at the first draw (`PageDraws`), so a scan that draws nothing (every file read
//!    whole) builds none and is seen to be deterministic (`plugin::seeds`).
//! 2. Full scan: NSM and PAX read every page of their one file. DSM reads the predicate
//!    column's file fully and every other projected column only at the pages holding
//!    qualifying positions ("each projected column is examined only at positions where the
//!    predicate was satisfied", §4.2). With 128 KB units and scattered qualifying rows every
//!    unit is still needed above s ≈ 0.1 % (digest §4.5): the skipping matters at low s only.
//! 3. Index scan: a sorted index on the predicate column is read over its key range first,
//!    then every file (DSM: every projected column) only at pages holding qualifying rows, in
//!    physical order (a bitmap heap scan).
//! 4. Needed pages become needed I/O units (a page may straddle two units when compressed).
//!    A file read whole is `Needed::All`: its units are every unit of the file, computed
//!    directly instead of from a list of every page (the same units, without a per-page pass).
//!
//! The prefetcher is given the needed units up front (it knows the positions); the paper's
//! engine discovers them from the preceding column, which changes nothing in the I/O order.

use super::pages::{FileShape, Layout, StoredTable};
use super::query::ScanQuery;
use super::settings::{AccessPath, ScanSettings};
use crate::sim::Rng;

/// x^n by squaring (no `powf`, which differs between native and wasm).
pub fn pow_u64(x: f64, mut n: u64) -> f64 {
    let (mut base, mut acc) = (x, 1.0);
    while n > 0 {
        if n & 1 == 1 {
            acc *= base;
        }
        base *= base;
        n >>= 1;
    }
    acc
}

/// Step 1 with page bytes: qualifying rows, ascending.
pub fn qualifying_rows(table: &StoredTable, query: &ScanQuery) -> Vec<u64> {
    let p = query.predicate;
    let mut rows = Vec::new();
    table.for_each_value(p.column, 0..table.rows, |r, v| {
        if p.matches(v) {
            rows.push(r);
        }
    });
    rows
}

/// The query's seeded generator, built at its first draw (step 1): the draws are the same as
/// with a generator built up front, and a scan that never draws builds none.
#[derive(Debug)]
pub struct PageDraws {
    seed: u64,
    rng: Option<Rng>,
}

impl PageDraws {
    pub fn new(seed: u64) -> Self {
        Self { seed, rng: None }
    }

    /// Whether any page was drawn.
    pub fn drew(&self) -> bool {
        self.rng.is_some()
    }

    fn chance(&mut self, p: f64) -> bool {
        let seed = self.seed;
        self.rng.get_or_insert_with(|| Rng::new(seed)).chance(p)
    }
}

/// The pages a stream needs (step 4).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Needed {
    /// Every page of the file.
    All,
    /// These pages, ascending.
    Pages(Vec<u64>),
}

/// Pages of `shape` holding at least one qualifying row (step 1, either way).
pub fn pages_with_qualifying(
    shape: &FileShape,
    qualifying: Option<&[u64]>,
    selectivity: f64,
    rng: &mut PageDraws,
) -> Needed {
    match qualifying {
        Some(rows) => {
            let mut pages: Vec<u64> = rows.iter().map(|&r| shape.page_of_row(r)).collect();
            pages.dedup();
            Needed::Pages(pages)
        }
        None => {
            let hit = 1.0 - pow_u64(1.0 - selectivity.clamp(0.0, 1.0), shape.rows_per_page);
            if hit >= 1.0 - 1e-12 {
                Needed::All
            } else {
                Needed::Pages((0..shape.page_count).filter(|_| rng.chance(hit)).collect())
            }
        }
    }
}

/// Steps 2–3: for each file the query reads, (file index, needed pages).
pub fn needed_pages(
    table: &StoredTable,
    query: &ScanQuery,
    settings: &ScanSettings,
    qualifying: Option<&[u64]>,
    rng: &mut PageDraws,
) -> Vec<(usize, Needed)> {
    let s = query.predicate.expected_selectivity();
    let index = matches!(settings.access, AccessPath::Index { .. });
    match table.layout {
        Layout::Nsm | Layout::Pax => {
            let pages = if index {
                pages_with_qualifying(&table.files[0], qualifying, s, rng)
            } else {
                Needed::All
            };
            vec![(0, pages)]
        }
        Layout::Dsm => {
            let mut files = Vec::new();
            for (i, column) in query.columns_read().into_iter().enumerate() {
                let f = table.file_of_column(column);
                let pages = if i == 0 && !index {
                    Needed::All
                } else if i == 0 && !query.columns.contains(&column) {
                    continue; // the index answers the predicate; the column is not projected
                } else {
                    pages_with_qualifying(&table.files[f], qualifying, s, rng)
                };
                files.push((f, pages));
            }
            files
        }
    }
}
