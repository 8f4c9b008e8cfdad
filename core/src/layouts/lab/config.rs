//! From the scenario body to a checked configuration, every error naming its JSON path.
//!
//! 1. Table: kind and generated rows (1..=200,000: small, so the animation shows every I/O).
//! 2. Device: one of the seed 001 presets (paper Table 2).
//! 3. Params: layout, page, I/O unit, read-ahead, scheduler, compression, index. The file
//!    placement's block group is the largest multiple of the I/O unit not above 128 MiB.
//! 4. Workload: explicit `scan` ops or a generator of N identical paper-shaped scans (1..=8
//!    queries, run concurrently). The index is on attribute 0, so an index scan's predicate
//!    must be on attribute 0.
//! 5. Sweep: rows, I/O unit and read-ahead of the time-vs-projectivity sweep (default the
//!    paper's 128 KB and 6 MB at 4 M rows).

use serde_json::{Map, Value};

use super::body::{
    LayoutsBody, LayoutsDevice, LayoutsDeviceId, LayoutsLayout, LayoutsOp, LayoutsScheduler,
    LayoutsTableKind,
};
use crate::layouts::DeviceId;
use crate::layouts::pages::Layout;
use crate::layouts::pages::PAGE_HEADER_BYTES;
use crate::layouts::query::{Predicate, ScanQuery};
use crate::layouts::schema::{Schema, TableKind};
use crate::layouts::settings::{AccessPath, Compression, KB, MB, ScanSettings, Scheduler};
use crate::scenario::ScenarioError;
use crate::scenario::parse::{check_range, parse_body};

pub const MAX_ROWS: u64 = 200_000;
pub const MAX_QUERIES: usize = 8;
pub const MAX_SWEEP_ROWS: u64 = 8_000_000;
pub const DEFAULT_SWEEP_ROWS: u64 = 4_000_000;
/// The paper's index: 375 MB for 60 M rows (§5.2.3).
pub const INDEX_ENTRY_BYTES: f64 = 6.25;
const BLOCK_GROUP_BYTES: u64 = 128 * MB;

/// The sweep's own scale and I/O sizes.
#[derive(Debug, Clone, PartialEq)]
pub struct SweepConfig {
    pub rows: u64,
    pub settings: ScanSettings,
    pub selectivity: f64,
}

#[derive(Debug, Clone, PartialEq)]
pub struct LayoutsConfig {
    pub kind: TableKind,
    pub rows: u64,
    pub device: DeviceId,
    pub layout: Layout,
    pub page_bytes: u32,
    pub settings: ScanSettings,
    pub queries: Vec<ScanQuery>,
    pub generated: bool,
    pub sweep: Option<SweepConfig>,
}

fn settings_for(unit: u64, read_ahead: u64, base: &ScanSettings) -> ScanSettings {
    ScanSettings {
        io_unit_bytes: unit,
        read_ahead_bytes: read_ahead,
        fragment_bytes: (BLOCK_GROUP_BYTES / unit).max(1) * unit,
        ..base.clone()
    }
}

fn check_io(path: &str, unit: u64, read_ahead: u64) -> Result<(), ScenarioError> {
    check_range(&format!("{path}.io_unit_bytes"), unit, 512, 4 * MB)?;
    if !unit.is_multiple_of(512) {
        return Err(ScenarioError::new(
            format!("{path}.io_unit_bytes"),
            format!("must be a multiple of 512 (got {unit})"),
        ));
    }
    check_range(
        &format!("{path}.read_ahead_bytes"),
        read_ahead,
        unit,
        64 * MB,
    )
}

fn predicate(
    path: &str,
    p: &super::body::LayoutsPredicate,
    n: usize,
) -> Result<Predicate, ScenarioError> {
    check_range(&format!("{path}.column"), p.column, 0, n - 1)?;
    if p.from > p.to {
        return Err(ScenarioError::new(
            format!("{path}.to"),
            format!("must be at least from ({} > {})", p.from, p.to),
        ));
    }
    Ok(Predicate {
        column: p.column,
        low: p.from,
        high: p.to.saturating_add(1),
    })
}

fn queries(body: &LayoutsBody, n: usize) -> Result<(Vec<ScanQuery>, bool), ScenarioError> {
    let w = &body.workload;
    match (&w.ops, &w.generator) {
        (Some(ops), None) => {
            check_range("workload.ops.length", ops.len(), 1, MAX_QUERIES)?;
            let mut out = Vec::new();
            for (i, op) in ops.iter().enumerate() {
                let LayoutsOp::Scan {
                    columns,
                    predicate: p,
                } = op;
                let path = format!("workload.ops[{i}]");
                if columns.is_empty() {
                    return Err(ScenarioError::new(
                        format!("{path}.columns"),
                        "must project at least one column",
                    ));
                }
                for (j, &c) in columns.iter().enumerate() {
                    check_range(&format!("{path}.columns[{j}]"), c, 0, n - 1)?;
                    // A projection names each column once: repeats would only multiply the
                    // answer (rows × list length values) past any memory bound.
                    if let Some(k) = columns[..j].iter().position(|&earlier| earlier == c) {
                        return Err(ScenarioError::new(
                            format!("{path}.columns[{j}]"),
                            format!("column {c} is already projected at columns[{k}]"),
                        ));
                    }
                }
                out.push(ScanQuery {
                    columns: columns.clone(),
                    predicate: predicate(&format!("{path}.predicate"), p, n)?,
                });
            }
            Ok((out, false))
        }
        (None, Some(g)) => {
            check_range("workload.generator.projectivity", g.projectivity, 1, n)?;
            check_range("workload.generator.selectivity", g.selectivity, 0.0, 1.0)?;
            let count = g.concurrency.unwrap_or(1);
            check_range("workload.generator.concurrency", count, 1, MAX_QUERIES)?;
            let q = ScanQuery::first_k(g.projectivity, g.selectivity);
            Ok((vec![q; count], true))
        }
        _ => Err(ScenarioError::new(
            "workload",
            "give exactly one of `ops` or `generator`",
        )),
    }
}

/// The device and its RAID-0 stripe unit (the default where it has none).
fn device_of(d: &LayoutsDevice) -> Result<(DeviceId, u64), ScenarioError> {
    let device = match d.id.unwrap_or_default() {
        LayoutsDeviceId::Disk => DeviceId::Disk,
        LayoutsDeviceId::SsdFast => DeviceId::SsdFast,
        LayoutsDeviceId::SsdMedium => DeviceId::SsdMedium,
        LayoutsDeviceId::SsdSlow => DeviceId::SsdSlow,
        LayoutsDeviceId::Raid0 => DeviceId::Raid0,
    };
    let Some(stripe) = d.stripe_bytes else {
        return Ok((device, ScanSettings::default().stripe_bytes));
    };
    if device != DeviceId::Raid0 {
        return Err(ScenarioError::new(
            "device.stripe_bytes",
            "applies only to the `raid0` device",
        ));
    }
    check_range("device.stripe_bytes", stripe, 4 * KB, 4 * MB)?;
    if !stripe.is_multiple_of(4 * KB) {
        return Err(ScenarioError::new(
            "device.stripe_bytes",
            format!("must be a multiple of 4096 (got {stripe})"),
        ));
    }
    Ok((device, stripe))
}

pub fn parse(body: Map<String, Value>) -> Result<LayoutsConfig, ScenarioError> {
    let body: LayoutsBody = parse_body(body)?;
    let kind = match body.table.kind.unwrap_or_default() {
        LayoutsTableKind::Lineitem => TableKind::Lineitem,
        LayoutsTableKind::Orders => TableKind::Orders,
    };
    let schema = Schema::of(kind);
    let n = schema.columns.len();
    let rows = body.table.rows.unwrap_or(6000);
    check_range("table.rows", rows, 1, MAX_ROWS)?;
    let (device, stripe_bytes) = device_of(&body.device)?;
    let p = &body.params;
    let layout = match p.layout.unwrap_or_default() {
        LayoutsLayout::Nsm => Layout::Nsm,
        LayoutsLayout::Dsm => Layout::Dsm,
        LayoutsLayout::Pax => Layout::Pax,
    };
    let page_bytes = p.page_bytes.unwrap_or(4096);
    check_range("params.page_bytes", page_bytes, 512, 65_536)?;
    if !page_bytes.is_multiple_of(512) {
        return Err(ScenarioError::new(
            "params.page_bytes",
            format!("must be a multiple of 512 (got {page_bytes})"),
        ));
    }
    let need = schema.tuple_bytes() + PAGE_HEADER_BYTES;
    if page_bytes < need {
        return Err(ScenarioError::new(
            "params.page_bytes",
            format!(
                "must hold a {} B tuple after the page header (at least {need} B)",
                schema.tuple_bytes()
            ),
        ));
    }
    let unit = p.io_unit_bytes.unwrap_or(128 * KB);
    let read_ahead = p.read_ahead_bytes.unwrap_or(6 * MB);
    check_io("params", unit, read_ahead)?;
    let ratio = p.compression_ratio.unwrap_or(1.0);
    if !(ratio > 0.0 && ratio <= 1.0) {
        return Err(ScenarioError::new(
            "params.compression_ratio",
            format!("must be in (0, 1] (got {ratio})"),
        ));
    }
    let codec = p.compression_codec.unwrap_or(false);
    if codec && ratio < 1.0 {
        return Err(ScenarioError::new(
            "params.compression_codec",
            format!(
                "the codec sizes pages from the data: drop compression_ratio ({ratio}) or the codec"
            ),
        ));
    }
    let index = p.index.unwrap_or(false);
    let base = ScanSettings {
        scheduler: match p.scheduler.unwrap_or_default() {
            LayoutsScheduler::Noop => Scheduler::Noop,
            LayoutsScheduler::Cfq => Scheduler::Cfq,
        },
        compression: Compression { ratio, codec },
        access: if index {
            AccessPath::Index {
                entry_bytes: INDEX_ENTRY_BYTES,
            }
        } else {
            AccessPath::FullScan
        },
        stripe_bytes,
        ..ScanSettings::default()
    };
    let settings = settings_for(unit, read_ahead, &base);
    settings
        .validate()
        .map_err(|e| ScenarioError::new("params", e))?;
    let (queries, generated) = queries(&body, n)?;
    if index && let Some(i) = queries.iter().position(|q| q.predicate.column != 0) {
        return Err(ScenarioError::new(
            format!("workload.ops[{i}].predicate.column"),
            "the index (params.index) is on attribute 0: an index scan's predicate must be on it",
        ));
    }
    let s = &body.sweep;
    let sweep = if s.enabled.unwrap_or(true) {
        let sweep_rows = s.rows.unwrap_or(DEFAULT_SWEEP_ROWS);
        check_range("sweep.rows", sweep_rows, 10_000, MAX_SWEEP_ROWS)?;
        let sweep_unit = s.io_unit_bytes.unwrap_or(128 * KB);
        let sweep_ahead = s.read_ahead_bytes.unwrap_or(6 * MB);
        check_io("sweep", sweep_unit, sweep_ahead)?;
        let first = &queries[0].predicate;
        let selectivity = if first.column == 0 {
            first.expected_selectivity()
        } else {
            0.1
        };
        Some(SweepConfig {
            rows: sweep_rows,
            settings: settings_for(sweep_unit, sweep_ahead, &base),
            selectivity,
        })
    } else {
        None
    };
    Ok(LayoutsConfig {
        kind,
        rows,
        device,
        layout,
        page_bytes,
        settings,
        queries,
        generated,
        sweep,
    })
}
