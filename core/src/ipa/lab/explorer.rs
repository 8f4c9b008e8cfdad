//! The [N × M] tuning explorer (digest §7 scenario 7; seed 004 §6.4, Tab. 3): for every scheme
//! of a small grid, the space its delta area takes AND the share of update write-backs it does
//! as appends on THIS scenario's workload, the second by simulation, not by a formula.
//!
//! 1. The grid: N ∈ 1..=4, M ∈ {3, 6, 10, 15, 20}, with the scenario's V and page size; a scheme
//!    whose area does not fit the page is left out (`PageLayout::new` refuses it).
//! 2. Space: N·(1 + 3M + 3V)/P from the layout (Tab. 3's formula, exact by construction).
//! 3. Appends: a fresh store with the scenario's device, buffer, eviction and region, but the
//!    cell's scheme, runs the scenario's ops (at most `EXPLORER_OPS` of them, the same prefix for
//!    every cell, so the cells compare; the payload says how many), with background GC run to
//!    idle after each op as on the race's sides. The share is Tabs. 6–10's "% IPA": appends over
//!    update write-backs (new pages excluded), the lab's own `ipa_percent`.
//! 4. A cell whose run fails (e.g. a larger area leaves fewer records per page and the device
//!    fills) reports no share and the reason.

use super::config::{LabConfig, PlannedOp};
use super::payload::IpaSchemeCell;
use super::run::{execute, settle_gc};
use crate::ipa::config::StoreConfig;
use crate::ipa::error::IpaError;
use crate::ipa::layout::{PageLayout, Scheme};
use crate::ipa::store::IpaStore;

/// Ops simulated per scheme (step 3): 20 schemes × 2,000 ops bounds the explorer's work.
pub const EXPLORER_OPS: usize = 2_000;
pub const GRID_N: [usize; 4] = [1, 2, 3, 4];
pub const GRID_M: [usize; 5] = [3, 6, 10, 15, 20];

/// Step 3: one scheme on the ops; (appends, update write-backs).
fn run_scheme(store: StoreConfig, ops: &[PlannedOp]) -> Result<(u64, u64), IpaError> {
    let mut s = IpaStore::new(store)?;
    for op in ops {
        execute(&mut s, op)?;
        settle_gc(&mut s)?;
    }
    let c = &s.counters;
    Ok((c.appends, c.appends + c.out_of_place_writes))
}

/// Steps 1–4: every cell of the grid.
pub fn scheme_grid(cfg: &LabConfig) -> Vec<IpaSchemeCell> {
    let ops = &cfg.ops[..cfg.ops.len().min(EXPLORER_OPS)];
    let v = cfg.store.scheme.v;
    let mut grid = Vec::new();
    for n in GRID_N {
        for m in GRID_M {
            let scheme = Scheme { n, m, v };
            let Ok(layout) = PageLayout::new(cfg.store.page_bytes, scheme) else {
                continue;
            };
            let store = StoreConfig {
                scheme,
                ..cfg.store.clone()
            };
            let (append_percent, appends, update_write_backs, failed) = match run_scheme(store, ops)
            {
                Ok((a, w)) if w > 0 => (Some(a as f64 * 100.0 / w as f64), a, w, None),
                Ok((a, w)) => (None, a, w, Some("no update write-backs".to_string())),
                Err(e) => (None, 0, 0, Some(e.to_string())),
            };
            grid.push(IpaSchemeCell {
                n: n as u64,
                m: m as u64,
                space_percent: layout.space_overhead() * 100.0,
                append_percent,
                appends,
                update_write_backs,
                failed,
            });
        }
    }
    grid
}
