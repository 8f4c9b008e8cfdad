//! The registry: the one list of built labs. Everything else that names every lab is generated
//! from it: the `AnyLab` enum and its `Lab` dispatch, `BUILT_LABS`, `KNOWN_LABS` (the scenario
//! format's lab names), `build`, the body schemas of `scenarios/schema.json`, the claims and
//! figures of `flashlab reproduce` and the paper-results page, the cases of `flashlab bench`,
//! the generated blocks of `docs/CALIBRATION.md` and each lab's event-kind table.
//!
//! Adding a lab: implement `plugin::LabSpec` in its folder (its `plugin.rs`), then add one entry
//! to the `registry!` call at the bottom of this file: its cargo-feature `cfg` and
//! `Variant("name", path::ToLab)`, where the literal is the lab's `LabSpec::NAME` (checked at
//! compile time) and stays known to the format even in a build without the feature.

use schemars::schema::RootSchema;
use serde_json::Value;

use crate::plugin::{BenchCase, Claim, Figure, GeneratedBlock, LabSpec, work};
use crate::scenario::{Header, ScenarioError, parse_document};
use crate::sim::{
    Answer, EventKindInfo, InvariantCheck, Lab, LabView, Metric, SimError, TraceSink,
};

/// What the registry knows of one lab without building it: what the app needs at run time.
#[derive(Clone, Copy)]
pub struct Plugin {
    pub name: &'static str,
    pub event_kinds: &'static [EventKindInfo],
    pub claims: fn() -> Vec<Claim>,
    pub figures: fn() -> Vec<Figure>,
    pub bench_cases: fn() -> Vec<BenchCase>,
}

impl Plugin {
    const fn of<L: LabSpec>() -> Self {
        Self {
            name: L::NAME,
            event_kinds: L::EVENT_KINDS,
            claims: L::claims,
            figures: L::figures,
            bench_cases: L::bench_cases,
        }
    }
}

/// What the native tooling generates from each lab (`scenarios/schema.json`, the TypeScript
/// payload types, `docs/CALIBRATION.md`). A table apart from `PLUGINS` so that the browser
/// build, which never names it, links none of the schema code (about a quarter of the .wasm).
#[derive(Clone, Copy)]
pub struct DocPlugin {
    pub name: &'static str,
    pub body_schema: fn() -> RootSchema,
    pub calibration: fn() -> Vec<GeneratedBlock>,
    pub payload_types: fn(&mut schemars::r#gen::SchemaGenerator),
}

impl DocPlugin {
    const fn of<L: LabSpec>() -> Self {
        Self {
            name: L::NAME,
            body_schema: L::body_schema,
            calibration: L::calibration,
            payload_types: L::payload_types,
        }
    }
}

/// Builds one lab and checks its work estimates against the budgets before anything runs.
fn build_checked<L: LabSpec>(
    body: serde_json::Map<String, Value>,
    seed: u64,
) -> Result<Box<L>, ScenarioError> {
    let lab = L::from_body(body, seed)?;
    work::check(&lab.work_estimates())?;
    Ok(Box::new(lab))
}

/// Whether two names are equal, at compile time (the registry checks each line's literal against
/// its lab's `LabSpec::NAME` before anything runs).
const fn same_name(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

macro_rules! registry {
    ($($(#[$attr:meta])* $variant:ident($name:literal, $ty:ty)),+ $(,)?) => {
        $(
            $(#[$attr])*
            const _: () = assert!(
                same_name(<$ty as LabSpec>::NAME, $name),
                concat!("registry line ", stringify!($variant), ": its name literal is not its \
                         lab's LabSpec::NAME")
            );
        )+

        #[derive(Debug, Clone)]
        pub enum AnyLab {
            $($(#[$attr])* $variant(Box<$ty>)),+
        }

        /// Every built lab, in registry order.
        pub const PLUGINS: &[Plugin] = &[$($(#[$attr])* Plugin::of::<$ty>()),+];

        /// Every built lab's generated-document hooks, in registry order.
        pub const DOC_PLUGINS: &[DocPlugin] = &[$($(#[$attr])* DocPlugin::of::<$ty>()),+];

        /// Labs this version can run (the format knows more: `KNOWN_LABS`).
        pub const BUILT_LABS: &[&str] = &[$($(#[$attr])* <$ty as LabSpec>::NAME),+];

        /// Every lab the scenario format knows, built here or not: the registry's names with no
        /// cargo feature applied (a wasm group build runs only some of them, and names the
        /// others as not built rather than unknown).
        pub const KNOWN_LABS: &[&str] = &[$($name),+];

        fn build_lab(
            name: &str,
            body: serde_json::Map<String, Value>,
            seed: u64,
        ) -> Result<Option<AnyLab>, ScenarioError> {
            $(
                $(#[$attr])*
                if name == <$ty as LabSpec>::NAME {
                    return Ok(Some(AnyLab::$variant(build_checked::<$ty>(body, seed)?)));
                }
            )+
            Ok(None)
        }

        macro_rules! dispatch {
            ($self:ident, $lab:ident => $body:expr) => {
                match $self {
                    $($(#[$attr])* AnyLab::$variant($lab) => $body),+
                }
            };
        }

        impl AnyLab {
            /// Whether the run depends on its seed (`LabSpec::seed_matters`).
            pub fn seed_matters(&self) -> bool {
                match self {
                    $($(#[$attr])* AnyLab::$variant(lab) => <$ty as LabSpec>::seed_matters(lab)),+
                }
            }

            /// The event-kind table of the lab inside.
            pub fn event_kinds(&self) -> &'static [EventKindInfo] {
                match self {
                    $($(#[$attr])* AnyLab::$variant(_) => <$ty as LabSpec>::EVENT_KINDS),+
                }
            }

            /// The pseudo-code listings of the lab inside (`LabSpec::pseudocode`).
            pub fn pseudocode(&self) -> &'static [crate::plugin::PseudoListing] {
                match self {
                    $($(#[$attr])* AnyLab::$variant(lab) => <$ty as LabSpec>::pseudocode(lab)),+
                }
            }

            /// The listing line `event` executes (`LabSpec::pseudo_line`).
            pub fn pseudo_line(&self, event: &crate::sim::TraceEvent) -> Option<&'static str> {
                match self {
                    $($(#[$attr])* AnyLab::$variant(lab) => <$ty as LabSpec>::pseudo_line(lab, event)),+
                }
            }
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
            fn check_invariants(&self, out: &mut Vec<InvariantCheck>) {
                dispatch!(self, lab => lab.check_invariants(out))
            }
            fn metrics(&self) -> Vec<Metric> {
                dispatch!(self, lab => lab.metrics())
            }
            fn answers(&self) -> Vec<Answer> {
                dispatch!(self, lab => lab.answers())
            }
            fn history(&self) -> Option<Vec<Answer>> {
                dispatch!(self, lab => lab.history())
            }
            fn view(&self) -> LabView {
                dispatch!(self, lab => lab.view())
            }
            fn info(&self) -> Value {
                dispatch!(self, lab => lab.info())
            }
            fn state_bytes(&self) -> u64 {
                dispatch!(self, lab => lab.state_bytes())
            }
        }
    };
}

/// Parses, validates and builds. `seed_override` replaces the scenario's seed (CLI `--seed`) and
/// obeys the same range as the file's `seed`.
pub fn build(text: &str, seed_override: Option<u64>) -> Result<(Header, AnyLab), ScenarioError> {
    let (mut header, body) = parse_document(text, KNOWN_LABS)?;
    if let Some(seed) = seed_override {
        crate::scenario::header::check_seed(seed, "--seed")?;
        header.seed = seed;
    }
    match build_lab(&header.lab, body, header.seed)? {
        Some(lab) => Ok((header, lab)),
        None => Err(ScenarioError::new(
            "lab",
            format!(
                "\"{}\" is not built in this version yet (available: {})",
                header.lab,
                BUILT_LABS.join(", ")
            ),
        )),
    }
}

/// The body schema of every built lab, for `scenarios/schema.json`.
pub fn body_schemas() -> Vec<(&'static str, RootSchema)> {
    DOC_PLUGINS
        .iter()
        .map(|p| (p.name, (p.body_schema)()))
        .collect()
}

registry! {
    #[cfg(feature = "lab-hdd")]
    Hdd("hdd", crate::device::hdd::HddLab),
    #[cfg(feature = "lab-ssd")]
    Ssd("ssd", crate::device::ssd::SsdLab),
    #[cfg(feature = "lab-nand")]
    Nand("nand", crate::device::nand::NandLab),
    #[cfg(feature = "lab-masm")]
    Masm("masm", crate::masm::lab::MasmLab),
    #[cfg(feature = "lab-fdtree")]
    Fdtree("fdtree", crate::fdtree::lab::FdLab),
    #[cfg(feature = "lab-ipa")]
    Ipa("ipa", crate::ipa::lab::IpaLab),
    #[cfg(feature = "lab-layouts")]
    Layouts("layouts", crate::layouts::lab::LayoutsLab),
    #[cfg(feature = "lab-flashlog")]
    Flashlog("flashlog", crate::flashlog::lab::FlashLogLab),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_built_lab_has_a_schema_and_a_unique_name() {
        let schemas: Vec<&str> = body_schemas().iter().map(|(name, _)| *name).collect();
        assert_eq!(schemas, BUILT_LABS);
        let mut names = BUILT_LABS.to_vec();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), BUILT_LABS.len());
        for name in BUILT_LABS {
            assert!(KNOWN_LABS.contains(name), "{name}");
        }
    }

    #[test]
    fn every_lab_the_format_knows_is_built() {
        let mut known = KNOWN_LABS.to_vec();
        let mut built = BUILT_LABS.to_vec();
        known.sort_unstable();
        built.sort_unstable();
        assert_eq!(known, built);
    }

    #[test]
    fn an_unknown_lab_is_named_with_the_known_ones() {
        let text = r#"{"version":1,"lab":"btree","title":"t","seed":1}"#;
        let error = build(text, None).map(|_| ()).unwrap_err().to_string();
        assert!(error.starts_with("lab: unknown lab \"btree\""), "{error}");
        assert!(error.contains(&KNOWN_LABS.join(", ")), "{error}");
    }

    #[test]
    fn a_seed_override_obeys_the_range_of_the_file_seed() {
        let text = r#"{"version":1,"lab":"hdd","title":"t","seed":1}"#;
        let error = build(text, Some(u64::MAX))
            .map(|_| ())
            .unwrap_err()
            .to_string();
        assert!(error.starts_with("--seed: "), "{error}");
    }
}

/// The proof that adding a lab is one entry here: a tiny lab, used only in this test, gets its
/// enum variant, dispatch, name, known and built names, builder, schema and hooks (claims that
/// name their scenario) from one `registry!` line, and its `Lab` from its `LabSpec::HOOKS`,
/// like every lab.
#[cfg(test)]
mod adding_a_lab_is_one_line {
    use schemars::JsonSchema;
    use serde::Deserialize;
    use serde_json::{Value, json};

    use crate::plugin::{Budget, Claim, LabHooks, LabSpec, WorkEstimate, with_scenarios};
    use crate::scenario::{ScenarioError, parse_body};
    use crate::sim::{EventKindInfo, InvariantCheck, LabView, SimError, TraceSink};

    /// A counter that ticks `ticks` times, one tick per step.
    #[derive(Debug, Clone)]
    pub struct TickLab {
        ticks: u64,
        done: u64,
    }

    #[derive(Deserialize, JsonSchema)]
    #[serde(deny_unknown_fields)]
    struct TickBody {
        ticks: u64,
    }

    const KINDS: &[EventKindInfo] = &[EventKindInfo {
        code: 1,
        name: "tick",
        args: ["count", "", "", ""],
        text: "tick {a}",
    }];

    impl TickLab {
        fn tick(&mut self, trace: &mut TraceSink) -> Result<bool, SimError> {
            if self.done == self.ticks {
                return Ok(false);
            }
            self.done += 1;
            trace.emit(self.done, 1, [self.done as u32, 0, 0, 0]);
            Ok(true)
        }

        fn check_invariants(&self, out: &mut Vec<InvariantCheck>) {
            out.push(InvariantCheck::check(
                "within",
                self.done <= self.ticks,
                || "over".into(),
            ));
        }
    }

    impl LabSpec for TickLab {
        const NAME: &'static str = "tick";
        const EVENT_KINDS: &'static [EventKindInfo] = KINDS;
        const HOOKS: LabHooks<Self> = LabHooks {
            step: Self::tick,
            now_ns: |lab| lab.done,
            check_invariants: Self::check_invariants,
            metrics: |_| vec![],
            answers: |_| vec![],
            view: |_| LabView::default(),
            info: |_| json!({}),
            state_bytes: |_| std::mem::size_of::<Self>() as u64,
        };
        fn from_body(
            body: serde_json::Map<String, Value>,
            _seed: u64,
        ) -> Result<Self, ScenarioError> {
            let body: TickBody = parse_body(body)?;
            Ok(Self {
                ticks: body.ticks,
                done: 0,
            })
        }
        fn body_schema() -> schemars::schema::RootSchema {
            schemars::schema_for!(TickBody)
        }
        fn work_estimates(&self) -> Vec<WorkEstimate> {
            vec![WorkEstimate::new(Budget::Work, self.ticks, "ticks")]
        }
        fn seed_matters(&self) -> bool {
            false
        }
        /// Its claims name their scenario from its own table, as every lab's `claims.rs` does.
        fn claims() -> Vec<Claim> {
            let counted = Claim::new("tick.count", "c", "ticks", 3.0, 3.0, 0.0, "m".into());
            with_scenarios(&[("tick.", "three-ticks")], vec![counted])
        }
    }

    #[allow(dead_code)] // the generated registry has more than this test uses
    mod registry_with_the_tick_lab {
        use super::super::{DocPlugin, Plugin, build_checked, same_name};
        use super::TickLab;
        use crate::plugin::LabSpec;
        use crate::scenario::ScenarioError;
        use crate::sim::TraceSink;
        use crate::sim::{Answer, EventKindInfo, InvariantCheck, Lab, LabView, Metric, SimError};
        use serde_json::Value;

        registry! {
            Hdd("hdd", crate::device::hdd::HddLab),
            Tick("tick", TickLab),
        }

        #[test]
        fn one_registry_line_gives_the_tick_lab_its_name_builder_dispatch_and_hooks() {
            assert_eq!(BUILT_LABS, ["hdd", "tick"]);
            assert_eq!(KNOWN_LABS, ["hdd", "tick"]);
            assert_eq!(PLUGINS[1].name, "tick");
            assert_eq!(PLUGINS[1].event_kinds[0].name, "tick");
            let claims = (PLUGINS[1].claims)();
            assert_eq!(claims[0].scenario, Some("three-ticks"));
            assert!((PLUGINS[1].figures)().is_empty());
            assert_eq!(DOC_PLUGINS[1].name, "tick");
            let text = r#"{"version":1,"lab":"tick","title":"t","seed":1,"ticks":3}"#;
            let (header, body) = crate::scenario::parse_document(text, KNOWN_LABS).unwrap();
            assert_eq!(header.lab, "tick");
            let Some(mut lab) = build_lab("tick", body, 1).unwrap() else {
                panic!("the tick lab is not built")
            };
            assert_eq!(lab.lab_name(), "tick");
            assert!(!lab.seed_matters());
            let mut run = crate::sim::Run::new(lab.clone(), 100);
            assert_eq!(run.run_to_end(), 3);
            assert!(run.all_invariants_ok());
            let mut trace = TraceSink::default();
            assert!(lab.step(&mut trace).unwrap());
            let over = serde_json::json!({"ticks": crate::scenario::limits::MAX_WORK + 1});
            let Value::Object(over) = over else {
                unreachable!()
            };
            let error = build_lab("tick", over, 1)
                .map(|_| ())
                .unwrap_err()
                .to_string();
            assert!(error.starts_with("ticks: "), "{error}");
        }
    }
}
