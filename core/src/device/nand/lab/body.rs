//! The NAND lab's scenario body: typed, validated, with exact JSON paths in every error.
//!
//! 1. `device` picks a preset (`slc`, `mlc`, `tlc`), the block size and optional overrides.
//! 2. `workload.ops` is a list of ops, each `{"op": "<name>", ...}`. Each op is parsed on its own
//!    with the path prefix `workload.ops[i]`, so an error names the field
//!    (`workload.ops[1].page: must be between 0 and 7 (got 9)`).
//! 3. Range checks that need the geometry (page numbers, bit offsets, ΔVpgm, total cycling time)
//!    run in `super::validate`, after the block's shape is known.
//!
//! Bits of `data`: bit i is cell i of the page. A hex string gives 4 bits per digit, the first
//! digit holding bits 0..3 with its most significant bit first; "0" bits are programmed, "1"
//! bits stay erased (the NAND convention).

use schemars::JsonSchema;
use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

use crate::device::nand::CellType;
use crate::scenario::limits::MAX_OPS;
use crate::scenario::{ScenarioError, parse_body};

/// A NAND lab scenario (after the common header).
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NandBody {
    /// The block of cells and its preset.
    pub device: NandDevice,
    /// The ops to run, in order.
    pub workload: NandWorkload,
}

/// A block of NAND cells.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NandDevice {
    /// Cell type preset with its calibrated constants (docs/CALIBRATION.md): slc, mlc or tlc.
    pub preset: CellType,
    /// Wordlines in the block, 1 to 64 (default 4). Pages = wordlines × bits per cell.
    #[serde(default)]
    pub wordlines: Option<u32>,
    /// Cells per wordline = bits per page, 8 to 4096 and a multiple of 8 (default 256).
    #[serde(default)]
    pub cells_per_wordline: Option<u32>,
    /// Override of the ISPP step ΔVpgm in volts (preset: 0.5 SLC, 0.15 MLC, 0.125 TLC).
    #[serde(default)]
    pub delta_vpgm_v: Option<f64>,
    /// Override of the ISPP loop limit; a program that has not verified by then fails.
    #[serde(default)]
    pub max_loops: Option<u32>,
    /// Override of the programs allowed per page between erases (first program + appends).
    #[serde(default)]
    pub nop: Option<u32>,
    /// Override of the rated endurance in P/E cycles.
    #[serde(default)]
    pub endurance_pe: Option<u64>,
    /// P/E cycles the block has already seen when the scenario starts (default 0).
    #[serde(default)]
    pub initial_pe_cycles: Option<u64>,
}

/// An explicit list of ops.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NandWorkload {
    pub ops: Vec<NandOp>,
}

/// One op; `op` names it.
#[derive(Debug, Clone, PartialEq, Deserialize, JsonSchema)]
#[serde(tag = "op", rename_all = "snake_case")]
pub enum NandOp {
    /// Program a page by ISPP, one pulse per step. Bits beyond `len_bits` stay erased (1).
    Program(ProgramOp),
    /// Program `data` into bits `offset_bits..` of a page, keeping the rest of its data: an
    /// in-place append when those cells are still erased (seed 004).
    Append(AppendOp),
    /// Read a page; answers its bits and the bit errors against the data written.
    Read(ReadOp),
    /// Erase the block: every cell back to the erased state, one more P/E cycle.
    Erase(EmptyOp),
    /// Fast-forward `count` erase/program cycles of wear; the block ends erased.
    Cycle(CycleOp),
    /// Retention bake: `hours` of charge loss for programmed cells (model illustration).
    Retention(RetentionOp),
    /// Change ΔVpgm for the following programs.
    SetIspp(SetIsppOp),
}

#[derive(Debug, Clone, PartialEq, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ProgramOp {
    /// Page number in programming order (seed 004 pairing for MLC: LSB 2N−1, MSB 2N+2).
    pub page: u32,
    pub data: NandData,
    /// Bits of the page that `data` covers, from bit 0 (default: the whole page, or 4 × hex
    /// digits). The rest stays erased.
    #[serde(default)]
    pub len_bits: Option<u32>,
}

#[derive(Debug, Clone, PartialEq, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AppendOp {
    pub page: u32,
    /// First bit of the page to write.
    pub offset_bits: u32,
    /// Bits to write (required with a pattern; with hex, 4 × digits).
    #[serde(default)]
    pub len_bits: Option<u32>,
    pub data: NandData,
}

#[derive(Debug, Clone, PartialEq, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ReadOp {
    pub page: u32,
}

#[derive(Debug, Clone, PartialEq, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EmptyOp {}

#[derive(Debug, Clone, PartialEq, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CycleOp {
    /// P/E cycles to add, 1 to 1,000,000.
    pub count: u64,
}

#[derive(Debug, Clone, PartialEq, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RetentionOp {
    /// Bake time in hours, above 0 and at most 87,600 (ten years). Not counted in sim time.
    pub hours: f64,
}

#[derive(Debug, Clone, PartialEq, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SetIsppOp {
    /// New ISPP step in volts (at least 0.01, at most what the read references allow).
    pub delta_vpgm_v: f64,
}

/// Bits to write: a named pattern or explicit hex.
#[derive(Debug, Clone, PartialEq, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum NandData {
    /// `random` (from the run's seed), `zeros` (program every bit), `ones` (leave erased) or
    /// `checker` (0, 1, 0, 1, …).
    Pattern(NandPattern),
    /// Hex digits, 4 bits each, first digit = bits 0..3, most significant bit first.
    Hex(String),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum NandPattern {
    Random,
    Zeros,
    Ones,
    Checker,
}

const OP_NAMES: &[&str] = &[
    "program",
    "append",
    "read",
    "erase",
    "cycle",
    "retention",
    "set_ispp",
];

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawBody {
    device: NandDevice,
    workload: RawWorkload,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawWorkload {
    ops: Vec<Value>,
}

/// Parses the body: header-stripped JSON → device and ops, with exact paths.
pub fn parse(body: Map<String, Value>) -> Result<(NandDevice, Vec<NandOp>), ScenarioError> {
    // serde would read a struct from an array too (`"workload": [[…]]` as `ops`), and then name
    // a path (`workload.ops[0]`) that is not in the file.
    if let Some(workload) = body.get("workload").filter(|w| !w.is_object()) {
        return Err(ScenarioError::new(
            "workload",
            format!("expected an object like {{\"ops\": [...]}}, got {workload}"),
        ));
    }
    let raw: RawBody = parse_body(body)?;
    if raw.workload.ops.len() > MAX_OPS {
        return Err(ScenarioError::new(
            "workload.ops",
            format!(
                "{} ops is over the limit of {MAX_OPS}",
                raw.workload.ops.len()
            ),
        ));
    }
    let ops = raw
        .workload
        .ops
        .into_iter()
        .enumerate()
        .map(|(i, value)| parse_op(i, value))
        .collect::<Result<Vec<_>, _>>()?;
    Ok((raw.device, ops))
}

fn parse_op(index: usize, value: Value) -> Result<NandOp, ScenarioError> {
    let path = format!("workload.ops[{index}]");
    let Value::Object(mut object) = value else {
        return Err(ScenarioError::new(
            path,
            format!("expected an object like {{\"op\": \"read\", \"page\": 0}}, got {value}"),
        ));
    };
    let name = match object.remove("op") {
        Some(Value::String(name)) => name,
        Some(other) => {
            return Err(ScenarioError::new(
                format!("{path}.op"),
                format!("expected a string, got {other}"),
            ));
        }
        None => {
            return Err(ScenarioError::new(
                format!("{path}.op"),
                "missing (required)",
            ));
        }
    };
    let op = match name.as_str() {
        "program" => NandOp::Program(parse_at(&path, object)?),
        "append" => NandOp::Append(parse_at(&path, object)?),
        "read" => NandOp::Read(parse_at(&path, object)?),
        "erase" => NandOp::Erase(parse_at(&path, object)?),
        "cycle" => NandOp::Cycle(parse_at(&path, object)?),
        "retention" => NandOp::Retention(parse_at(&path, object)?),
        "set_ispp" => NandOp::SetIspp(parse_at(&path, object)?),
        other => {
            return Err(ScenarioError::new(
                format!("{path}.op"),
                format!("unknown op \"{other}\" (known: {})", OP_NAMES.join(", ")),
            ));
        }
    };
    Ok(op)
}

/// `parse_body` with a path prefix.
fn parse_at<T: DeserializeOwned>(
    prefix: &str,
    object: Map<String, Value>,
) -> Result<T, ScenarioError> {
    parse_body(object).map_err(|error| {
        let path = if error.path == "scenario" {
            prefix.to_string()
        } else {
            format!("{prefix}.{}", error.path)
        };
        ScenarioError::new(path, error.message)
    })
}
