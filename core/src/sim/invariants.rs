//! Invariants are code. After every step the run asks the lab for its checks and records them
//! here: how many times each invariant was checked, and the first step where it failed (with
//! the lab's explanation). A failure is sticky: a later success does not erase it.

use serde::Serialize;

/// One check of one invariant, produced by a lab after a step.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InvariantCheck {
    pub name: &'static str,
    pub ok: bool,
    /// Why it failed, in words a student can act on; empty when ok.
    pub detail: String,
}

impl InvariantCheck {
    pub fn pass(name: &'static str) -> Self {
        Self {
            name,
            ok: true,
            detail: String::new(),
        }
    }

    pub fn check(name: &'static str, ok: bool, detail: impl FnOnce() -> String) -> Self {
        Self {
            name,
            ok,
            detail: if ok { String::new() } else { detail() },
        }
    }
}

/// A sticky verdict on one invariant a lab checks as it goes (not in one pass after a step):
/// the first failure is kept, so a later success never hides it, and `checks` counts the
/// observations. The lab reports it each step with `check(name)`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Verdict {
    pub failure: Option<String>,
    pub checks: u64,
}

impl Verdict {
    /// One observation: counted, and kept as the failure if it is the first that failed.
    pub fn record(&mut self, ok: bool, detail: impl FnOnce() -> String) {
        self.checks += 1;
        if !ok && self.failure.is_none() {
            self.failure = Some(detail());
        }
    }

    /// A failure found without counting observations (a checker that only speaks up on one).
    pub fn fail(&mut self, detail: impl FnOnce() -> String) {
        if self.failure.is_none() {
            self.failure = Some(detail());
        }
    }

    /// The check to report after a step: passing until the first failure, failing from then on.
    pub fn check(&self, name: &'static str) -> InvariantCheck {
        InvariantCheck::check(name, self.failure.is_none(), || {
            self.failure.clone().unwrap_or_default()
        })
    }
}

/// The CLI and browser form: `{name, ok, checks, detail}` (DESIGN §3.2).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct InvariantReport {
    pub name: String,
    pub ok: bool,
    pub checks: u64,
    pub detail: String,
    /// The step at which it first failed, if it did.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub failed_at_step: Option<u64>,
}

#[derive(Debug, Clone, Default)]
pub struct InvariantLedger {
    /// Kept in first-seen order, which is the lab's declared order: stable across runs.
    entries: Vec<InvariantReport>,
    /// `entries[i].name` as the lab's `&'static str`, so that a lookup compares addresses first.
    names: Vec<&'static str>,
}

/// Whether two check names are the same: the same literal (address and length) or equal text.
fn same_name(a: &'static str, b: &'static str) -> bool {
    std::ptr::eq(a, b) || a == b
}

impl InvariantLedger {
    pub fn record(&mut self, step: u64, checks: &[InvariantCheck]) {
        // A lab reports its checks in a fixed order, so a check's entry is almost always the one
        // after the previous check's: try it before searching (names are unique in `entries`).
        let mut next = 0;
        for check in checks {
            let expected = self.names.get(next).filter(|&&n| same_name(n, check.name));
            let found = || self.names.iter().position(|&n| same_name(n, check.name));
            let index = match expected.map(|_| next).or_else(found) {
                Some(i) => i,
                None => {
                    self.names.push(check.name);
                    self.entries.push(InvariantReport {
                        name: check.name.to_string(),
                        ok: true,
                        checks: 0,
                        detail: String::new(),
                        failed_at_step: None,
                    });
                    self.entries.len() - 1
                }
            };
            next = index + 1;
            let entry = &mut self.entries[index];
            entry.checks += 1;
            if !check.ok && entry.ok {
                entry.ok = false;
                entry.detail = format!("step {step}: {}", check.detail);
                entry.failed_at_step = Some(step);
            }
        }
    }

    pub fn reports(&self) -> &[InvariantReport] {
        &self.entries
    }

    pub fn all_ok(&self) -> bool {
        self.entries.iter().all(|e| e.ok)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_failure_is_sticky_and_checks_are_counted() {
        let mut ledger = InvariantLedger::default();
        ledger.record(1, &[InvariantCheck::pass("a"), InvariantCheck::pass("b")]);
        ledger.record(2, &[InvariantCheck::check("a", false, || "broke".into())]);
        ledger.record(3, &[InvariantCheck::pass("a")]);
        let a = &ledger.reports()[0];
        assert_eq!((a.name.as_str(), a.ok, a.checks), ("a", false, 3));
        assert_eq!(a.detail, "step 2: broke");
        assert_eq!(a.failed_at_step, Some(2));
        assert!(ledger.reports()[1].ok);
        assert!(!ledger.all_ok());
    }

    /// The ledger before its in-order fast path: a plain search by name for every check.
    fn plain_record(entries: &mut Vec<InvariantReport>, step: u64, checks: &[InvariantCheck]) {
        for check in checks {
            let index = entries
                .iter()
                .position(|e| e.name == check.name)
                .unwrap_or_else(|| {
                    entries.push(InvariantReport {
                        name: check.name.to_string(),
                        ok: true,
                        checks: 0,
                        detail: String::new(),
                        failed_at_step: None,
                    });
                    entries.len() - 1
                });
            let entry = &mut entries[index];
            entry.checks += 1;
            if !check.ok && entry.ok {
                entry.ok = false;
                entry.detail = format!("step {step}: {}", check.detail);
                entry.failed_at_step = Some(step);
            }
        }
    }

    /// Labs report checks in a fixed order, but some only on some steps (a sweep every few
    /// steps) and a new one can appear late: the ledger equals the plain search on any sequence.
    #[test]
    fn ledger_equals_a_plain_search_by_name_whatever_the_order() {
        let names = ["a", "b", "c", "d", "e"];
        let mut rng = crate::sim::Rng::new(8);
        for _ in 0..200 {
            let mut ledger = InvariantLedger::default();
            let mut plain = Vec::new();
            for step in 1..=30 {
                let mut checks = Vec::new();
                for name in names {
                    if rng.below(4) != 0 {
                        let ok = rng.below(20) != 0;
                        checks.push(InvariantCheck::check(name, ok, || format!("{name} broke")));
                    }
                }
                if rng.below(10) == 0 {
                    checks.reverse();
                }
                ledger.record(step, &checks);
                plain_record(&mut plain, step, &checks);
                assert_eq!(ledger.reports(), plain.as_slice(), "step {step}");
            }
        }
    }
}
