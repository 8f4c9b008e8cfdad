//! Scenario files (DESIGN §3.1): untrusted JSON turned into a validated lab, or a clear error
//! that names the offending field.
//!
//! 1. `limits`: the caps on size, counts and simulated time that keep any input from exhausting
//!    memory or hanging the tab. A scenario over a cap is rejected with the cap in the message.
//! 2. `header`: the common fields `version`, `lab`, `title`, `seed`, checked by hand so their
//!    messages are exact; the rest of the object is the lab-specific body.
//! 3. `parse`: typed deserialisation of a body with the JSON path of any error
//!    (`workload.ops[3].key: expected an unsigned integer`), plus range-check helpers.
//! 4. `schema`: `scenarios/schema.json`, generated from the same Rust types.
//! 5. `shape`: a bound on the JSON objects and arrays, checked on the text before parsing.

pub mod error;
pub mod header;
pub mod limits;
pub mod parse;
pub mod schema;
pub mod shape;

pub use error::ScenarioError;
pub use header::{Header, SCENARIO_VERSION, parse_document};
pub use parse::{check_range, parse_body};
