//! Validation: a parsed body becomes a `LabConfig` (MaSM configuration, devices, base rows and
//! the op list), or a `ScenarioError` naming the exact JSON path.
//!
//! 1. Devices: the HDD and cache presets must exist (`device.hdd`, `device.cache`).
//! 2. Params: ranges and caps that keep every run small enough for a browser tab (M ≤ 64,
//!    M²·P ≤ 256 MiB of simulated cache, at most 65,536 cached records, 4,096 table pages);
//!    the variant and α must be feasible (Thm 3.2: α ≥ 2/M^(1/3)); overrides of S and N only
//!    for MaSM-M/αM and within their ranges.
//! 3. Ops: every key inside the key space, ranges with from ≤ to, and well-formed updates:
//!    presence is tracked through the list from the initial rows, so an insert of a present key
//!    or a modify/delete of an absent one is rejected at its path (DESIGN §3.1).
//! 4. A generator is expanded here, from the scenario seed, into the same op list.

use serde_json::{Map, Value};

use super::body::{
    MasmBody, MasmGranularity, MasmInitialRows, MasmOp, MasmOpKind, MasmVariantId, MasmWorkload,
};
use super::workload::{MAX_MASM_OPS, MAX_VALUE, PlannedKind, PlannedOp, generate};
use crate::masm::baseline::{DEFAULT_IU_QUEUE_DEPTH, MAX_IU_QUEUE_DEPTH};
use crate::masm::config::{Granularity, MasmConfig, Variant};
use crate::masm::io::{CacheKind, DEFAULT_HDD_PRESET, DEFAULT_SSD_DRIVE, IoConfig};
use crate::masm::record::Row;
use crate::masm::theorem::plan;
use crate::scenario::limits::MAX_SIM_TIME_NS;
use crate::scenario::{ScenarioError, check_range, parse_body};

pub const MAX_M_PAGES: u64 = 64;
pub const MAX_RECORDS_PER_PAGE: u64 = 64;
/// Update records the SSD may hold (M² pages × records per page): runs are cloned at keyframes.
pub const MAX_CACHE_RECORDS: u64 = 65_536;
/// Simulated cache address space M²·P (sizes the SSD model's FTL).
pub const MAX_CACHE_BYTES: u64 = 256 << 20;
pub const MAX_KEY_SPACE: u64 = 65_536;
/// Table pages (one migration event each).
pub const MAX_TABLE_PAGES: u64 = 4096;

/// Everything a lab is built from.
#[derive(Debug, Clone, PartialEq)]
pub struct LabConfig {
    pub masm: MasmConfig,
    pub io: IoConfig,
    pub variant_name: &'static str,
    pub alpha: f64,
    pub record_bytes: u64,
    pub base_rows: Vec<(u64, Row)>,
    pub migration_threshold: f64,
    /// Live run pages at or above which a flush starts a migration.
    pub migration_threshold_pages: u64,
    pub compare: bool,
    /// IU's SSD reads outstanding during a scan (`baseline::DEFAULT_IU_QUEUE_DEPTH`).
    pub iu_queue_depth: u64,
    /// The ops came from a generator, which draws them from the seed (nothing else does).
    pub generated: bool,
    pub ops: Vec<PlannedOp>,
}

/// The base row of a loaded key: its value is 10 × key, so loaded rows are easy to tell apart.
pub fn base_row(key: u64) -> Row {
    Row([key * 10, 0])
}

pub fn parse(body: Map<String, Value>, seed: u64) -> Result<LabConfig, ScenarioError> {
    let body: MasmBody = parse_body(body)?;
    build(&body, seed)
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 { a } else { gcd(b, a % b) }
}

pub fn build(body: &MasmBody, seed: u64) -> Result<LabConfig, ScenarioError> {
    let io = devices(body)?;
    let p = &body.params;
    let variant_id = p.variant.unwrap_or_default();
    let m_pages = p.m_pages.unwrap_or(8);
    check_range("params.m_pages", m_pages, 2, MAX_M_PAGES)?;
    let (variant, alpha, variant_name) = match (variant_id, p.alpha) {
        (MasmVariantId::AlphaM, None) => {
            return Err(ScenarioError::new(
                "params.alpha",
                "required with variant alphaM",
            ));
        }
        (MasmVariantId::AlphaM, Some(alpha)) => {
            check_range("params.alpha", alpha, 0.01, 2.0)?;
            let num = (alpha * 1000.0).round() as u64;
            let g = gcd(num, 1000).max(1);
            let variant = Variant::AlphaM {
                alpha_num: num / g,
                alpha_den: 1000 / g,
            };
            (variant, alpha, "alphaM")
        }
        (_, Some(_)) => {
            return Err(ScenarioError::new(
                "params.alpha",
                "only used with variant alphaM",
            ));
        }
        (MasmVariantId::M, None) => (
            Variant::AlphaM {
                alpha_num: 1,
                alpha_den: 1,
            },
            1.0,
            "M",
        ),
        (MasmVariantId::TwoM, None) => (Variant::TwoM, 2.0, "2M"),
    };
    let records_per_page = p.records_per_page.unwrap_or(4);
    check_range(
        "params.records_per_page",
        records_per_page,
        1,
        MAX_RECORDS_PER_PAGE,
    )?;
    if m_pages * m_pages * records_per_page > MAX_CACHE_RECORDS {
        return Err(ScenarioError::new(
            "params.records_per_page",
            format!(
                "M² × records per page = {} cached records is over the limit of {MAX_CACHE_RECORDS}",
                m_pages * m_pages * records_per_page
            ),
        ));
    }
    let page_bytes = p.page_bytes.unwrap_or(io.page_bytes);
    check_range("params.page_bytes", page_bytes, 512, 1 << 20)?;
    let cache_bytes = m_pages * m_pages * page_bytes;
    if cache_bytes > MAX_CACHE_BYTES {
        return Err(ScenarioError::new(
            "params.page_bytes",
            format!("M² × page_bytes = {cache_bytes} bytes is over the limit of {MAX_CACHE_BYTES}"),
        ));
    }
    let record_bytes = p.record_bytes.unwrap_or(100);
    check_range("params.record_bytes", record_bytes, 1, 65_536)?;
    let key_space = p.key_space.unwrap_or(64);
    check_range("params.key_space", key_space, 1, MAX_KEY_SPACE)?;
    let keys_per_table_page = p.keys_per_table_page.unwrap_or(4);
    check_range(
        "params.keys_per_table_page",
        keys_per_table_page,
        1,
        key_space,
    )?;
    if key_space.div_ceil(keys_per_table_page) > MAX_TABLE_PAGES {
        return Err(ScenarioError::new(
            "params.keys_per_table_page",
            format!(
                "the table would have {} pages, over the limit of {MAX_TABLE_PAGES}",
                key_space.div_ceil(keys_per_table_page)
            ),
        ));
    }
    let iu_queue_depth = p.iu_queue_depth.unwrap_or(DEFAULT_IU_QUEUE_DEPTH);
    check_range(
        "params.iu_queue_depth",
        iu_queue_depth,
        1,
        MAX_IU_QUEUE_DEPTH,
    )?;
    let threshold = p.migration_threshold.unwrap_or(0.9);
    check_range("params.migration_threshold", threshold, 0.05, 1.0)?;
    let capacity = m_pages * m_pages;
    let threshold_pages = ((capacity as f64 * threshold).ceil() as u64).clamp(1, capacity);
    let masm = MasmConfig {
        m_pages,
        variant,
        records_per_page,
        granularity: match p.granularity.unwrap_or_default() {
            MasmGranularity::Coarse => Granularity::Coarse,
            MasmGranularity::Fine => Granularity::Fine,
        },
        page_stealing: p.page_stealing.unwrap_or(true),
        coalesce: p.coalesce.unwrap_or(false),
        key_space,
        keys_per_table_page,
        buffer_pages_override: p.buffer_pages,
        fan_in_override: p.fan_in,
    };
    check_variant(&masm, variant_id)?;
    let base_rows: Vec<(u64, Row)> = (0..key_space)
        .filter(|k| match p.initial_rows.unwrap_or_default() {
            MasmInitialRows::Even => k % 2 == 0,
            MasmInitialRows::All => true,
            MasmInitialRows::None => false,
        })
        .map(|k| (k, base_row(k)))
        .collect();
    let mut present = vec![false; key_space as usize];
    for (k, _) in &base_rows {
        present[*k as usize] = true;
    }
    let ops = plan_workload(&body.workload, key_space, present, seed)?;
    Ok(LabConfig {
        masm,
        io: IoConfig {
            page_bytes,
            table_bytes: key_space * record_bytes,
            cache_bytes,
            ..io
        },
        variant_name,
        alpha,
        record_bytes,
        base_rows,
        migration_threshold: threshold,
        migration_threshold_pages: threshold_pages,
        compare: p.compare.unwrap_or(false),
        iu_queue_depth,
        generated: body.workload.generator.is_some(),
        ops,
    })
}

fn devices(body: &MasmBody) -> Result<IoConfig, ScenarioError> {
    use crate::device::{hdd, ssd};
    let hdd_preset = body.device.hdd.as_deref().unwrap_or(DEFAULT_HDD_PRESET);
    if hdd::presets::preset(hdd_preset).is_none() {
        return Err(ScenarioError::new(
            "device.hdd",
            format!(
                "unknown HDD preset \"{hdd_preset}\" (known: {})",
                hdd::presets::PRESET_NAMES.join(", ")
            ),
        ));
    }
    let cache = match body.device.cache.as_deref().unwrap_or(DEFAULT_SSD_DRIVE) {
        "hdd" => CacheKind::Hdd {
            preset: hdd_preset.to_string(),
        },
        drive if ssd::presets::preset(drive).is_some() => CacheKind::Ssd {
            drive: drive.to_string(),
        },
        other => {
            return Err(ScenarioError::new(
                "device.cache",
                format!(
                    "unknown cache \"{other}\" (an SSD drive: {}; or \"hdd\")",
                    ssd::presets::PRESET_IDS.join(", ")
                ),
            ));
        }
    };
    Ok(IoConfig {
        hdd_preset: hdd_preset.to_string(),
        cache,
        ..IoConfig::default()
    })
}

/// The theorem plan and the S/N overrides, with the path of whatever is wrong.
fn check_variant(cfg: &MasmConfig, id: MasmVariantId) -> Result<(), ScenarioError> {
    let Variant::AlphaM {
        alpha_num,
        alpha_den,
    } = cfg.variant
    else {
        for (field, given) in [
            ("buffer_pages", cfg.buffer_pages_override.is_some()),
            ("fan_in", cfg.fan_in_override.is_some()),
        ] {
            if given {
                return Err(ScenarioError::new(
                    format!("params.{field}"),
                    "only used with variant M or alphaM",
                ));
            }
        }
        return Ok(());
    };
    let path = if id == MasmVariantId::AlphaM {
        "params.alpha"
    } else {
        "params.m_pages"
    };
    let p = plan(cfg.m_pages, alpha_num, alpha_den)
        .map_err(|e| ScenarioError::new(path, e.to_string()))?;
    let s = cfg.buffer_pages_override.unwrap_or(p.buffer_pages);
    if cfg.buffer_pages_override.is_some() {
        check_range("params.buffer_pages", s, 1, p.memory_pages - 1)?;
    }
    if let Some(n) = cfg.fan_in_override {
        check_range("params.fan_in", n, 2, p.memory_pages - s)?;
    }
    crate::masm::config::Layout::new(cfg)
        .map(|_| ())
        .map_err(|e| ScenarioError::new(path, e.to_string()))
}

fn plan_workload(
    w: &MasmWorkload,
    key_space: u64,
    present: Vec<bool>,
    seed: u64,
) -> Result<Vec<PlannedOp>, ScenarioError> {
    match (&w.ops, &w.generator) {
        (Some(ops), None) => plan_ops(ops, key_space, present),
        (None, Some(g)) => generate(g, key_space, present, seed),
        _ => Err(ScenarioError::new(
            "workload",
            "give exactly one of `ops` and `generator`",
        )),
    }
}

fn plan_ops(
    ops: &[MasmOp],
    key_space: u64,
    mut present: Vec<bool>,
) -> Result<Vec<PlannedOp>, ScenarioError> {
    if ops.len() as u64 > MAX_MASM_OPS {
        return Err(ScenarioError::new(
            "workload.ops",
            format!("{} ops is over the limit of {MAX_MASM_OPS}", ops.len()),
        ));
    }
    let mut planned = Vec::with_capacity(ops.len());
    for (i, op) in ops.iter().enumerate() {
        let path = format!("workload.ops[{i}]");
        let field = |f: &str| format!("{path}.{f}");
        let name = format!("{:?}", op.op).to_lowercase();
        let (needs_key, needs_value, needs_range) = match op.op {
            MasmOpKind::Insert | MasmOpKind::Modify => (true, true, false),
            MasmOpKind::Delete => (true, false, false),
            MasmOpKind::Scan => (false, false, true),
            MasmOpKind::Migrate | MasmOpKind::Crash => (false, false, false),
        };
        for (f, given, needed) in [
            ("key", op.key.is_some(), needs_key),
            ("value", op.value.is_some(), needs_value),
            ("from", op.from.is_some(), needs_range),
            ("to", op.to.is_some(), needs_range),
        ] {
            if given && !needed {
                return Err(ScenarioError::new(field(f), format!("not used by {name}")));
            }
            if needed && !given {
                return Err(ScenarioError::new(field(f), format!("required by {name}")));
            }
        }
        let in_space = |f: &str, k: u64| -> Result<u64, ScenarioError> {
            if k >= key_space {
                return Err(ScenarioError::new(
                    field(f),
                    format!("{k} is outside the key space 0..{key_space}"),
                ));
            }
            Ok(k)
        };
        let key = op.key.map(|k| in_space("key", k)).transpose()?.unwrap_or(0);
        let value = op.value.unwrap_or(0);
        check_range(&field("value"), value, 0, MAX_VALUE)?;
        let is_present = present.get(key as usize).copied().unwrap_or(false);
        let kind = match op.op {
            MasmOpKind::Insert if is_present => {
                return Err(ScenarioError::new(
                    field("key"),
                    format!("key {key} is present at this point (insert needs an absent key)"),
                ));
            }
            MasmOpKind::Modify | MasmOpKind::Delete if !is_present => {
                return Err(ScenarioError::new(
                    field("key"),
                    format!("key {key} is absent at this point ({name} needs a present key)"),
                ));
            }
            MasmOpKind::Insert => PlannedKind::Insert { key, value },
            MasmOpKind::Modify => PlannedKind::Modify { key, value },
            MasmOpKind::Delete => PlannedKind::Delete { key },
            MasmOpKind::Scan => {
                let from = in_space("from", op.from.unwrap_or(0))?;
                let to = in_space("to", op.to.unwrap_or(0))?;
                if from > to {
                    return Err(ScenarioError::new(
                        field("from"),
                        format!("{from} is after to = {to}"),
                    ));
                }
                PlannedKind::Scan { from, to }
            }
            MasmOpKind::Migrate => PlannedKind::Migrate,
            MasmOpKind::Crash => PlannedKind::Crash,
        };
        match kind {
            PlannedKind::Insert { .. } => present[key as usize] = true,
            PlannedKind::Delete { .. } => present[key as usize] = false,
            _ => {}
        }
        if let Some(at) = op.at_ns {
            check_range(&field("at_ns"), at, 0, MAX_SIM_TIME_NS)?;
        }
        planned.push(PlannedOp {
            kind,
            at_ns: op.at_ns,
        });
    }
    Ok(planned)
}
