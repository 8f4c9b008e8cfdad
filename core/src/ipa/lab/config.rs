//! Validation: a parsed body becomes a `LabConfig` (store configuration and the op list), or a
//! `ScenarioError` naming the exact JSON path (DESIGN §3.1).
//!
//! 1. Device: cell type, NOP ∈ {1, 4, 8}, region mode matching the cell type, geometry ranges.
//! 2. Params: page size, the [N × M] scheme with V (it must fit the page: `PageLayout::new`),
//!    schema width, buffer and eviction.
//! 3. Ops: presence is tracked through the list, so an insert of a present key, an update of a
//!    missing key, a field index out of range or a wrong field count is rejected at its path.
//!    A crash loses nothing committed (the WAL), so it does not change presence.
//! 4. A generator is expanded here, from the scenario seed, into the same op list: its load
//!    phase, a checkpoint (the loaded database on flash, like `workload::drive`), then its
//!    transactions; read-modify-write adds are resolved against a plain map.

use std::collections::BTreeMap;

use serde_json::{Map, Value};

use super::body::{
    IpaBody, IpaCell, IpaEviction, IpaFlashModel, IpaGenerator, IpaGeneratorKind, IpaOp, IpaOpKind,
    IpaRegionMode,
};
use super::regions::{self, RegionConfig};
use crate::device::nand::CellType;
use crate::ipa::config::{Eviction, StoreConfig};
use crate::ipa::layout::{PageLayout, Scheme};
use crate::ipa::noftl::IpaMode;
use crate::ipa::workload::{self, FIELDS, Op, Workload};
use crate::scenario::{ScenarioError, check_range, parse_body};
use crate::sim::Rng;

pub const MAX_OPS: usize = 20_000;
pub const MAX_TRANSACTIONS: u64 = 5_000;
pub const MAX_SCALE: u64 = 4_000;

/// One validated op.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlannedOp {
    Insert { key: u64, fields: Vec<u32> },
    Update { key: u64, field: usize, value: u32 },
    Get { key: u64 },
    Checkpoint,
    Crash,
}

impl PlannedOp {
    pub fn name(&self) -> &'static str {
        match self {
            PlannedOp::Insert { .. } => "insert",
            PlannedOp::Update { .. } => "update",
            PlannedOp::Get { .. } => "get",
            PlannedOp::Checkpoint => "checkpoint",
            PlannedOp::Crash => "crash",
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct LabConfig {
    pub store: StoreConfig,
    pub compare: bool,
    /// The ops came from a generator (the only thing that draws from the seed).
    pub generated: bool,
    /// Generator name, or "ops".
    pub workload_name: &'static str,
    pub ops: Vec<PlannedOp>,
    /// Regions beside the device's own (`regions.rs`), which takes every other table.
    pub regions: Vec<RegionConfig>,
    /// `params.flash_model` (`cells.rs`).
    pub flash_model: IpaFlashModel,
}

pub fn parse(body: Map<String, Value>, seed: u64) -> Result<LabConfig, ScenarioError> {
    let body: IpaBody = parse_body(body)?;
    build(&body, seed)
}

fn device(body: &IpaBody, store: &mut StoreConfig) -> Result<(), ScenarioError> {
    let d = &body.device;
    let cell = d.cell.unwrap_or_default();
    store.cell_type = match cell {
        IpaCell::Slc => CellType::Slc,
        IpaCell::Mlc => CellType::Mlc,
    };
    let nop = d.nop.unwrap_or(4);
    if ![1, 4, 8].contains(&nop) {
        return Err(ScenarioError::new(
            "device.nop",
            format!("must be 1, 4 or 8 (got {nop})"),
        ));
    }
    store.nop = nop;
    let mode = d.mode.unwrap_or(match cell {
        IpaCell::Slc => IpaRegionMode::Slc,
        IpaCell::Mlc => IpaRegionMode::OddMlc,
    });
    store.mode = regions::mode_for(mode, cell, "device.mode")?;
    store.blocks = d.blocks.unwrap_or(8);
    check_range("device.blocks", store.blocks, 4, 128)?;
    store.wordlines_per_block = d.wordlines_per_block.unwrap_or(8);
    check_range(
        "device.wordlines_per_block",
        store.wordlines_per_block,
        2,
        64,
    )?;
    store.over_provisioning = d.over_provisioning.unwrap_or(0.1);
    check_range(
        "device.over_provisioning",
        store.over_provisioning,
        0.05,
        0.5,
    )?;
    Ok(())
}

fn params(body: &IpaBody, store: &mut StoreConfig) -> Result<bool, ScenarioError> {
    let p = &body.params;
    store.page_bytes = p.page_bytes.unwrap_or(512);
    check_range("params.page_bytes", store.page_bytes, 256, 8192)?;
    let n = p.n.unwrap_or(2);
    check_range("params.n", n, 0, 8)?;
    let m = p.m.unwrap_or(3);
    check_range("params.m", m, 1, 64)?;
    let v = p.v.unwrap_or(12);
    check_range("params.v", v, 0, 16)?;
    store.scheme = if n == 0 {
        Scheme::none()
    } else {
        Scheme { n, m, v }
    };
    PageLayout::new(store.page_bytes, store.scheme)
        .map_err(|e| ScenarioError::new("params.n", e.to_string()))?;
    store.fields = p.fields.unwrap_or(FIELDS);
    check_range("params.fields", store.fields, 1, 16)?;
    let room = store.page_bytes - 24 - store.scheme.area_bytes();
    if crate::ipa::page::tuple_bytes(store.fields) + 2 > room {
        return Err(ScenarioError::new(
            "params.fields",
            "a record does not fit the page beside the delta area",
        ));
    }
    store.buffer_frames = p.buffer_frames.unwrap_or(4);
    check_range("params.buffer_frames", store.buffer_frames, 1, 256)?;
    let permille = p.dirty_permille.unwrap_or(125);
    check_range("params.dirty_permille", permille, 1, 1000)?;
    store.eviction = match p.eviction.unwrap_or(IpaEviction::Eager) {
        IpaEviction::Eager => Eviction::Eager {
            dirty_permille: permille,
        },
        IpaEviction::NonEager => Eviction::NonEager,
    };
    Ok(p.compare.unwrap_or(false))
}

pub fn build(body: &IpaBody, seed: u64) -> Result<LabConfig, ScenarioError> {
    let mut store = StoreConfig::small_slc();
    device(body, &mut store)?;
    let compare = params(body, &mut store)?;
    regions::set_pairs(
        &mut store,
        body.device.c2_pairs.unwrap_or(false),
        "device.c2_pairs",
    )?;
    let extra = regions::regions(body, &store)?;
    let flash_model = super::cells::flash_model(body, &store, &extra, compare)?;
    let w = &body.workload;
    let (ops, generated, workload_name) = match (&w.ops, &w.generator) {
        (Some(ops), None) => (explicit(ops, store.fields)?, false, "ops"),
        (None, Some(g)) => {
            if store.fields != FIELDS {
                return Err(ScenarioError::new(
                    "params.fields",
                    format!("the generated workloads use {FIELDS} fields"),
                ));
            }
            let name = match g.kind {
                IpaGeneratorKind::Tpcb => "TPC-B",
                IpaGeneratorKind::Tpcc => "TPC-C",
                IpaGeneratorKind::Tatp => "TATP",
            };
            (generate(g, seed)?, true, name)
        }
        _ => {
            return Err(ScenarioError::new(
                "workload",
                "give exactly one of `ops` or `generator`",
            ));
        }
    };
    if ops.len() > MAX_OPS {
        return Err(ScenarioError::new(
            "workload",
            format!("{} ops; at most {MAX_OPS}", ops.len()),
        ));
    }
    capacity(&store, &ops, &extra)?;
    Ok(LabConfig {
        store,
        compare,
        generated,
        workload_name,
        ops,
        regions: extra,
        flash_model,
    })
}

/// Logical pages of the region, as `NoFtl::new` (or `NoFtl::paired`) sizes it.
pub fn logical_pages(store: &StoreConfig) -> usize {
    let bits = usize::from(store.cell_type.bits_per_cell());
    let usable = if store.db_page_spans_pair {
        // App. C.2: one DB page per flash-page pair, the block's last (MSB-only) pair unused.
        store.wordlines_per_block.saturating_sub(1)
    } else if store.mode == IpaMode::PSlc {
        store.wordlines_per_block
    } else {
        store.wordlines_per_block * bits
    };
    let physical = store.blocks * usable;
    let spare = ((physical as f64 * store.over_provisioning) as usize).max(3 * usable);
    physical.saturating_sub(spare)
}

/// Records of one page beside the header, slots and the delta area.
pub fn records_per_page(store: &StoreConfig) -> usize {
    let room = store.page_bytes - 24 - store.scheme.area_bytes();
    room / (crate::ipa::page::tuple_bytes(store.fields) + 2)
}

/// Every insert must find a page: each region's pages fit 85 % of its logical capacity.
fn capacity(
    store: &StoreConfig,
    ops: &[PlannedOp],
    extra: &[RegionConfig],
) -> Result<(), ScenarioError> {
    let mut inserts = vec![0usize; extra.len() + 1];
    for op in ops {
        if let PlannedOp::Insert { key, .. } = op {
            inserts[regions::region_of(extra, *key).map_or(0, |r| r + 1)] += 1;
        }
    }
    let stores = std::iter::once((store, "device.blocks".to_string())).chain(
        extra
            .iter()
            .enumerate()
            .map(|(i, r)| (&r.store, format!("device.regions[{i}].blocks"))),
    );
    for ((store, path), inserts) in stores.zip(inserts) {
        let pages = inserts.div_ceil(records_per_page(store).max(1));
        // Greedy GC needs slack beyond the spare blocks: at most 85 % of the logical pages
        // live (the fill `reproduce::gc::fit_device` uses), so a small device never runs full.
        let logical = logical_pages(store) * 85 / 100;
        if pages > logical {
            return Err(ScenarioError::new(
                path,
                format!(
                    "the {inserts} inserts need {pages} pages; the region keeps at most \
                     {logical} live (85 % of its logical pages): more blocks or wordlines, or \
                     fewer inserts"
                ),
            ));
        }
    }
    Ok(())
}

fn need<T: Copy>(v: Option<T>, path: String) -> Result<T, ScenarioError> {
    v.ok_or_else(|| ScenarioError::new(path, "is required for this op"))
}

fn explicit(ops: &[IpaOp], fields: usize) -> Result<Vec<PlannedOp>, ScenarioError> {
    let mut present: BTreeMap<u64, ()> = BTreeMap::new();
    let mut out = Vec::with_capacity(ops.len());
    for (i, op) in ops.iter().enumerate() {
        let at = |f: &str| format!("workload.ops[{i}].{f}");
        out.push(match op.op {
            IpaOpKind::Insert => {
                let key = need(op.key, at("key"))?;
                let values = op
                    .fields
                    .clone()
                    .ok_or_else(|| ScenarioError::new(at("fields"), "is required for insert"))?;
                if values.len() != fields {
                    return Err(ScenarioError::new(
                        at("fields"),
                        format!(
                            "has {} values; the schema has {fields} fields",
                            values.len()
                        ),
                    ));
                }
                if present.insert(key, ()).is_some() {
                    return Err(ScenarioError::new(
                        at("key"),
                        format!("key {key} is already present (inserted by an earlier op)"),
                    ));
                }
                PlannedOp::Insert {
                    key,
                    fields: values,
                }
            }
            IpaOpKind::Update => {
                let key = need(op.key, at("key"))?;
                let field = need(op.field, at("field"))?;
                let value = need(op.value, at("value"))?;
                if field >= fields {
                    return Err(ScenarioError::new(
                        at("field"),
                        format!("field {field} is out of range: the schema has {fields} fields"),
                    ));
                }
                if !present.contains_key(&key) {
                    return Err(ScenarioError::new(
                        at("key"),
                        format!("key {key} is not present (no earlier insert)"),
                    ));
                }
                PlannedOp::Update { key, field, value }
            }
            IpaOpKind::Get => PlannedOp::Get {
                key: need(op.key, at("key"))?,
            },
            IpaOpKind::Checkpoint => PlannedOp::Checkpoint,
            IpaOpKind::Crash => PlannedOp::Crash,
        });
    }
    Ok(out)
}

/// Step 4.
fn generate(g: &IpaGenerator, seed: u64) -> Result<Vec<PlannedOp>, ScenarioError> {
    check_range(
        "workload.generator.transactions",
        g.transactions,
        1,
        MAX_TRANSACTIONS,
    )?;
    let scale = g.scale.unwrap_or(200);
    check_range("workload.generator.scale", scale, 10, MAX_SCALE)?;
    let mut w = match g.kind {
        IpaGeneratorKind::Tpcb => Workload::TpcB(workload::tpcb::TpcB::new(1, scale)),
        IpaGeneratorKind::Tpcc => Workload::TpcC(workload::tpcc::TpcC::new(scale, scale / 2)),
        IpaGeneratorKind::Tatp => Workload::Tatp(workload::tatp::Tatp::new(scale)),
    };
    let every = g.checkpoint_every.unwrap_or(0);
    let mut map: BTreeMap<u64, Vec<u32>> = BTreeMap::new();
    let mut out = Vec::new();
    let push = |op: &Op, map: &mut BTreeMap<u64, Vec<u32>>, out: &mut Vec<PlannedOp>| match *op {
        Op::Insert { key, fields } => {
            map.insert(key, fields.to_vec());
            out.push(PlannedOp::Insert {
                key,
                fields: fields.to_vec(),
            });
        }
        Op::Add { key, field, delta } => {
            if let Some(rec) = map.get_mut(&key) {
                let value = (i64::from(rec[field]) + delta).rem_euclid(1 << 32) as u32;
                rec[field] = value;
                out.push(PlannedOp::Update { key, field, value });
            }
        }
        Op::Set { key, field, value } => {
            if let Some(rec) = map.get_mut(&key) {
                rec[field] = value;
                out.push(PlannedOp::Update { key, field, value });
            }
        }
        Op::Get { key } => out.push(PlannedOp::Get { key }),
    };
    for op in w.load() {
        push(&op, &mut map, &mut out);
    }
    out.push(PlannedOp::Checkpoint);
    let mut rng = Rng::new(seed);
    for t in 1..=g.transactions {
        for op in w.next_txn(&mut rng) {
            push(&op, &mut map, &mut out);
        }
        if every > 0 && t % every == 0 {
            out.push(PlannedOp::Checkpoint);
        }
        if g.crash_after == Some(t) {
            out.push(PlannedOp::Crash);
        }
        if out.len() > MAX_OPS {
            return Err(ScenarioError::new(
                "workload.generator.transactions",
                format!("expands to more than {MAX_OPS} ops; use fewer transactions"),
            ));
        }
    }
    Ok(out)
}
