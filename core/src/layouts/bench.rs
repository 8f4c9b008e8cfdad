//! Layouts benchmark cases (`flashlab bench`, `npm run bench`). Unit: simulated scanned tuples
//! (rows the scan's cursor passed), per wall-second measured by the caller.
//!
//! 1. "layouts: column scan on the disk": a shape-only ORDERS DSM scan projecting every
//!    attribute at 10 % selectivity on the disk preset (the paper's 128 KB / 6 MB I/O).
//! 2. "layouts: generate, load and scan with values": an ORDERS table generated from the seed,
//!    loaded as NSM pages of real bytes, and scanned with 4 KB units (every page decoded, every
//!    qualifying row answered). All three are timed: a case is one call the caller times, with
//!    no setup outside it, so the name says what is in it (generation and loading are about
//!    half of it natively). `tests/layouts_bench.rs` checks its answer against the oracle.
//! 3. "layouts: reproduction set": `reproduce::all` at 1 M rows; unit: tuples scanned by all
//!    of its runs is not tracked, so the unit is one whole set (size = sets).

use super::device::DeviceId;
use super::pages::{DEFAULT_PAGE_BYTES, Layout, StoredTable};
use super::query::ScanQuery;
use super::reproduce::all;
use super::reproduce::runner::{Case, run};
use super::schema::TableKind;
use super::settings::{KB, ScanSettings};
use super::table::Table;
use super::{QuerySpec, ScanRun};
use crate::plugin::BenchCase;

pub const COLUMN_CASE: &str = "layouts: column scan on the disk";
pub const VALUES_CASE: &str = "layouts: generate, load and scan with values";
pub const SET_CASE: &str = "layouts: reproduction set (1 M rows)";

/// Case 1.
pub fn column_scan(rows: u64) -> u64 {
    let case = Case {
        device: DeviceId::Disk,
        table: TableKind::Orders,
        layout: Layout::Dsm,
        k: 7,
        selectivity: 0.1,
        rows: rows.max(1),
        seed: 1,
    };
    run(&case, &ScanSettings::default()).map_or(0, |_| rows.max(1))
}

/// Case 2's table and its run, built (not yet run).
pub fn values_run(rows: u64) -> Option<(Table, ScanRun)> {
    let table = Table::generate(TableKind::Orders, rows.max(1), 1);
    let stored = StoredTable::load(&table, Layout::Nsm, DEFAULT_PAGE_BYTES).ok()?;
    let spec = QuerySpec {
        table: stored,
        query: ScanQuery::first_k(7, 0.1),
        device: 0,
        index_device: 0,
        seed: 1,
    };
    let settings = ScanSettings {
        io_unit_bytes: 4 * KB,
        read_ahead_bytes: 64 * KB,
        ..ScanSettings::default()
    };
    let run = ScanRun::new(&[DeviceId::SsdFast], vec![spec], settings).ok()?;
    Some((table, run))
}

/// Case 2.
pub fn row_scan_with_values(rows: u64) -> u64 {
    let Some((table, mut r)) = values_run(rows) else {
        return 0;
    };
    r.run_to_end().map_or(0, |_| table.rows)
}

/// Case 3.
pub fn reproduction_sets(sets: u64) -> u64 {
    (0..sets.max(1))
        .filter(|_| all(1_000_000, 1).is_ok())
        .count() as u64
}

pub fn cases() -> Vec<BenchCase> {
    vec![
        BenchCase {
            name: COLUMN_CASE,
            unit: "simulated scanned tuples",
            run: column_scan,
            default_size: 200_000_000,
        },
        BenchCase {
            name: VALUES_CASE,
            unit: "tuples generated, loaded and scanned",
            run: row_scan_with_values,
            default_size: 1_000_000,
        },
        BenchCase {
            name: SET_CASE,
            unit: "reproduction sets",
            run: reproduction_sets,
            default_size: 1,
        },
    ]
}
