//! The SSD lab's invariants after every step. They are the FTL checker's (`device/ssd/checks.rs`,
//! a library the FTL tests use on a bare FTL too): the lab keeps one `CheckState`, updated during
//! the step from the operations the step logged, and reports its six checks here.

use super::SsdLab;
use crate::sim::InvariantCheck;

/// The six checks after the latest step, in their fixed order, appended to `out`.
pub fn check_invariants(lab: &SsdLab, out: &mut Vec<InvariantCheck>) {
    lab.checks.report_into(&lab.ftl, out)
}
