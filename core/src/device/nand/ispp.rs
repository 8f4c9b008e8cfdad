//! ISPP: incremental step pulse programming, one pulse at a time (Suh et al., JSSC 1995 \[R\];
//! the loop as seed 004 §3 describes it: "After each program iteration the charge in the cells
//! is controlled, and if it is lower than the desired charge it is increased in a subsequent
//! iteration").
//!
//! One `pulse` call is one loop:
//! 1. Vpgm = Vpgm_start + (n − 1)·ΔVpgm (the staircase).
//! 2. Every cell still pending gets the pulse: its threshold moves to max(Vth, Vpgm − K + η),
//!    K its coupling offset, η the landing jitter (normal, σ from `WearParams`, truncated ±3σ).
//!    Far below the tracking line a cell jumps up to it; once on it, each pulse raises it by
//!    ≈ ΔVpgm. Charge is only ever added.
//! 3. Verify: each target placement that still has pending cells costs one verify; a cell whose
//!    threshold reached its target's verify voltage passes, takes its new state and is inhibited
//!    from then on (its bitline is boosted: "self-boosting", seed 004 §4).
//! 4. Since a cell stops at the first pulse that lifts it past PV, it ends in [PV, PV + ΔVpgm]
//!    plus jitter: the distribution width is ≈ ΔVpgm (calibration.md A1-7).
//! 5. The program is done when no cell is pending; it fails when the loop limit is reached first
//!    (the cells that did not verify keep their older state and the page is flagged failed).

use super::timing::Timing;
use super::wordline::Wordline;
use crate::device::nand::random::truncated_normal;
use crate::sim::Rng;

/// Whether the user asked for a page program or an append into part of a page.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ProgramKind {
    Program,
    Append,
}

/// Where one cell is headed in this program.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CellTarget {
    pub steps: u8,
    pub prefix: u8,
    pub placement: usize,
    pub verify_v: f64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ProgramOutcome {
    Completed {
        loops: u32,
        latency_ns: u64,
    },
    Failed {
        loops: u32,
        latency_ns: u64,
        unverified_cells: usize,
    },
}

/// What one pulse did.
#[derive(Debug, Clone, PartialEq)]
pub struct PulseReport {
    pub loop_index: u32,
    pub vpgm_v: f64,
    /// Verifies performed in this loop (one per target placement with pending cells).
    pub verifies: u32,
    /// (placement, cells that passed its verify in this loop), in placement order.
    pub passed: Vec<(usize, u32)>,
    /// Cells still pending after this loop's verify.
    pub programming: usize,
    /// Cells not being programmed (never targeted, or passed).
    pub inhibited: usize,
    /// Set on the loop that ends the program.
    pub outcome: Option<ProgramOutcome>,
}

/// A program in progress on one wordline.
#[derive(Debug, Clone, PartialEq)]
pub struct IsppRun {
    pub page: usize,
    pub wordline: usize,
    pub step: u8,
    pub kind: ProgramKind,
    pub vpgm_start_v: f64,
    pub delta_vpgm_v: f64,
    pub max_loops: u32,
    pub loops: u32,
    pub latency_ns: u64,
    /// Vpgm of every pulse so far.
    pub staircase_v: Vec<f64>,
    /// Cells that needed at least one pulse.
    pub cells_targeted: usize,
    pub outcome: Option<ProgramOutcome>,
    targets: Vec<Option<CellTarget>>,
    pending: Vec<bool>,
}

impl IsppRun {
    /// A run over `targets` (None: inhibited from the start). `overhead_ns` is charged up front.
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        page: usize,
        wordline: usize,
        step: u8,
        kind: ProgramKind,
        ispp: (f64, f64, u32),
        targets: Vec<Option<CellTarget>>,
        overhead_ns: u64,
    ) -> Self {
        let (vpgm_start_v, delta_vpgm_v, max_loops) = ispp;
        let pending: Vec<bool> = targets.iter().map(Option::is_some).collect();
        let cells_targeted = pending.iter().filter(|&&p| p).count();
        let outcome = (cells_targeted == 0).then_some(ProgramOutcome::Completed {
            loops: 0,
            latency_ns: overhead_ns,
        });
        Self {
            page,
            wordline,
            step,
            kind,
            vpgm_start_v,
            delta_vpgm_v,
            max_loops,
            loops: 0,
            latency_ns: overhead_ns,
            staircase_v: Vec::new(),
            cells_targeted,
            outcome,
            targets,
            pending,
        }
    }

    pub fn is_done(&self) -> bool {
        self.outcome.is_some()
    }

    pub fn is_pending(&self, cell: usize) -> bool {
        self.pending.get(cell).copied().unwrap_or(false)
    }

    pub fn target(&self, cell: usize) -> Option<CellTarget> {
        self.targets.get(cell).copied().flatten()
    }

    pub fn pending_count(&self) -> usize {
        self.pending.iter().filter(|&&p| p).count()
    }

    /// Vpgm of the latest pulse (the start voltage before the first).
    pub fn vpgm_v(&self) -> f64 {
        self.staircase_v
            .last()
            .copied()
            .unwrap_or(self.vpgm_start_v)
    }

    /// The report of a pulse that did nothing (the run is done).
    pub fn idle_report(&self) -> PulseReport {
        let programming = self.pending_count();
        PulseReport {
            loop_index: self.loops,
            vpgm_v: self.vpgm_v(),
            verifies: 0,
            passed: Vec::new(),
            programming,
            inhibited: self.pending.len() - programming,
            outcome: self.outcome,
        }
    }

    /// Ends the run as failed without another pulse (e.g. its wordline no longer exists).
    pub fn abort(&mut self) {
        if self.outcome.is_none() {
            self.outcome = Some(ProgramOutcome::Failed {
                loops: self.loops,
                latency_ns: self.latency_ns,
                unverified_cells: self.pending_count(),
            });
        }
    }

    /// One pulse and its verify on `wordline`. Does nothing once the run is done.
    pub fn pulse(
        &mut self,
        wordline: &mut Wordline,
        jitter_sigma_v: f64,
        timing: &Timing,
        rng: &mut Rng,
    ) -> PulseReport {
        let cells = self.pending.len();
        if self.outcome.is_some() {
            return self.idle_report();
        }
        self.loops += 1;
        let vpgm_v = self.vpgm_start_v + f64::from(self.loops - 1) * self.delta_vpgm_v;
        self.staircase_v.push(vpgm_v);
        // 2. Pulse every pending cell.
        for cell in 0..cells {
            if !self.pending[cell] {
                continue;
            }
            let landing = vpgm_v - wordline.coupling_v[cell]
                + truncated_normal(rng, 0.0, jitter_sigma_v, 3.0);
            let effective = wordline.effective_vth_v(cell);
            if landing > effective {
                let before_v = wordline.vth_v[cell];
                wordline.vth_v[cell] += landing - effective;
                // A pulse only adds charge (the lab's `charge_only_rises_between_erases`).
                debug_assert!(
                    wordline.vth_v[cell] >= before_v,
                    "cell {cell}: Vth {before_v} V fell to {} V in a pulse",
                    wordline.vth_v[cell]
                );
            }
        }
        // 3. Verify, one sense per placement that still has pending cells.
        let mut passed: Vec<(usize, u32)> = Vec::new();
        for cell in 0..cells {
            let Some(target) = self.targets[cell] else {
                continue;
            };
            if self.pending[cell] && !passed.iter().any(|(p, _)| *p == target.placement) {
                passed.push((target.placement, 0));
            }
        }
        passed.sort_unstable();
        let verifies = passed.len() as u32;
        for cell in 0..cells {
            let Some(target) = self.targets[cell] else {
                continue;
            };
            if self.pending[cell] && wordline.effective_vth_v(cell) >= target.verify_v {
                // `Block::begin_program` refused any target below the cell's state (rule 4),
                // so the state a cell has reached only moves up between erases.
                debug_assert!(
                    target.steps >= wordline.cell_steps[cell],
                    "cell {cell}: state of {} page steps lowered to {}",
                    wordline.cell_steps[cell],
                    target.steps
                );
                self.pending[cell] = false;
                wordline.cell_steps[cell] = target.steps;
                wordline.cell_prefix[cell] = target.prefix;
                if let Some(entry) = passed.iter_mut().find(|(p, _)| *p == target.placement) {
                    entry.1 += 1;
                }
            }
        }
        self.latency_ns += timing.loop_ns(verifies);
        let programming = self.pending_count();
        if programming == 0 {
            self.outcome = Some(ProgramOutcome::Completed {
                loops: self.loops,
                latency_ns: self.latency_ns,
            });
        } else if self.loops >= self.max_loops {
            self.outcome = Some(ProgramOutcome::Failed {
                loops: self.loops,
                latency_ns: self.latency_ns,
                unverified_cells: programming,
            });
            if let Some(flag) = wordline.page_failed.get_mut(usize::from(self.step)) {
                *flag = true;
            }
        }
        PulseReport {
            loop_index: self.loops,
            vpgm_v,
            verifies,
            passed,
            programming,
            inhibited: cells - programming,
            outcome: self.outcome,
        }
    }
}
