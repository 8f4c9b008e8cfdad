//! The wasm handle: a thin wasm-bindgen wrapper over `flashlab_core::Session`. No algorithm
//! logic lives here; every method forwards to the core and converts at the boundary.
//!
//! Boundary rules (shared/research/anchors-aesthetics.md, DESIGN §4):
//! 1. Small, rare payloads (state, metrics, invariants, info) cross as JSON strings.
//! 2. Bulk numeric state crosses as one `Float64Array` (the view series, concatenated; the
//!    layout is in `view_meta`), and events as one `Uint32Array`: both copied out, so no view
//!    into wasm memory is held across a call that might grow it.
//! 3. Bad input returns an `Error` naming the field; a panic (a core bug) is logged by the hook
//!    and traps, and the worker reports it so the UI can offer a restart.

use flashlab_core::Session;
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_namespace = console, js_name = error)]
    fn console_error(message: &str);
}

fn install_panic_hook() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        std::panic::set_hook(Box::new(|info| {
            console_error(&format!("flashlab core panic: {info}"))
        }));
    });
}

fn to_js_error(message: impl std::fmt::Display) -> JsError {
    JsError::new(&message.to_string())
}

/// One simulation. JavaScript holds this opaque handle; the state lives in wasm memory.
#[wasm_bindgen]
pub struct Sim {
    session: Session,
    /// Cached layout of the last `view_data`, returned by `view_meta`.
    view_meta: String,
}

#[wasm_bindgen]
impl Sim {
    /// Validates and loads a scenario (JSON text). `seed` overrides the scenario's seed when set.
    #[wasm_bindgen(constructor)]
    pub fn new(scenario_json: &str, seed: Option<f64>) -> Result<Sim, JsError> {
        install_panic_hook();
        let seed = match seed {
            Some(x) if x >= 0.0 && x.fract() == 0.0 && x <= 9_007_199_254_740_991.0 => {
                Some(x as u64)
            }
            Some(x) => {
                return Err(to_js_error(format!(
                    "seed: expected an unsigned integer, got {x}"
                )));
            }
            None => None,
        };
        let session = Session::load(scenario_json, seed).map_err(to_js_error)?;
        Ok(Sim {
            session,
            view_meta: String::new(),
        })
    }

    /// Advances up to `n` steps; returns how many were taken.
    pub fn step(&mut self, n: u32) -> u32 {
        self.session.step(u64::from(n)) as u32
    }

    pub fn seek(&mut self, step: f64) {
        self.session.seek(if step > 0.0 { step as u64 } else { 0 });
    }

    #[wasm_bindgen(js_name = runToEnd)]
    pub fn run_to_end(&mut self) -> f64 {
        self.session.run_to_end() as f64
    }

    pub fn state(&self) -> String {
        self.session.state_json().to_string()
    }

    pub fn info(&self) -> String {
        self.session.info_json().to_string()
    }

    pub fn metrics(&self) -> String {
        self.session.metrics_detail_json().to_string()
    }

    pub fn invariants(&self) -> String {
        self.session.invariants_json().to_string()
    }

    pub fn answers(&self) -> String {
        self.session.answers_json().to_string()
    }

    /// The pseudo-code lines lit at this step: `{step, lines}` or `null` (`plugin::pseudocode`).
    pub fn pseudo(&self) -> String {
        self.session.pseudo_json().to_string()
    }

    /// The CLI's report object, for comparing browser and native runs.
    pub fn report(&self) -> String {
        self.session.report_json().to_string()
    }

    /// Recent events, `EVENT_WORDS` u32 each, oldest first.
    pub fn events(&self) -> Vec<u32> {
        self.session.recent_event_words()
    }

    /// All view series concatenated; call `view_meta` afterwards for names, offsets and the
    /// lab's small JSON state.
    #[wasm_bindgen(js_name = viewData)]
    pub fn view_data(&mut self) -> Vec<f64> {
        let view = self.session.view();
        let mut data = Vec::new();
        let mut layout = Vec::new();
        for series in &view.series {
            layout.push(serde_json::json!({
                "name": series.name, "offset": data.len(), "length": series.data.len()
            }));
            data.extend_from_slice(&series.data);
        }
        self.view_meta = serde_json::json!({"meta": view.meta, "series": layout}).to_string();
        data
    }

    #[wasm_bindgen(js_name = viewMeta)]
    pub fn view_meta(&self) -> String {
        self.view_meta.clone()
    }
}

/// The core version baked into this build.
#[wasm_bindgen(js_name = coreVersion)]
pub fn core_version() -> String {
    flashlab_core::CORE_VERSION.to_string()
}

/// Test hook: panics inside wasm on purpose, so the end-to-end tests can prove that a core
/// panic shows the crash banner with a working "Restart" instead of a dead page.
#[wasm_bindgen(js_name = debugPanic)]
pub fn debug_panic() {
    panic!("debugPanic: deliberate panic requested by a test");
}

/// The paper claims of one lab as JSON (the same `Claim` rows `flashlab reproduce --json` prints,
/// each naming the course scenario that produces it), computed now, by simulation. An unknown
/// lab is an error naming it.
#[wasm_bindgen(js_name = labClaims)]
pub fn lab_claims(lab: &str) -> Result<String, JsError> {
    let claims = flashlab_core::reproduce::lab_claims(lab)
        .ok_or_else(|| to_js_error(format!("claims: there is no lab \"{lab}\"")))?;
    serde_json::to_string(&claims).map_err(|e| to_js_error(format!("claims: {e}")))
}

/// The figure-shaped results of one lab as JSON: simulated curves computed now, with the
/// paper's points (each lab's `figures()`, `plugin::Figure`). An unknown lab is an error naming it.
#[wasm_bindgen(js_name = labFigures)]
pub fn lab_figures(lab: &str) -> Result<String, JsError> {
    let figures = flashlab_core::reproduce::lab_figures(lab)
        .ok_or_else(|| to_js_error(format!("figures: there is no lab \"{lab}\"")))?;
    serde_json::to_string(&figures).map_err(|e| to_js_error(format!("figures: {e}")))
}

/// Names of the core's benchmark cases (`flashlab bench` runs the same ones natively).
#[wasm_bindgen(js_name = benchCases)]
pub fn bench_cases() -> String {
    let cases: Vec<serde_json::Value> = flashlab_core::bench::cases()
        .iter()
        .map(|c| serde_json::json!({"name": c.name, "unit": c.unit, "defaultSize": c.default_size}))
        .collect();
    serde_json::Value::Array(cases).to_string()
}

/// Runs one benchmark case by name and returns the units of work done; the caller times it
/// (the core never reads a clock). Unknown names return an error naming the case.
#[wasm_bindgen(js_name = benchRun)]
pub fn bench_run(name: &str, size: f64) -> Result<f64, JsError> {
    let case = flashlab_core::bench::cases()
        .into_iter()
        .find(|c| c.name == name)
        .ok_or_else(|| to_js_error(format!("bench: unknown case \"{name}\"")))?;
    let size = if size >= 1.0 { size as u64 } else { 1 };
    Ok((case.run)(size) as f64)
}
