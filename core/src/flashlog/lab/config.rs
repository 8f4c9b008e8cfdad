//! Validation: an untrusted `flashlog` body becomes a `LabPlan` or a `ScenarioError` naming the
//! field (`log.drives[2]`, `workload.ops[3].bytes`, ...).
//!
//! 1. Parse the body with exact paths (`body.rs`); the mode decides which sections and which
//!    op kinds are allowed, and a field of the other mode is refused by name.
//! 2. Logging: build the `FlashLogConfig` of the named configuration (Figure 2's disk, ideal,
//!    naive SSD, striping, FlashLogging over USB drives or SSD partitions, archival HDD).
//!    `flash_capacity_bytes` needs FlashLogging with the archival HDD.
//!    Explicit ops are commits (arrival times non-decreasing), then at most one `crash`, then
//!    at most one `recover` (which needs the crash). A generator runs W workers (`workers` ≥ 1).
//! 3. Append/Pack: the layout must leave room to pack (`ApConfig::validate`).

use std::sync::Arc;

use serde_json::{Map, Value};

use super::body::{
    ApSpec, ConfigKind, DevicesSpec, FlashlogBody, GeneratorSpec, LogSpec, ModeSpec, OpKind,
};
use crate::flashlog::appendpack::ApConfig;
use crate::flashlog::config::{FlashLogConfig, OUTLIER_FACTOR, Workload};
use crate::flashlog::devices::usb::UsbProfile;
use crate::scenario::{ScenarioError, check_range, parse_body};

/// Default gap between ops without `at_us`.
pub const DEFAULT_GAP_US: u64 = 200;
/// A scenario's flash capacity: at least two 32 KB archival batches, at most 16 GiB (the
/// paper's USB drives were a few GB).
pub const MIN_SCENARIO_CAPACITY_BYTES: u64 = 2 * 32 * 1024;
pub const MAX_SCENARIO_CAPACITY_BYTES: u64 = 16 << 30;
/// Most explicit ops.
pub const MAX_OPS: usize = 100_000;

/// One scripted commit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ScriptedCommit {
    pub op: usize,
    pub txn: u64,
    pub bytes: u64,
    pub at_ns: u64,
}

#[derive(Debug, Clone, PartialEq)]
pub struct LogPlan {
    pub config: FlashLogConfig,
    pub commits: Vec<ScriptedCommit>,
    /// (op index, time) of the crash.
    pub crash: Option<(usize, u64)>,
    /// Op index of `recover` (generator: recover right after the crash, as op 0).
    pub recover: Option<usize>,
    pub generated: bool,
}

impl LogPlan {
    /// Transactions the run will commit at most.
    pub fn transactions(&self) -> u64 {
        if self.generated {
            self.config.workload.transactions
        } else {
            self.commits.len() as u64
        }
    }

    /// Largest log bytes one commit can have.
    pub fn max_commit_bytes(&self) -> u64 {
        if self.generated {
            self.config.workload.log_bytes_mean * 3 / 2 + 1
        } else {
            self.commits.iter().map(|c| c.bytes).max().unwrap_or(1)
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ApOp {
    Write { page: u32 },
    Read { page: u32 },
}

#[derive(Debug, Clone, PartialEq)]
pub enum ApWorkload {
    Ops(Vec<ApOp>),
    Generator {
        writes: u64,
        hot_pages: u32,
        hot_fraction: f64,
    },
}

#[derive(Debug, Clone, PartialEq)]
pub struct ApPlan {
    pub config: ApConfig,
    pub workload: ApWorkload,
}

impl ApPlan {
    pub fn user_ops(&self) -> u64 {
        match &self.workload {
            ApWorkload::Ops(ops) => ops.len() as u64,
            ApWorkload::Generator { writes, .. } => *writes,
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub enum LabPlan {
    Logging(Arc<LogPlan>),
    AppendPack(Arc<ApPlan>),
}

fn err(path: impl Into<String>, message: impl Into<String>) -> ScenarioError {
    ScenarioError::new(path, message)
}

pub fn parse(body: Map<String, Value>, seed: u64) -> Result<LabPlan, ScenarioError> {
    let body: FlashlogBody = parse_body(body)?;
    match body.mode {
        ModeSpec::Logging => {
            if body.append_pack.is_some() {
                return Err(err("append_pack", "only with \"mode\": \"append_pack\""));
            }
            let log = body
                .log
                .ok_or_else(|| err("log", "the logging mode needs a \"log\" section"))?;
            let mut config = log_config(&log)?;
            config.seed = seed;
            let plan = log_workload(config, &body.workload)?;
            Ok(LabPlan::Logging(Arc::new(plan)))
        }
        ModeSpec::AppendPack => {
            if body.log.is_some() {
                return Err(err("log", "only in the logging mode"));
            }
            let spec = body.append_pack.unwrap_or(ApSpec {
                eb_pages: None,
                blocks: None,
                logical_pages: None,
                low_watermark_blocks: None,
            });
            let config = ap_config(&spec)?;
            let workload = ap_workload(&config, &body.workload)?;
            Ok(LabPlan::AppendPack(Arc::new(ApPlan { config, workload })))
        }
    }
}

fn drives(log: &LogSpec) -> Result<Vec<UsbProfile>, ScenarioError> {
    let names = log
        .drives
        .clone()
        .unwrap_or_else(|| vec!["usb-a".into(), "usb-a".into()]);
    check_range("log.drives (count)", names.len(), 1, 8)?;
    names
        .iter()
        .enumerate()
        .map(|(i, n)| {
            UsbProfile::by_name(n).ok_or_else(|| {
                err(
                    format!("log.drives[{i}]"),
                    format!("unknown drive \"{n}\" (known: usb-a, usb-b, usb-c)"),
                )
            })
        })
        .collect()
}

fn refuse(present: bool, path: &str, why: &str) -> Result<(), ScenarioError> {
    if present {
        Err(err(path, why.to_string()))
    } else {
        Ok(())
    }
}

fn log_config(log: &LogSpec) -> Result<FlashLogConfig, ScenarioError> {
    let flashlogging = log.config == ConfigKind::Flashlogging;
    let multi = flashlogging || log.config == ConfigKind::Striped;
    refuse(
        !multi && (log.drives.is_some() || log.partitions.is_some()),
        "log.drives",
        "drives and partitions go with `striped` and `flashlogging` only",
    )?;
    refuse(
        !flashlogging
            && (log.archival_hdd.is_some()
                || log.outlier_factor.is_some()
                || log.outlier_reissue.is_some()),
        "log.archival_hdd",
        "archival_hdd, outlier_factor and outlier_reissue go with `flashlogging` only",
    )?;
    refuse(
        !flashlogging && log.flash_capacity_bytes.is_some(),
        "log.flash_capacity_bytes",
        "only with `flashlogging` and the archival HDD",
    )?;
    refuse(
        log.config != ConfigKind::Striped && log.stripe_bytes.is_some(),
        "log.stripe_bytes",
        "only with `striped`",
    )?;
    let ssd = log.devices == DevicesSpec::SsdPartitions;
    refuse(
        ssd && log.drives.is_some(),
        "log.drives",
        "SSD partitions take `partitions`, not drives",
    )?;
    refuse(
        !ssd && log.partitions.is_some(),
        "log.partitions",
        "only with \"devices\": \"ssd_partitions\"",
    )?;
    Ok(match log.config {
        ConfigKind::Disk => FlashLogConfig::disk(),
        ConfigKind::Ideal => FlashLogConfig::ideal(),
        ConfigKind::SsdNaive => FlashLogConfig::ssd_naive(),
        ConfigKind::Striped => {
            refuse(ssd, "log.devices", "striping is over USB drives")?;
            let d = drives(log)?;
            let stripe = log.stripe_bytes.unwrap_or(4096);
            check_range("log.stripe_bytes", stripe, 512, 65_536)?;
            if !stripe.is_multiple_of(512) {
                return Err(err("log.stripe_bytes", "must be a multiple of 512"));
            }
            if d.iter().any(|p| p.name != d[0].name) {
                return Err(err("log.drives", "striping needs identical drives"));
            }
            FlashLogConfig::striped(d[0], d.len(), stripe)
        }
        ConfigKind::Flashlogging => {
            let mut c = if ssd {
                refuse(
                    log.archival_hdd == Some(true),
                    "log.archival_hdd",
                    "the archival HDD goes with USB drives",
                )?;
                let p = log.partitions.unwrap_or(4);
                check_range("log.partitions", p, 1, 10)?;
                FlashLogConfig::ssd_flashlogging(p)
            } else {
                FlashLogConfig::usb(&drives(log)?, log.archival_hdd.unwrap_or(false))
            };
            let factor = log.outlier_factor.unwrap_or(OUTLIER_FACTOR);
            check_range("log.outlier_factor", factor, 1.1, 100.0)?;
            let on = log.outlier_reissue.unwrap_or(true);
            c = c.with_outlier_factor(on.then_some(factor));
            if let Some(capacity) = log.flash_capacity_bytes {
                refuse(
                    log.archival_hdd != Some(true),
                    "log.flash_capacity_bytes",
                    "needs \"archival_hdd\": true (only archiving frees flash; no checkpoint is modelled)",
                )?;
                check_range(
                    "log.flash_capacity_bytes",
                    capacity,
                    MIN_SCENARIO_CAPACITY_BYTES,
                    MAX_SCENARIO_CAPACITY_BYTES,
                )?;
                if !capacity.is_multiple_of(512) {
                    return Err(err("log.flash_capacity_bytes", "must be a multiple of 512"));
                }
                c = c.with_flash_capacity(capacity);
            }
            c
        }
    })
}

fn log_workload(
    mut config: FlashLogConfig,
    w: &super::body::WorkloadSpec,
) -> Result<LogPlan, ScenarioError> {
    match (&w.ops, &w.generator) {
        (Some(_), Some(_)) => Err(err("workload", "give either ops or generator, not both")),
        (None, None) => Err(err("workload", "needs ops or generator")),
        (Some(ops), None) => {
            check_range("workload.ops (count)", ops.len(), 1, MAX_OPS)?;
            config.workload = Workload {
                workers: 0,
                transactions: 0,
                ..Workload::default()
            };
            let mut plan = LogPlan {
                config,
                commits: Vec::new(),
                crash: None,
                recover: None,
                generated: false,
            };
            let mut t_us = 0u64;
            for (i, op) in ops.iter().enumerate() {
                let p = |f: &str| format!("workload.ops[{i}]{f}");
                refuse(
                    op.page.is_some(),
                    &p(".page"),
                    "only for write/read ops (append_pack mode)",
                )?;
                if plan.recover.is_some() {
                    return Err(err(p(""), "nothing may follow `recover`"));
                }
                let at_us = match op.at_us {
                    Some(a) if a < t_us => {
                        return Err(err(
                            p(".at_us"),
                            format!("must not decrease (previous op at {t_us} µs)"),
                        ));
                    }
                    Some(a) => a,
                    None if i == 0 => 0,
                    None => t_us + DEFAULT_GAP_US,
                };
                check_range(&p(".at_us"), at_us, 0, 3_600_000_000)?;
                match op.op {
                    OpKind::Commit => {
                        if plan.crash.is_some() {
                            return Err(err(
                                p(""),
                                "a commit after the crash (a run ends at its crash)",
                            ));
                        }
                        let txn = op.txn.ok_or_else(|| err(p(".txn"), "a commit needs txn"))?;
                        let bytes = op
                            .bytes
                            .ok_or_else(|| err(p(".bytes"), "a commit needs bytes"))?;
                        check_range(&p(".bytes"), bytes, 1, 65_536)?;
                        plan.commits.push(ScriptedCommit {
                            op: i,
                            txn,
                            bytes,
                            at_ns: at_us * 1_000,
                        });
                    }
                    OpKind::Crash => {
                        refuse(
                            op.txn.is_some() || op.bytes.is_some(),
                            &p(".txn"),
                            "a crash takes only at_us",
                        )?;
                        if plan.crash.is_some() {
                            return Err(err(p(""), "one crash per run"));
                        }
                        plan.crash = Some((i, at_us * 1_000));
                    }
                    OpKind::Recover => {
                        refuse(
                            op.at_us.is_some() || op.txn.is_some() || op.bytes.is_some(),
                            &p(".at_us"),
                            "recover takes no fields (it runs right after the crash)",
                        )?;
                        if plan.crash.is_none() {
                            return Err(err(p(""), "recover needs a crash before it"));
                        }
                        plan.recover = Some(i);
                        continue;
                    }
                    OpKind::Write | OpKind::Read => {
                        return Err(err(
                            p(".op"),
                            "write/read are Append/Pack ops (\"mode\": \"append_pack\")",
                        ));
                    }
                }
                t_us = at_us;
            }
            Ok(plan)
        }
        (None, Some(g)) => {
            log_generator(&mut config, g)?;
            let crash = match g.crash_at_us {
                Some(c) => {
                    check_range("workload.generator.crash_at_us", c, 0, 3_600_000_000)?;
                    Some((0, c * 1_000))
                }
                None => None,
            };
            Ok(LogPlan {
                config,
                commits: Vec::new(),
                crash,
                recover: crash.map(|_| 0),
                generated: true,
            })
        }
    }
}

fn log_generator(config: &mut FlashLogConfig, g: &GeneratorSpec) -> Result<(), ScenarioError> {
    let p = |f: &str| format!("workload.generator.{f}");
    refuse(g.writes.is_some(), &p("writes"), "an Append/Pack field")?;
    refuse(
        g.hot_pages.is_some(),
        &p("hot_pages"),
        "an Append/Pack field",
    )?;
    refuse(
        g.hot_fraction.is_some(),
        &p("hot_fraction"),
        "an Append/Pack field",
    )?;
    let d = Workload::default();
    let w = Workload {
        workers: g.workers.unwrap_or(d.workers),
        cores: g.cores.unwrap_or(d.cores),
        cpu_ns_mean: g.cpu_us.map_or(d.cpu_ns_mean, |c| c * 1_000),
        log_bytes_mean: g.log_bytes.unwrap_or(d.log_bytes_mean),
        group_commit_window_ns: g.group_commit_window_us.unwrap_or(0) * 1_000,
        transactions: g
            .transactions
            .ok_or_else(|| err(p("transactions"), "a logging generator needs transactions"))?,
    };
    check_range(&p("workers"), w.workers, 1, 256)?;
    check_range(&p("cores"), w.cores, 1, 64)?;
    check_range(&p("cpu_us"), w.cpu_ns_mean / 1_000, 1, 100_000)?;
    check_range(&p("log_bytes"), w.log_bytes_mean, 1, 65_536)?;
    check_range(
        &p("group_commit_window_us"),
        w.group_commit_window_ns / 1_000,
        0,
        100_000,
    )?;
    check_range(&p("transactions"), w.transactions, 1, 200_000)?;
    config.workload = w;
    Ok(())
}

fn ap_config(s: &ApSpec) -> Result<ApConfig, ScenarioError> {
    let eb = s.eb_pages.unwrap_or(8);
    check_range("append_pack.eb_pages", eb, 2, 256)?;
    let blocks = s.blocks.unwrap_or(12);
    check_range("append_pack.blocks", blocks, 5, 4096)?;
    let wm = s.low_watermark_blocks.unwrap_or(2);
    check_range("append_pack.low_watermark_blocks", wm, 1, 16)?;
    let usable = blocks.saturating_sub(wm + 2) * eb;
    let logical = s.logical_pages.unwrap_or(blocks * eb / 2);
    check_range("append_pack.logical_pages", logical, 1, usable.max(1))?;
    let config = ApConfig {
        eb_pages: eb,
        blocks,
        logical_pages: logical,
        low_watermark_blocks: wm,
    };
    config
        .validate()
        .map_err(|e| err("append_pack", e.to_string()))?;
    Ok(config)
}

fn ap_workload(
    config: &ApConfig,
    w: &super::body::WorkloadSpec,
) -> Result<ApWorkload, ScenarioError> {
    match (&w.ops, &w.generator) {
        (Some(_), Some(_)) => Err(err("workload", "give either ops or generator, not both")),
        (None, None) => Err(err("workload", "needs ops or generator")),
        (Some(ops), None) => {
            check_range("workload.ops (count)", ops.len(), 1, MAX_OPS)?;
            ops.iter()
                .enumerate()
                .map(|(i, op)| {
                    let p = |f: &str| format!("workload.ops[{i}]{f}");
                    refuse(
                        op.txn.is_some() || op.bytes.is_some() || op.at_us.is_some(),
                        &p(".txn"),
                        "txn, bytes and at_us are logging fields",
                    )?;
                    let page = op.page.ok_or_else(|| err(p(".page"), "needs page"))?;
                    check_range(&p(".page"), page, 0, config.logical_pages - 1)?;
                    match op.op {
                        OpKind::Write => Ok(ApOp::Write { page }),
                        OpKind::Read => Ok(ApOp::Read { page }),
                        _ => Err(err(
                            p(".op"),
                            "commit/crash/recover are logging ops (append_pack takes write/read)",
                        )),
                    }
                })
                .collect::<Result<Vec<_>, _>>()
                .map(ApWorkload::Ops)
        }
        (None, Some(g)) => {
            let p = |f: &str| format!("workload.generator.{f}");
            for (present, f) in [
                (g.workers.is_some(), "workers"),
                (g.cores.is_some(), "cores"),
                (g.cpu_us.is_some(), "cpu_us"),
                (g.log_bytes.is_some(), "log_bytes"),
                (g.group_commit_window_us.is_some(), "group_commit_window_us"),
                (g.transactions.is_some(), "transactions"),
                (g.crash_at_us.is_some(), "crash_at_us"),
            ] {
                refuse(present, &p(f), "a logging field")?;
            }
            let writes = g
                .writes
                .ok_or_else(|| err(p("writes"), "an Append/Pack generator needs writes"))?;
            check_range(&p("writes"), writes, 1, 500_000)?;
            let hot_pages = g.hot_pages.unwrap_or((config.logical_pages / 8).max(1));
            check_range(&p("hot_pages"), hot_pages, 1, config.logical_pages)?;
            let hot_fraction = g.hot_fraction.unwrap_or(0.8);
            check_range(&p("hot_fraction"), hot_fraction, 0.0, 1.0)?;
            Ok(ApWorkload::Generator {
                writes,
                hot_pages,
                hot_fraction,
            })
        }
    }
}
