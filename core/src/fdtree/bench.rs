//! FD+tree benchmark cases (`flashlab bench`; issue 9 "Performance").
//!
//! 1. "fdtree: single-client ops": the sequential FD+tree (β = 64, γ = 8, κ0 = 16) under
//!    random-key inserts with a lookup after every fourth, merges run to the end inline
//!    (`settle`). Unit: operations (inserts + lookups).
//! 2. "fdtree: concurrent FD+FC requests": G_R at W_l = 0.8 over 6 readers and 2 writers on
//!    FD+FC (β = 16, γ = 4, κ0 = 4), 4,000 keys preloaded. Unit: simulated requests completed.

use super::conc::device::DEFAULT_PRESET;
use super::conc::{ConcurrentRun, Scheme, SsdCost};
use super::workload::{GenR, Op};
use super::{FdConfig, FdTree, Uniqueness};
use crate::plugin::BenchCase;
use crate::sim::Rng;

pub const SINGLE_CASE: &str = "fdtree: single-client ops";
pub const CONC_CASE: &str = "fdtree: concurrent FD+FC requests";

/// Case 1: about `n` ops; returns how many ran.
pub fn single_client(n: u64) -> u64 {
    let mut cfg = FdConfig::fd_plus_tree(64, 8, 16);
    cfg.uniqueness = Uniqueness::Trusted;
    let Ok(mut tree) = FdTree::new(cfg) else {
        return 0;
    };
    let mut rng = Rng::new(11);
    let mut done = 0;
    let mut last = 0;
    while done < n {
        let key = (rng.next_u64() >> 20 << 20) | done;
        if tree.insert(key, done).is_err() || tree.settle(64).is_err() {
            break;
        }
        done += 1;
        if done % 4 == 0 {
            if tree.lookup(last).is_err() {
                break;
            }
            done += 1;
        }
        last = key;
    }
    done
}

/// Case 2: about `n` requests of a concurrent FD+FC run; returns how many completed.
pub fn concurrent_fc(n: u64) -> u64 {
    const READERS: usize = 6;
    let mut g = GenR::new(5, 800, 1);
    let pre = g.preload(4_000);
    let mut clients = vec![Vec::new(); READERS + 2];
    for i in 0..n as usize {
        match g.next_op() {
            op @ (Op::Insert { key, .. } | Op::Delete { key }) => {
                clients[READERS + (key % 2) as usize].push(op)
            }
            op => clients[i % READERS].push(op),
        }
    }
    let mut cfg = FdConfig::fc(16, 4, 4);
    cfg.uniqueness = Uniqueness::Trusted;
    ConcurrentRun::new(Scheme::Fc, cfg, SsdCost::x25e_datasheet(), &pre, clients)
        .and_then(|r| r.with_device(DEFAULT_PRESET))
        .and_then(ConcurrentRun::run)
        .map_or(0, |r| r.completed.len() as u64)
}

pub fn cases() -> Vec<BenchCase> {
    vec![
        BenchCase {
            name: SINGLE_CASE,
            unit: "single-client FD+tree operations",
            run: single_client,
            default_size: 1_000_000,
        },
        BenchCase {
            name: CONC_CASE,
            unit: "simulated requests (concurrent FD+FC)",
            run: concurrent_fc,
            default_size: 100_000,
        },
    ]
}
