//! flashlog benchmark cases (filled in step 2).

use crate::plugin::BenchCase;

pub fn cases() -> Vec<BenchCase> {
    Vec::new()
}
