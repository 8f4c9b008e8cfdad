//! The NAND lab's metrics, each with its unit: operation counts (programs, appends, failures,
//! refusals, reads, erases), P/E cycles, bits read and raw bit errors with their rate, the last
//! program's ISPP loops, latency and page, and the mean loops and latency per page type (LSB, CSB,
//! MSB), from which the MLC/TLC page asymmetry is read.

use super::NandLab;
use crate::sim::Metric;
use crate::sim::units::us;

pub fn metrics(lab: &NandLab) -> Vec<Metric> {
    let s = &lab.stats;
    let rber = if s.bits_read > 0 {
        s.bit_errors as f64 / s.bits_read as f64
    } else {
        0.0
    };
    let mut metrics = vec![
        Metric::new(
            "pe_cycles",
            lab.block.pe_cycles() as f64,
            "P/E cycles",
            "cycles",
        ),
        Metric::new(
            "programs",
            s.programs as f64,
            "page programs completed",
            "ops",
        ),
        Metric::new(
            "appends",
            s.appends as f64,
            "in-place appends completed",
            "ops",
        ),
        Metric::new(
            "program_failures",
            s.failures as f64,
            "programs that hit the loop limit",
            "ops",
        ),
        Metric::new(
            "refused_ops",
            s.refused as f64,
            "ops refused by the cell model",
            "ops",
        ),
        Metric::new("reads", s.reads as f64, "page reads", "ops"),
        Metric::new("erases", s.erases as f64, "erase and cycle ops", "ops"),
        Metric::new("bits_read", s.bits_read as f64, "bits read", "bits"),
        Metric::new(
            "bit_errors",
            s.bit_errors as f64,
            "raw bit errors read",
            "bits",
        ),
        Metric::new(
            "raw_bit_error_rate",
            rber,
            "raw bit error rate of all reads",
            "",
        ),
        Metric::new(
            "last_program_loops",
            f64::from(s.last_loops),
            "ISPP loops of the last program",
            "loops",
        ),
        Metric::new(
            "last_program_latency_us",
            f64::from(us(s.last_latency_ns)),
            "latency of the last program",
            "µs",
        ),
    ];
    // For lessons' click questions (the pages panel's page ids): only once a program ran.
    if let Some(page) = s.last_page {
        metrics.push(Metric::new(
            "last_program_page",
            f64::from(page),
            "page of the last program or append",
            "page",
        ));
    }
    let cell_type = lab.block.config().cell_type;
    for (step, stats) in s.per_step.iter().enumerate() {
        let (loops_name, latency_name, loops_label, latency_label) =
            match cell_type.page_name(u8::try_from(step).unwrap_or(0)) {
                "LSB" => (
                    "mean_loops_lsb",
                    "mean_program_latency_us_lsb",
                    "mean ISPP loops, LSB pages",
                    "mean program latency, LSB pages",
                ),
                "CSB" => (
                    "mean_loops_csb",
                    "mean_program_latency_us_csb",
                    "mean ISPP loops, CSB pages",
                    "mean program latency, CSB pages",
                ),
                "MSB" => (
                    "mean_loops_msb",
                    "mean_program_latency_us_msb",
                    "mean ISPP loops, MSB pages",
                    "mean program latency, MSB pages",
                ),
                _ => (
                    "mean_loops",
                    "mean_program_latency_us",
                    "mean ISPP loops per page",
                    "mean program latency",
                ),
            };
        let n = stats.programs.max(1) as f64;
        let (loops, latency) = if stats.programs == 0 {
            (0.0, 0.0)
        } else {
            (stats.loops as f64 / n, stats.latency_ns as f64 / n / 1e3)
        };
        metrics.push(Metric::new(loops_name, loops, loops_label, "loops"));
        metrics.push(Metric::new(latency_name, latency, latency_label, "µs"));
    }
    metrics
}
