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
