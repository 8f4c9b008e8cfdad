//! A `Session` is what the CLI and the wasm handle hold: a scenario's header plus its run, with
//! every projection the contracts need already in JSON form (DESIGN §3.2 and §3.3). Keeping
//! this here keeps the wasm crate free of logic.

use serde_json::{Map, Value, json};

use crate::labs::{AnyLab, build};
use crate::plugin::pseudocode::current_lines;
use crate::scenario::limits::MAX_STEPS;
use crate::scenario::{Header, ScenarioError};
use crate::sim::{EVENT_WORDS, Lab, Run};

/// Part of every trace's identity: same scenario + seed + core version => same trace hash. Kept
/// here, where the session reports it, so that no module imports the crate root (`lib.rs`
/// re-exports it).
pub const CORE_VERSION: &str = env!("CARGO_PKG_VERSION");

#[derive(Debug, Clone)]
pub struct Session {
    header: Header,
    run: Run<AnyLab>,
}

impl Session {
    pub fn load(text: &str, seed_override: Option<u64>) -> Result<Self, ScenarioError> {
        let (header, lab) = build(text, seed_override)?;
        Ok(Self {
            header,
            run: Run::new(lab, MAX_STEPS),
        })
    }

    pub fn header(&self) -> &Header {
        &self.header
    }

    pub fn run(&self) -> &Run<AnyLab> {
        &self.run
    }

    pub fn step(&mut self, n: u64) -> u64 {
        self.run.step(n)
    }

    pub fn seek(&mut self, step: u64) {
        self.run.seek(step);
    }

    pub fn run_to_end(&mut self) -> u64 {
        self.run.run_to_end()
    }

    /// `{lab, step, simTimeNs, traceHash, done, totalSteps}` for the browser API.
    pub fn state_json(&self) -> Value {
        let state = self.run.state();
        json!({
            "lab": state.lab,
            "step": state.step,
            "simTimeNs": state.sim_time_ns,
            "traceHash": state.trace_hash,
            "done": state.done,
            "totalSteps": state.total_steps,
            "error": self.run.error().map(|e| e.to_string()),
        })
    }

    pub fn metrics_json(&self) -> Value {
        let metrics: Map<String, Value> = self
            .run
            .lab()
            .metrics()
            .into_iter()
            .map(|m| (m.name.to_string(), json!(m.value)))
            .collect();
        Value::Object(metrics)
    }

    /// Metrics with their labels and units, for the UI's metric panel.
    pub fn metrics_detail_json(&self) -> Value {
        json!(self.run.lab().metrics())
    }

    pub fn invariants_json(&self) -> Value {
        json!(self.run.invariants())
    }

    pub fn answers_json(&self) -> Value {
        Value::Array(self.run.lab().answers())
    }

    /// Static information for the UI: header, event kinds, the lab's own info (presets, sources).
    pub fn info_json(&self) -> Value {
        json!({
            "lab": self.header.lab,
            "title": self.header.title,
            "seed": self.header.seed,
            "coreVersion": CORE_VERSION,
            "eventKinds": self.run.lab().event_kinds(),
            "eventWords": EVENT_WORDS,
            "lab_info": self.run.lab().info(),
            "pseudocode": self.run.lab().pseudocode(),
        })
    }

    /// The pseudo-code lines executed at the latest step that executed any (`plugin::pseudocode`),
    /// `null` when no recent event belongs to the lab's listings.
    pub fn pseudo_json(&self) -> Value {
        let lab = self.run.lab();
        let frame = current_lines(self.run.trace().recent(), |e| lab.pseudo_line(e));
        serde_json::to_value(frame).unwrap_or(Value::Null)
    }

    pub fn view(&self) -> crate::sim::LabView {
        self.run.lab().view()
    }

    /// The recent events, flattened: `EVENT_WORDS` u32 per event, oldest first.
    pub fn recent_event_words(&self) -> Vec<u32> {
        self.run.trace().recent().flat_map(|e| e.words()).collect()
    }

    /// The CLI report of DESIGN §3.2.
    pub fn report_json(&self) -> Value {
        let state = self.run.state();
        let mut report = json!({
            "lab": self.header.lab,
            "title": self.header.title,
            "seed": self.header.seed,
            "core_version": CORE_VERSION,
            "trace_hash": state.trace_hash,
            "steps": state.step,
            "sim_time_ns": state.sim_time_ns,
            "metrics": self.metrics_json(),
            "invariants": self.invariants_json(),
            "answers": self.answers_json(),
        });
        if let Some(history) = self.run.lab().history() {
            report["history"] = Value::Array(history);
        }
        report
    }
}
