//! A USB-class flash drive as a latency model: small sequential writes cost a base latency plus
//! a per-KiB transfer, and with some probability an erasure makes the write an outlier
//! [digest §3.2 calibration recommendation, choice].
//!
//! 1. `latency_ns(bytes) = base_ns + bytes · ns_per_kib / 1024`, plus `outlier_ns` with
//!    probability `outlier_probability` (Bernoulli per write, from the drive's own seeded Rng).
//! 2. `profiled_mean_ns(bytes)`: what measuring the drive's average sequential write latency at
//!    that size would give (slides of the SIGMOD'09 talk, digest §2.1 [ext]): the base plus the
//!    expected outlier share. It is the outlier detector's prior.
//!
//! The paper names three drives (A, B, C, from different vendors) and gives no latencies: every
//! constant below is ILLUSTRATIVE, chosen inside the digest's range (base 0.3–2 ms, outliers
//! 10–100× with probability 1–5 %), so that the three differ.

use crate::sim::Rng;

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct UsbProfile {
    pub name: &'static str,
    pub base_ns: u64,
    pub ns_per_kib: u64,
    pub outlier_probability: f64,
    pub outlier_ns: u64,
}

impl UsbProfile {
    /// Drive A: the fastest [illustrative choice].
    pub const A: Self = Self {
        name: "usb-a",
        base_ns: 400_000,
        ns_per_kib: 30_000,
        outlier_probability: 0.02,
        outlier_ns: 20_000_000,
    };
    /// Drive B: slower base, more frequent outliers [illustrative choice].
    pub const B: Self = Self {
        name: "usb-b",
        base_ns: 800_000,
        ns_per_kib: 50_000,
        outlier_probability: 0.04,
        outlier_ns: 30_000_000,
    };
    /// Drive C: slow base, rare but long outliers [illustrative choice].
    pub const C: Self = Self {
        name: "usb-c",
        base_ns: 1_500_000,
        ns_per_kib: 70_000,
        outlier_probability: 0.01,
        outlier_ns: 80_000_000,
    };

    pub fn by_name(name: &str) -> Option<Self> {
        [Self::A, Self::B, Self::C]
            .into_iter()
            .find(|p| p.name == name)
    }

    fn base_latency_ns(&self, bytes: u64) -> u64 {
        self.base_ns + bytes * self.ns_per_kib / 1024
    }

    /// Step 2.
    pub fn profiled_mean_ns(&self, bytes: u64) -> u64 {
        self.base_latency_ns(bytes) + (self.outlier_probability * self.outlier_ns as f64) as u64
    }

    /// The same drive with every latency (base, per-KiB, outlier) times `k`, the outlier
    /// probability unchanged: what-if sweeps only (`reproduce::latency_need`), never a preset.
    pub fn scaled(&self, k: f64) -> Self {
        let scale = |ns: u64| (ns as f64 * k).round() as u64;
        Self {
            base_ns: scale(self.base_ns),
            ns_per_kib: scale(self.ns_per_kib),
            outlier_ns: scale(self.outlier_ns),
            ..*self
        }
    }

    /// Step 1: one write's latency and whether it was an outlier.
    pub fn sample_ns(&self, bytes: u64, rng: &mut Rng) -> (u64, bool) {
        let outlier = rng.chance(self.outlier_probability);
        let extra = if outlier { self.outlier_ns } else { 0 };
        (self.base_latency_ns(bytes) + extra, outlier)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outlier_rate_and_mean_match_the_profile() {
        let mut rng = Rng::new(1);
        let p = UsbProfile::B;
        let n = 20_000u64;
        let mut total = 0;
        let mut outliers = 0;
        for _ in 0..n {
            let (ns, o) = p.sample_ns(2048, &mut rng);
            total += ns;
            outliers += u64::from(o);
        }
        let rate = outliers as f64 / n as f64;
        assert!((rate - 0.04).abs() < 0.006, "{rate}");
        let mean = total as f64 / n as f64;
        let profiled = p.profiled_mean_ns(2048) as f64;
        assert!((mean / profiled - 1.0).abs() < 0.1, "{mean} vs {profiled}");
    }
}
