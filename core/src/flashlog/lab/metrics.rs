//! The flashlog lab's metrics, each with its unit in its name.
//!
//! 1. Logging: commits acknowledged and their rate, commit latency p50/p99, the durable prefix,
//!    outliers and re-issues, acknowledgements from a volatile cache; after a crash and its
//!    recovery, the recovered log end, the recovered commits and the acknowledged ones lost.
//! 2. Append/Pack: user page writes, write amplification measured and modelled (1/(1 − u)),
//!    the valid fraction u of packed blocks, blocks packed and user writes per second.
//!
//! `last_write_device` (logging, present once a write has been issued) is the device index of
//! the latest write issued, its lane in the view counted from 0: a lesson's "which drive takes
//! the next write?" question is answered by it.

use super::{FlashLogLab, ModeState};
use crate::sim::Metric;

pub fn metrics(lab: &FlashLogLab) -> Vec<Metric> {
    match &lab.state {
        ModeState::Logging(s) => {
            let sim = &s.sim;
            let h = &sim.stats.commit_latency;
            let mut out = vec![
                Metric::new(
                    "commits_acked",
                    sim.stats.acked as f64,
                    "commits acknowledged",
                    "",
                ),
                Metric::new(
                    "commits_per_s",
                    sim.throughput_per_s(),
                    "throughput",
                    "commits/s",
                ),
                Metric::new(
                    "commit_p50_ms",
                    h.quantile_ns(500) as f64 / 1e6,
                    "commit latency p50",
                    "ms",
                ),
                Metric::new(
                    "commit_p99_ms",
                    h.quantile_ns(990) as f64 / 1e6,
                    "commit latency p99",
                    "ms",
                ),
                Metric::new(
                    "durable_prefix_bytes",
                    sim.durable.prefix() as f64,
                    "durable prefix",
                    "B",
                ),
                Metric::new(
                    "outliers_detected",
                    sim.stats.outliers_detected as f64,
                    "outliers detected",
                    "",
                ),
                Metric::new(
                    "reissues",
                    sim.stats.reissues as f64,
                    "outlier re-issues",
                    "",
                ),
                Metric::new(
                    "unsafe_acks",
                    sim.stats.unsafe_acks as f64,
                    "acks from volatile cache",
                    "",
                ),
            ];
            if let Some(last) = sim.requests.last() {
                out.push(Metric::new(
                    "last_write_device",
                    last.dev as f64,
                    "device of the latest write (lane, from 0)",
                    "device",
                ));
            }
            if let Some(j) = &s.judged {
                out.push(Metric::new(
                    "recovered_end_lsn",
                    j.result.recovered.1 as f64,
                    "recovered log end",
                    "B",
                ));
                out.push(Metric::new(
                    "recovered_commits",
                    j.committed_labels.len() as f64,
                    "recovered commits",
                    "",
                ));
                out.push(Metric::new(
                    "acked_commits_lost",
                    j.acked_lost.len() as f64,
                    "acknowledged commits lost",
                    "",
                ));
            }
            out
        }
        ModeState::AppendPack(s) => {
            let ap = &s.ap;
            let (u, model) = ap.model_write_amplification();
            let secs = s.now_ns() as f64 / 1e9;
            vec![
                Metric::new(
                    "user_writes",
                    ap.counters.user_writes as f64,
                    "page writes",
                    "",
                ),
                Metric::new(
                    "write_amplification",
                    ap.write_amplification(),
                    "write amplification (measured)",
                    "×",
                ),
                Metric::new("model_write_amplification", model, "1/(1 − u)", "×"),
                Metric::new(
                    "victim_valid_fraction",
                    u,
                    "u (valid fraction of packed blocks)",
                    "",
                ),
                Metric::new(
                    "pack_steps",
                    ap.counters.pack_steps as f64,
                    "blocks packed",
                    "",
                ),
                Metric::new(
                    "writes_per_s",
                    if secs > 0.0 {
                        ap.counters.user_writes as f64 / secs
                    } else {
                        0.0
                    },
                    "user writes per second",
                    "pages/s",
                ),
            ]
        }
    }
}
