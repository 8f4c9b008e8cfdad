//! An IPA run with its record of flash operations: load, checkpoint, then transactions with the
//! NoFTL journal and the page-event trace on, as the device-time tests walk them.

use flashlab_core::ipa::IpaStore;
use flashlab_core::ipa::StoreConfig;
use flashlab_core::ipa::noftl::FlashOp;
use flashlab_core::ipa::trace::PageEvent;
use flashlab_core::ipa::workload::{Measured, Workload, execute, run_txns};

/// `txns` transactions of `workload` from `seed` on `cfg` after its load and a checkpoint:
/// the store, the run's counters, its journal of flash operations and its page fetches.
pub fn journaled(
    cfg: &StoreConfig,
    workload: &Workload,
    seed: u64,
    txns: usize,
) -> (IpaStore, Measured, Vec<FlashOp>, u64) {
    let mut store = IpaStore::new(cfg.clone()).unwrap();
    let mut w = workload.clone();
    for op in w.load() {
        execute(&mut store, &op).unwrap();
    }
    store.checkpoint().unwrap();
    store.ftl.journal = Some(Vec::new());
    store.enable_trace();
    let run = run_txns(&mut store, &mut w, seed, txns).unwrap();
    let journal = store.ftl.journal.take().unwrap();
    let fetches = store
        .trace
        .take()
        .unwrap()
        .iter()
        .filter(|e| matches!(e, PageEvent::Fetch { .. }))
        .count() as u64;
    (store, run, journal, fetches)
}
