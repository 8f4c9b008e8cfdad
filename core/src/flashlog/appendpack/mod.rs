//! Append/Pack (seed 003 §2.2; Stoica et al., DaMoN 2009 [ext]): the whole SSD as a log.
//!
//! 1. `layout`: writes are buffered and appended in erase-block-sized chunks; an in-memory map
//!    gives each logical page's location; a re-write invalidates the old copy. When free blocks
//!    run low, packing moves the valid (cold) pages of the log's tail into a second log and
//!    frees the tail block. Only whole-block sequential writes reach the device.
//! 2. `policy`: which tail to pack, as a pure function (append tail per the paper; the pack
//!    log cleans its own tail when that is cheaper).
//! 3. `checks`: the invariants (digest §5, Append/Pack).
//! 4. `reclaim`: taking and erasing a victim, and crash-safe packing (opt-in).
//! 5. `recovery`: slot headers, power cuts and the map rebuilt by a scan (an extension).
//! 6. `ssd_run`: the layout driven on the SSD lab's FTL and timing, against 4 KB random
//!    in-place writes on the same SSD model; `placement`: how the device places A/P's pages
//!    (by address, so an erase-block-sized write fills whole flash blocks).
//! 7. `mix_run`: both layouts under a read/write page mix (Figure 3b).

pub mod checks;
pub mod layout;
pub mod mix_run;
pub mod placement;
pub mod policy;
pub mod reclaim;
pub mod recovery;
pub mod ssd_run;

pub use layout::{ApConfig, AppendPack, DeviceOp, Loc, LogId};
