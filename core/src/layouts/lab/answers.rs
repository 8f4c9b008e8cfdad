//! Answers of the layouts lab: one per finished scan, in op order, `{op, kind: "scan", columns,
//! rows}` with `rows` = `[[row, value of each projected column...], ...]` in row order.

use serde_json::json;

use super::LayoutsLab;
use crate::sim::Answer;

/// Every finished scan's answer so far, in op order.
pub fn answers(lab: &LayoutsLab) -> Vec<Answer> {
    lab.run
        .queries
        .iter()
        .enumerate()
        .filter(|(_, q)| q.finished_ns.is_some())
        .map(|(i, q)| {
            let rows: Vec<Vec<u64>> = q
                .answer
                .iter()
                .map(|a| {
                    std::iter::once(a.row)
                        .chain(a.values.iter().copied())
                        .collect()
                })
                .collect();
            json!({"op": i, "kind": "scan", "columns": q.spec.query.columns, "rows": rows})
        })
        .collect()
}
