//! Latency reproductions as plain functions (not yet registered as claims): Fig. 1's sawtooth
//! and Fig. 6's worst-case comparison of FD+XM, FD+DS and FD+FC at one W_l, both computed by
//! the discrete-event run with block I/O on the X25-E SSD model (`conc::device`).
//!
//! 1. `fig1_sawtooth`: one client inserts increasing keys into an empty FD+tree under FD+XM
//!    (the merge runs inside the insert); the maximum R_p per bucket of inserts shows the
//!    geometrically growing merge spikes.
//! 2. `fig6_worst`: G_R split over 6 reader and 2 writer clients (a key's insert and delete on
//!    the same writer), one run per scheme on the same preload and stream.

use super::super::conc::device::DEFAULT_PRESET;
use super::super::conc::{ConcurrentRun, OpKind, Scheme, SsdCost};
use super::super::config::{FdConfig, MergePolicy, Uniqueness};
use super::super::error::FdError;
use super::super::workload::{GenR, Op};

/// Max insertion R_p (ns) per bucket of `bucket` inserts.
pub fn fig1_sawtooth(cfg: FdConfig, inserts: u64, bucket: u64) -> Result<Vec<u64>, FdError> {
    let ops: Vec<Op> = (1..=inserts)
        .map(|k| Op::Insert { key: k, value: k })
        .collect();
    let report = ConcurrentRun::new(Scheme::Xm, cfg, SsdCost::x25e_datasheet(), &[], vec![ops])?
        .with_device(DEFAULT_PRESET)?
        .run()?;
    let mut out = vec![0u64; inserts.div_ceil(bucket.max(1)) as usize];
    for c in &report.completed {
        let b = (c.index / bucket.max(1)) as usize;
        if let Some(slot) = out.get_mut(b) {
            *slot = (*slot).max(c.r_p_ns());
        }
    }
    Ok(out)
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SchemeWorst {
    pub scheme: Scheme,
    pub worst_insert_ns: u64,
    pub worst_lookup_ns: u64,
    pub longest_merge_ns: u64,
    pub insert_std_ns: f64,
    /// Completion time of the whole stream (lower = higher throughput).
    pub end_ns: u64,
}

/// Fig. 6 at one W_l (per-mille), for FD+XM, FD+DS, FD+FC on the same stream.
pub fn fig6_worst(
    cfg: &FdConfig,
    seed: u64,
    preload: u64,
    requests: usize,
    lookup_permille: u32,
) -> Result<Vec<SchemeWorst>, FdError> {
    const READERS: usize = 6;
    let mut g = GenR::new(seed, lookup_permille, 1);
    let pre = g.preload(preload);
    let mut clients = vec![Vec::new(); READERS + 2];
    let mut next_reader = 0;
    for _ in 0..requests {
        match g.next_op() {
            op @ (Op::Insert { key, .. } | Op::Delete { key }) => {
                clients[READERS + (key % 2) as usize].push(op)
            }
            op => {
                clients[next_reader].push(op);
                next_reader = (next_reader + 1) % READERS;
            }
        }
    }
    let mut out = Vec::new();
    for scheme in [Scheme::Xm, Scheme::Ds, Scheme::Fc] {
        let mut c = cfg.clone();
        c.uniqueness = Uniqueness::Trusted;
        c.policy = if scheme == Scheme::Ds {
            MergePolicy::DS
        } else {
            MergePolicy::FC
        };
        let r = ConcurrentRun::new(scheme, c, SsdCost::x25e_datasheet(), &pre, clients.clone())?
            .with_device(DEFAULT_PRESET)?
            .run()?;
        let ins = r.stats(OpKind::Insert);
        out.push(SchemeWorst {
            scheme,
            worst_insert_ns: ins.max_ns,
            worst_lookup_ns: r.stats(OpKind::Lookup).max_ns,
            longest_merge_ns: r.longest_merge_ns(),
            insert_std_ns: ins.std_ns,
            end_ns: r.end_ns,
        });
    }
    Ok(out)
}
