//! Metrics of the measured run (after preconditioning), each with its unit in its name.
//!
//! `gc_last_victim_block` (present once GC has collected a block) is the latest victim's global
//! block number, die × blocks per die + block within the die: the block map's index, which a
//! lesson's "which block will GC pick next?" question is answered by.

use super::SsdLab;
use crate::sim::Metric;

pub fn metrics(lab: &SsdLab) -> Vec<Metric> {
    let c = lab.measured();
    let wa = if c.host_writes == 0 {
        1.0
    } else {
        c.flash_programs as f64 / c.host_writes as f64
    };
    let erase = &lab.ftl.blocks.erase_count;
    let (min, max) = erase
        .iter()
        .fold((u32::MAX, 0), |(lo, hi), &e| (lo.min(e), hi.max(e)));
    let mean = erase.iter().map(|&e| f64::from(e)).sum::<f64>() / erase.len().max(1) as f64;
    let span_ns = lab
        .first_arrival_ns
        .map_or(0, |first| lab.last_completion_ns.saturating_sub(first));
    let per_s = |x: f64| {
        if span_ns == 0 {
            0.0
        } else {
            x * 1e9 / span_ns as f64
        }
    };
    let (r, w) = (&lab.read_latency, &lab.write_latency);
    let mut metrics = vec![
        Metric::new(
            "host_writes_pages",
            c.host_writes as f64,
            "host writes",
            "pages",
        ),
        Metric::new(
            "flash_programs_pages",
            c.flash_programs as f64,
            "flash programs",
            "pages",
        ),
        Metric::new("write_amplification", wa, "write amplification", "×"),
        Metric::new(
            "gc_count",
            c.gc_victims as f64,
            "GC victims collected",
            "blocks",
        ),
        Metric::new(
            "relocated_pages",
            c.relocations as f64,
            "pages copied by GC",
            "pages",
        ),
        Metric::new("erases", c.erases as f64, "block erases", "erases"),
        Metric::new(
            "wear_level_moves",
            c.wear_moves as f64,
            "static wear-levelling moves",
            "blocks",
        ),
        Metric::new(
            "trimmed_pages",
            c.trimmed as f64,
            "valid pages trimmed",
            "pages",
        ),
        Metric::new(
            "erase_count_min",
            f64::from(min.min(max)),
            "least erase count",
            "erases",
        ),
        Metric::new(
            "erase_count_max",
            f64::from(max),
            "greatest erase count",
            "erases",
        ),
        Metric::new("erase_count_mean", mean, "mean erase count", "erases"),
        Metric::new(
            "mean_read_latency_us",
            r.mean_ns() / 1e3,
            "mean read latency",
            "µs",
        ),
        Metric::new(
            "p99_read_latency_us",
            r.quantile_ns(990) as f64 / 1e3,
            "p99 read latency",
            "µs",
        ),
        Metric::new(
            "mean_write_latency_us",
            w.mean_ns() / 1e3,
            "mean write latency",
            "µs",
        ),
        Metric::new(
            "p99_write_latency_us",
            w.quantile_ns(990) as f64 / 1e3,
            "p99 write latency",
            "µs",
        ),
        Metric::new(
            "throughput_mb_s",
            per_s(lab.bytes_done as f64) / 1e6,
            "throughput",
            "MB/s",
        ),
        Metric::new(
            "iops",
            per_s(lab.completed as f64),
            "requests per second",
            "1/s",
        ),
        Metric::new(
            "requests_completed",
            lab.completed as f64,
            "requests completed",
            "requests",
        ),
        Metric::new(
            "free_blocks",
            f64::from(lab.ftl.free_blocks()),
            "free blocks",
            "blocks",
        ),
        Metric::new(
            "sim_time_ms",
            lab.now_ns() as f64 / 1e6,
            "simulated time",
            "ms",
        ),
    ];
    if let Some((_, victim)) = lab.ftl.last_victim {
        // Block numbers are global already (`Blocks::die_of` divides by blocks per die).
        metrics.push(Metric::new(
            "gc_last_victim_block",
            f64::from(victim.block),
            "latest GC victim (block number)",
            "block",
        ));
    }
    metrics
}
