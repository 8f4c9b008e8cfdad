//! Running the paper's queries at the paper's scale: shape-only tables of 60 M rows (no bytes:
//! the I/O and CPU of a scan depend on sizes and positions, not on values), one query per run.
//! A case's `seed` seeds the one random choice of a shape-only scan: which pages hold a
//! qualifying row where a file is not read whole (`plan` step 1); a scan that reads every file
//! whole draws nothing, and its outcome says so (`QueryOutcome::drew`).

use super::super::device::DeviceId;
use super::super::error::LayoutError;
use super::super::outcome::QueryOutcome;
use super::super::pages::{DEFAULT_PAGE_BYTES, Layout, StoredTable};
use super::super::query::ScanQuery;
use super::super::scan::{QuerySpec, ScanRun};
use super::super::schema::{PAPER_ROWS, Schema, TableKind};
use super::super::settings::ScanSettings;

/// One simulated scan: table, layout, k attributes, selectivity, on a device.
#[derive(Debug, Clone, PartialEq)]
pub struct Case {
    pub device: DeviceId,
    pub table: TableKind,
    pub layout: Layout,
    pub k: usize,
    pub selectivity: f64,
    pub rows: u64,
    /// The seed of the scan's page draws (`plan::PageDraws`).
    pub seed: u64,
}

impl Case {
    pub fn paper(device: DeviceId, table: TableKind, layout: Layout, k: usize, s: f64) -> Self {
        Self {
            device,
            table,
            layout,
            k,
            selectivity: s,
            rows: PAPER_ROWS,
            seed: 1,
        }
    }

    pub fn spec(&self, device: usize, seed: u64) -> Result<QuerySpec, LayoutError> {
        let schema = Schema::of(self.table);
        Ok(QuerySpec {
            table: StoredTable::shape_only(&schema, self.rows, self.layout, DEFAULT_PAGE_BYTES)?,
            query: ScanQuery::first_k(self.k, self.selectivity),
            device,
            index_device: device,
            seed,
        })
    }
}

/// Runs `case` alone on its device with `settings`.
pub fn run(case: &Case, settings: &ScanSettings) -> Result<QueryOutcome, LayoutError> {
    let mut r = ScanRun::new(
        &[case.device],
        vec![case.spec(0, case.seed)?],
        settings.clone(),
    )?;
    r.run_to_end()?;
    r.outcome(0)
        .ok_or_else(|| LayoutError::Invariant("the query did not finish".into()))
}
