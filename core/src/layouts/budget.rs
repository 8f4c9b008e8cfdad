//! The layouts lab's work budget: an upper bound of a parsed configuration's work, answer rows
//! and state bytes, from the configuration alone (`LabSpec::work_estimates`), and whether the
//! loader accepts it (`within_budget`, which the claims' run links use to pick a size).
//!
//! 1. A scan's work: every needed I/O unit (one per member on a RAID-0), every output block,
//!    and the oracle's and the answer's per-value work (`scan_work`).
//! 2. A scenario's work: its queries' scans plus, with a sweep, one row scan and one column and
//!    PAX scan per attribute at the sweep's rows.

use super::lab::config::LayoutsConfig;
use super::pages::StoredTable;
use super::schema::Schema;
use super::settings::AccessPath;
use crate::plugin::{Budget, WorkEstimate, work::times};

/// Work of scanning a table of `rows` rows in `cfg`'s layout with I/O unit `unit`: every needed
/// unit (at most the file bytes over the unit, plus one per page for straddles and the plan's
/// per-page draws, except for an NSM/PAX file read whole, whose units the plan computes
/// without a page list: `plan::Needed::All`), every output block, and the oracle's and the
/// answer's per-value work.
fn scan_work(cfg: &LayoutsConfig, rows: u64, unit: u64, layout: super::Layout) -> u64 {
    let schema = Schema::of(cfg.kind);
    let Ok(shape) = StoredTable::shape_only(&schema, rows, layout, cfg.page_bytes) else {
        return u64::MAX;
    };
    let unit = match cfg.settings.access {
        AccessPath::FullScan => unit,
        AccessPath::Index { .. } => unit.min(u64::from(cfg.page_bytes)),
    };
    let whole = layout != super::Layout::Dsm && cfg.settings.access == AccessPath::FullScan;
    let files: u64 = shape
        .files
        .iter()
        .map(|f| f.bytes() / unit.max(1) + if whole { 0 } else { 2 * f.page_count } + 4)
        .sum();
    let index = (rows as f64 * super::lab::config::INDEX_ENTRY_BYTES) as u64
        / u64::from(cfg.page_bytes)
        + 4;
    // A RAID-0 request is served as one request on each member (`raid.rs` item 3).
    let members = if cfg.device == super::DeviceId::Raid0 {
        super::raid::RAID0_MEMBERS
    } else {
        1
    };
    times(members, files) + index + rows / cfg.settings.block_rows.max(1) + 2
}

/// Whether a parsed configuration is within the lab's work budget (what the loader accepts).
pub fn within_budget(cfg: &LayoutsConfig) -> bool {
    crate::plugin::work::check(&estimates(cfg)).is_ok()
}

/// `LabSpec::work_estimates` of a parsed configuration (see there).
pub fn estimates(cfg: &LayoutsConfig) -> Vec<WorkEstimate> {
    let n = cfg.queries.len() as u64;
    let cols = Schema::of(cfg.kind).columns.len() as u64;
    let per_query = scan_work(cfg, cfg.rows, cfg.settings.io_unit_bytes, cfg.layout)
        .saturating_add(times(cfg.rows, 3 * cols));
    let mut work = times(n, per_query);
    if let Some(s) = &cfg.sweep {
        let row = scan_work(cfg, s.rows, s.settings.io_unit_bytes, super::Layout::Nsm);
        let column = scan_work(cfg, s.rows, s.settings.io_unit_bytes, super::Layout::Dsm);
        let pax = scan_work(cfg, s.rows, s.settings.io_unit_bytes, super::Layout::Pax);
        work = work
            .saturating_add(row)
            .saturating_add(times(cols, column.saturating_add(pax)));
    }
    let table_bytes = times(cfg.rows, u64::from(Schema::of(cfg.kind).tuple_bytes())) * 2;
    let answer_bytes = times(cfg.rows, 32 + 8 * cols);
    let state = times(n, table_bytes.saturating_add(answer_bytes));
    let field = if cfg.sweep.is_some() && work > times(n, per_query) * 4 {
        "sweep.rows"
    } else {
        "table.rows"
    };
    vec![
        WorkEstimate::new(Budget::Work, work, field),
        WorkEstimate::new(Budget::AnswerRows, times(n, cfg.rows), "table.rows"),
        WorkEstimate::new(Budget::StateBytes, state, "table.rows"),
    ]
}
