//! The NAND lab's typed payloads: `NandMeta` (the view's meta, every step) and `NandInfo`
//! (static, once per load). `view.rs` fills them; `web/src/labs/nand/payload.gen.ts` is
//! generated from their schemas (see `crate::payload`).

use schemars::JsonSchema;
use serde::Serialize;

use crate::payload::ConstantPayload;

/// A placement a cell can be in, in rising Vth (final levels and intermediate states).
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct NandState {
    pub index: u64,
    pub name: String,
    /// Bits of the pages programmed so far, lower page first ("10" = MLC P1).
    pub bits: String,
    pub verify_v: f64,
    pub top_v: f64,
    /// The final level, or null for an intermediate state (MLC "LM", TLC "IM2", …).
    pub final_level: Option<u8>,
    /// The final levels this state can still become.
    pub levels: [u8; 2],
}

#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct NandLevel {
    pub level: u8,
    pub name: String,
    pub bits: String,
    /// Null for ER, which is not programmed.
    pub verify_v: Option<f64>,
}

#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct NandPageRefs {
    pub page: u64,
    pub wordline: u64,
    pub step: u8,
    pub name: String,
    /// References a read of this page senses now; empty when the page is not programmed.
    pub refs_v: Vec<f64>,
}

/// What a program run does: a full program or an append into erased cells.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum RunKind {
    Program,
    Append,
}

/// The ISPP settings, and the program in progress (else the last one; null before any).
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct NandIspp {
    pub vpgm_start_v: f64,
    pub delta_vpgm_v: f64,
    pub max_loops: u32,
    pub max_safe_delta_vpgm_v: f64,
    pub active: bool,
    pub page: Option<u64>,
    pub wordline: Option<u64>,
    pub kind: Option<RunKind>,
    #[serde(rename = "loop")]
    pub loop_count: Option<u32>,
    pub vpgm_v: Option<f64>,
    pub cells_targeted: Option<u64>,
    pub cells_programming: Option<u64>,
    pub cells_inhibited: Option<u64>,
    pub latency_us: Option<f64>,
}

#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct NandPage {
    pub page: u64,
    pub wordline: u64,
    pub step: u8,
    pub name: String,
    pub programmed: bool,
    pub programs: u32,
    pub failed: bool,
}

/// The Vth histogram's axis; row r of the `hist_counts` series is state r.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct NandHistogram {
    pub min_v: f64,
    pub max_v: f64,
    pub bins: u64,
    pub rows: u64,
}

/// `view().meta` of the NAND lab.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct NandMeta {
    pub cell_type: String,
    pub preset: String,
    pub bits_per_cell: u8,
    pub vth_unit: String,
    pub wordlines: u64,
    pub cells_per_wordline: u64,
    pub page_count: u64,
    /// The wordline of the last program, append or read: every per-cell series is about it.
    pub focus_wordline: u64,
    pub states: Vec<NandState>,
    pub levels: Vec<NandLevel>,
    pub read_refs_v: Vec<f64>,
    pub page_refs: Vec<NandPageRefs>,
    pub ispp: NandIspp,
    pub pages: Vec<NandPage>,
    pub pe_cycles: u64,
    pub endurance_pe: u64,
    pub worn_out: bool,
    pub rtn_scale_v: f64,
    pub pulse_jitter_sigma_v: f64,
    pub retention_hours: f64,
    pub last_refusal: Option<String>,
    pub histogram: NandHistogram,
}

#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct NandUnits {
    pub vth: String,
    pub time: String,
    pub event_voltages: String,
    pub event_states: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct RefusalCode {
    pub code: u32,
    pub event_kind: u32,
    pub name: String,
}

/// `info()` of the NAND lab.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct NandInfo {
    pub preset: String,
    pub cell_type: String,
    pub units: NandUnits,
    pub step: String,
    pub constants: Vec<ConstantPayload>,
    /// Per page: [wordline, step, page name].
    pub page_map: Vec<(u64, u8, String)>,
    pub refusal_codes: Vec<RefusalCode>,
    pub event_kinds: u64,
    pub wear_model: String,
}
