//! Tabs. 1 and 11: the share of update write-backs that change at most k net bytes, measured
//! on the pages the generated workloads dirty (App. A: new pages excluded, "net data" = body
//! bytes, metadata excluded).

use super::Row;
use crate::ipa::config::StoreConfig;
use crate::ipa::error::IpaError;
use crate::ipa::store::IpaStore;
use crate::ipa::workload::{Workload, drive};

/// Tab. 1 thresholds and percentiles (75 % buffer, eager eviction): TPC-B and TPC-C columns.
pub const TABLE1: [(usize, f64, f64); 5] = [
    (3, 10.0, 55.0),
    (7, 62.0, 83.0),
    (20, 99.0, 88.0),
    (100, 99.0, 93.0),
    (125, 99.0, 94.0),
];

/// The CDF of net update sizes at `thresholds`, in %.
pub fn cdf(
    cfg: &StoreConfig,
    workload: &Workload,
    seed: u64,
    txns: usize,
    thresholds: &[usize],
) -> Result<Vec<f64>, IpaError> {
    let mut store = IpaStore::new(cfg.without_ipa())?;
    let run = drive(&mut store, &mut workload.clone(), seed, txns)?;
    Ok(thresholds
        .iter()
        .map(|&t| run.store.update_size_cdf(t) * 100.0)
        .collect())
}

/// Tab. 1 rows for one workload column (`tpcc` false = TPC-B).
pub fn table1(
    cfg: &StoreConfig,
    workload: &Workload,
    tpcc: bool,
    seed: u64,
    txns: usize,
) -> Result<Vec<Row>, IpaError> {
    let thresholds: Vec<usize> = TABLE1.iter().map(|r| r.0).collect();
    let sim = cdf(cfg, workload, seed, txns, &thresholds)?;
    Ok(TABLE1
        .iter()
        .zip(sim)
        .map(|(&(t, b, c), s)| Row::new(format!("<= {t} B"), s, if tpcc { c } else { b }))
        .collect())
}

/// Tab. 11 thresholds and TPC-C percentiles under non-eager eviction, per buffer size
/// (10, 20, 50, 75, 90 % of the database).
pub const TABLE11: [(usize, [f64; 5]); 5] = [
    (3, [61.0, 34.0, 1.0, 1.0, 1.0]),
    (6, [80.0, 64.0, 5.0, 5.0, 4.0]),
    (10, [88.0, 83.0, 14.0, 13.0, 10.0]),
    (30, [89.0, 88.0, 74.0, 58.0, 60.0]),
    (40, [90.0, 89.0, 76.0, 71.0, 72.0]),
];

/// Tab. 11 rows for one buffer size: `buffer_frames` frames, `paper_column` 0..5 for the
/// paper's 10 / 20 / 50 / 75 / 90 % column, non-eager eviction.
pub fn table11(
    cfg: &StoreConfig,
    workload: &Workload,
    buffer_frames: usize,
    paper_column: usize,
    seed: u64,
    txns: usize,
) -> Result<Vec<Row>, IpaError> {
    let cfg = StoreConfig {
        buffer_frames,
        eviction: crate::ipa::config::Eviction::NonEager,
        ..cfg.clone()
    };
    let thresholds: Vec<usize> = TABLE11.iter().map(|r| r.0).collect();
    let sim = cdf(&cfg, workload, seed, txns, &thresholds)?;
    Ok(TABLE11
        .iter()
        .zip(sim)
        .map(|((t, p), s)| Row::new(format!("<= {t} B"), s, p[paper_column.min(4)]))
        .collect())
}
