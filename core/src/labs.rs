//! The registry of built labs: builds the right `Lab` from a scenario and dispatches to it.
//! Adding a lab = one variant here, one arm in `build`, one entry in `body_schemas`.

use schemars::schema::RootSchema;
use serde_json::Value;

use crate::device::hdd::HddLab;
use crate::device::nand::NandLab;
use crate::device::ssd::SsdLab;
use crate::masm::lab::MasmLab;
use crate::scenario::{Header, ScenarioError, parse_document};
use crate::sim::{
    Answer, EventKindInfo, InvariantCheck, Lab, LabView, Metric, SimError, TraceSink,
};

/// Labs this version can run (the format knows more: see `scenario::header::KNOWN_LABS`).
pub const BUILT_LABS: &[&str] = &["hdd", "ssd", "nand", "masm"];

#[derive(Debug, Clone)]
pub enum AnyLab {
    Hdd(Box<HddLab>),
    Nand(Box<NandLab>),
    Ssd(Box<SsdLab>),
    Masm(Box<MasmLab>),
}

/// Parses, validates and builds. `seed_override` replaces the scenario's seed (CLI `--seed`).
pub fn build(text: &str, seed_override: Option<u64>) -> Result<(Header, AnyLab), ScenarioError> {
    let (mut header, body) = parse_document(text)?;
    if let Some(seed) = seed_override {
        header.seed = seed;
    }
    let lab = match header.lab.as_str() {
        "hdd" => AnyLab::Hdd(Box::new(HddLab::from_body(body, header.seed)?)),
        "nand" => AnyLab::Nand(Box::new(NandLab::from_body(body, header.seed)?)),
        "ssd" => AnyLab::Ssd(Box::new(SsdLab::from_body(body, header.seed)?)),
        "masm" => AnyLab::Masm(Box::new(MasmLab::from_body(body, header.seed)?)),
        other => {
            return Err(ScenarioError::new(
                "lab",
                format!(
                    "\"{other}\" is not built in this version yet (available: {})",
                    BUILT_LABS.join(", ")
                ),
            ));
        }
    };
    Ok((header, lab))
}

/// The body schema of every built lab, for `scenarios/schema.json`.
pub fn body_schemas() -> Vec<(&'static str, RootSchema)> {
    vec![
        ("hdd", HddLab::body_schema()),
        ("nand", NandLab::body_schema()),
        ("ssd", SsdLab::body_schema()),
        ("masm", MasmLab::body_schema()),
    ]
}

macro_rules! dispatch {
    ($self:ident, $lab:ident => $body:expr) => {
        match $self {
            AnyLab::Hdd($lab) => $body,
            AnyLab::Nand($lab) => $body,
            AnyLab::Ssd($lab) => $body,
            AnyLab::Masm($lab) => $body,
        }
    };
}

impl Lab for AnyLab {
    fn lab_name(&self) -> &'static str {
        dispatch!(self, lab => lab.lab_name())
    }
    fn step(&mut self, trace: &mut TraceSink) -> Result<bool, SimError> {
        dispatch!(self, lab => lab.step(trace))
    }
    fn now_ns(&self) -> u64 {
        dispatch!(self, lab => lab.now_ns())
    }
    fn check_invariants(&self) -> Vec<InvariantCheck> {
        dispatch!(self, lab => lab.check_invariants())
    }
    fn metrics(&self) -> Vec<Metric> {
        dispatch!(self, lab => lab.metrics())
    }
    fn answers(&self) -> Vec<Answer> {
        dispatch!(self, lab => lab.answers())
    }
    fn view(&self) -> LabView {
        dispatch!(self, lab => lab.view())
    }
    fn info(&self) -> Value {
        dispatch!(self, lab => lab.info())
    }
    fn event_kinds(&self) -> &'static [EventKindInfo] {
        dispatch!(self, lab => lab.event_kinds())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_built_lab_has_a_schema_and_every_schema_a_built_lab() {
        let mut schemas: Vec<&str> = body_schemas().iter().map(|(name, _)| *name).collect();
        let mut built = BUILT_LABS.to_vec();
        schemas.sort_unstable();
        built.sort_unstable();
        assert_eq!(schemas, built);
    }

    #[test]
    fn an_unbuilt_lab_is_named_with_the_available_ones() {
        let text = r#"{"version":1,"lab":"fdtree","title":"t","seed":1}"#;
        let error = build(text, None).map(|_| ()).unwrap_err().to_string();
        assert!(error.starts_with("lab: \"fdtree\" is not built"), "{error}");
        assert!(error.contains("hdd, ssd, nand, masm"), "{error}");
    }
}
