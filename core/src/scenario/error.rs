//! The one error type for bad input: always a JSON path and a message.

use thiserror::Error;

#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{path}: {message}")]
pub struct ScenarioError {
    /// Dotted JSON path, e.g. `workload.ops[3].key`; `scenario` for the document itself.
    pub path: String,
    pub message: String,
}

impl ScenarioError {
    pub fn new(path: impl Into<String>, message: impl Into<String>) -> Self {
        Self {
            path: path.into(),
            message: message.into(),
        }
    }
}
