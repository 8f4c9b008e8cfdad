//! Running the paper's queries at the paper's scale: shape-only tables of 60 M rows (no bytes:
//! the I/O and CPU of a scan depend on sizes and positions, not on values), one query per run.

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
    let mut r = ScanRun::new(&[case.device], vec![case.spec(0, 1)?], settings.clone())?;
    r.run_to_end()?;
    r.outcome(0)
        .ok_or_else(|| LayoutError::Invariant("the query did not finish".into()))
}
