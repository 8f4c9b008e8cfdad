//! The compare view's disk-arm trace (§2.2, §2.3, Fig. 16): in-place's and IU's I/Os as they
//! booked them (`baseline::arm_trace`), as meta (`MasmArmTrace`) and flat series.
//!
//! 1. For each of in-place and IU that runs: the sizes of the devices (the y axes), how many
//!    I/Os each stream recorded and kept, and the latest scan's window.
//! 2. Series `arm_in_place_scan`, `arm_in_place_other`, `arm_iu_scan`, `arm_iu_other`: rows of
//!    3 `[start_ns, end_ns, offset_bytes]`, oldest first (empty without the compare mode or when
//!    the scheme is unavailable).

use super::MasmLab;
use super::payload::{Interval, MasmArmTrace, SchemeId};
use crate::masm::baseline::SchemeKind;
use crate::masm::baseline::arm_trace::{ArmStream, ArmTrace};
use crate::sim::NamedSeries;

/// The schemes with a trace, their view id and series names.
const TRACED: [(SchemeKind, SchemeId, &str, &str); 2] = [
    (
        SchemeKind::InPlace,
        SchemeId::InPlace,
        "arm_in_place_scan",
        "arm_in_place_other",
    ),
    (SchemeKind::Iu, SchemeId::Iu, "arm_iu_scan", "arm_iu_other"),
];

fn trace_of(lab: &MasmLab, kind: SchemeKind) -> Option<&ArmTrace> {
    let compare = lab.compare.as_ref()?;
    let slot = compare.slots.iter().find(|s| s.kind == kind)?;
    slot.baseline.as_ref()?.arm_trace()
}

/// Step 1.
pub fn arm_payload(lab: &MasmLab) -> Vec<MasmArmTrace> {
    let Some(compare) = lab.compare.as_ref() else {
        return Vec::new();
    };
    TRACED
        .iter()
        .filter_map(|&(kind, scheme, _, _)| {
            let trace = trace_of(lab, kind)?;
            let (other_device, other_bytes) = match kind {
                SchemeKind::Iu => ("ssd", compare.cache_bytes),
                _ => ("hdd", compare.table_bytes),
            };
            Some(MasmArmTrace {
                scheme,
                table_bytes: compare.table_bytes,
                other_device: other_device.to_string(),
                other_bytes,
                scan_total: trace.scan.total,
                scan_kept: trace.scan.ios.len() as u64,
                other_total: trace.other.total,
                other_kept: trace.other.ios.len() as u64,
                last_scan: trace
                    .last_scan_ns
                    .map(|(start_ns, end_ns)| Interval { start_ns, end_ns }),
            })
        })
        .collect()
}

fn rows(stream: Option<&ArmStream>) -> Vec<f64> {
    stream.map_or_else(Vec::new, |s| {
        s.ios
            .iter()
            .flat_map(|io| [io.start_ns as f64, io.end_ns as f64, io.offset_bytes as f64])
            .collect()
    })
}

/// Step 2.
pub fn arm_series(lab: &MasmLab) -> Vec<NamedSeries> {
    let mut out = Vec::with_capacity(2 * TRACED.len());
    for &(kind, _, scan_name, other_name) in &TRACED {
        let trace = trace_of(lab, kind);
        out.push(NamedSeries {
            name: scan_name,
            data: rows(trace.map(|t| &t.scan)),
        });
        out.push(NamedSeries {
            name: other_name,
            data: rows(trace.map(|t| &t.other)),
        });
    }
    out
}
