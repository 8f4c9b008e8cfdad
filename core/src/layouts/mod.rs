//! Row vs column on flash: the study of seed 001, "Revisiting Database Storage Optimizations on
//! Flash" (digest `shared/research/seeds/flash-layouts.md`). The algorithm core of the layouts
//! lab: tables, NSM/DSM/PAX pages, a steppable scan executor timed on the existing HDD and SSD
//! models, the paper's analytical model, and the reproductions as plain functions.
//!
//! 1. `schema`: LINEITEM (150 B, 16 attributes) and ORDERS (32 B, 7), widths and why.
//! 2. `table`: the deterministic generator (seeded `Rng`) and the in-memory oracle scan.
//! 3. `pages`: NSM, DSM and PAX pages of real bytes; shape-only tables for the paper's 60 M rows.
//! 4. `query`: `scan{table, columns, predicate}` and its answer.
//! 5. `settings`, `cpu`: the knobs (I/O unit, read-ahead, scheduler, compression, index, CPU
//!    costs) with their sources and calibration points; `codec`: the compression knob's page
//!    codec (frame of reference + bit-packing of the real values).
//! 6. `plan`: which I/O units each file's stream needs (full scan, positions, index).
//! 7. `io`: read-ahead streams, the scheduler policy (NOOP, CFQ-like), seek counting;
//!    `request_queue`: a device queue indexed so each dispatch picks in O(log n).
//! 8. `device`: the adapter to `device::hdd` and `device::ssd` (no new device model).
//! 9. `scan`: the executor, stepped one completed I/O request at a time.
//! 10. `model`: Eq. 1–5 and the digest's combined model (§3.3) as pure functions.
//! 11. `view`: a plain-data snapshot of a running scan for the future lab view.
//! 12. `reproduce`: the paper's experiments E1–E11 computed by simulation, beside the paper's
//!     numbers; `claims` turns them into `flashlab reproduce` claims at a reduced scale, over
//!     seeds, with `claim_notes`' differences from the paper's setup and miss reasons.
//!     `figures` draws E1's seeks against projectivity from the same runs.
//! 13. `lab`, `plugin`: the lab (one I/O completion per step, the projectivity sweep, view and
//!     info payloads), registered in `crate::labs`; `bench`, `calibration` its other hooks.
//!
//! What a lab wrapper drives (all state is plain owned data, `Clone` + `Debug`):
//! - `ScanRun::new(&[DeviceId], Vec<QuerySpec>, ScanSettings)` (or `ScanRun::single`) builds
//!   the run; `step()` completes one I/O request and returns a `StepEvent` (device, request,
//!   seek flag), `None` when done; `run_to_end()`; `outcome(q)` gives a `QueryOutcome` (elapsed,
//!   CPU, I/O wait, seeks, bytes, answer); `view()` a `ScanView`; `check_invariants()`.
//! - `Table::generate` + `Table::oracle_scan` are the reference; `StoredTable::load` /
//!   `shape_only` build pages; `model::*` are the formulas; `reproduce::all(rows)` the figures.
//!
//! Deviations from the paper's setup (each documented where it lives): a1 is drawn uniformly,
//! not sorted as TPC-H's L_ORDERKEY (qualifying rows scattered, digest §8 item 10); the page
//! size (4 KB) and output block (1,000 rows) are assumptions; the prefetcher knows the
//! qualifying positions up front; the SSD presets run in "datasheet" mode (no η calibration,
//! digest §8 item 5); compression sizes each file's on-device pages by packing the real values
//! with `codec` (or by a fixed ratio), and charges decompression CPU, while the scan decodes
//! the uncompressed page images and reads every page of a file at the file's mean packed size;
//! RAID-0 is two disks striped (`raid`).

pub mod bench;
pub mod budget;
pub mod calibration;
pub mod claim_notes;
pub mod claims;
pub mod codec;
pub mod cpu;
pub mod device;
pub mod disk;
pub mod dispatch;
pub mod error;
pub mod figures;
pub mod io;
pub mod lab;
pub mod model;
pub mod outcome;
pub mod pages;
pub mod plan;
pub mod plugin;
pub mod query;
pub mod queue;
pub mod raid;
pub mod reproduce;
pub mod request_queue;
pub mod scan;
pub mod schema;
pub mod settings;
pub mod table;
pub mod view;

pub use device::DeviceId;
pub use error::LayoutError;
pub use outcome::QueryOutcome;
pub use pages::{Layout, StoredTable};
pub use query::{AnswerRow, Predicate, ScanQuery};
pub use scan::{QuerySpec, ScanRun, StepEvent};
pub use schema::{Schema, TableKind};
pub use settings::{AccessPath, Compression, ScanSettings, Scheduler};
pub use table::Table;
