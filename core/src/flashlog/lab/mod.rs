//! The flashlog lab (FlashLogging and Append/Pack as one lab; seed 003 §2.1–2.2): a scenario
//! is either the logging mode (commits, device writes, a crash, the recovery merge) or the
//! Append/Pack mode (page writes, appends, packing).
//!
//! 1. `body` + `config`: the scenario format and its validation.
//! 2. `logging` / `apmode`: the two states, each stepping one event per `step`.
//! 3. `checks`: invariants against plain models; `view` + `payload`: what the UI draws and
//!    the metrics; `curve`: throughput vs number of devices; `events`: the trace kinds;
//!    `constants`: every constant with its source.

pub mod apmode;
pub mod body;
pub mod checks;
pub mod config;
pub mod constants;
pub mod curve;
pub mod events;
pub mod logging;
pub mod metrics;
pub mod payload;
pub mod pseudocode;
pub mod view;

use std::sync::Arc;

use config::LabPlan;
use serde_json::Value;

use crate::scenario::ScenarioError;
use crate::sim::{SimError, TraceSink};

#[derive(Debug, Clone)]
pub enum ModeState {
    Logging(Box<logging::LogState>),
    AppendPack(Box<apmode::ApState>),
}

#[derive(Debug, Clone)]
pub struct FlashLogLab {
    pub plan: LabPlan,
    pub state: ModeState,
    pub seed: u64,
    pub steps: u64,
}

impl FlashLogLab {
    pub fn from_plan(plan: LabPlan, seed: u64) -> Result<Self, ScenarioError> {
        let state = match &plan {
            LabPlan::Logging(p) => ModeState::Logging(Box::new(
                logging::LogState::new(Arc::clone(p), seed)
                    .map_err(|e| ScenarioError::new("log", e.to_string()))?,
            )),
            LabPlan::AppendPack(p) => ModeState::AppendPack(Box::new(
                apmode::ApState::new(Arc::clone(p), seed)
                    .map_err(|e| ScenarioError::new("append_pack", e.to_string()))?,
            )),
        };
        Ok(Self {
            plan,
            state,
            seed,
            steps: 0,
        })
    }

    pub fn step_event(&mut self, trace: &mut TraceSink) -> Result<bool, SimError> {
        let stepped = match &mut self.state {
            ModeState::Logging(s) => s.step(trace)?,
            ModeState::AppendPack(s) => s.step(trace)?,
        };
        self.steps += u64::from(stepped);
        Ok(stepped)
    }

    pub fn now_ns(&self) -> u64 {
        match &self.state {
            ModeState::Logging(s) => s.now_ns(),
            ModeState::AppendPack(s) => s.now_ns(),
        }
    }

    pub fn answers(&self) -> Vec<Value> {
        match &self.state {
            ModeState::Logging(s) => s.answer().into_iter().collect(),
            ModeState::AppendPack(s) => s.answers.clone(),
        }
    }

    /// Approximate bytes of a snapshot: requests, records, transactions; slots and maps.
    pub fn approx_bytes(&self) -> u64 {
        let base = std::mem::size_of::<Self>() as u64;
        match &self.state {
            ModeState::Logging(s) => {
                let records: usize = s.sim.devices.iter().map(|d| d.media.len()).sum();
                base + (s.sim.requests.len() * 96 + records * 64 + s.sim.txns.len() * 64) as u64
                    + s.labels.len() as u64 * 8
            }
            ModeState::AppendPack(s) => {
                let slots = s.ap.slot_page.len() as u64;
                base + slots * 8 + s.ap.map.len() as u64 * 12 + s.answers.len() as u64 * 160
            }
        }
    }
}
