//! MaSM Fig. 16 (§5.2): range-scan slowdown with online updates against the range size.
//!
//! 1. The simulated curves are `masm::reproduce::fig16_slowdown::sweep` on the paper-scale
//!    devices (`fig12_model::paper_devices`): the run the `seed000.fig16.*` claims judge, one
//!    point per range size from 4 KB to 100 GB (IU on its scaled 1 GiB table, its 10 GB and
//!    100 GB points scaled with the table: `fig16_slowdown::iu_run_bytes`).
//! 2. The paper's points are the slowdowns its text states for Fig. 16: in-place 3.7× at 4 KB
//!    and 1.7× at 1 MB, MaSM coarse 2.9× at 4 KB and about 1 from 100 MB on, MaSM fine 1.04×
//!    at 4 KB, IU 1.1× at 4 KB.

use super::reproduce::fig12_model::paper_devices;
use super::reproduce::fig16_slowdown::{Sweep, sweep};
use super::reproduce::setup::{GIB, KIB, MIB};
use crate::plugin::{Axis, Figure, Series};

const IN_PLACE: &str = "in-place updates";
const COARSE: &str = "MaSM, coarse index (64 KB)";
const FINE: &str = "MaSM, fine index (4 KB)";
const IU: &str = "IU (1 read outstanding, scaled 1 GiB table)";

fn kb(n: u64) -> f64 {
    (n * KIB) as f64
}

/// Step 2 (bytes, slowdown).
fn paper_series() -> Vec<Series> {
    let coarse_flat = [100 * MIB, GIB, 10 * GIB, 100 * GIB]
        .iter()
        .map(|&b| [b as f64, 1.0]);
    vec![
        Series::paper(
            "paper: in-place",
            IN_PLACE,
            vec![[kb(4), 3.7], [MIB as f64, 1.7]],
        ),
        Series::paper(
            "paper: MaSM coarse",
            COARSE,
            std::iter::once([kb(4), 2.9]).chain(coarse_flat).collect(),
        ),
        Series::paper("paper: MaSM fine", FINE, vec![[kb(4), 1.04]]),
        Series::paper("paper: IU", IU, vec![[kb(4), 1.1]]),
    ]
}

fn curve(ranges: &[u64], scheme: &[f64], pure: &[f64]) -> Vec<[f64; 2]> {
    (0..ranges.len())
        .map(|i| [ranges[i] as f64, Sweep::slowdown(scheme, pure, i)])
        .filter(|p| p[1].is_finite())
        .collect()
}

/// The lab's figures (its `LabSpec::figures`), computed now.
pub fn figures() -> Vec<Figure> {
    vec![fig16_slowdown()]
}

fn fig16_slowdown() -> Figure {
    let figure = Figure {
        id: "masm.fig16_slowdown".into(),
        lab: "masm".into(),
        title: "Fig. 16: how much online updates slow a range scan, by range size".into(),
        source: "Athanassoulis et al., TODS 2015 (MaSM) §5.2, Fig. 16 and its text".into(),
        x: Axis::log("range size", "B"),
        y: Axis::linear("scan time with updates / without", "×"),
        series: paper_series(),
        claim_prefix: "seed000.fig16".into(),
        scenario: "compare-baselines".into(),
        method: "barracuda-7200-200gb + x25e models, 100 GiB table in 4 KiB keys, scans back to \
                 back at random positions; slowdown = mean scan time / mean pure scan time at \
                 the same positions (the run the seed000.fig16 claims judge)"
            .into(),
    };
    let s = match paper_devices().and_then(|d| sweep(&d)) {
        Ok(s) => s,
        Err(e) => return figure.failed(&e),
    };
    let mut figure = figure;
    let simulated = [
        Series::simulated(IN_PLACE, curve(&s.ranges, &s.in_place_ns, &s.pure_ns)),
        Series::simulated(COARSE, curve(&s.ranges, &s.masm_coarse_ns, &s.pure_ns)),
        Series::simulated(FINE, curve(&s.ranges, &s.masm_fine_ns, &s.pure_ns)),
        Series::simulated(IU, curve(&s.iu_ranges, &s.iu_ns, &s.iu_pure_ns)),
    ];
    figure.series.splice(0..0, simulated);
    figure
}
