//! IPA benchmark case (`flashlab bench`): simulated TPC-C transactions per wall-second with IPA
//! on (issue 10 "Performance"): the default SLC store, [2×3] V = 12, 4 KB pages, a device sized
//! 85 % full, eager eviction, GC running as needed. When the database has grown past what the
//! device holds (ORDER and HISTORY inserts), a fresh instance continues.

use super::config::StoreConfig;
use super::reproduce::gc::fit_device;
use super::store::IpaStore;
use super::workload::{Workload, drive, tpcc::TpcC};
use crate::plugin::BenchCase;

pub const TPCC_CASE: &str = "ipa: TPC-C transactions with IPA on";
const ITEMS: u64 = 2000;
const CUSTOMERS: u64 = 1000;
const CHUNK: u64 = 2000;

/// Runs about `txns` TPC-C transactions; returns how many ran.
pub fn tpcc(txns: u64) -> u64 {
    let base = StoreConfig {
        buffer_frames: 16,
        ..StoreConfig::small_slc()
    };
    // Room for the load and CHUNK transactions' inserts.
    let cfg = fit_device(&base, (ITEMS + CUSTOMERS + 11 + CHUNK) as usize, 0.85);
    let mut done = 0;
    let mut seed = 1;
    while done < txns {
        let Ok(mut store) = IpaStore::new(cfg.clone()) else {
            return done;
        };
        let n = CHUNK.min(txns - done);
        let mut w = Workload::TpcC(TpcC::new(ITEMS, CUSTOMERS));
        if drive(&mut store, &mut w, seed, n as usize).is_err() {
            return done;
        }
        done += n;
        seed += 1;
    }
    done
}

pub fn cases() -> Vec<BenchCase> {
    vec![BenchCase {
        name: TPCC_CASE,
        unit: "simulated TPC-C transactions (IPA on, incl. load phases)",
        run: tpcc,
        default_size: 20_000,
    }]
}
