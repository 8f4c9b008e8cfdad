//! A reproduction's configuration as an IPA lab scenario, so a claim links the very run its
//! number came from (issue 27, item 6).
//!
//! 1. `body`: a `StoreConfig` (device, page format, buffer, eviction) and a generated
//!    workload become the lab's `device`, `params` and `workload.generator` fields, the same
//!    values the lab's `config.rs` turns back into that `StoreConfig`.
//! 2. The workload must be one the lab's generator builds from its `scale` (TPC-B with one
//!    branch, TPC-C with half as many customers as items, TATP); otherwise `None`.
//! 3. `compare` asks the lab for the three-way race (out-of-place and IPL beside IPA), as the
//!    Tab. 2 and Tabs. 6–10 runs do.

use serde_json::{Map, Value, json};

use super::super::config::{Eviction, StoreConfig};
use super::super::noftl::IpaMode;
use super::super::workload::Workload;
use crate::device::nand::CellType;

/// Step 2: the generator kind and scale that rebuild `workload`.
fn generator(workload: &Workload) -> Option<(&'static str, u64)> {
    match workload {
        Workload::TpcB(w) if w.branches == 1 => Some(("tpcb", w.accounts_per_branch)),
        Workload::TpcC(w) if w.customers == w.items / 2 => Some(("tpcc", w.items)),
        Workload::Tatp(w) => Some(("tatp", w.subscribers)),
        _ => None,
    }
}

/// Step 1: the lab body of `txns` transactions of `workload` on `cfg`.
pub fn body(
    cfg: &StoreConfig,
    workload: &Workload,
    txns: usize,
    compare: bool,
) -> Option<Map<String, Value>> {
    let (kind, scale) = generator(workload)?;
    let cell = match cfg.cell_type {
        CellType::Mlc => "mlc",
        _ => "slc",
    };
    let mode = match cfg.mode {
        IpaMode::NoIpa => "no_ipa",
        IpaMode::Slc => "slc",
        IpaMode::PSlc => "pslc",
        IpaMode::OddMlc => "odd_mlc",
    };
    let mut params = json!({
        "page_bytes": cfg.page_bytes, "n": cfg.scheme.n, "fields": cfg.fields,
        "buffer_frames": cfg.buffer_frames, "compare": compare,
    });
    if cfg.scheme.n > 0 {
        params["m"] = json!(cfg.scheme.m);
        params["v"] = json!(cfg.scheme.v);
    }
    match cfg.eviction {
        Eviction::Eager { dirty_permille } => {
            params["eviction"] = json!("eager");
            params["dirty_permille"] = json!(dirty_permille);
        }
        Eviction::NonEager => params["eviction"] = json!("non_eager"),
    }
    let body = json!({
        "device": {"cell": cell, "nop": cfg.nop, "mode": mode, "blocks": cfg.blocks,
                   "wordlines_per_block": cfg.wordlines_per_block,
                   "over_provisioning": cfg.over_provisioning},
        "params": params,
        "workload": {"generator": {"kind": kind, "transactions": txns, "scale": scale}},
    });
    body.as_object().cloned()
}
