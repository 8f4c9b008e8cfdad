//! Extensions beside the projectivity figures: the Eq. 3 calculator (E3) and PAX.
//!
//! 1. E3 evaluates Eq. 3 with the digest's calibration (α and β fitted to the paper's own
//!    crossover and seek count, so a consistency check of the calculator, not a reproduction)
//!    and with α = 1 on the three SSDs.
//! 2. PAX (not measured by the paper; digest §4.8 [rec]): its I/O equals NSM's (same pages,
//!    same file), so its time matches the row store's while its CPU follows the column store.

use super::super::device::DeviceId;
use super::super::error::LayoutError;
use super::super::model::eq3_crossover;
use super::super::pages::Layout;
use super::super::schema::{PAPER_ROWS, TableKind};
use super::super::settings::ScanSettings;
use super::runner::{Case, run};
use super::scenario::case_run;
use super::{Comparison, Kind};

/// E3: the Eq. 3 calculator with the digest's calibration (§3.4).
pub fn e3_calculator() -> Vec<Comparison> {
    let lineitem = eq3_crossover(9000.0, 1.08, 562.5, 54.2, 80.0, 0.004);
    let min_ssd = [0.0001, 0.0002, 0.0006]
        .iter()
        .zip([250.0, 69.0, 25.0])
        .map(|(&l, b)| eq3_crossover(9000.0, 1.0, 562.5, 54.2, b, l))
        .fold(f64::INFINITY, f64::min);
    vec![
        Comparison::new(
            "E3.eq3.lineitem_disk_k",
            "Eq. 3 with α = 1.08, β = 54.2, l = 4 ms, B = 80, C = 562.5, R = 9000",
            "attributes",
            14.4,
            lineitem,
            (14.3, 14.5),
            Kind::Calibrated,
            PAPER_ROWS,
            "α and β fitted to the paper's crossover and seek count (digest §3.4)".into(),
        ),
        Comparison::new(
            "E3.eq3.ssd_min_k",
            "Eq. 3 with α = 1 on every SSD: k* ≥ 15.9 of 16",
            "attributes",
            15.9,
            min_ssd,
            (15.9, 16.0),
            Kind::ModelCheck,
            PAPER_ROWS,
            "the paper's Eq. 3 evaluated with its own inputs (l = 0.1 / 0.2 / 0.6 ms, B = 250 / 69 \
             / 25 MB/s) and the β fitted in E3.eq3.lineitem_disk_k"
                .into(),
        ),
    ]
}

/// PAX against NSM at k = 16, s = 10 %, on the disk and SSD-Fast (LINEITEM).
pub fn pax_vs_nsm(rows: u64, seed: u64) -> Result<Vec<Comparison>, LayoutError> {
    let s = ScanSettings::default();
    let mut out = Vec::new();
    for (id, device) in [
        ("EXT.pax.disk_time_over_nsm", DeviceId::Disk),
        ("EXT.pax.ssd_fast_time_over_nsm", DeviceId::SsdFast),
    ] {
        let case = |layout| Case {
            rows,
            seed,
            ..Case::paper(device, TableKind::Lineitem, layout, 16, 0.1)
        };
        let nsm = run(&case(Layout::Nsm), &s)?;
        let pax = run(&case(Layout::Pax), &s)?;
        let name = device.preset();
        let runs = [
            case_run(&case(Layout::Pax), &s, 1, &format!("{name} PAX"), ""),
            case_run(&case(Layout::Nsm), &s, 1, &format!("{name} NSM"), ""),
        ];
        out.push(
            Comparison::new(
                id,
                "PAX reads what NSM reads: same time (extension, not in the paper)",
                "ratio",
                1.0,
                pax.elapsed_s() / nsm.elapsed_s(),
                (0.98, 1.02),
                Kind::Ordinal,
                rows,
                format!(
                    "CPU {:.2} s (PAX) vs {:.2} s (NSM); bytes {} vs {}",
                    pax.cpu_ns / 1e9,
                    nsm.cpu_ns / 1e9,
                    pax.bytes_read,
                    nsm.bytes_read
                ),
            )
            .drawn_from([&nsm, &pax])
            .with_runs(&runs),
        );
    }
    Ok(out)
}
