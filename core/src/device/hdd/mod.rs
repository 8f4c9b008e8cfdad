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
//! from them by `calibration_doc`), and `reproduce` checks seed 003 Table 1 and MaSM §5.2 by
//! simulation. Scenario format: `scenario` (types, schema) and `config` (validation).

pub mod answers;
pub mod bench;
pub mod calibration_doc;
pub mod checks;
pub mod config;
pub mod disk;
pub mod events;
pub mod geometry;
pub mod lab;
pub mod metrics;
pub mod params;
pub mod presets;
pub mod provenance;
pub mod reproduce;
pub mod rotation;
pub mod scenario;
pub mod scheduler;
pub mod seek;
pub mod service;
pub mod state;
pub mod stats;
pub mod transfer;
pub mod validate_workload;
pub mod view;
pub mod workload;

pub use lab::HddLab;

use serde_json::Value;

use crate::sim::{EventKindInfo, InvariantCheck, Lab, LabView, Metric, SimError, TraceSink};

impl Lab for HddLab {
    fn lab_name(&self) -> &'static str {
        "hdd"
    }

    fn step(&mut self, trace: &mut TraceSink) -> Result<bool, SimError> {
        self.step_event(trace)
    }

    fn now_ns(&self) -> u64 {
        self.now_ns
    }

    fn check_invariants(&self) -> Vec<InvariantCheck> {
        checks::check(self)
    }

    fn metrics(&self) -> Vec<Metric> {
        metrics::metrics(self)
    }

    fn answers(&self) -> Vec<Value> {
        self.answers.to_json_sorted()
    }

    fn view(&self) -> LabView {
        view::view(self)
    }

    fn info(&self) -> Value {
        view::info(self)
    }

    fn event_kinds(&self) -> &'static [EventKindInfo] {
        events::EVENT_KINDS
    }
}
