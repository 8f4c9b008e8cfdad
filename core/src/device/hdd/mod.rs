//! The HDD: a calibrated mechanical disk model and the lab that runs request workloads on it.
//!
//! How one request is served (each step in its own module):
//! 1. `geometry`: the LBA maps to (cylinder, head, sector); zoned recording puts more sectors
//!    on outer tracks.
//! 2. `scheduler`: a pure policy (FCFS or SSTF) picks the next request from the queue.
//! 3. `seek`: the arm moves in a + b·√x (short) or c + e·x (long) ms (Ruemmler & Wilkes 1994).
//! 4. `rotation`: the platter turns until the first sector arrives (half a turn on average).
//! 5. `transfer`: sectors stream at the zone's rate; crossing a track costs a head or cylinder
//!    switch, hidden by track skew exactly as on a real drive.
//! 6. `service` combines 1-5 into a per-phase breakdown; `lab` runs arrivals and completions as
//!    a discrete-event simulation on `crate::sim::EventQueue`.
//!
//! Calibration: `presets` (every constant with a source; `docs/CALIBRATION.md` is generated
//! from them by `calibration`), and `claims` checks seed 003 Table 1 and MaSM §5.2 by
//! simulation. Scenario format: `scenario` (types, schema) and `config` (validation). `plugin`
//! is the lab's contract with the rest of the program (`Lab` and `LabSpec`).

pub mod bench;
pub mod calibration;
pub mod claims;
pub mod disk;
pub mod geometry;
pub mod lab;
pub mod params;
pub mod plugin;
pub mod presets;
pub mod provenance;
pub mod rotation;
pub mod scheduler;
pub mod seek;
pub mod service;
pub mod transfer;

pub use lab::HddLab;
