//! A reproduction's configuration as an IPA lab scenario, so a claim links the very run its
//! number came from (issue 27, item 6).
//!
//! 1. `body`: a `StoreConfig` (device, page format, buffer, eviction) and a generated
//!    workload become the lab's `device`, `params` and `workload.generator` fields, the same
//!    values the lab's `config.rs` turns back into that `StoreConfig`.
//! 2. The workload must be one the lab's generator builds from its `scale` (TPC-B with one
//!    branch, TPC-C with half as many customers as items, TATP); otherwise `None`.
//! 3. `compare` asks the lab for the three-way race (out-of-place and IPL beside IPA), as the
//!    Tab. 2 and Tabs. 6–10 runs do.
//! 4. `claim_run`: the body as it is (own scale) when the loader takes it (validation and the
//!    lab's work budget, as the browser does); otherwise a course-scale version: records per
//!    page (through a smaller page, same header and delta area) and workload scale both divided
//!    by `COURSE_DIVISOR`, so the loaded database keeps about its number of pages beside the
//!    same buffer frames (the same buffer-to-database ratio, and each page sees the same share
//!    of the updates), and the most transactions, in steps of a tenth of the claim's, that the
//!    budget takes. Device, scheme, eviction and IPL geometry stay.
//! 5. The lab runs background GC between ops (to animate it); the reproduction's store
//!    collects only when it must, so a run's erases and migrations can be a little higher
//!    than the reproduction's (every run's `shrunk` text says so).

use serde_json::{Map, Value, json};

use super::super::config::{Eviction, StoreConfig};
use super::super::lab::IpaLab;
use super::super::lab::config::{LabConfig, PlannedOp, parse, records_per_page};
use super::super::layout::{HEADER_BYTES, SLOT_BYTES};
use super::super::noftl::IpaMode;
use super::super::page::tuple_bytes;
use super::super::workload::Workload;
use crate::device::nand::CellType;
use crate::plugin::seeds::DEFAULT_SEEDS;
use crate::plugin::{ClaimRun, LabSpec, scenario_document, work};

/// Step 4: what records per page and workload scale are divided by in a course-scale run.
pub const COURSE_DIVISOR: usize = 16;
/// The lab's smallest page (`params.page_bytes`).
const MIN_PAGE_BYTES: usize = 256;

/// Step 2: the generator kind and scale that rebuild `workload`.
fn generator(workload: &Workload) -> Option<(&'static str, u64)> {
    match workload {
        Workload::TpcB(w) if w.branches == 1 => Some(("tpcb", w.accounts_per_branch)),
        Workload::TpcC(w) if w.customers == w.items / 2 => Some(("tpcc", w.items)),
        Workload::Tatp(w) => Some(("tatp", w.subscribers)),
        _ => None,
    }
}

/// Step 1: the lab body of `txns` transactions of `workload` on `cfg`.
pub fn body(
    cfg: &StoreConfig,
    workload: &Workload,
    txns: usize,
    compare: bool,
) -> Option<Map<String, Value>> {
    let (kind, scale) = generator(workload)?;
    body_at(cfg, kind, scale, txns, compare)
}

fn body_at(
    cfg: &StoreConfig,
    kind: &str,
    scale: u64,
    txns: usize,
    compare: bool,
) -> Option<Map<String, Value>> {
    let cell = match cfg.cell_type {
        CellType::Mlc => "mlc",
        _ => "slc",
    };
    let mode = match cfg.mode {
        IpaMode::NoIpa => "no_ipa",
        IpaMode::Slc => "slc",
        IpaMode::PSlc => "pslc",
        IpaMode::OddMlc => "odd_mlc",
    };
    let mut params = json!({
        "page_bytes": cfg.page_bytes, "n": cfg.scheme.n, "fields": cfg.fields,
        "buffer_frames": cfg.buffer_frames, "compare": compare,
    });
    if cfg.scheme.n > 0 {
        params["m"] = json!(cfg.scheme.m);
        params["v"] = json!(cfg.scheme.v);
    }
    match cfg.eviction {
        Eviction::Eager { dirty_permille } => {
            params["eviction"] = json!("eager");
            params["dirty_permille"] = json!(dirty_permille);
        }
        Eviction::NonEager => params["eviction"] = json!("non_eager"),
    }
    let body = json!({
        "device": {"cell": cell, "nop": cfg.nop, "mode": mode, "blocks": cfg.blocks,
                   "wordlines_per_block": cfg.wordlines_per_block,
                   "over_provisioning": cfg.over_provisioning},
        "params": params,
        "workload": {"generator": {"kind": kind, "transactions": txns, "scale": scale}},
    });
    body.as_object().cloned()
}

/// The body validated (none when the loader refuses it).
fn validated(body: &Map<String, Value>) -> Option<LabConfig> {
    parse(body.clone(), DEFAULT_SEEDS[0]).ok()
}

/// Whether the loader takes `body`: valid and within the lab's work budgets (step 4).
fn loads(body: &Map<String, Value>) -> bool {
    validated(body)
        .and_then(|cfg| IpaLab::from_config(cfg, DEFAULT_SEEDS[0]).ok())
        .is_some_and(|lab| work::check(&lab.work_estimates()).is_ok())
}

/// Pages the loaded database fills (the inserts before the first checkpoint), as the loader's
/// capacity check counts them.
fn database_pages(cfg: &LabConfig) -> usize {
    let inserts = cfg
        .ops
        .iter()
        .take_while(|o| !matches!(o, PlannedOp::Checkpoint))
        .filter(|o| matches!(o, PlannedOp::Insert { .. }))
        .count();
    inserts.div_ceil(records_per_page(&cfg.store).max(1))
}

/// Step 4: the page size that holds 1/`COURSE_DIVISOR` of `cfg`'s records per page (rounded
/// up) beside the same header and delta area.
fn course_page_bytes(cfg: &StoreConfig, records: usize) -> usize {
    let per_page = records.div_ceil(COURSE_DIVISOR).max(1);
    let bytes =
        HEADER_BYTES + cfg.scheme.area_bytes() + per_page * (tuple_bytes(cfg.fields) + SLOT_BYTES);
    bytes.max(MIN_PAGE_BYTES)
}

/// Step 4: the claim's run, own scale when it loads, else the course-scale version.
pub fn claim_run(
    title: &str,
    cfg: &StoreConfig,
    workload: &Workload,
    txns: usize,
    compare: bool,
) -> Option<ClaimRun> {
    let (kind, scale) = generator(workload)?;
    let own = body_at(cfg, kind, scale, txns, compare)?;
    let document = |body| scenario_document("ipa", title, DEFAULT_SEEDS[0], body);
    if loads(&own) {
        return Some(ClaimRun::own("ipa", document(own)));
    }
    // The own body may be refused (e.g. a generator scale over the lab's limit); its records
    // per page come from the configuration itself.
    let own_cfg = validated(&own);
    let records = records_per_page(cfg);
    let small = StoreConfig {
        page_bytes: course_page_bytes(cfg, records),
        ..cfg.clone()
    };
    let small_records = records_per_page(&small);
    let small_scale = scale / COURSE_DIVISOR as u64;
    let step = (txns / 10).max(1);
    let (small_txns, course) = (1..=10)
        .rev()
        .map(|tenths| (step * tenths).min(txns))
        .find_map(|t| {
            body_at(&small, kind, small_scale, t, compare)
                .filter(loads)
                .map(|b| (t, b))
        })?;
    let shrunk = format!(
        "page {} B → {} B, so a page holds {small_records} records instead of {records}, and \
         {kind} scale {scale} → {small_scale} (both ÷{COURSE_DIVISOR}): the loaded database \
         fills {} pages ({} before) beside the same {}-frame buffer; {txns} → {small_txns} \
         transactions, under the browser's work budget. The records a transaction inserts fill \
         pages {:.1}× faster. Same device ({} blocks), [N×M] scheme, eviction and \
         IPL geometry. The lab also collects garbage in the background between ops, which the \
         reproduction's store does not, so its erases and GC migrations can be a little higher",
        cfg.page_bytes,
        small.page_bytes,
        database_pages(&validated(&course)?),
        own_cfg.as_ref().map_or_else(
            || "not loadable".to_string(),
            |c| database_pages(c).to_string()
        ),
        cfg.buffer_frames,
        records as f64 / small_records.max(1) as f64,
        cfg.blocks
    );
    Some(ClaimRun::course_scale("ipa", document(course), &shrunk))
}
