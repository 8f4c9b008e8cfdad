//! Bounded statistics: latency histograms for percentiles and time bins for the charts.
//!
//! 1. `LatencyHistogram`: log-linear buckets (16 per power of two, as HdrHistogram does), built
//!    from integer bit operations only, so natively and in wasm they are identical. A percentile
//!    is reported as its bucket's upper edge: at most 1/16 (6.25 %) above the true value.
//! 2. `TimeBins`: at most `MAX_BINS` bins over simulated time; when the run outgrows them, pairs
//!    merge and the bin width doubles. Each bin sums host writes, flash programs and latencies,
//!    which gives write amplification and mean latency over time. The width is always the first
//!    width times 2^`doublings`, so a time's bin is (time / first width) >> doublings: a division
//!    by a constant (a multiplication) and a shift instead of a 64-bit division per update, the
//!    same bin (⌊⌊t / w⌋ / 2^k⌋ = ⌊t / (w·2^k)⌋; `bins_match_the_plain_division`).

const SUB_BUCKETS: u64 = 16;
const BUCKETS: usize = 16 + 60 * 16;
pub const MAX_BINS: usize = 128;
const FIRST_BIN_WIDTH_NS: u64 = 100_000;

#[derive(Debug, Clone)]
pub struct LatencyHistogram {
    counts: Vec<u64>,
    pub count: u64,
    pub sum_ns: u64,
    pub max_ns: u64,
}

impl Default for LatencyHistogram {
    fn default() -> Self {
        Self {
            counts: vec![0; BUCKETS],
            count: 0,
            sum_ns: 0,
            max_ns: 0,
        }
    }
}

fn bucket_of(ns: u64) -> usize {
    if ns < SUB_BUCKETS {
        return ns as usize;
    }
    let exponent = 63 - u64::from(ns.leading_zeros()); // ≥ 4
    let mantissa = (ns >> (exponent - 4)) & (SUB_BUCKETS - 1);
    (SUB_BUCKETS + (exponent - 4) * SUB_BUCKETS + mantissa) as usize
}

/// The largest value that falls in `bucket`.
fn upper_edge(bucket: usize) -> u64 {
    let b = bucket as u64;
    if b < SUB_BUCKETS {
        return b;
    }
    let exponent = (b - SUB_BUCKETS) / SUB_BUCKETS + 4;
    let mantissa = (b - SUB_BUCKETS) % SUB_BUCKETS;
    ((SUB_BUCKETS + mantissa + 1) << (exponent - 4)) - 1
}

impl LatencyHistogram {
    pub fn record(&mut self, ns: u64) {
        self.counts[bucket_of(ns).min(BUCKETS - 1)] += 1;
        self.count += 1;
        self.sum_ns += ns;
        self.max_ns = self.max_ns.max(ns);
    }

    pub fn mean_ns(&self) -> f64 {
        if self.count == 0 {
            0.0
        } else {
            self.sum_ns as f64 / self.count as f64
        }
    }

    /// The `per_mille`-th per-mille latency (990 = p99), as a bucket upper edge capped at max.
    pub fn quantile_ns(&self, per_mille: u64) -> u64 {
        if self.count == 0 {
            return 0;
        }
        let rank = (self.count * per_mille).div_ceil(1000).max(1);
        let mut seen = 0;
        for (bucket, &n) in self.counts.iter().enumerate() {
            seen += n;
            if seen >= rank {
                return upper_edge(bucket).min(self.max_ns);
            }
        }
        self.max_ns
    }
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Bin {
    pub host_writes: u64,
    pub flash_programs: u64,
    pub latency_sum_ns: u64,
    pub latency_count: u64,
}

#[derive(Debug, Clone)]
pub struct TimeBins {
    /// `FIRST_BIN_WIDTH_NS << doublings`.
    pub width_ns: u64,
    doublings: u32,
    pub bins: Vec<Bin>,
}

impl Default for TimeBins {
    fn default() -> Self {
        Self {
            width_ns: FIRST_BIN_WIDTH_NS,
            doublings: 0,
            bins: Vec::new(),
        }
    }
}

impl TimeBins {
    fn bin_at(&mut self, time_ns: u64) -> &mut Bin {
        let first_width_slot = time_ns / FIRST_BIN_WIDTH_NS;
        while first_width_slot >> self.doublings >= MAX_BINS as u64 {
            let merged: Vec<Bin> = self
                .bins
                .chunks(2)
                .map(|pair| {
                    pair.iter().fold(Bin::default(), |a, b| Bin {
                        host_writes: a.host_writes + b.host_writes,
                        flash_programs: a.flash_programs + b.flash_programs,
                        latency_sum_ns: a.latency_sum_ns + b.latency_sum_ns,
                        latency_count: a.latency_count + b.latency_count,
                    })
                })
                .collect();
            self.bins = merged;
            self.width_ns *= 2;
            self.doublings += 1;
        }
        debug_assert_eq!(self.width_ns, FIRST_BIN_WIDTH_NS << self.doublings);
        let index = (first_width_slot >> self.doublings) as usize;
        if self.bins.len() <= index {
            self.bins.resize(index + 1, Bin::default());
        }
        &mut self.bins[index]
    }

    pub fn add_writes(&mut self, time_ns: u64, host_writes: u64, flash_programs: u64) {
        let bin = self.bin_at(time_ns);
        bin.host_writes += host_writes;
        bin.flash_programs += flash_programs;
    }

    pub fn add_latency(&mut self, time_ns: u64, latency_ns: u64) {
        let bin = self.bin_at(time_ns);
        bin.latency_sum_ns += latency_ns;
        bin.latency_count += 1;
    }

    /// `[end_us, write amplification]` pairs for bins with host writes.
    pub fn write_amplification_pairs(&self) -> Vec<f64> {
        self.pairs(|b| (b.host_writes > 0).then(|| b.flash_programs as f64 / b.host_writes as f64))
    }

    /// `[end_us, mean latency µs]` pairs for bins with completions.
    pub fn latency_pairs(&self) -> Vec<f64> {
        self.pairs(|b| {
            (b.latency_count > 0).then(|| b.latency_sum_ns as f64 / b.latency_count as f64 / 1e3)
        })
    }

    fn pairs(&self, value: impl Fn(&Bin) -> Option<f64>) -> Vec<f64> {
        let mut out = Vec::new();
        for (i, bin) in self.bins.iter().enumerate() {
            if let Some(v) = value(bin) {
                out.push(((i as u64 + 1) * self.width_ns) as f64 / 1e3);
                out.push(v);
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buckets_are_monotone_and_within_a_sixteenth() {
        let mut last = 0;
        for ns in [0u64, 1, 15, 16, 17, 31, 32, 100, 1_000, 75_000, 1 << 40] {
            let b = bucket_of(ns);
            assert!(b >= last);
            last = b;
            let edge = upper_edge(b);
            assert!(edge >= ns && edge as f64 <= ns as f64 * (1.0 + 1.0 / 16.0) + 1.0);
        }
    }

    #[test]
    fn p99_of_a_uniform_sample_is_near_its_99th_value() {
        let mut h = LatencyHistogram::default();
        for ns in 1..=10_000u64 {
            h.record(ns * 100);
        }
        let p99 = h.quantile_ns(990) as f64;
        assert!((p99 - 990_000.0).abs() / 990_000.0 < 0.07, "{p99}");
        assert_eq!(h.quantile_ns(1000), 1_000_000);
    }

    /// The plain form: bins found by dividing by the current width.
    fn plain_bins(updates: &[(u64, u64)]) -> (u64, Vec<Bin>) {
        let mut width_ns = FIRST_BIN_WIDTH_NS;
        let mut bins: Vec<Bin> = Vec::new();
        for &(time_ns, value) in updates {
            while time_ns / width_ns >= MAX_BINS as u64 {
                bins = bins
                    .chunks(2)
                    .map(|pair| Bin {
                        host_writes: pair.iter().map(|b| b.host_writes).sum(),
                        flash_programs: pair.iter().map(|b| b.flash_programs).sum(),
                        latency_sum_ns: pair.iter().map(|b| b.latency_sum_ns).sum(),
                        latency_count: pair.iter().map(|b| b.latency_count).sum(),
                    })
                    .collect();
                width_ns *= 2;
            }
            let index = (time_ns / width_ns) as usize;
            if bins.len() <= index {
                bins.resize(index + 1, Bin::default());
            }
            bins[index].host_writes += 1;
            bins[index].flash_programs += value;
            bins[index].latency_sum_ns += value;
            bins[index].latency_count += 1;
        }
        (width_ns, bins)
    }

    #[test]
    fn bins_match_the_plain_division() {
        let mut rng = crate::sim::Rng::new(21);
        for round in 0..200u64 {
            // Times around bin edges and across many doublings, mostly increasing.
            let mut updates = Vec::new();
            let mut t = 0u64;
            for _ in 0..(50 + round) {
                let jump = match rng.below(4) {
                    0 => rng.below(FIRST_BIN_WIDTH_NS * 4),
                    1 => rng.below(1 << (10 + round % 40)),
                    2 => 0,
                    _ => FIRST_BIN_WIDTH_NS - t % FIRST_BIN_WIDTH_NS,
                };
                t = t.saturating_add(jump);
                let back = rng.below(FIRST_BIN_WIDTH_NS * 3).min(t);
                updates.push((t - back * u64::from(rng.below(3) == 0), rng.below(7)));
            }
            let mut fast = TimeBins::default();
            for &(time_ns, value) in &updates {
                fast.add_writes(time_ns, 1, value);
                fast.add_latency(time_ns, value);
            }
            let (width_ns, bins) = plain_bins(&updates);
            assert_eq!(fast.width_ns, width_ns, "round {round}");
            assert_eq!(fast.bins, bins, "round {round}");
        }
    }

    #[test]
    fn bins_merge_when_time_outgrows_them() {
        let mut t = TimeBins::default();
        t.add_writes(0, 1, 2);
        t.add_writes(FIRST_BIN_WIDTH_NS * 300, 1, 1);
        assert!(t.bins.len() <= MAX_BINS);
        assert_eq!(t.width_ns, FIRST_BIN_WIDTH_NS * 4);
        let wa = t.write_amplification_pairs();
        assert_eq!(wa[1], 2.0);
        assert_eq!(wa.len(), 4);
    }
}
