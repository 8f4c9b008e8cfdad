//! In-Place Appends (seed 004: Hardock, Petrov, Gottstein, Buchmann, SIGMOD 2017; digest
//! `research/seeds/ipa.md`): small updates written as appends into still-erased cells of the
//! same flash page, legal because ISPP only raises charge.
//!
//! 1. `layout`, `page`, `delta`: the NSM slotted page with its delta-record area (§6.1), the
//!    [N × M] scheme, delta encoding and apply-on-fetch (§6.2). Byte table: `docs/FORMATS.md`.
//! 2. `bytenand`: the byte-level flash model with the cell model's rules (charge only rises,
//!    NOP, LSB-only appends on MLC); `zoom`: one page on the cell model itself (ISPP pulses);
//!    `cellnand`: the whole device on the cell model (course scale); `flash`: the one interface
//!    the FTL writes through, on either model (`params.flash_model`).
//! 3. `noftl`: NoFTL regions (SLC, pSLC, odd-MLC, no-IPA), page mapping, greedy GC (§5).
//! 4. `frame`, `wal`, `store`: the database with an LRU buffer (eager / non-eager eviction),
//!    write-back as `write_delta` or out of place, and WAL recovery (§6.2, §8.4).
//!    `regions`: a database whose tables live in different regions (§5, Fig. 3); the lab runs
//!    several regions in one scenario (`lab::regions`), with App. C.2 pairs (`noftl` step 5).
//! 5. `metrics`: App. B's WA / RA and the per-host-write ratios of Tabs. 6–10; `timing`: the
//!    device time of the flash operations and a closed transaction loop (Tabs. 6–10's time
//!    columns).
//! 6. `trace`, `baseline::ipl`, `compare`: page events of a run, In-Page Logging replaying them,
//!    and the three-way race (out-of-place FTL = the store without IPA, IPL, IPA) on one seed.
//! 7. `workload`: TPC-B, TPC-C (NewOrder STOCK 75/20 + Payment), TATP-like, from a seed.
//! 8. `reproduce`: Tabs. 3/5 space, Fig. 1, Tab. 2, Tab. 1, Tabs. 6–10 as plain functions;
//!    `claims` registers them with `flashlab reproduce`.
//! 9. `lab`, `plugin`, `bench`, `calibration`: the stepping lab (one op or one GC action per
//!    step) and its contract with the app and the CLI.

pub mod baseline;
pub mod bench;
pub mod bytenand;
pub mod calibration;
pub mod cellnand;
pub mod claims;
pub mod compare;
pub mod config;
pub mod counters;
pub mod delta;
pub mod error;
pub mod flash;
pub mod frame;
pub mod frame_map;
pub mod key_index;
pub mod lab;
pub mod layout;
pub mod metrics;
pub mod noftl;
pub mod offsets;
pub mod page;
pub mod pending;
pub mod plugin;
pub mod recovery;
pub mod regions;
pub mod reproduce;
pub mod scratch;
pub mod store;
pub mod store_check;
pub mod timing;
pub mod trace;
pub mod wal;
pub mod workload;
pub mod writeback;
pub mod zoom;

pub use config::{Eviction, StoreConfig};
pub use error::{FlashError, IpaError};
pub use layout::{PageLayout, Scheme};
pub use noftl::{IpaMode, NoFtl};
pub use store::{IpaStore, StoreCounters};
