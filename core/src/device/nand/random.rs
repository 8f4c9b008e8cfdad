//! Random variates for the cell model, all drawn from the run's one seeded `crate::sim::Rng`.
//!
//! 1. `standard_normal`: Box–Muller (cosine branch), one variate from two uniforms. `libm::log`
//!    and `libm::cos` are the same pure-Rust code natively and in wasm; `sqrt` is IEEE-exact.
//! 2. `truncated_normal`: rejection on |z| ≤ limit. Cell populations are truncated so that the
//!    model's edges are hard: a fresh block reads back without errors for every seed, which is an
//!    invariant (real parts get the same guarantee from ECC and screening).
//! 3. `laplace`: inverse-CDF Laplace variate, the random-telegraph-noise shape of the
//!    Dong/Li/Zhang-form channel model (calibration.md A4).

use std::f64::consts::PI;

use crate::sim::Rng;

/// A standard normal variate (mean 0, σ 1).
pub fn standard_normal(rng: &mut Rng) -> f64 {
    let u1 = 1.0 - rng.unit_f64(); // (0, 1]: the log is finite.
    let u2 = rng.unit_f64();
    (-2.0 * libm::log(u1)).sqrt() * libm::cos(2.0 * PI * u2)
}

/// A standard normal variate conditioned on |z| ≤ `limit` (by rejection).
pub fn truncated_standard_normal(rng: &mut Rng, limit: f64) -> f64 {
    // Each try is accepted with probability ≥ 0.68 for limit ≥ 1, so 64 tries never all miss
    // in practice; the fallback keeps the function total.
    for _ in 0..64 {
        let z = standard_normal(rng);
        if z.abs() <= limit {
            return z;
        }
    }
    0.0
}

/// `mean + sigma·z` with z a standard normal truncated at ±`limit_sigmas`.
pub fn truncated_normal(rng: &mut Rng, mean: f64, sigma: f64, limit_sigmas: f64) -> f64 {
    if sigma <= 0.0 {
        return mean;
    }
    mean + sigma * truncated_standard_normal(rng, limit_sigmas)
}

/// A Laplace variate with location 0 and scale `scale` (standard deviation `scale·√2`).
/// A non-positive scale gives 0 without drawing.
pub fn laplace(rng: &mut Rng, scale: f64) -> f64 {
    if scale <= 0.0 {
        return 0.0;
    }
    let u = rng.unit_f64() - 0.5; // [-0.5, 0.5)
    let tail = (1.0 - 2.0 * u.abs()).max(f64::MIN_POSITIVE);
    -scale * u.signum() * libm::log(tail)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moments(xs: &[f64]) -> (f64, f64) {
        let n = xs.len() as f64;
        let mean = xs.iter().sum::<f64>() / n;
        let var = xs.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / n;
        (mean, var.sqrt())
    }

    #[test]
    fn box_muller_normals_have_mean_zero_and_unit_sigma() {
        let mut rng = Rng::new(1);
        let xs: Vec<f64> = (0..40_000).map(|_| standard_normal(&mut rng)).collect();
        let (mean, sigma) = moments(&xs);
        assert!(mean.abs() < 0.02, "mean {mean}");
        assert!((sigma - 1.0).abs() < 0.02, "sigma {sigma}");
    }

    #[test]
    fn truncated_normals_never_leave_their_bounds() {
        let mut rng = Rng::new(2);
        for _ in 0..20_000 {
            let x = truncated_normal(&mut rng, -2.5, 0.7, 3.5);
            assert!((-2.5 - 0.7 * 3.5..=-2.5 + 0.7 * 3.5).contains(&x));
        }
    }

    #[test]
    fn laplace_has_the_standard_deviation_of_its_scale() {
        let mut rng = Rng::new(3);
        let xs: Vec<f64> = (0..60_000).map(|_| laplace(&mut rng, 0.1)).collect();
        let (mean, sigma) = moments(&xs);
        assert!(mean.abs() < 0.003, "mean {mean}");
        assert!((sigma - 0.1 * 2f64.sqrt()).abs() < 0.005, "sigma {sigma}");
        assert_eq!(laplace(&mut rng, 0.0), 0.0);
    }
}
