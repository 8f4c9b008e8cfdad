//! The claim's own run: a scenario with the configuration that produced the claim's number, so
//! the paper-results page can open the very run (issue 27, item 6) and a student can vary it.
//!
//! 1. A lab builds each run from the same configuration value its claim computed with (not
//!    from a parallel description of it), as a complete scenario document (DESIGN §3.1):
//!    `version`, `lab`, `title`, `seed`, and the lab's body.
//! 2. A run is either the claim's configuration as it is (`Own`), or a `CourseScale` version:
//!    the same mechanism and parameters with the sizes a browser can run, and `shrunk` says
//!    what was made smaller and by how much. The page labels it "course-scale version".
//! 3. A claim comparing several runs (a ratio, a who-wins) links each one, with a `label`
//!    ("MaSM-2M", "no updates").
//! 4. `core/tests/claims.rs` loads every run through the scenario loader (validation and the
//!    lab's work budget), so a link never opens an error.

use serde::Serialize;
use serde_json::{Map, Value};

/// Whether the run is the claim's own configuration or a smaller one (step 2).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "scale", rename_all = "snake_case")]
pub enum RunScale {
    Own,
    CourseScale { shrunk: String },
}

/// One scenario a claim's number came from (step 1).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ClaimRun {
    /// What this run is, among the claim's runs ("FD+FC", "no updates"); the lab's name when
    /// the claim has one run.
    pub label: String,
    #[serde(flatten)]
    pub scale: RunScale,
    /// The scenario document, ready for `Session::load` or a share link.
    pub scenario: Value,
}

/// The scenario document of `lab` with `body` (the lab's `device`/`params`/`workload` fields).
pub fn scenario_document(lab: &str, title: &str, seed: u64, body: Map<String, Value>) -> Value {
    let mut doc = Map::new();
    doc.insert("version".into(), Value::from(1));
    doc.insert("lab".into(), Value::from(lab));
    doc.insert("title".into(), Value::from(title));
    doc.insert("seed".into(), Value::from(seed));
    for (key, value) in body {
        doc.insert(key, value);
    }
    Value::Object(doc)
}

impl ClaimRun {
    /// The claim's configuration as it ran.
    pub fn own(label: &str, scenario: Value) -> Self {
        Self {
            label: label.into(),
            scale: RunScale::Own,
            scenario,
        }
    }

    /// A smaller version of the claim's configuration; `shrunk` says what was made smaller.
    pub fn course_scale(label: &str, scenario: Value, shrunk: &str) -> Self {
        Self {
            label: label.into(),
            scale: RunScale::CourseScale {
                shrunk: shrunk.into(),
            },
            scenario,
        }
    }

    /// The scenario's `lab` field (empty when it has none).
    pub fn lab(&self) -> &str {
        self.scenario
            .get("lab")
            .and_then(Value::as_str)
            .unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_document_has_the_common_header_and_the_body() {
        let body = json!({"params": {"k": 2}}).as_object().cloned().unwrap();
        let doc = scenario_document("masm", "t", 3, body);
        assert_eq!(doc["version"], 1);
        assert_eq!(doc["lab"], "masm");
        assert_eq!(doc["seed"], 3);
        assert_eq!(doc["params"]["k"], 2);
    }

    #[test]
    fn a_course_scale_run_serialises_its_scale_and_what_was_shrunk() {
        let run = ClaimRun::course_scale("x", json!({"lab": "ssd"}), "1/64 of the blocks");
        let v = serde_json::to_value(&run).unwrap();
        assert_eq!(v["scale"], "course_scale");
        assert_eq!(v["shrunk"], "1/64 of the blocks");
        assert_eq!(run.lab(), "ssd");
        let own = serde_json::to_value(ClaimRun::own("x", json!({}))).unwrap();
        assert_eq!(own["scale"], "own");
    }
}
