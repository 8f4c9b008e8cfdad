//! Answers to explicit `read` ops (DESIGN §3.2): `{op, kind: "read", lba, version}`, where
//! `version` is the op index of the write whose data the page held (null: never written), and a
//! page the preconditioning wrote says `preconditioned: true` with a null version.

use serde_json::{Value, json};

use super::{PRECONDITION_VERSION, SsdLab};
use crate::device::ssd::ftl::NO_VERSION;
use crate::sim::Answer;

/// Every answer so far, in op order.
pub fn answers(lab: &SsdLab) -> Vec<Answer> {
    lab.answers
        .iter()
        .map(|&(op, lba, version)| {
            let mut answer = json!({"op": op, "kind": "read", "lba": lba});
            let v = match version {
                NO_VERSION => Value::Null,
                PRECONDITION_VERSION => {
                    answer["preconditioned"] = json!(true);
                    Value::Null
                }
                v => json!(v),
            };
            answer["version"] = v;
            answer
        })
        .collect()
}
