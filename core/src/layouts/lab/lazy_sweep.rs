//! The sweep on demand: a load checks it and leaves it; the first projection that shows it
//! (`info`, `metrics`) computes it, once per session, through a small cache shared by sessions.
//!
//! 1. At load, `precheck` does every input-dependent check `sweep::compute` would do (the sweep's
//!    settings, its shape-only tables and its queries), so a scenario the sweep would refuse is
//!    still refused at load, naming `sweep`. The work estimate of the whole sweep is checked at
//!    load too (`plugin.rs`), so the work done later is bounded by the same budget.
//! 2. `LazySweep::get` computes the sweep the first time it is asked for, keeps it in a
//!    `OnceLock` shared (behind the lab's `Arc`) by every keyframe of the session, and returns it
//!    after. A session that is only stepped (the soak, the fuzz, `flashlab bench`) never pays it.
//! 3. The cache: the last `CACHE_ENTRIES` sweeps by exact configuration (device, table, sweep
//!    config compared field by field), most recent first, so loading the same scenario again
//!    (another seed: the sweep's shape-only tables do not depend on it) reuses it. A `Vec`, not a
//!    hash map: deterministic, memory bounded (each entry is a few hundred numbers), and the same
//!    single-threaded in wasm.
//! 4. A failure while running the sweep's scans (a model error: the inputs passed step 1) is kept
//!    and reported by the `scan_state_consistent` invariant once the sweep has been asked for;
//!    `get` then gives no sweep, as a load-time failure would have given no session.

use std::sync::{Arc, Mutex, OnceLock, PoisonError};

use super::config::SweepConfig;
use super::sweep::{Sweep, compute};
use crate::layouts::device::DeviceId;
use crate::layouts::error::LayoutError;
use crate::layouts::pages::{DEFAULT_PAGE_BYTES, Layout, StoredTable};
use crate::layouts::query::ScanQuery;
use crate::layouts::schema::{Schema, TableKind};

/// Sweeps the cache keeps (step 3).
pub const CACHE_ENTRIES: usize = 8;

/// What a sweep is a function of.
#[derive(Debug, Clone, PartialEq)]
pub struct SweepKey {
    pub device: DeviceId,
    pub kind: TableKind,
    pub cfg: SweepConfig,
}

type Computed = Result<Arc<Sweep>, String>;

static CACHE: Mutex<Vec<(SweepKey, Computed)>> = Mutex::new(Vec::new());

/// Step 1.
pub fn precheck(key: &SweepKey) -> Result<(), LayoutError> {
    key.cfg
        .settings
        .validate()
        .map_err(LayoutError::InvalidSetting)?;
    let schema = Schema::of(key.kind);
    for layout in [Layout::Nsm, Layout::Dsm, Layout::Pax] {
        StoredTable::shape_only(&schema, key.cfg.rows, layout, DEFAULT_PAGE_BYTES)?;
    }
    for k in 1..=schema.columns.len() {
        ScanQuery::first_k(k, key.cfg.selectivity).validate(&schema)?;
    }
    Ok(())
}

/// Step 3: the cached sweep of `key`, computed on a miss.
fn cached(key: &SweepKey) -> Computed {
    {
        let mut cache = CACHE.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(i) = cache.iter().position(|(k, _)| k == key) {
            let entry = cache.remove(i);
            let value = entry.1.clone();
            cache.insert(0, entry);
            return value;
        }
    }
    let value = compute(key.device, key.kind, &key.cfg)
        .map(Arc::new)
        .map_err(|e| e.to_string());
    let mut cache = CACHE.lock().unwrap_or_else(PoisonError::into_inner);
    if !cache.iter().any(|(k, _)| k == key) {
        cache.insert(0, (key.clone(), value.clone()));
        cache.truncate(CACHE_ENTRIES);
    }
    value
}

/// Step 2: a session's sweep, computed on first use.
#[derive(Debug, Default)]
pub struct LazySweep {
    key: Option<SweepKey>,
    cell: OnceLock<Computed>,
}

impl LazySweep {
    /// `None`: the scenario turned the sweep off.
    pub fn new(key: Option<SweepKey>) -> Self {
        Self {
            key,
            cell: OnceLock::new(),
        }
    }

    /// The sweep, computed now if it was not yet; `None` if the scenario has none (or step 4).
    pub fn get(&self) -> Option<&Sweep> {
        let key = self.key.as_ref()?;
        self.cell.get_or_init(|| cached(key)).as_deref().ok()
    }

    /// Whether the sweep has been computed (or taken from the cache) for this session.
    pub fn is_computed(&self) -> bool {
        self.cell.get().is_some()
    }

    /// Step 4: the error of a sweep that was asked for and failed; never computes.
    pub fn failure(&self) -> Option<&str> {
        self.cell
            .get()
            .and_then(|c| c.as_ref().err())
            .map(String::as_str)
    }
}
