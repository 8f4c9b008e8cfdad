//! The baselines IPA is measured against on the same workload (seed 004 §2.1, §8.3, App. B).
//!
//! 1. Out-of-place page writes through a page-mapped FTL: `IpaStore` with
//!    `StoreConfig::without_ipa` — the same NoFTL mapping, greedy GC and over-provisioning,
//!    no delta area, every write-back out of place.
//! 2. In-Page Logging (`ipl`): per-page in-memory log sectors flushed into a log region of the
//!    page's erase unit, two reads per fetch, blocking merges (Lee & Moon SIGMOD'07 as the
//!    paper describes it, digest §4).

pub mod ipl;
pub mod ipl_flash;
