//! PLACEHOLDER (replaced by the real disk model in this same change): a lab that only ticks.

use schemars::JsonSchema;
use schemars::schema::RootSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::scenario::{ScenarioError, parse_body};
use crate::sim::{EventKindInfo, InvariantCheck, Lab, LabView, Metric, SimError, TraceSink};

#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HddBody {
    pub steps: u64,
}

#[derive(Debug, Clone)]
pub struct HddLab {
    steps_left: u64,
    now_ns: u64,
}

const KINDS: &[EventKindInfo] = &[EventKindInfo {
    code: 1,
    name: "tick",
    args: ["n", "", "", ""],
    text: "tick {a}",
}];

impl HddLab {
    pub fn from_body(body: Map<String, Value>, _seed: u64) -> Result<Self, ScenarioError> {
        let body: HddBody = parse_body(body)?;
        Ok(Self {
            steps_left: body.steps,
            now_ns: 0,
        })
    }
    pub fn body_schema() -> RootSchema {
        schemars::schema_for!(HddBody)
    }
}

impl Lab for HddLab {
    fn lab_name(&self) -> &'static str {
        "hdd"
    }
    fn step(&mut self, trace: &mut TraceSink) -> Result<bool, SimError> {
        if self.steps_left == 0 {
            return Ok(false);
        }
        self.steps_left -= 1;
        self.now_ns += 1000;
        trace.emit(self.now_ns, 1, [self.steps_left as u32, 0, 0, 0]);
        Ok(true)
    }
    fn now_ns(&self) -> u64 {
        self.now_ns
    }
    fn check_invariants(&self) -> Vec<InvariantCheck> {
        vec![InvariantCheck::pass("tick")]
    }
    fn metrics(&self) -> Vec<Metric> {
        vec![Metric {
            name: "now_ms",
            value: self.now_ns as f64 / 1e6,
            label: "now",
            unit: "ms",
        }]
    }
    fn answers(&self) -> Vec<Value> {
        vec![]
    }
    fn view(&self) -> LabView {
        LabView {
            meta: json!({}),
            series: vec![],
        }
    }
    fn info(&self) -> Value {
        json!({})
    }
    fn event_kinds(&self) -> &'static [EventKindInfo] {
        KINDS
    }
}
