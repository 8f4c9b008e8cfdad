//! The FD+tree lab's claims (`flashlab reproduce`).
use crate::plugin::Claim;

pub fn claims() -> Vec<Claim> {
    Vec::new()
}
