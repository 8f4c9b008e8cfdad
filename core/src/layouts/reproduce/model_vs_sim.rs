//! The analytic model beside the simulation (priority 3 of the issue; digest §3).
//!
//! 1. Transfer-dominated scans agree: a row scan is Eq. 1 with the device's bandwidth, a
//!    one-column scan is Eq. 2 with no seeks.
//! 2. Seeks make them differ: Eq. 2 charges each seek the paper's flat l (4 ms on the disk); the
//!    simulated disk charges the HDD model's seek + rotation for the distance between column
//!    files, so the per-seek cost the simulation implies is reported next to l.
//! 3. The combined model's crossover with α = 1 and the simulated seek counts, beside the
//!    simulated crossover.

use super::super::device::DeviceId;
use super::super::error::LayoutError;
use super::super::model::{Combined, eq1_row_s, eq2_column_s};
use super::super::schema::{Schema, TableKind};
use super::projectivity::Curve;

/// One row of the side-by-side table.
#[derive(Debug, Clone, PartialEq)]
pub struct Side {
    pub what: String,
    pub model_s: f64,
    pub simulated_s: f64,
}

impl Side {
    pub fn relative_gap(&self) -> f64 {
        self.simulated_s / self.model_s - 1.0
    }
}

/// Items 1–2 for one curve.
pub fn sides(curve: &Curve) -> Vec<Side> {
    let (b, l_ms) = curve.device.table2_bandwidth_latency();
    let row_mb = curve.row.bytes_read as f64 / 1e6;
    let mut out = vec![Side {
        what: format!("{} row scan vs Eq. 1", curve.device.name()),
        model_s: eq1_row_s(row_mb, b),
        simulated_s: curve.row.elapsed_s(),
    }];
    if let Some(one) = curve.columns.first() {
        out.push(Side {
            what: format!("{} one-column scan vs Eq. 2 (β = 0)", curve.device.name()),
            model_s: eq2_column_s(1.0, 1.0, one.bytes_read as f64 / 1e6, b, 0.0, 0.0),
            simulated_s: one.elapsed_s(),
        });
    }
    if let Some(all) = curve.columns.last() {
        let k = curve.columns.len() as f64;
        let beta = all.seeks as f64 / k;
        let c = all.bytes_read as f64 / 1e6 / k;
        out.push(Side {
            what: format!(
                "{} all-column scan vs Eq. 2 (α = 1, β = {beta:.1} from the simulated seeks, \
                 l = {l_ms} ms)",
                curve.device.name()
            ),
            model_s: eq2_column_s(1.0, k, c, b, beta, l_ms / 1000.0),
            simulated_s: all.elapsed_s(),
        });
    }
    out
}

/// The simulation's implied cost per seek (s): extra column time over the transfer time at the
/// device's bandwidth, divided by the seeks.
pub fn implied_seek_s(curve: &Curve) -> f64 {
    let (b, _) = curve.device.table2_bandwidth_latency();
    curve.columns.last().map_or(f64::NAN, |all| {
        let transfer = all.bytes_read as f64 / 1e6 / b;
        (all.elapsed_s() - transfer) / all.seeks.max(1) as f64
    })
}

/// Item 3: the combined model (α = 1, η = 1, seeks from the simulation) for `curve`'s table.
pub fn combined_for(curve: &Curve, table: TableKind, rows: u64) -> Combined {
    let schema = Schema::of(table);
    let (b, l_ms) = curve.device.table2_bandwidth_latency();
    let k = curve.columns.len() as f64;
    Combined {
        column_mb: schema
            .columns
            .iter()
            .map(|c| rows as f64 * f64::from(c.width_bytes) / 1e6)
            .collect(),
        row_mb: rows as f64 * f64::from(schema.tuple_bytes()) / 1e6,
        b_mb_s: b,
        l_s: l_ms / 1000.0,
        alpha: 1.0,
        eta_row: 1.0,
        eta_column: 1.0,
        beta: curve.columns.last().map_or(0.0, |c| c.seeks as f64 / k),
        row_seeks: curve.row.seeks as f64,
        gamma_s_per_mb: 0.0,
        kappa_row_s_per_mb: 0.0,
        selectivity: 0.1,
        omega_row: 1.0,
        omega_column: 1.0,
    }
}

/// Everything for the disk and SSD-Fast LINEITEM curves of E1.
pub fn report(curves: &[Curve], rows: u64) -> Result<Vec<String>, LayoutError> {
    let mut lines = Vec::new();
    for c in curves {
        for s in sides(c) {
            lines.push(format!(
                "{}: model {:.2} s, simulated {:.2} s ({:+.1} %)",
                s.what,
                s.model_s,
                s.simulated_s,
                s.relative_gap() * 100.0
            ));
        }
        lines.push(format!(
            "{}: simulated cost per seek {:.2} ms (paper's l = {} ms)",
            c.device.name(),
            implied_seek_s(c) * 1000.0,
            c.device.table2_bandwidth_latency().1
        ));
        let model = combined_for(c, TableKind::Lineitem, rows).crossover_fraction();
        let sim = c.crossover().map(|x| x.fraction);
        lines.push(format!(
            "{}: crossover fraction model (α = 1) {model:?}, simulated {sim:?}",
            c.device.name()
        ));
    }
    if curves.iter().all(|c| c.device != DeviceId::Disk) {
        return Err(LayoutError::InvalidSetting("no disk curve".into()));
    }
    Ok(lines)
}
