//! Bounded-memory statistics for the metrics and the view: a lab snapshot is cloned at every
//! keyframe, so nothing here grows with the number of requests.
//!
//! 1. Latency histogram: 100 log-spaced buckets per decade from 1 µs to 1000 s (2.3% wide),
//!    plus under- and overflow. Percentiles interpolate geometrically inside a bucket, so p50 and
//!    p99 are within about 1% of the exact order statistics. The view's 40-bucket histogram
//!    (0.1 ms to 1 s, 10 per decade) is an exact merge of 10 fine buckets each.
//! 2. Throughput over time: 64 bins of completed bytes; when a completion falls past the last
//!    bin, neighbouring bins merge pairwise and the bin width doubles (so any run fits).
//! 3. Recent completions: the last 200 (cylinder, latency) pairs, for the scatter plot.
//! 4. Per-phase sums (seek, rotation, transfer, switch) in u128 ns: exact means.
//!
//! Bucket edges use `libm::log10/pow`, identical natively and in wasm.

use std::collections::VecDeque;

/// Fine buckets per decade and decades covered (1 µs .. 1000 s).
const PER_DECADE: usize = 100;
const DECADES: usize = 9;
const FINE_BUCKETS: usize = PER_DECADE * DECADES;
const FINE_FLOOR_MS: f64 = 0.001;

/// The view's coarse histogram: 40 buckets, 0.1 ms .. 1000 ms.
pub const VIEW_BUCKETS: usize = 40;
const VIEW_FLOOR_MS: f64 = 0.1;
const VIEW_PER_DECADE: usize = 10;
/// Fine-bucket index of the view's first edge (0.1 ms = 2 decades above 1 µs).
const VIEW_FIRST_FINE: usize = 2 * PER_DECADE;

pub const THROUGHPUT_BINS: usize = 64;
const FIRST_BIN_WIDTH_NS: u64 = 1_000_000;
pub const RECENT_CAP: usize = 200;

#[derive(Debug, Clone, PartialEq)]
pub struct LatencyHistogram {
    /// [underflow, fine buckets..., overflow]
    counts: Vec<u64>,
    total: u64,
}

impl Default for LatencyHistogram {
    fn default() -> Self {
        Self {
            counts: vec![0; FINE_BUCKETS + 2],
            total: 0,
        }
    }
}

fn fine_edge_ms(index: usize) -> f64 {
    FINE_FLOOR_MS * libm::pow(10.0, index as f64 / PER_DECADE as f64)
}

impl LatencyHistogram {
    pub fn record(&mut self, latency_ns: u64) {
        let ms = latency_ns as f64 / 1e6;
        let slot = if ms < FINE_FLOOR_MS {
            0
        } else {
            let position = libm::log10(ms / FINE_FLOOR_MS) * PER_DECADE as f64;
            (position.floor() as usize).min(FINE_BUCKETS) + 1
        };
        self.counts[slot.min(FINE_BUCKETS + 1)] += 1;
        self.total += 1;
    }

    pub fn total(&self) -> u64 {
        self.total
    }

    /// The `quantile` (0..1) latency in ms, or 0 with no data.
    pub fn quantile_ms(&self, quantile: f64) -> f64 {
        if self.total == 0 {
            return 0.0;
        }
        let rank = (quantile.clamp(0.0, 1.0) * self.total as f64).max(1.0);
        let mut seen = 0.0;
        for (slot, &count) in self.counts.iter().enumerate() {
            if count == 0 {
                continue;
            }
            let before = seen;
            seen += count as f64;
            if seen >= rank {
                if slot == 0 {
                    return FINE_FLOOR_MS;
                }
                let index = slot - 1;
                if index >= FINE_BUCKETS {
                    return fine_edge_ms(FINE_BUCKETS);
                }
                let within = (rank - before) / count as f64;
                let (low, high) = (fine_edge_ms(index), fine_edge_ms(index + 1));
                return low * libm::pow(high / low, within);
            }
        }
        fine_edge_ms(FINE_BUCKETS)
    }

    /// Counts of the view's 40 buckets; latencies outside 0.1 ms .. 1 s fall in the end buckets.
    pub fn view_counts(&self) -> Vec<f64> {
        let per_view = PER_DECADE / VIEW_PER_DECADE;
        let mut out = vec![0.0; VIEW_BUCKETS];
        for (slot, &count) in self.counts.iter().enumerate() {
            let fine = slot.saturating_sub(1); // underflow joins fine bucket 0
            let view = (fine.saturating_sub(VIEW_FIRST_FINE) / per_view).min(VIEW_BUCKETS - 1);
            out[view] += count as f64;
        }
        out
    }

    /// The 41 edges of the view's buckets, in ms.
    pub fn view_edges_ms() -> Vec<f64> {
        (0..=VIEW_BUCKETS)
            .map(|k| VIEW_FLOOR_MS * libm::pow(10.0, k as f64 / VIEW_PER_DECADE as f64))
            .collect()
    }
}

/// Completed bytes over simulated time in a fixed number of bins.
#[derive(Debug, Clone, PartialEq)]
pub struct ThroughputBins {
    bytes: Vec<u64>,
    width_ns: u64,
}

impl Default for ThroughputBins {
    fn default() -> Self {
        Self {
            bytes: vec![0; THROUGHPUT_BINS],
            width_ns: FIRST_BIN_WIDTH_NS,
        }
    }
}

impl ThroughputBins {
    pub fn record(&mut self, time_ns: u64, bytes: u64) {
        while time_ns / self.width_ns >= THROUGHPUT_BINS as u64 {
            for i in 0..THROUGHPUT_BINS / 2 {
                self.bytes[i] = self.bytes[2 * i] + self.bytes[2 * i + 1];
            }
            for slot in &mut self.bytes[THROUGHPUT_BINS / 2..] {
                *slot = 0;
            }
            self.width_ns *= 2;
        }
        self.bytes[(time_ns / self.width_ns) as usize] += bytes;
    }

    pub fn width_ns(&self) -> u64 {
        self.width_ns
    }

    /// (bin end in ms, MB/s) for the bins up to and including the one holding `now_ns`.
    pub fn series(&self, now_ns: u64) -> (Vec<f64>, Vec<f64>) {
        let used = ((now_ns / self.width_ns) as usize + 1).min(THROUGHPUT_BINS);
        let width_s = self.width_ns as f64 / 1e9;
        let ends = (1..=used)
            .map(|i| (i as u64 * self.width_ns) as f64 / 1e6)
            .collect();
        let rates = self.bytes[..used]
            .iter()
            .map(|&b| b as f64 / 1e6 / width_s)
            .collect();
        (ends, rates)
    }
}

/// Sums of the service phases over completed requests.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PhaseSums {
    pub latency_ns: u128,
    pub service_ns: u128,
    pub host_wait_ns: u128,
    pub seek_ns: u128,
    pub rotation_ns: u128,
    pub transfer_ns: u128,
    pub switch_ns: u128,
}

/// The last completions, oldest first.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct RecentCompletions {
    items: VecDeque<(u32, u64)>,
}

impl RecentCompletions {
    pub fn push(&mut self, cylinder: u32, latency_ns: u64) {
        if self.items.len() == RECENT_CAP {
            self.items.pop_front();
        }
        self.items.push_back((cylinder, latency_ns));
    }

    pub fn cylinders(&self) -> Vec<f64> {
        self.items.iter().map(|&(c, _)| f64::from(c)).collect()
    }

    pub fn latencies_ms(&self) -> Vec<f64> {
        self.items.iter().map(|&(_, l)| l as f64 / 1e6).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quantiles_are_within_the_bucket_resolution() {
        let mut h = LatencyHistogram::default();
        for i in 1..=10_000u64 {
            h.record(i * 1_000); // 1 µs .. 10 ms, uniform
        }
        let p50 = h.quantile_ms(0.5);
        let p99 = h.quantile_ms(0.99);
        assert!((p50 / 5.0 - 1.0).abs() < 0.025, "p50 {p50}");
        assert!((p99 / 9.9 - 1.0).abs() < 0.025, "p99 {p99}");
    }

    #[test]
    fn view_histogram_keeps_every_count_and_has_41_edges() {
        let mut h = LatencyHistogram::default();
        for ns in [
            10,
            50_000,
            150_000,
            12_000_000,
            5_000_000_000,
            10_u64.pow(15),
        ] {
            h.record(ns);
        }
        let counts = h.view_counts();
        assert_eq!(counts.len(), VIEW_BUCKETS);
        assert_eq!(counts.iter().sum::<f64>(), 6.0);
        assert_eq!(counts[0], 2.0); // 10 ns and 50 µs are below 0.1 ms
        assert_eq!(counts[VIEW_BUCKETS - 1], 2.0); // 5 s and 10^6 s are above 1 s
        let edges = LatencyHistogram::view_edges_ms();
        assert_eq!(edges.len(), VIEW_BUCKETS + 1);
        assert!((edges[0] - 0.1).abs() < 1e-12 && (edges[40] - 1000.0).abs() < 1e-9);
        // 12 ms lies in [10^(1.0), 10^(1.1)) ms = view bucket 20.
        assert_eq!(counts[20], 1.0);
    }

    #[test]
    fn throughput_bins_merge_and_keep_the_total() {
        let mut bins = ThroughputBins::default();
        for t in 0..1000u64 {
            bins.record(t * 1_000_000, 100);
        }
        assert!(bins.width_ns() >= 1000 * 1_000_000 / THROUGHPUT_BINS as u64);
        assert_eq!(bins.bytes.iter().sum::<u64>(), 100_000);
        let (ends, rates) = bins.series(999_000_000);
        assert_eq!(ends.len(), rates.len());
        assert!(ends.len() <= THROUGHPUT_BINS);
    }

    #[test]
    fn recent_completions_are_capped() {
        let mut r = RecentCompletions::default();
        for i in 0..500 {
            r.push(i, 1_000_000);
        }
        assert_eq!(r.cylinders().len(), RECENT_CAP);
        assert_eq!(r.cylinders()[0], 300.0);
    }
}
