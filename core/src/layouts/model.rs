//! The paper's analytical model (§5.1.1 Eq. 1–3, §5.2.1 Eq. 4, §5.3.2 Eq. 5) and the digest's
//! combined form (§3.3), as pure functions. Units: sizes in MB (10⁶ B), bandwidth in MB/s,
//! latency in s, γ in s per MB of column data (digest §8 item 9).
//!
//! 1. Eq. 1, row store: t_r = R / B (the whole relation, whatever k and s).
//! 2. Eq. 2, column store: t_c = α·k·C/B + β·k·l (k chunks at reduced bandwidth, β seeks each).
//! 3. Eq. 3, crossover: k* = R / (α·C + β·B·l); with l = 0 and α = 1, k* = N (no crossover).
//! 4. Eq. 4, compressed on flash: k* = R / (α·C + γ·B·C) (decompression CPU not overlapped).
//! 5. Eq. 5, selectivity on flash: exact k* = (R − γ·B·C·(1 − s)) / (α·C + s·γ·B·C); the paper
//!    approximates it by dropping the −γ·B·C·(1 − s) term.
//! 6. Combined (digest §3.3), per-column sizes C_j: IO = α·ΣC_j/(η·B) + S·l, CPU = γ·(C_1 +
//!    s·ΣC_{j≥2}), t = max(IO, CPU) + (1 − ω)·min(IO, CPU); the crossover is where the column
//!    time first exceeds the row time, interpolated linearly in projected bytes.
//! 7. Seeks from read-ahead (digest §3.5a): S ≈ bytes / (f·D); substituted into Eq. 3 it gives
//!    the crossover fraction k*/N = 1 / (α + B·l/(f·D)).
//!
//! Where it agrees with the simulation and where it does not: see `reproduce::model_vs_sim`
//! (transfer-dominated scans agree within a few %; the disk's per-seek cost in the simulation
//! is the HDD model's seek + rotation, not the paper's flat 4 ms).

/// Eq. 1.
pub fn eq1_row_s(r_mb: f64, b_mb_s: f64) -> f64 {
    r_mb / b_mb_s
}

/// Eq. 2.
pub fn eq2_column_s(alpha: f64, k: f64, c_mb: f64, b_mb_s: f64, beta: f64, l_s: f64) -> f64 {
    alpha * k * c_mb / b_mb_s + beta * k * l_s
}

/// Eq. 3.
pub fn eq3_crossover(r_mb: f64, alpha: f64, c_mb: f64, beta: f64, b_mb_s: f64, l_s: f64) -> f64 {
    r_mb / (alpha * c_mb + beta * b_mb_s * l_s)
}

/// Eq. 4.
pub fn eq4_crossover(r_mb: f64, alpha: f64, c_mb: f64, gamma_s_per_mb: f64, b_mb_s: f64) -> f64 {
    r_mb / (alpha * c_mb + gamma_s_per_mb * b_mb_s * c_mb)
}

/// Eq. 5's inputs: R, α, C (MB), s, γ (s/MB), B (MB/s).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Eq5 {
    pub r_mb: f64,
    pub alpha: f64,
    pub c_mb: f64,
    pub s: f64,
    pub gamma_s_per_mb: f64,
    pub b_mb_s: f64,
}

impl Eq5 {
    /// As the paper writes it (approximate numerator).
    pub fn crossover_paper(&self) -> f64 {
        let g = self.gamma_s_per_mb * self.b_mb_s * self.c_mb;
        self.r_mb / (self.alpha * self.c_mb + self.s * g)
    }

    /// Solved exactly from t_r = R/B and t_c = α·k·C/B + γ·C·(1 + s·(k − 1)).
    pub fn crossover_exact(&self) -> f64 {
        let g = self.gamma_s_per_mb * self.b_mb_s * self.c_mb;
        (self.r_mb - g * (1.0 - self.s)) / (self.alpha * self.c_mb + self.s * g)
    }
}

/// Item 7: seeks of a column scan reading `bytes_mb` with read-ahead `d_mb`.
pub fn seeks_from_read_ahead(bytes_mb: f64, f: f64, d_mb: f64) -> f64 {
    bytes_mb / (f * d_mb)
}

/// Item 7: k*/N.
pub fn crossover_fraction(alpha: f64, b_mb_s: f64, l_s: f64, f: f64, d_mb: f64) -> f64 {
    1.0 / (alpha + b_mb_s * l_s / (f * d_mb))
}

/// The combined model's inputs (item 6).
#[derive(Debug, Clone, PartialEq)]
pub struct Combined {
    /// C_j of every attribute, in schema order (MB).
    pub column_mb: Vec<f64>,
    /// R (MB).
    pub row_mb: f64,
    pub b_mb_s: f64,
    pub l_s: f64,
    pub alpha: f64,
    pub eta_row: f64,
    pub eta_column: f64,
    /// Column-store seeks per projected column (β).
    pub beta: f64,
    /// Row-store seeks for the whole scan.
    pub row_seeks: f64,
    pub gamma_s_per_mb: f64,
    /// Row-store CPU per MB scanned (κ_r).
    pub kappa_row_s_per_mb: f64,
    pub selectivity: f64,
    pub omega_row: f64,
    pub omega_column: f64,
}

/// The breakdown of one modelled time.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ModelTime {
    pub io_s: f64,
    pub cpu_s: f64,
    pub total_s: f64,
}

fn combine(io_s: f64, cpu_s: f64, omega: f64) -> ModelTime {
    ModelTime {
        io_s,
        cpu_s,
        total_s: io_s.max(cpu_s) + (1.0 - omega) * io_s.min(cpu_s),
    }
}

impl Combined {
    pub fn row(&self) -> ModelTime {
        let io = self.row_mb / (self.eta_row * self.b_mb_s) + self.row_seeks * self.l_s;
        combine(io, self.kappa_row_s_per_mb * self.row_mb, self.omega_row)
    }

    /// Column store projecting attributes 1..k.
    pub fn column(&self, k: usize) -> ModelTime {
        let cols = &self.column_mb[..k.min(self.column_mb.len())];
        let sum: f64 = cols.iter().sum();
        let io =
            self.alpha * sum / (self.eta_column * self.b_mb_s) + self.beta * k as f64 * self.l_s;
        let rest: f64 = cols.iter().skip(1).sum();
        let first = cols.first().copied().unwrap_or(0.0);
        let cpu = self.gamma_s_per_mb * (first + self.selectivity * rest);
        combine(io, cpu, self.omega_column)
    }

    /// Projected-byte fraction where the column time first exceeds the row time, linearly
    /// interpolated between attribute counts; `None` if the column store wins at every k.
    pub fn crossover_fraction(&self) -> Option<f64> {
        let total: f64 = self.column_mb.iter().sum();
        let row = self.row().total_s;
        let mut previous = (0.0, 0.0);
        let mut bytes = 0.0;
        for k in 1..=self.column_mb.len() {
            bytes += self.column_mb[k - 1];
            let t = self.column(k).total_s;
            if t > row {
                let (b0, t0) = previous;
                let x = (row - t0) / (t - t0);
                return Some((b0 + x * (bytes - b0)) / total);
            }
            previous = (bytes, t);
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eq3_with_the_digest_calibration_gives_the_papers_lineitem_crossover() {
        // Digest E3: α = 1.08, β = 54.2, l = 4 ms, B = 80, C = 562.5, R = 9000 → 14.4.
        let k = eq3_crossover(9000.0, 1.08, 562.5, 54.2, 80.0, 0.004);
        assert!((k - 14.4).abs() < 0.1, "{k}");
        // No seek cost and α = 1: the crossover is N.
        assert!((eq3_crossover(9000.0, 1.0, 562.5, 54.2, 80.0, 0.0) - 16.0).abs() < 1e-9);
    }

    #[test]
    fn eq5_exact_equals_the_paper_form_at_full_selectivity_and_eq4() {
        let e = Eq5 {
            r_mb: 720.0,
            alpha: 1.0,
            c_mb: 102.9,
            s: 1.0,
            gamma_s_per_mb: 1.6e-3,
            b_mb_s: 250.0,
        };
        let (exact, paper) = (e.crossover_exact(), e.crossover_paper());
        let eq4 = eq4_crossover(720.0, 1.0, 102.9, 1.6e-3, 250.0);
        assert!((exact - paper).abs() < 1e-9 && (paper - eq4).abs() < 1e-9);
        assert!((eq4 - 5.0).abs() < 0.1, "{eq4}");
    }

    #[test]
    fn crossover_fraction_matches_the_digest_table() {
        // Digest §3.5a: disk, D = 6 MB, f = 1.76: B·l/(f·D) = 0.030 → 97 %.
        let x = crossover_fraction(1.0, 80.0, 0.004, 1.76, 6.0);
        assert!((x - 0.97).abs() < 0.005, "{x}");
    }
}
