//! Wear: how program/erase cycling widens Vth distributions and raises the raw bit error rate.
//!
//! **Model illustration.** The functional form is Dong, Li & Zhang, "On the use of soft-decision
//! error-correction codes in NAND flash memory", IEEE TCAS-I 58(2), 2011 \[R\]; the constants are
//! those of a public MATLAB reproduction (calibration.md A4, \[Qc\]; F4: the primary source is not
//! verified). That model works on a normalized Vth axis; this model uses model volts with
//! `volts_per_unit` = 2.0 V per normalized unit \[D\]: the normalized SLC programmed width ΔVp =
//! 0.25 is the SLC ISPP step, which Cho et al. 2001 give as 0.5 V.
//!
//! With N = P/E cycles of the block:
//! 1. Random telegraph noise at every sense: Laplace with scale λ(N) = 2.5×10⁻⁴·√N normalized,
//!    i.e. `volts_per_unit`·2.5×10⁻⁴·√N volts. Erased cells get RTN only (as in the model).
//! 2. Program noise: each ISPP pulse lands with jitter σ_η(N) = jitter·ΔVpgm + c·λ(N)·√2
//!    (λ·√2 is the RTN standard deviation). Verify still stops each cell at its first pass, so
//!    wear widens programmed states *upwards*: the distributions "shift to the right and widen as
//!    P/E cycles increase" (Cai et al., DATE 2013 \[Q\]). c = `program_noise_factor` = 2.5 is
//!    **fitted**: it makes the TLC preset's RBER at 4,000 P/E (seed 004's rated TLC endurance)
//!    equal the wear term α·N^k of the RBER power-law lead in calibration.md A4 (α 3.90×10⁻¹⁰,
//!    k 2.05; fit provenance unknown, "a lead, not a citation"); `reproduce` checks the curve at
//!    1,000, 3,000 and 5,000 P/E. The lead's fresh-cell floor ε is not modelled: a fresh block
//!    reads without errors here by construction.
//! 3. Retention (charge loss during a bake of t seconds after programming): a Gaussian shift with
//!    mean −K_s·h·K_d·√N·ln(1 + t/t₀) and variance K_s·h·K_m·N^0.6·ln(1 + t/t₀) in normalized
//!    units, K_s 0.38, K_d 4×10⁻⁴, K_m 4×10⁻⁶, t₀ 3600 s \[Qc\]; converted to volts with
//!    `volts_per_unit`. h is the cell's height above the erased mean; the model's single SLC
//!    window (V_p − V_e = 2.6 − 1.4 = 1.2 normalized \[Qc\]) is mapped onto each cell type's whole
//!    window, so the top level of SLC, MLC and TLC alike has h = 1.2 (model choice: the constants
//!    were fitted to one window, and applying them per volt to a 6 V TLC window would triple the
//!    loss).
//! 4. At N = 0 every term vanishes: a fresh block reads back without errors (an invariant).

/// Constants of the wear model (calibration.md A4).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct WearParams {
    /// RTN Laplace scale per √cycle, normalized units (2.5×10⁻⁴).
    pub rtn_coeff_norm: f64,
    /// Model volts per normalized unit of the Dong/Li/Zhang axis.
    pub volts_per_unit: f64,
    /// c in σ_η(N) = jitter·ΔV + c·√2·λ(N).
    pub program_noise_factor: f64,
    pub retention_ks: f64,
    pub retention_kd: f64,
    pub retention_km: f64,
    pub retention_t0_s: f64,
    /// V_p − V_e of the model's SLC window, normalized (1.2).
    pub retention_window_norm: f64,
}

impl WearParams {
    /// The calibration.md A4 constants.
    pub fn dong_li_zhang() -> Self {
        Self {
            rtn_coeff_norm: 2.5e-4,
            volts_per_unit: 2.0,
            program_noise_factor: 2.5,
            retention_ks: 0.38,
            retention_kd: 4e-4,
            retention_km: 4e-6,
            retention_t0_s: 3600.0,
            retention_window_norm: 1.2,
        }
    }

    /// λ(N): the Laplace scale of read noise after `pe_cycles`, volts.
    pub fn rtn_scale_v(&self, pe_cycles: u64) -> f64 {
        self.volts_per_unit * self.rtn_coeff_norm * (pe_cycles as f64).sqrt()
    }

    /// σ_η(N): the standard deviation of where one ISPP pulse lands, volts.
    pub fn pulse_jitter_sigma_v(
        &self,
        pe_cycles: u64,
        delta_vpgm_v: f64,
        jitter_fraction: f64,
    ) -> f64 {
        jitter_fraction * delta_vpgm_v
            + self.program_noise_factor * std::f64::consts::SQRT_2 * self.rtn_scale_v(pe_cycles)
    }

    /// (mean charge loss, σ) in volts after `hours` of retention for a cell at `window_fraction`
    /// of its cell type's window ((Vth − mean ER) / (top PV − mean ER)), programmed at
    /// `pe_cycles`. Loss is positive (Vth goes down).
    pub fn retention_loss_v(&self, pe_cycles: u64, window_fraction: f64, hours: f64) -> (f64, f64) {
        if window_fraction <= 0.0 || hours <= 0.0 || pe_cycles == 0 {
            return (0.0, 0.0);
        }
        let n = pe_cycles as f64;
        let height = self.retention_window_norm * window_fraction;
        let log_term = libm::log1p(hours * 3600.0 / self.retention_t0_s);
        let mean = self.retention_ks * height * self.retention_kd * n.sqrt() * log_term;
        let variance =
            self.retention_ks * height * self.retention_km * libm::pow(n, 0.6) * log_term;
        (
            self.volts_per_unit * mean,
            self.volts_per_unit * variance.max(0.0).sqrt(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fresh_cells_have_no_wear_noise_and_no_retention_loss() {
        let wear = WearParams::dong_li_zhang();
        assert_eq!(wear.rtn_scale_v(0), 0.0);
        assert_eq!(wear.pulse_jitter_sigma_v(0, 0.5, 0.05), 0.025);
        assert_eq!(wear.retention_loss_v(0, 1.0, 8760.0), (0.0, 0.0));
    }

    #[test]
    fn rtn_matches_the_calibration_table_in_normalized_units() {
        // calibration.md A4: λ = 0.0079 at 1,000 cycles and 0.0791 at 100,000 (normalized).
        let wear = WearParams::dong_li_zhang();
        assert!((wear.rtn_scale_v(1_000) / 2.0 - 0.0079).abs() < 1e-4);
        assert!((wear.rtn_scale_v(100_000) / 2.0 - 0.0791).abs() < 1e-4);
    }

    #[test]
    fn retention_matches_the_calibration_table_in_normalized_units() {
        // calibration.md A4, N = 10,000, one year, a cell at the top of the window:
        // μ_d = −0.166 and σ_d = 0.065 normalized.
        let wear = WearParams::dong_li_zhang();
        let (mean_v, sigma_v) = wear.retention_loss_v(10_000, 1.0, 8760.0);
        assert!((mean_v / 2.0 - 0.166).abs() < 0.002, "{mean_v}");
        assert!((sigma_v / 2.0 - 0.065).abs() < 0.002, "{sigma_v}");
    }

    #[test]
    fn wear_terms_grow_with_cycles() {
        let wear = WearParams::dong_li_zhang();
        let mut last = (0.0, 0.0, 0.0);
        for n in [100u64, 1_000, 10_000, 100_000] {
            let now = (
                wear.rtn_scale_v(n),
                wear.pulse_jitter_sigma_v(n, 0.15, 0.05),
                wear.retention_loss_v(n, 0.8, 720.0).0,
            );
            assert!(now.0 > last.0 && now.1 > last.1 && now.2 > last.2);
            last = now;
        }
    }
}
