//! Range checks of a NAND scenario that need the block's shape: page numbers, bit ranges of
//! data, ΔVpgm against the read references, and the simulated time that cycling would take.
//! Every error names the exact JSON path (`workload.ops[3].offset_bits`).

use super::body::{NandData, NandOp};
use crate::scenario::limits::MAX_SIM_TIME_NS;
use crate::scenario::{ScenarioError, check_range};

/// The geometry the ops are checked against.
#[derive(Debug, Clone, Copy)]
pub struct Shape {
    pub page_count: usize,
    pub page_bits: usize,
    pub max_safe_delta_vpgm_v: f64,
    pub nominal_cycle_ns: u64,
}

/// Range checks of every op against the block's shape.
pub fn validate(ops: &[NandOp], shape: Shape) -> Result<(), ScenarioError> {
    let last_page = shape.page_count.saturating_sub(1) as u64;
    let mut cycle_ns: u64 = 0;
    for (i, op) in ops.iter().enumerate() {
        let at = |field: &str| format!("workload.ops[{i}].{field}");
        match op {
            NandOp::Program(p) => {
                check_range(&at("page"), u64::from(p.page), 0, last_page)?;
                data_len(&p.data, p.len_bits, shape.page_bits, true, &at(""))?;
            }
            NandOp::Append(a) => {
                check_range(&at("page"), u64::from(a.page), 0, last_page)?;
                let room = shape.page_bits.saturating_sub(1) as u64;
                check_range(&at("offset_bits"), u64::from(a.offset_bits), 0, room)?;
                let room = shape.page_bits - a.offset_bits as usize;
                data_len(&a.data, a.len_bits, room, false, &at(""))?;
            }
            NandOp::Read(r) => check_range(&at("page"), u64::from(r.page), 0, last_page)?,
            NandOp::Erase(_) => {}
            NandOp::Cycle(c) => {
                check_range(&at("count"), c.count, 1, 1_000_000)?;
                cycle_ns = cycle_ns.saturating_add(c.count.saturating_mul(shape.nominal_cycle_ns));
                if cycle_ns > MAX_SIM_TIME_NS {
                    return Err(ScenarioError::new(
                        at("count"),
                        format!(
                            "cycling so far would take {} s of simulated time, over the limit of {} s",
                            cycle_ns / 1_000_000_000,
                            MAX_SIM_TIME_NS / 1_000_000_000
                        ),
                    ));
                }
            }
            NandOp::Retention(r) => {
                if !(r.hours > 0.0 && r.hours <= 87_600.0) {
                    return Err(ScenarioError::new(
                        at("hours"),
                        format!("must be above 0 and at most 87600 (got {})", r.hours),
                    ));
                }
            }
            NandOp::SetIspp(s) => check_delta(
                &at("delta_vpgm_v"),
                s.delta_vpgm_v,
                shape.max_safe_delta_vpgm_v,
            )?,
        }
    }
    Ok(())
}

/// ΔVpgm must be positive and small enough that programmed states stay below the read
/// references above them.
pub fn check_delta(path: &str, delta_vpgm_v: f64, max_safe_v: f64) -> Result<(), ScenarioError> {
    let max = (max_safe_v * 1000.0).floor() / 1000.0;
    check_range(path, delta_vpgm_v, 0.01, max.max(0.01))
}

/// The number of bits `data` covers, checked against `room`. A pattern without `len_bits` fills
/// `room` when `fill_room`, else it is an error. `prefix` is the op's path ending with '.'.
pub fn data_len(
    data: &NandData,
    len_bits: Option<u32>,
    room: usize,
    fill_room: bool,
    prefix: &str,
) -> Result<usize, ScenarioError> {
    let len = match data {
        NandData::Hex(hex) => {
            if let Some(bad) = hex.chars().find(|c| !c.is_ascii_hexdigit()) {
                return Err(ScenarioError::new(
                    format!("{prefix}data.hex"),
                    format!("'{bad}' is not a hex digit"),
                ));
            }
            if hex.is_empty() {
                return Err(ScenarioError::new(format!("{prefix}data.hex"), "is empty"));
            }
            let bits = 4 * hex.len();
            match len_bits {
                Some(len) if len as usize != bits => {
                    return Err(ScenarioError::new(
                        format!("{prefix}len_bits"),
                        format!("{len} does not match the {bits} bits of data.hex"),
                    ));
                }
                _ if bits > room => {
                    return Err(ScenarioError::new(
                        format!("{prefix}data.hex"),
                        format!("{bits} bits of hex do not fit in the {room} bits available"),
                    ));
                }
                _ => bits,
            }
        }
        NandData::Pattern(_) => match (len_bits, fill_room) {
            (Some(len), _) => len as usize,
            (None, true) => room,
            (None, false) => {
                return Err(ScenarioError::new(
                    format!("{prefix}len_bits"),
                    "required with a pattern in an append (how many bits to write)",
                ));
            }
        },
    };
    check_range(&format!("{prefix}len_bits"), len as u64, 1, room as u64)?;
    Ok(len)
}
