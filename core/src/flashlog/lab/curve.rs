//! The throughput-vs-number-of-devices chart, computed by the core (paper §2.1: "throughput vs
//! number of devices against the HDD and the ideal").
//!
//! 1. The scenario's workload (its generator's, else the default calibrated one) at
//!    `CURVE_TRANSACTIONS` transactions per run [choice: small enough for a page load].
//! 2. FlashLogging over n = 1..=8 drives of the scenario's first drive profile (or n = 1..=10
//!    partitions of the SSD), plus one disk and the ideal disk, same seed.
//! 3. Throughput = acknowledged commits per simulated second.

use super::config::LogPlan;
use super::payload::{CurvePoint, ThroughputCurve};
use crate::flashlog::FlashLogError;
use crate::flashlog::config::{FlashLogConfig, Workload};
use crate::flashlog::devices::DeviceSpec;
use crate::flashlog::devices::usb::UsbProfile;
use crate::flashlog::reproduce::throughput::measure;

pub const CURVE_TRANSACTIONS: u64 = 2_000;
/// Upper bound of the steps one curve costs (12 runs × steps per transaction).
pub const CURVE_WORK: u64 = 12 * CURVE_TRANSACTIONS * 16;

/// Steps 1–3.
pub fn curve(plan: &LogPlan) -> Result<ThroughputCurve, FlashLogError> {
    let workload = Workload {
        transactions: CURVE_TRANSACTIONS,
        ..if plan.generated {
            plan.config.workload
        } else {
            Workload::default()
        }
    };
    let seed = plan.config.seed;
    let run = |mut c: FlashLogConfig| {
        c.workload = workload;
        measure(c.with_seed(seed)).map(|(x, _)| x)
    };
    let ssd = plan.config.devices.contains(&DeviceSpec::SsdPartition);
    let drive = plan
        .config
        .devices
        .iter()
        .find_map(|d| match d {
            DeviceSpec::Usb(p) => Some(*p),
            _ => None,
        })
        .unwrap_or(UsbProfile::A);
    let max = if ssd { 10 } else { 8 };
    let mut points = Vec::new();
    for n in 1..=max {
        let c = if ssd {
            FlashLogConfig::ssd_flashlogging(n)
        } else {
            FlashLogConfig::usb(&vec![drive; n as usize], false)
        };
        points.push(CurvePoint {
            devices: n,
            commits_per_s: run(c)?,
        });
    }
    Ok(ThroughputCurve {
        device: if ssd { "ssd".into() } else { drive.name.into() },
        flashlogging: points,
        disk_commits_per_s: run(FlashLogConfig::disk())?,
        ideal_commits_per_s: run(FlashLogConfig::ideal())?,
        transactions_per_run: CURVE_TRANSACTIONS,
    })
}
