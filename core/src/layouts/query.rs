//! The scan operation and its answer (paper §4.1: `SELECT a1..ak FROM T WHERE P(a1)`).
//!
//! 1. `ScanQuery { columns, predicate }` is the lab's `scan{table, columns, predicate}`: the
//!    table is the stored table the scan runs on; `columns` are projected in the order given;
//!    the predicate is a half-open range `low..high` on one column (sargable, as in the paper).
//! 2. The answer is every qualifying row, in row order, with its projected values
//!    (`AnswerRow`). Every layout must return exactly the same answer (the oracle tests).
//! 3. `ScanQuery::first_k(k, s)` builds the paper's query: attributes 1..k, selectivity s on a1.

use super::error::LayoutError;
use super::schema::{PREDICATE_DOMAIN, Schema};

/// `low <= value < high` on `column`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Predicate {
    pub column: usize,
    pub low: u64,
    pub high: u64,
}

impl Predicate {
    pub fn matches(&self, value: u64) -> bool {
        self.low <= value && value < self.high
    }

    /// A range on a1 that selects a fraction `selectivity` of the rows in expectation.
    pub fn on_first_with_selectivity(selectivity: f64) -> Self {
        let s = selectivity.clamp(0.0, 1.0);
        Self {
            column: 0,
            low: 0,
            high: (s * PREDICATE_DOMAIN as f64).round() as u64,
        }
    }

    /// Expected fraction of rows selected when the column is a1 (uniform domain).
    pub fn expected_selectivity(&self) -> f64 {
        let high = self.high.min(PREDICATE_DOMAIN);
        high.saturating_sub(self.low) as f64 / PREDICATE_DOMAIN as f64
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScanQuery {
    pub columns: Vec<usize>,
    pub predicate: Predicate,
}

impl ScanQuery {
    /// The paper's query shape: project a1..ak, select a fraction `selectivity` on a1.
    pub fn first_k(k: usize, selectivity: f64) -> Self {
        Self {
            columns: (0..k).collect(),
            predicate: Predicate::on_first_with_selectivity(selectivity),
        }
    }

    pub fn validate(&self, schema: &Schema) -> Result<(), LayoutError> {
        if self.columns.is_empty() {
            return Err(LayoutError::EmptyProjection);
        }
        let n = schema.columns.len();
        for &column in self.columns.iter().chain([&self.predicate.column]) {
            if column >= n {
                return Err(LayoutError::NoSuchColumn { column, columns: n });
            }
        }
        Ok(())
    }

    /// Columns the scan must read: the predicate column, then the projected ones not yet
    /// listed (ascending), one DSM file each.
    pub fn columns_read(&self) -> Vec<usize> {
        let mut read = vec![self.predicate.column];
        let mut rest: Vec<usize> = self
            .columns
            .iter()
            .copied()
            .filter(|&c| c != self.predicate.column)
            .collect();
        rest.sort_unstable();
        rest.dedup();
        read.extend(rest);
        read
    }
}

/// One qualifying row: its position and its projected values in query order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AnswerRow {
    pub row: u64,
    pub values: Vec<u64>,
}
