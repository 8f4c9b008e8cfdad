//! Figure-shaped paper results: a curve the simulator computes now, with the points the paper
//! states drawn over it (the paper-results page charts them; `flashlab reproduce` keeps the
//! claims). The paper's points are only the reference; every simulated point is a model run.
//!
//! 1. A `Figure` has simulated series (`SeriesKind::Simulated`, one model run per point) and
//!    paper series (`SeriesKind::Paper`, the numbers the paper or its reference table states);
//!    a paper series names the simulated series it belongs to (`of`), so the chart gives both
//!    one colour and tells them apart by mark.
//! 2. A figure names the claims that check its points (`claim_prefix`) and the course scenario
//!    that shows the same effect step by step (`scenario`), so the results page can open it.
//! 3. Each lab declares its figures in its `LabSpec::figures` (the registry's `Plugin::figures`),
//!    as it declares its claims; the figure code lives in the lab (`<lab>/figures.rs`). A lab
//!    without a figure-shaped result keeps the empty default (its claims are single numbers).
//! 4. These types are leaves like `claim`: they import no lab and no registry.

use serde::Serialize;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SeriesKind {
    /// Computed now by the simulator.
    Simulated,
    /// The paper's stated values (the reference, never computed).
    Paper,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Series {
    pub name: String,
    pub kind: SeriesKind,
    /// For a paper series, the simulated series it is compared with; empty otherwise.
    pub of: String,
    /// (x, y) points in the figure's units.
    pub points: Vec<[f64; 2]>,
}

impl Series {
    pub fn simulated(name: &str, points: Vec<[f64; 2]>) -> Self {
        Self {
            name: name.into(),
            kind: SeriesKind::Simulated,
            of: String::new(),
            points,
        }
    }

    pub fn paper(name: &str, of: &str, points: Vec<[f64; 2]>) -> Self {
        Self {
            name: name.into(),
            kind: SeriesKind::Paper,
            of: of.into(),
            points,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Axis {
    pub label: String,
    pub unit: String,
    /// Logarithmic scale (ranges spanning decades).
    pub log: bool,
}

impl Axis {
    pub fn linear(label: &str, unit: &str) -> Self {
        Self {
            label: label.into(),
            unit: unit.into(),
            log: false,
        }
    }

    pub fn log(label: &str, unit: &str) -> Self {
        Self {
            label: label.into(),
            unit: unit.into(),
            log: true,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Figure {
    /// Stable identifier, e.g. `ssd.waf_vs_overprovisioning`.
    pub id: String,
    pub lab: String,
    pub title: String,
    /// Where the paper's points come from (paper, figure or table).
    pub source: String,
    pub x: Axis,
    pub y: Axis,
    pub series: Vec<Series>,
    /// Claims whose id starts with this check the figure's points.
    pub claim_prefix: String,
    /// The course scenario (`scenarios/<lab>/<scenario>.json`) that shows the effect.
    pub scenario: String,
    /// How it was simulated (scale, runs per point), or why the simulation failed.
    pub method: String,
}

impl Figure {
    /// This figure with its simulation failed: no simulated points, the paper's points kept,
    /// the error as its method (shown, never hidden).
    pub fn failed(mut self, error: &str) -> Self {
        self.series.retain(|s| s.kind == SeriesKind::Paper);
        self.method = format!("SIMULATION FAILED: {error}");
        self
    }
}
