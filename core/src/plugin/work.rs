//! Limits bound the work, not only the counts. Every lab estimates, from its validated scenario,
//! an upper bound of what running it will cost; `crate::labs::build` rejects a scenario whose
//! estimate is over a budget, naming the budget, the estimate and the field that drives it.
//!
//! 1. `Work`: elementary operations: every step of the run, plus what a lab does inside one
//!    step (the page writes of an SSD's preconditioning, the cells one ISPP pulse touches), so
//!    a single step cannot hide unbounded work.
//! 2. `AnswerRows`: rows of every answer (a scan or range answers many), the output's size.
//! 3. `StateBytes`: the size of one snapshot of the lab's state at its largest; the keyframe
//!    store keeps several of them, within `KEYFRAME_BYTES` (see `sim::run`).

use crate::scenario::ScenarioError;
use crate::scenario::limits::{MAX_ANSWER_ROWS, MAX_STATE_BYTES, MAX_WORK};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Budget {
    Work,
    AnswerRows,
    StateBytes,
}

impl Budget {
    pub fn limit(self) -> u64 {
        match self {
            Budget::Work => MAX_WORK,
            Budget::AnswerRows => MAX_ANSWER_ROWS,
            Budget::StateBytes => MAX_STATE_BYTES,
        }
    }

    pub fn what(self) -> &'static str {
        match self {
            Budget::Work => "elementary operations",
            Budget::AnswerRows => "answer rows",
            Budget::StateBytes => "bytes of state",
        }
    }
}

/// An upper bound of one budget's use, and the scenario field that drives it most.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WorkEstimate {
    pub budget: Budget,
    pub amount: u64,
    /// JSON path of the field to change to bring it down, e.g. `workload.ops`.
    pub field: String,
}

impl WorkEstimate {
    pub fn new(budget: Budget, amount: u64, field: impl Into<String>) -> Self {
        Self {
            budget,
            amount,
            field: field.into(),
        }
    }
}

/// The first estimate over its budget, as an error naming the field, the estimate and the limit.
pub fn check(estimates: &[WorkEstimate]) -> Result<(), ScenarioError> {
    for estimate in estimates {
        let limit = estimate.budget.limit();
        if estimate.amount > limit {
            return Err(ScenarioError::new(
                &estimate.field,
                format!(
                    "this scenario would take up to {} {}; the limit is {} (make it smaller)",
                    estimate.amount,
                    estimate.budget.what(),
                    limit
                ),
            ));
        }
    }
    Ok(())
}

/// `a * b` without overflow, for estimates (an overflowing estimate is over every budget).
pub fn times(a: u64, b: u64) -> u64 {
    a.saturating_mul(b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_estimate_over_its_budget_names_field_amount_and_limit() {
        let over = WorkEstimate::new(Budget::AnswerRows, MAX_ANSWER_ROWS + 1, "workload.ops");
        let error = check(&[over]).unwrap_err().to_string();
        assert!(error.starts_with("workload.ops: "), "{error}");
        assert!(error.contains(&MAX_ANSWER_ROWS.to_string()), "{error}");
        assert!(error.contains("answer rows"), "{error}");
        let at_limit = WorkEstimate::new(Budget::Work, MAX_WORK, "workload.requests");
        assert!(check(&[at_limit]).is_ok());
    }
}
