//! Row vs column against projectivity (paper §5.1, §5.3.1; digest E1, E2, E9).
//!
//! 1. For each device, one row-store scan (its time does not depend on k) and column-store
//!    scans for k = 1..N, selectivity 10 % (§5.1 default), attributes 1..k in schema order.
//! 2. The crossover is where the column curve first rises above the row time, interpolated
//!    linearly between attribute counts, reported as a fraction of the tuple's bytes (digest §8
//!    item 4) and as an attribute count.
//! 3. Seeks are the blktrace rule's (≥ 63 sectors from the previous request's end).

use super::super::device::DeviceId;
use super::super::error::LayoutError;
use super::super::outcome::QueryOutcome;
use super::super::pages::Layout;
use super::super::schema::{Schema, TableKind};
use super::super::settings::ScanSettings;
use super::runner::{Case, run};
use super::scenario::case_run;
use super::{Comparison, Kind, band, link, margin};
use crate::plugin::ClaimRun;

/// One device's curves.
#[derive(Debug, Clone, PartialEq)]
pub struct Curve {
    pub device: DeviceId,
    pub row: QueryOutcome,
    /// Column store at k = 1..N (index k − 1).
    pub columns: Vec<QueryOutcome>,
    /// Projected-byte fraction at k = 1..N.
    pub fractions: Vec<f64>,
}

/// Where the column curve crosses the row time: (attribute count, byte fraction).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Crossover {
    pub k: f64,
    pub fraction: f64,
}

impl Curve {
    /// The row scan and every column scan.
    pub fn outcomes(&self) -> impl Iterator<Item = &QueryOutcome> {
        std::iter::once(&self.row).chain(&self.columns)
    }

    pub fn crossover(&self) -> Option<Crossover> {
        let row = self.row.elapsed_s();
        let mut previous = (0.0, 0.0, 0.0);
        for (i, c) in self.columns.iter().enumerate() {
            let (k, f, t) = ((i + 1) as f64, self.fractions[i], c.elapsed_s());
            if t > row {
                let (k0, f0, t0) = previous;
                let x = (row - t0) / (t - t0);
                return Some(Crossover {
                    k: k0 + x * (k - k0),
                    fraction: f0 + x * (f - f0),
                });
            }
            previous = (k, f, t);
        }
        None
    }
}

/// Step 1 for one device.
pub fn curve(
    device: DeviceId,
    table: TableKind,
    rows: u64,
    settings: &ScanSettings,
    seed: u64,
) -> Result<Curve, LayoutError> {
    let schema = Schema::of(table);
    let n = schema.columns.len();
    let case = |layout, k| Case {
        rows,
        seed,
        ..Case::paper(device, table, layout, k, 0.1)
    };
    let row = run(&case(Layout::Nsm, n), settings)?;
    let mut columns = Vec::with_capacity(n);
    for k in 1..=n {
        columns.push(run(&case(Layout::Dsm, k), settings)?);
    }
    Ok(Curve {
        device,
        row,
        columns,
        fractions: (1..=n).map(|k| schema.projectivity(k)).collect(),
    })
}

/// The run of one curve as a scenario of the lab: the column store projecting every attribute
/// on `device`, whose sweep is the curve at the lab's sizes (`scenario::case_run`).
pub fn curve_run(
    device: DeviceId,
    table: TableKind,
    rows: u64,
    settings: &ScanSettings,
    seed: u64,
) -> ClaimRun {
    let n = Schema::of(table).columns.len();
    let case = Case {
        rows,
        seed,
        ..Case::paper(device, table, Layout::Dsm, n, 0.1)
    };
    let label = format!("{} {}", device.preset(), Schema::of(table).name);
    case_run(&case, settings, 1, &label, "")
}

/// A figure: its curves and its comparisons.
#[derive(Debug, Clone, PartialEq)]
pub struct Figure {
    pub curves: Vec<Curve>,
    pub comparisons: Vec<Comparison>,
}

fn no_crossover(c: &Curve) -> f64 {
    f64::from(u8::from(c.crossover().is_none()))
}

/// Column time at k = N over row time (below 1: the column store still wins).
fn full_ratio(c: &Curve) -> f64 {
    c.columns.last().map_or(f64::NAN, |l| l.elapsed_s()) / c.row.elapsed_s()
}

/// Seek-time share at k = N: column time minus its bytes at the row store's measured rate.
fn seek_time_s(c: &Curve) -> f64 {
    let rate = c.row.bytes_read as f64 / c.row.elapsed_s();
    c.columns
        .last()
        .map_or(f64::NAN, |l| l.elapsed_s() - l.bytes_read as f64 / rate)
}

/// E1: LINEITEM, disk vs SSD-Fast, s = 10 %.
pub fn e1_lineitem(rows: u64, seed: u64) -> Result<Figure, LayoutError> {
    let s = ScanSettings::default();
    let disk = curve(DeviceId::Disk, TableKind::Lineitem, rows, &s, seed)?;
    let ssd = curve(DeviceId::SsdFast, TableKind::Lineitem, rows, &s, seed)?;
    let x = disk.crossover();
    let fraction = x.map_or(f64::NAN, |c| c.fraction);
    let k = x.map_or(f64::NAN, |c| c.k);
    // 10 % projectivity: 4 attributes = 16 of 150 B (10.7 %).
    let at_10 = disk.columns[3].seeks as f64;
    let io_wait = |o: &QueryOutcome| o.io_wait_ns;
    let comparisons = vec![
        Comparison::new(
            "E1.disk.crossover_fraction",
            "disk: column stores become worse once 90 % of the tuple is projected",
            "fraction",
            0.90,
            fraction,
            (0.83, 0.97),
            Kind::Reproduced,
            rows,
            format!("interpolated between attributes; k* = {k:.2} of 16 attributes"),
        )
        .drawn_from(disk.outcomes()),
        Comparison::new(
            "E1.ssd_fast.no_crossover",
            "SSD-Fast: the column store is faster at every projectivity",
            "yes=1",
            1.0,
            no_crossover(&ssd),
            (1.0, 1.0),
            Kind::Ordinal,
            rows,
            margin("column/row time at k = 16:", full_ratio(&ssd), 1.0),
        )
        .drawn_from(ssd.outcomes()),
        Comparison::new(
            "E1.disk.column_seeks_100",
            "column store seeks at 100 % projectivity: 867",
            "seeks",
            867.0,
            disk.columns[15].seeks as f64,
            band(867.0, 0.15),
            Kind::Reproduced,
            rows,
            "CFQ elevator over 16 read-ahead streams of 6 MB".into(),
        )
        .drawn_from([&disk.columns[15]]),
        Comparison::new(
            "E1.disk.column_seeks_10",
            "column store seeks at 10 % projectivity: 83",
            "seeks",
            83.0,
            at_10,
            band(83.0, 0.20),
            Kind::Reproduced,
            rows,
            "k = 4 (16 of 150 B)".into(),
        )
        .drawn_from([&disk.columns[3]]),
        Comparison::new(
            "E1.disk.row_seeks",
            "row store seeks: about a tenth of 867 (digest: 70-110)",
            "seeks",
            87.0,
            disk.row.seeks as f64,
            (70.0, 110.0),
            Kind::Reproduced,
            rows,
            "ext2 block-group gaps every 128 MiB (not fitted)".into(),
        )
        .drawn_from([&disk.row]),
        Comparison::new(
            "E1.disk.seek_time_100",
            "seek cost of the column store at 100 % projectivity: at least 3.5 s on disk",
            "s",
            3.5,
            seek_time_s(&disk),
            (3.0, 4.0),
            Kind::Reproduced,
            rows,
            "column time − column bytes at the row store's rate".into(),
        )
        .drawn_from([&disk.row, &disk.columns[15]]),
        Comparison::new(
            "E1.ssd_fast.seek_time_100",
            "seek cost on SSD-Fast at 100 % projectivity: under 0.1 s",
            "s",
            0.1,
            seek_time_s(&ssd),
            (f64::NEG_INFINITY, 0.1),
            Kind::Reproduced,
            rows,
            "negative: the column files stream slightly faster than the row file".into(),
        )
        .drawn_from([&ssd.row, &ssd.columns[15]]),
        Comparison::new(
            "E1.row_disk_over_ssd_fast",
            "row stores on SSD-Fast are twice as fast as on disk",
            "ratio",
            2.0,
            disk.row.elapsed_s() / ssd.row.elapsed_s(),
            (1.7, 2.3),
            Kind::Derived,
            rows,
            "a row scan is bandwidth-bound, so in datasheet mode (no η calibration) this is the \
             presets' bandwidth ratio 250/80 = 3.1 by construction"
                .into(),
        )
        .drawn_from([&disk.row, &ssd.row]),
        Comparison::new(
            "E1.disk.io_wait_16_over_1",
            "disk column store I/O wait rises 8× from 1 to 16 attributes",
            "ratio",
            8.0,
            io_wait(&disk.columns[15]) / io_wait(&disk.columns[0]),
            (4.0, 12.0),
            Kind::Reproduced,
            rows,
            "I/O wait = elapsed − CPU; the paper's k = 1 time is not in the text".into(),
        )
        .drawn_from([&disk.columns[0], &disk.columns[15]]),
    ];
    let run = |device| curve_run(device, TableKind::Lineitem, rows, &s, seed);
    let comparisons = link(
        comparisons,
        &[
            ("E1.disk", vec![run(DeviceId::Disk)]),
            ("E1.ssd_fast", vec![run(DeviceId::SsdFast)]),
        ],
    );
    Ok(Figure {
        curves: vec![disk, ssd],
        comparisons,
    })
}

/// E2: SSD-Medium and SSD-Slow against the disk's LINEITEM curve (from E1).
pub fn e2_flash_devices(
    rows: u64,
    disk: &Curve,
    seed: u64,
) -> Result<Vec<Comparison>, LayoutError> {
    let s = ScanSettings::default();
    let medium = curve(DeviceId::SsdMedium, TableKind::Lineitem, rows, &s, seed)?;
    let slow = curve(DeviceId::SsdSlow, TableKind::Lineitem, rows, &s, seed)?;
    let slower_everywhere = slow
        .columns
        .iter()
        .zip(&disk.columns)
        .all(|(a, b)| a.elapsed_ns > b.elapsed_ns)
        && slow.row.elapsed_ns > disk.row.elapsed_ns;
    let slowest_ratio = slow
        .outcomes()
        .zip(disk.outcomes())
        .map(|(a, b)| a.elapsed_s() / b.elapsed_s())
        .fold(f64::INFINITY, f64::min);
    let col16 = |c: &Curve| c.columns[15].elapsed_s();
    let run = |device| curve_run(device, TableKind::Lineitem, rows, &s, seed);
    let (medium_run, slow_run, disk_run) = (
        run(DeviceId::SsdMedium),
        run(DeviceId::SsdSlow),
        run(DeviceId::Disk),
    );
    let table = [
        (
            "E2.ssd_medium_over_disk",
            vec![medium_run.clone(), disk_run.clone()],
        ),
        ("E2.ssd_medium", vec![medium_run]),
        (
            "E2.ssd_slow.slower_than_disk",
            vec![slow_run.clone(), disk_run],
        ),
        ("E2.ssd_slow", vec![slow_run]),
    ];
    let comparisons = vec![
        Comparison::new(
            "E2.ssd_medium.no_crossover",
            "SSD-Medium: no crossover",
            "yes=1",
            1.0,
            no_crossover(&medium),
            (1.0, 1.0),
            Kind::Ordinal,
            rows,
            margin("column/row at k = 16:", full_ratio(&medium), 1.0),
        )
        .drawn_from(medium.outcomes()),
        Comparison::new(
            "E2.ssd_slow.no_crossover",
            "SSD-Slow: no crossover",
            "yes=1",
            1.0,
            no_crossover(&slow),
            (1.0, 1.0),
            Kind::Ordinal,
            rows,
            margin("column/row at k = 16:", full_ratio(&slow), 1.0),
        )
        .drawn_from(slow.outcomes()),
        Comparison::new(
            "E2.ssd_medium_over_disk.row",
            "SSD-Medium is comparable to the disk (row store)",
            "ratio",
            1.0,
            medium.row.elapsed_s() / disk.row.elapsed_s(),
            (0.8, 1.25),
            Kind::Derived,
            rows,
            "a row scan is bandwidth-bound, so this is the presets' bandwidth ratio 80/69 by \
             construction"
                .into(),
        )
        .drawn_from([&medium.row, &disk.row]),
        Comparison::new(
            "E2.ssd_medium_over_disk.column16",
            "SSD-Medium is comparable to the disk (column store, k = 16)",
            "ratio",
            1.0,
            col16(&medium) / col16(disk),
            (0.8, 1.25),
            Kind::Reproduced,
            rows,
            String::new(),
        )
        .drawn_from([&medium.columns[15], &disk.columns[15]]),
        Comparison::new(
            "E2.ssd_slow.slower_than_disk",
            "SSD-Slow is worse than the disk at every projectivity",
            "yes=1",
            1.0,
            f64::from(u8::from(slower_everywhere)),
            (1.0, 1.0),
            Kind::Ordinal,
            rows,
            format!(
                "row ratio {:.2} (80/25 = 3.2); {}",
                slow.row.elapsed_s() / disk.row.elapsed_s(),
                margin("smallest SSD-Slow/disk time over k:", slowest_ratio, 1.0)
            ),
        )
        .drawn_from(slow.outcomes().chain(disk.outcomes())),
    ];
    Ok(link(comparisons, &table))
}

/// E9: ORDERS, disk vs SSD-Fast (and Medium, Slow scaled by bandwidth); `lineitem` is E1's
/// disk curve, whose crossover it is compared with.
pub fn e9_orders(rows: u64, lineitem: &Curve, seed: u64) -> Result<Figure, LayoutError> {
    let s = ScanSettings::default();
    let lineitem_fraction = lineitem.crossover().map_or(f64::NAN, |c| c.fraction);
    let disk = curve(DeviceId::Disk, TableKind::Orders, rows, &s, seed)?;
    let ssd = curve(DeviceId::SsdFast, TableKind::Orders, rows, &s, seed)?;
    let fraction = disk.crossover().map_or(f64::NAN, |c| c.fraction);
    let mut comparisons = vec![
        Comparison::new(
            "E9.disk.crossover_fraction",
            "ORDERS on disk: column stores are worse beyond 75 % projectivity",
            "fraction",
            0.75,
            fraction,
            (0.65, 0.85),
            Kind::Reproduced,
            rows,
            "the digest (§3.4) shows 182 seeks cannot move it below ≈ 97 % without α ≈ 1.3".into(),
        )
        .drawn_from(disk.outcomes()),
        Comparison::new(
            "E9.ssd_fast.no_crossover",
            "ORDERS on SSD-Fast: the column store always wins",
            "yes=1",
            1.0,
            no_crossover(&ssd),
            (1.0, 1.0),
            Kind::Ordinal,
            rows,
            margin("column/row at k = 7:", full_ratio(&ssd), 1.0),
        )
        .drawn_from(ssd.outcomes()),
        Comparison::new(
            "E9.disk.column_seeks",
            "ORDERS column store seeks at 100 % (E9; also E7's 6 MB read-ahead point): 182",
            "seeks",
            182.0,
            disk.columns[6].seeks as f64,
            band(182.0, 0.15),
            Kind::Reproduced,
            rows,
            String::new(),
        )
        .drawn_from([&disk.columns[6]]),
        Comparison::new(
            "E9.disk.row_seeks",
            "ORDERS row store seeks: 19",
            "seeks",
            19.0,
            disk.row.seeks as f64,
            band(19.0, 0.30),
            Kind::Reproduced,
            rows,
            String::new(),
        )
        .drawn_from([&disk.row]),
        Comparison::new(
            "E9.crossover_moves_left",
            "the ORDERS crossover is left of LINEITEM's",
            "yes=1",
            1.0,
            f64::from(u8::from(fraction < lineitem_fraction)),
            (1.0, 1.0),
            Kind::Ordinal,
            rows,
            format!(
                "ORDERS {fraction:.3} vs LINEITEM {lineitem_fraction:.3}; {}",
                margin(
                    "ORDERS/LINEITEM crossover fraction:",
                    fraction / lineitem_fraction,
                    1.0
                )
            ),
        )
        .drawn_from(disk.outcomes().chain(lineitem.outcomes())),
    ];
    for (id, device, b) in [
        ("E9.ssd_medium.scaled", DeviceId::SsdMedium, 69.0),
        ("E9.ssd_slow.scaled", DeviceId::SsdSlow, 25.0),
    ] {
        let row = run(
            &Case {
                rows,
                seed,
                ..Case::paper(device, TableKind::Orders, Layout::Nsm, 7, 0.1)
            },
            &s,
        )?;
        comparisons.push(
            Comparison::new(
                id,
                "Medium and Slow look like SSD-Fast scaled to their bandwidth (row store)",
                "ratio",
                250.0 / b,
                row.elapsed_s() / ssd.row.elapsed_s(),
                band(250.0 / b, 0.15),
                Kind::Derived,
                rows,
                format!(
                    "a row scan is bandwidth-bound, so the time ratio is the presets' bandwidth \
                 ratio 250/{b} by construction"
                ),
            )
            .drawn_from([&row, &ssd.row]),
        );
    }
    let run = |device, table| curve_run(device, table, rows, &s, seed);
    let orders_ssd = run(DeviceId::SsdFast, TableKind::Orders);
    let comparisons = link(
        comparisons,
        &[
            ("E9.disk", vec![run(DeviceId::Disk, TableKind::Orders)]),
            ("E9.ssd_fast", vec![orders_ssd.clone()]),
            (
                "E9.crossover_moves_left",
                vec![
                    run(DeviceId::Disk, TableKind::Orders),
                    run(DeviceId::Disk, TableKind::Lineitem),
                ],
            ),
            (
                "E9.ssd_medium",
                vec![
                    run(DeviceId::SsdMedium, TableKind::Orders),
                    orders_ssd.clone(),
                ],
            ),
            (
                "E9.ssd_slow",
                vec![run(DeviceId::SsdSlow, TableKind::Orders), orders_ssd],
            ),
        ],
    );
    Ok(Figure {
        curves: vec![disk, ssd],
        comparisons,
    })
}
