//! The plain in-memory table: the generator every layout is loaded from, and the oracle every
//! layout's scan is checked against.
//!
//! 1. `Table::generate(kind, rows, seed)` draws each row's values attribute by attribute from
//!    `crate::sim::Rng` seeded explicitly (schema domains in `schema.rs`), so the same
//!    (kind, rows, seed) gives the same table natively and in wasm.
//! 2. Values are stored column-major (`values[column][row]`): the reference layout.
//! 3. `oracle_scan` answers a `ScanQuery` by a plain loop over rows: the reference answer.

use super::query::{AnswerRow, ScanQuery};
use super::schema::{Domain, Schema, TableKind};
use crate::sim::Rng;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Table {
    pub schema: Schema,
    pub rows: u64,
    /// `values[column][row]`.
    pub values: Vec<Vec<u64>>,
}

impl Table {
    pub fn generate(kind: TableKind, rows: u64, seed: u64) -> Self {
        let schema = Schema::of(kind);
        let mut rng = Rng::new(seed);
        let n = schema.columns.len();
        // One allocation per column up front (`vec![v; n]` would clone away the capacity).
        let mut values: Vec<Vec<u64>> = (0..n).map(|_| Vec::with_capacity(rows as usize)).collect();
        for _ in 0..rows {
            for (c, column) in schema.columns.iter().enumerate() {
                let v = match column.domain {
                    Domain::Uniform { low, high } => rng.range_inclusive(low, high),
                    Domain::Word => rng.next_u64(),
                    Domain::Constant(v) => v,
                };
                values[c].push(v);
            }
        }
        Self {
            schema,
            rows,
            values,
        }
    }

    pub fn value(&self, column: usize, row: u64) -> u64 {
        self.values[column][row as usize]
    }

    /// The reference answer: every qualifying row in order with its projected values.
    pub fn oracle_scan(&self, query: &ScanQuery) -> Vec<AnswerRow> {
        let p = query.predicate;
        (0..self.rows)
            .filter(|&row| p.matches(self.value(p.column, row)))
            .map(|row| AnswerRow {
                row,
                values: query.columns.iter().map(|&c| self.value(c, row)).collect(),
            })
            .collect()
    }
}
