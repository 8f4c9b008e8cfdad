//! The time-vs-projectivity sweep shown beside the animation (paper Figs. 2(a), 6(a); digest §7
//! item 1), computed once per configuration, the first time it is shown (`lazy_sweep.rs`).
//!
//! 1. On the scenario's device, with its scheduler, compression and access path, and the sweep's
//!    own scale and I/O sizes (default 4 M rows, 128 KB units, 6 MB read-ahead): one row-store
//!    (NSM) scan projecting every attribute, and column-store (DSM) scans projecting attributes
//!    1..k for k = 1..N, at the first query's selectivity. Shape-only tables: time and seeks
//!    depend on sizes and positions, not on values (`reproduce::runner`).
//! 2. The simulated crossover: where the column time first rises above the row time,
//!    interpolated between attribute counts, as a fraction of the tuple's bytes.
//! 3. The analytical model beside it: Eq. 1 for the row store and Eq. 2 for the column store
//!    (α = 1, β = the simulated column seeks per column, l and B from Table 2, no CPU:
//!    `reproduce::model_vs_sim::combined_for`), and its crossover. Where the two differ, the
//!    simulated seeks cost more or less than the paper's flat l, or CPU shows.
//! 4. PAX (the digest's §4.8 extension, so the student sees where it stands): PAX scans
//!    projecting attributes 1..k for k = 1..N, simulated like the others. PAX reads every page
//!    of its one file (the row store's I/O) and decodes only the projected minipages (the column
//!    store's CPU, `cpu.rs` item 3). The paper's model has no PAX term (PAX is "not implemented
//!    or measured" there), so no model value is computed for it: none is invented here.

use crate::layouts::device::DeviceId;
use crate::layouts::error::LayoutError;
use crate::layouts::pages::Layout;
use crate::layouts::reproduce::model_vs_sim::combined_for;
use crate::layouts::reproduce::projectivity::Curve;
use crate::layouts::reproduce::runner::{Case, run};
use crate::layouts::schema::{Schema, TableKind};

use super::config::SweepConfig;

/// The sweep's results, plain numbers for the payload.
#[derive(Debug, Clone, PartialEq)]
pub struct Sweep {
    pub rows: u64,
    pub selectivity: f64,
    pub fractions: Vec<f64>,
    pub row_s: f64,
    pub row_cpu_s: f64,
    pub row_seeks: u64,
    pub column_s: Vec<f64>,
    pub column_cpu_s: Vec<f64>,
    pub column_seeks: Vec<u64>,
    pub row_model_s: f64,
    pub column_model_s: Vec<f64>,
    /// PAX at k = 1..N (index k − 1), simulated only (step 4).
    pub pax_s: Vec<f64>,
    pub pax_cpu_s: Vec<f64>,
    pub pax_seeks: Vec<u64>,
    /// (k, byte fraction) where the simulated column time passes the row time.
    pub crossover: Option<(f64, f64)>,
    pub model_crossover_fraction: Option<f64>,
}

/// Steps 1–4.
pub fn compute(device: DeviceId, kind: TableKind, cfg: &SweepConfig) -> Result<Sweep, LayoutError> {
    let schema = Schema::of(kind);
    let n = schema.columns.len();
    let case = |layout, k| Case {
        device,
        table: kind,
        layout,
        k,
        selectivity: cfg.selectivity,
        rows: cfg.rows,
        // One seed for every session (`lazy_sweep` caches the sweep across seeds): the claims'
        // first seed.
        seed: 1,
    };
    let row = run(&case(Layout::Nsm, n), &cfg.settings)?;
    let mut columns = Vec::with_capacity(n);
    for k in 1..=n {
        columns.push(run(&case(Layout::Dsm, k), &cfg.settings)?);
    }
    let mut pax = Vec::with_capacity(n);
    for k in 1..=n {
        pax.push(run(&case(Layout::Pax, k), &cfg.settings)?);
    }
    let curve = Curve {
        device,
        row,
        columns,
        fractions: (1..=n).map(|k| schema.projectivity(k)).collect(),
    };
    let mut model = combined_for(&curve, kind, cfg.rows);
    model.selectivity = cfg.selectivity;
    Ok(Sweep {
        rows: cfg.rows,
        selectivity: cfg.selectivity,
        fractions: curve.fractions.clone(),
        row_s: curve.row.elapsed_s(),
        row_cpu_s: curve.row.cpu_ns / 1e9,
        row_seeks: curve.row.seeks,
        column_s: curve.columns.iter().map(|c| c.elapsed_s()).collect(),
        column_cpu_s: curve.columns.iter().map(|c| c.cpu_ns / 1e9).collect(),
        column_seeks: curve.columns.iter().map(|c| c.seeks).collect(),
        row_model_s: model.row().total_s,
        column_model_s: (1..=n).map(|k| model.column(k).total_s).collect(),
        pax_s: pax.iter().map(|o| o.elapsed_s()).collect(),
        pax_cpu_s: pax.iter().map(|o| o.cpu_ns / 1e9).collect(),
        pax_seeks: pax.iter().map(|o| o.seeks).collect(),
        crossover: curve.crossover().map(|c| (c.k, c.fraction)),
        model_crossover_fraction: model.crossover_fraction(),
    })
}
