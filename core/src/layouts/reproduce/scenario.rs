//! A claim's own run as a scenario of the layouts lab (issue 27, item 6): the claims' `Case`
//! and `ScanSettings` turned into the lab's scenario body, at the sizes the lab accepts.
//!
//! 1. Same configuration: table kind, layout, device preset, the first k attributes at the
//!    case's selectivity, N concurrent copies, and the settings the format has (I/O unit,
//!    read-ahead, scheduler, compression, index).
//! 2. Course scale: the claims scan 10 M rows per table; the lab's animated scans take at most
//!    `config::MAX_ROWS` rows and its time-vs-projectivity sweep (shape-only tables, the same
//!    `runner::run` the claims use) at most `config::MAX_SWEEP_ROWS`, and together they must fit
//!    the lab's work budget: the largest sweep, then the largest table, of `SWEEP_ROWS` and
//!    `TABLE_ROWS` that fit. `shrunk` says so, and names any setting of the case the scenario
//!    format cannot carry (the lab then runs its default for it), found by parsing the body and
//!    comparing the settings it yields.

use serde_json::{Map, Value, json};

use super::runner::Case;
use crate::layouts::budget::within_budget;
use crate::layouts::device::DeviceId;
use crate::layouts::lab::config::{self, MAX_ROWS, MAX_SWEEP_ROWS};
use crate::layouts::pages::Layout;
use crate::layouts::schema::TableKind;
use crate::layouts::settings::{AccessPath, ScanSettings, Scheduler};
use crate::plugin::claim_run::{ClaimRun, scenario_document};

/// The lab's name of `device` (`LayoutsDeviceId`).
fn device_name(device: DeviceId) -> &'static str {
    match device {
        DeviceId::Disk => "disk",
        DeviceId::SsdFast => "ssd_fast",
        DeviceId::SsdMedium => "ssd_medium",
        DeviceId::SsdSlow => "ssd_slow",
        DeviceId::Raid0 => "raid0",
    }
}

/// Step 2's candidate sizes, largest first.
const SWEEP_ROWS: [u64; 6] = [
    MAX_SWEEP_ROWS,
    4_000_000,
    2_000_000,
    1_000_000,
    400_000,
    100_000,
];
const TABLE_ROWS: [u64; 7] = [MAX_ROWS, 100_000, 50_000, 20_000, 10_000, 5_000, 2_000];

/// Step 2: the body at the largest sizes that load (the smallest candidates if none do, so the
/// claims' test reports the refusal).
pub fn case_body(case: &Case, settings: &ScanSettings, queries: usize) -> Map<String, Value> {
    let mut last = Map::new();
    for sweep in SWEEP_ROWS.map(|r| r.min(case.rows).max(10_000)) {
        for table in TABLE_ROWS.map(|r| r.min(case.rows)) {
            last = body_at(case, settings, queries, table, sweep);
            if config::parse(last.clone()).is_ok_and(|cfg| within_budget(&cfg)) {
                return last;
            }
        }
    }
    last
}

/// Step 1: the scenario body of `queries` concurrent copies of `case`, `table_rows` rows per
/// table and `sweep_rows` in the sweep.
fn body_at(
    case: &Case,
    settings: &ScanSettings,
    queries: usize,
    table_rows: u64,
    sweep_rows: u64,
) -> Map<String, Value> {
    let kind = match case.table {
        TableKind::Lineitem => "lineitem",
        TableKind::Orders => "orders",
    };
    let layout = match case.layout {
        Layout::Nsm => "nsm",
        Layout::Dsm => "dsm",
        Layout::Pax => "pax",
    };
    let scheduler = match settings.scheduler {
        Scheduler::Noop => "noop",
        Scheduler::Cfq => "cfq",
    };
    let body = json!({
        "table": {"kind": kind, "rows": table_rows},
        "device": {"id": device_name(case.device)},
        "params": {
            "layout": layout,
            "io_unit_bytes": settings.io_unit_bytes,
            "read_ahead_bytes": settings.read_ahead_bytes,
            "scheduler": scheduler,
            "compression_ratio": settings.compression.ratio,
            "index": matches!(settings.access, AccessPath::Index { .. }),
            "compression_codec": settings.compression.codec,
        },
        "workload": {"generator": {
            "projectivity": case.k,
            "selectivity": case.selectivity,
            "concurrency": queries,
        }},
        "sweep": {
            "rows": sweep_rows,
            "io_unit_bytes": settings.io_unit_bytes,
            "read_ahead_bytes": settings.read_ahead_bytes,
        },
    });
    match body {
        Value::Object(map) => map,
        _ => Map::new(),
    }
}

/// Step 2's note on the settings: those of `settings` the parsed body does not reproduce.
fn settings_not_carried(body: &Map<String, Value>, settings: &ScanSettings) -> Vec<&'static str> {
    let Ok(parsed) = config::parse(body.clone()) else {
        return vec!["the scenario does not parse"];
    };
    let p = &parsed.settings;
    let mut out = Vec::new();
    if p.cpu != settings.cpu {
        out.push("the CPU model's costs and overlap");
    }
    if p.queue_depth != settings.queue_depth {
        out.push("the device queue depth");
    }
    if p.fragment_bytes != settings.fragment_bytes
        || p.fragment_gap_bytes != settings.fragment_gap_bytes
    {
        out.push("the file fragment (block group) size");
    }
    if p.access != settings.access {
        out.push("the index entry size");
    }
    if p.block_rows != settings.block_rows
        || p.cfq_slice_ns != settings.cfq_slice_ns
        || p.cfq_idle_ns != settings.cfq_idle_ns
    {
        out.push("the block rows or CFQ timing");
    }
    out
}

/// The run of `queries` concurrent copies of `case` with `settings`, labelled `label`;
/// `also` names anything else of the claim's run the scenario does not have ("" if nothing).
pub fn case_run(
    case: &Case,
    settings: &ScanSettings,
    queries: usize,
    label: &str,
    also: &str,
) -> ClaimRun {
    let body = case_body(case, settings, queries);
    let title = format!("The claim's run, course scale: {label}");
    let mut shrunk = format!(
        "{} → {} rows per table in the animated scans and {} in the time-vs-projectivity \
         sweep (shape-only tables, the claims' kind of scan); seek counts and times scale with \
         rows, fractions and crossovers do not",
        thousands(case.rows),
        thousands(rows_of(&body, "table")),
        thousands(rows_of(&body, "sweep")),
    );
    let missing = settings_not_carried(&body, settings);
    if !missing.is_empty() {
        shrunk.push_str(&format!(
            "; not in the scenario format, so the lab runs its default: {}",
            missing.join(", ")
        ));
    }
    if !also.is_empty() {
        shrunk.push_str(&format!("; {also}"));
    }
    let doc = scenario_document("layouts", &title, case.seed, body);
    ClaimRun::course_scale(label, doc, &shrunk)
}

/// The `rows` of `body`'s `part` (0 if absent).
fn rows_of(body: &Map<String, Value>, part: &str) -> u64 {
    body.get(part)
        .and_then(|p| p.get("rows"))
        .and_then(Value::as_u64)
        .unwrap_or(0)
}

/// `n` with thousands separators ("10,000,000").
fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thousands_are_separated_by_commas() {
        assert_eq!(thousands(10_000_000), "10,000,000");
        assert_eq!(thousands(200_000), "200,000");
        assert_eq!(thousands(999), "999");
    }

    #[test]
    fn a_default_case_parses_and_carries_every_setting() {
        let case = Case {
            rows: 10_000_000,
            ..Case::paper(DeviceId::Disk, TableKind::Lineitem, Layout::Dsm, 16, 0.1)
        };
        let body = case_body(&case, &ScanSettings::default(), 1);
        assert!(settings_not_carried(&body, &ScanSettings::default()).is_empty());
    }
}
