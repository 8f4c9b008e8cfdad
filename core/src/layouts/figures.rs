//! Row vs column on a disk: seeks against projectivity (seed 001 §5.1, digest E1).
//!
//! 1. The simulated curves are `layouts::reproduce::projectivity::curve` for LINEITEM on the
//!    disk at selectivity 10 %: one column-store scan per attribute count k = 1..16 and the row
//!    store (whose seeks do not depend on k), run at the claims' scale (`CLAIM_ROWS`, 10 M rows)
//!    and multiplied by 60 M / 10 M as the `E1.disk.column_seeks_*` claims are (seek counts are
//!    linear in the bytes scanned; `layouts::claims` item 2).
//! 2. The paper's points: 83 column-store seeks at 10 % projectivity (4 attributes, 16 of
//!    150 B) and 867 at 100 %.

use super::claims::CLAIM_ROWS;
use super::reproduce::projectivity::curve;
use super::schema::PAPER_ROWS;
use super::{DeviceId, ScanSettings, Schema, TableKind};
use crate::plugin::seeds::DEFAULT_SEEDS;
use crate::plugin::{Axis, Figure, Series};

const COLUMN: &str = "column store (DSM)";

/// The lab's figures (its `LabSpec::figures`), computed now.
pub fn figures() -> Vec<Figure> {
    vec![seeks_vs_projectivity()]
}

fn seeks_vs_projectivity() -> Figure {
    let schema = Schema::of(TableKind::Lineitem);
    let figure = Figure {
        id: "layouts.seeks_vs_projectivity".into(),
        lab: "layouts".into(),
        title: "Seeks of a LINEITEM scan on a disk: the column store jumps between its files"
            .into(),
        source:
            "“Revisiting Database Storage Optimizations on Flash” §5.1 and its text (digest E1)"
                .into(),
        x: Axis::linear("projected bytes of the tuple", "%"),
        y: Axis::linear("seeks per scan", "seeks"),
        series: vec![Series::paper(
            "paper: column store",
            COLUMN,
            vec![[schema.projectivity(4) * 100.0, 83.0], [100.0, 867.0]],
        )],
        claim_prefix: "seed001.E1.disk".into(),
        scenario: "crossover-disk".into(),
        method: format!(
            "LINEITEM on the disk model, selectivity 10 %, CFQ over read-ahead streams; \
             simulated at {} M rows and × {} to the paper's 60 M (seeks are linear in the bytes \
             scanned)",
            CLAIM_ROWS / 1_000_000,
            PAPER_ROWS / CLAIM_ROWS
        ),
    };
    let c = match curve(
        DeviceId::Disk,
        TableKind::Lineitem,
        CLAIM_ROWS,
        &ScanSettings::default(),
        // The claims' first seed (their spread over seeds is on the claims).
        DEFAULT_SEEDS[0],
    ) {
        Ok(c) => c,
        Err(e) => return figure.failed(&e.to_string()),
    };
    let scale = PAPER_ROWS as f64 / CLAIM_ROWS as f64;
    let column = c
        .columns
        .iter()
        .zip(&c.fractions)
        .map(|(o, f)| [f * 100.0, o.seeks as f64 * scale])
        .collect();
    let row_seeks = c.row.seeks as f64 * scale;
    let first = c.fractions.first().copied().unwrap_or(0.0) * 100.0;
    let row = vec![[first, row_seeks], [100.0, row_seeks]];
    let mut figure = figure;
    figure.series.splice(
        0..0,
        [
            Series::simulated(COLUMN, column),
            Series::simulated("row store (NSM)", row),
        ],
    );
    figure
}
