//! Latency from physics: program time follows from ISPP loop counts, read time from senses.
//!
//! 1. ISPP parameters: the staircase starts at Vpgm_start and rises by ΔVpgm per pulse. In the
//!    linear (tracking) regime a pulse at Vpgm leaves a cell at Vth ≈ Vpgm − K, where K is the
//!    cell's coupling offset (normal, truncated at ±3σ_K: fast and slow cells).
//! 2. A target placement with verify voltage PV is reached by the slowest cell (K_max) after
//!    n = 1 + ⌈(PV − (Vpgm_start − K_max)) / ΔVpgm⌉ pulses (Suh et al., JSSC 1995, form \[R\]).
//! 3. One loop is one pulse plus one verify per target placement that still has cells pending;
//!    program latency = overhead + Σ_loops (t_pulse + verifies·t_verify). A page step with more
//!    and higher targets (MLC MSB: P1, P2, P3 vs LSB: LM) needs more loops *and* more verifies
//!    per loop: that is why MSB pages are slower, not a table lookup.
//! 4. Calibration: t_verify = t_pulse (model choice) and t_pulse is fitted once per preset so that
//!    the nominal LSB program time equals the preset's quoted LSB tPROG. MSB (and CSB) times are
//!    then predictions, compared with the quoted ones in `reproduce`.
//! 5. Reads: t_R = t_base + senses·t_sense, with senses = read references of the page (1-2-4).

use super::layout::VthLayout;

/// ISPP staircase and cell program-speed parameters.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct IsppParams {
    pub vpgm_start_v: f64,
    pub delta_vpgm_v: f64,
    /// K: Vth ≈ Vpgm − K in the tracking regime.
    pub coupling_mean_v: f64,
    pub coupling_sigma_v: f64,
    pub coupling_limit_sigmas: f64,
    /// Pulse-landing jitter of a fresh cell as a fraction of ΔVpgm (σ; truncated at ±3σ).
    pub jitter_fraction: f64,
    /// Loops after which a program that has not verified every cell reports failure.
    pub max_loops: u32,
}

impl IsppParams {
    /// Vth the slowest cell reaches on the first pulse.
    pub fn slowest_first_vth_v(&self) -> f64 {
        self.vpgm_start_v
            - (self.coupling_mean_v + self.coupling_limit_sigmas * self.coupling_sigma_v)
    }

    /// Pulses the slowest cell needs to pass verify level `verify_v` (at least 1).
    pub fn nominal_loops_to(&self, verify_v: f64, delta_vpgm_v: f64) -> u32 {
        let steps = (verify_v - self.slowest_first_vth_v()) / delta_vpgm_v;
        let steps = (steps - 1e-9).ceil().max(0.0);
        1 + steps.min(f64::from(u32::MAX - 1)) as u32
    }

    /// The design rule for the start voltage: the fastest cell must not pass the lowest verify
    /// level on the first pulse by more than it would on a later one.
    pub fn start_for(lowest_verify_v: f64, delta_vpgm_v: f64, coupling: (f64, f64, f64)) -> f64 {
        let (mean, sigma, limit) = coupling;
        mean + lowest_verify_v - limit * sigma - delta_vpgm_v
    }
}

/// Per-operation time constants, nanoseconds.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Timing {
    pub pulse_ns: u64,
    pub verify_ns: u64,
    pub program_overhead_ns: u64,
    pub read_base_ns: u64,
    pub read_sense_ns: u64,
    pub erase_ns: u64,
}

impl Timing {
    pub fn loop_ns(&self, verifies: u32) -> u64 {
        self.pulse_ns + u64::from(verifies) * self.verify_ns
    }

    pub fn read_ns(&self, senses: usize) -> u64 {
        self.read_base_ns + senses as u64 * self.read_sense_ns
    }
}

/// The expected ISPP work of programming page step `step` on a wordline whose earlier steps
/// hold every combination of bits (random data).
#[derive(Debug, Clone, PartialEq)]
pub struct NominalStep {
    /// Placement indices that cells move into, with the loops their slowest cell needs.
    pub targets: Vec<(usize, u32)>,
    pub loops: u32,
    pub verifies: u32,
}

impl NominalStep {
    pub fn compute(layout: &VthLayout, ispp: &IsppParams, step: u8, delta_vpgm_v: f64) -> Self {
        let mut targets: Vec<(usize, u32)> = Vec::new();
        for prefix in 0..(1u8 << step) {
            let from = layout.placement_of(step, prefix);
            for bit in 0..2u8 {
                let to = layout.placement_of(step + 1, prefix | (bit << step));
                if to != from && !targets.iter().any(|(t, _)| *t == to) {
                    let verify = layout.placement(to).verify_v;
                    targets.push((to, ispp.nominal_loops_to(verify, delta_vpgm_v)));
                }
            }
        }
        targets.sort_unstable();
        let loops = targets.iter().map(|(_, n)| *n).max().unwrap_or(0);
        let verifies = targets.iter().map(|(_, n)| *n).sum();
        Self {
            targets,
            loops,
            verifies,
        }
    }

    pub fn latency_ns(&self, timing: &Timing) -> u64 {
        timing.program_overhead_ns
            + u64::from(self.loops) * timing.pulse_ns
            + u64::from(self.verifies) * timing.verify_ns
    }

    /// Pulse time that makes this step take `target_ns`, with t_verify = `verify_ratio`·t_pulse.
    pub fn fit_pulse_ns(&self, target_ns: u64, overhead_ns: u64, verify_ratio: f64) -> u64 {
        let units = f64::from(self.loops) + verify_ratio * f64::from(self.verifies);
        if units <= 0.0 {
            return 0;
        }
        (target_ns.saturating_sub(overhead_ns) as f64 / units).round() as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::device::nand::coding::CellType;

    fn mlc() -> (VthLayout, IsppParams) {
        let layout = VthLayout::new(
            CellType::Mlc,
            (-2.5, 0.7, 3.5),
            &[0.6, 1.8, 3.0],
            0.15,
            0.05,
        );
        let ispp = IsppParams {
            vpgm_start_v: IsppParams::start_for(0.6, 0.15, (15.0, 0.25, 3.0)),
            delta_vpgm_v: 0.15,
            coupling_mean_v: 15.0,
            coupling_sigma_v: 0.25,
            coupling_limit_sigmas: 3.0,
            jitter_fraction: 0.05,
            max_loops: 44,
        };
        (layout, ispp)
    }

    #[test]
    fn msb_step_needs_more_loops_and_more_verifies_than_lsb() {
        let (layout, ispp) = mlc();
        let lsb = NominalStep::compute(&layout, &ispp, 0, 0.15);
        let msb = NominalStep::compute(&layout, &ispp, 1, 0.15);
        assert_eq!((lsb.loops, lsb.verifies, lsb.targets.len()), (16, 16, 1));
        assert_eq!((msb.loops, msb.verifies, msb.targets.len()), (28, 60, 3));
    }

    #[test]
    fn fitted_pulse_reproduces_the_target_latency() {
        let (layout, ispp) = mlc();
        let lsb = NominalStep::compute(&layout, &ispp, 0, 0.15);
        let pulse_ns = lsb.fit_pulse_ns(850_000, 10_000, 1.0);
        let timing = Timing {
            pulse_ns,
            verify_ns: pulse_ns,
            program_overhead_ns: 10_000,
            read_base_ns: 0,
            read_sense_ns: 0,
            erase_ns: 0,
        };
        assert!((lsb.latency_ns(&timing) as i64 - 850_000).abs() < 100);
    }
}
