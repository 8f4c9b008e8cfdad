//! The host: turns the workload plan into a stream of requests, one at a time, deterministically
//! from the scenario seed.
//!
//! 1. Explicit ops are issued in order; an op's version (and answer index) is its index in `ops`.
//! 2. A generator draws, per request and in this order: the kind (read / trim / write by the
//!    configured fractions; no draw when both are 0), then the address:
//!    - `sequential`: from LBA 0 on, request after request, wrapping at the span;
//!    - `uniform`: a uniformly random request-aligned slot of the span;
//!    - `hot_cold`: with probability `hot_access_fraction` a random slot among the first
//!      `hot_pages`, otherwise one among the rest (the classic 80/20 skew).
//! 3. Preconditioning (in `lab.rs`) uses its own generator seeded from the same seed, so adding
//!    warm-up writes does not change the measured request stream.

use super::body::{SsdOpKind, SsdPattern};
use crate::device::ssd::config::{SourceSpec, WorkloadPlan};
use crate::sim::Rng;

/// One host request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Request {
    /// Issue order, from 0.
    pub id: u32,
    pub kind: SsdOpKind,
    pub lba: u32,
    pub pages: u32,
    /// Earliest issue time.
    pub at_ns: u64,
    /// Index in `workload.ops` (explicit ops only).
    pub op_index: Option<u32>,
}

#[derive(Debug, Clone)]
pub struct Source {
    rng: Rng,
    issued: u64,
    sequential_lba: u32,
    pending: Option<Request>,
}

impl Source {
    pub fn new(seed: u64) -> Self {
        Self {
            rng: Rng::new(seed),
            issued: 0,
            sequential_lba: 0,
            pending: None,
        }
    }

    /// The next request without taking it.
    pub fn peek(&mut self, plan: &WorkloadPlan) -> Option<Request> {
        if self.pending.is_none() {
            self.pending = self.generate(plan);
        }
        self.pending
    }

    /// Takes the next request.
    pub fn take(&mut self, plan: &WorkloadPlan) -> Option<Request> {
        let request = self.peek(plan)?;
        self.pending = None;
        self.issued += 1;
        Some(request)
    }

    pub fn issued(&self) -> u64 {
        self.issued
    }

    fn generate(&mut self, plan: &WorkloadPlan) -> Option<Request> {
        let id = self.issued as u32;
        match &plan.source {
            SourceSpec::Ops(ops) => {
                let op = ops.get(self.issued as usize)?;
                Some(Request {
                    id,
                    kind: op.kind,
                    lba: op.lba,
                    pages: op.count,
                    at_ns: op.at_ns,
                    op_index: Some(id),
                })
            }
            SourceSpec::Generator(g) => {
                if self.issued >= g.requests {
                    return None;
                }
                let kind = if g.read_fraction > 0.0 || g.trim_fraction > 0.0 {
                    let r = self.rng.unit_f64();
                    if r < g.read_fraction {
                        SsdOpKind::Read
                    } else if r < g.read_fraction + g.trim_fraction {
                        SsdOpKind::Trim
                    } else {
                        SsdOpKind::Write
                    }
                } else {
                    SsdOpKind::Write
                };
                let pages = g.request_pages;
                let slots = u64::from(g.span_pages / pages);
                let lba = match g.pattern {
                    SsdPattern::Sequential => {
                        let lba = self.sequential_lba;
                        self.sequential_lba += pages;
                        if u64::from(self.sequential_lba) + u64::from(pages)
                            > u64::from(g.span_pages)
                        {
                            self.sequential_lba = 0;
                        }
                        lba
                    }
                    SsdPattern::Uniform => self.rng.below(slots) as u32 * pages,
                    SsdPattern::HotCold => {
                        let hot_slots = u64::from(g.hot_pages / pages);
                        let slot = if self.rng.chance(g.hot_access_fraction) {
                            self.rng.below(hot_slots)
                        } else {
                            hot_slots + self.rng.below(slots - hot_slots)
                        };
                        slot as u32 * pages
                    }
                };
                Some(Request {
                    id,
                    kind,
                    lba,
                    pages,
                    at_ns: 0,
                    op_index: None,
                })
            }
        }
    }
}
