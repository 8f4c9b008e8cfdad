//! Workloads from their transaction definitions, deterministic from a seed (seed 004 App. A;
//! §8.2): TPC-B, TPC-C (NewOrder's STOCK updates with the 75/20 skew, plus Payment) and a
//! TATP-like mix. Each produces a load phase and then transactions as plain ops on a
//! 4-field record schema; the update-size distributions (Tabs. 1, 11) are measured by the
//! store on the pages these ops dirty, not assumed.
//!
//! 1. Keys are `table << 40 | id`, so each table's records fill their own pages in load order.
//! 2. `Op` is what `IpaStore` executes (each op one committed transaction, issue 10).
//! 3. `drive` runs a generator's load phase and `txns` transactions against a store.

pub mod tatp;
pub mod tpcb;
pub mod tpcc;

use super::error::IpaError;
use super::noftl::FlashCounters;
use super::store::{IpaStore, StoreCounters};
use crate::sim::Rng;

/// Fields per record in every workload schema.
pub const FIELDS: usize = 4;

/// One explicit op.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Op {
    Insert {
        key: u64,
        fields: [u32; FIELDS],
    },
    /// field += delta (wrapping), the read-modify-write of a numeric attribute.
    Add {
        key: u64,
        field: usize,
        delta: i64,
    },
    Set {
        key: u64,
        field: usize,
        value: u32,
    },
    Get {
        key: u64,
    },
}

/// Key of record `id` of table `table`.
pub fn key(table: u64, id: u64) -> u64 {
    (table << 40) | id
}

/// A workload generator.
#[derive(Debug, Clone, PartialEq)]
pub enum Workload {
    TpcB(tpcb::TpcB),
    TpcC(tpcc::TpcC),
    Tatp(tatp::Tatp),
}

impl Workload {
    pub fn load(&self) -> Vec<Op> {
        match self {
            Workload::TpcB(w) => w.load(),
            Workload::TpcC(w) => w.load(),
            Workload::Tatp(w) => w.load(),
        }
    }

    pub fn next_txn(&mut self, rng: &mut Rng) -> Vec<Op> {
        match self {
            Workload::TpcB(w) => w.next_txn(rng),
            Workload::TpcC(w) => w.next_txn(rng),
            Workload::Tatp(w) => w.next_txn(rng),
        }
    }

    /// `next_txn` into `ops` (cleared first; a buffer the caller reuses).
    pub fn next_txn_into(&mut self, rng: &mut Rng, ops: &mut Vec<Op>) {
        ops.clear();
        match self {
            Workload::TpcB(w) => ops.extend(w.next_txn(rng)),
            Workload::TpcC(w) => w.next_txn_into(rng, ops),
            Workload::Tatp(w) => ops.extend(w.next_txn(rng)),
        }
    }
}

/// Executes one op on a store.
pub fn execute(store: &mut IpaStore, op: &Op) -> Result<(), IpaError> {
    match *op {
        Op::Insert { key, fields } => store.insert(key, &fields),
        Op::Add { key, field, delta } => store.add(key, field, delta),
        Op::Set { key, field, value } => store.update(key, field, value),
        Op::Get { key } => store.get(key).map(|_| ()),
    }
}

/// What a measured run produced: counters of the transaction phase only.
#[derive(Debug, Clone, PartialEq)]
pub struct Measured {
    pub store: StoreCounters,
    pub flash: FlashCounters,
}

/// Load phase and a checkpoint (the loaded database is on flash, like a bulk load), then
/// `txns` transactions; counters and the page-event trace cover the transactions only.
pub fn drive(
    store: &mut IpaStore,
    workload: &mut Workload,
    seed: u64,
    txns: usize,
) -> Result<Measured, IpaError> {
    for op in workload.load() {
        execute(store, &op)?;
    }
    store.checkpoint()?;
    if store.trace.is_some() {
        store.trace = Some(Vec::new());
    }
    run_txns(store, workload, seed, txns)
}

/// `drive` after its load phase: `txns` transactions drawn from `seed`, measured.
pub fn run_txns(
    store: &mut IpaStore,
    workload: &mut Workload,
    seed: u64,
    txns: usize,
) -> Result<Measured, IpaError> {
    let (store_before, flash_before) = (store.counters.clone(), store.ftl.counters.clone());
    let mut rng = Rng::new(seed);
    let mut ops = Vec::new();
    for _ in 0..txns {
        workload.next_txn_into(&mut rng, &mut ops);
        for op in &ops {
            execute(store, op)?;
        }
    }
    Ok(Measured {
        store: store.counters.since(&store_before),
        flash: store.ftl.counters.since(&flash_before),
    })
}

/// 75 % of accesses to the first 20 % of `n` ids (App. A.0.2, [22]).
pub fn skewed(rng: &mut Rng, n: u64) -> u64 {
    let hot = (n / 5).max(1);
    if rng.chance(0.75) {
        rng.below(hot)
    } else {
        hot + rng.below((n - hot).max(1))
    }
}
