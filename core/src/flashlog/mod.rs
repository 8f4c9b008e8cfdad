//! FlashLogging and Append/Pack (seed 003 "Flash in a DBMS: Where and How?", §2.1 and §2.2;
//! the digest `flash-dbms.md` §2.1–2.2 marks what the paper states and what is a choice).
//!
//! FlashLogging (§2.1): synchronous commit logging spread over an unconventional array of flash
//! devices.
//! 1. `config`: the transaction stream (W workers, CPU per transaction, group-commit window)
//!    and the named configurations: disk, ideal, naive SSD, SSD partitions, USB drives with an
//!    optional archival HDD, conventional striping.
//! 2. `devices`: per-write latency of each log device, on the HDD lab's mechanical model, the
//!    SSD lab's FTL (`ssd_io`), or a labelled USB latency profile.
//! 3. `sim` + `dispatch` (+ pure policy in `schedule`): the discrete-event simulation, one
//!    event per step; commits are acknowledged only once their whole log prefix is durable
//!    (`durable`); every device write carries a header (`media`); `archive`: flash devices
//!    with a capacity are freed only after the archival HDD holds their log.
//! 4. `crash` + `recover`: a crash at any step boundary tears in-flight writes; recovery
//!    k-way merges the device streams, rejects torn records and stops at the first gap.
//! 5. `checks`: the invariants (commit latencies go to the SSD lab's bounded histogram);
//!    `view`: the plain-data snapshot a lab view draws.
//!
//! Append/Pack (§2.2): `appendpack` — the whole SSD as a log of erase-block-sized appends with
//! an in-memory page map and packing of the tail's valid pages into a second log.
//!
//! `reproduce`: the paper's numbers computed by simulation beside the references.

pub mod appendpack;
pub mod archive;
pub mod bench;
pub mod calibration;
pub mod checks;
mod checks_space;
pub mod claims;
pub mod config;
pub mod config_scenario;
pub mod crash;
pub mod devices;
pub mod dispatch;
pub mod durable;
pub mod error;
pub mod lab;
pub mod media;
pub mod plugin;
pub mod recover;
pub mod reproduce;
pub mod schedule;
pub mod sim;
pub mod ssd_io;
pub mod view;

pub use config::{FlashLogConfig, Scheduler, Workload};
pub use crash::CrashImage;
pub use error::FlashLogError;
pub use recover::{MergeStep, Recovery, RecoveryResult, recover};
pub use sim::{Event, FlashLogSim, Purpose, Txn, WriteRequest};
