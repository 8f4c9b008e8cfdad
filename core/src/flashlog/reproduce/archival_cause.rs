//! Why the archival HDD helps one USB drive and not another (seed 003 §2.1; the claims
//! `seed003.flashlog.archival_gain.*`), measured on the first seed's two runs of a drive:
//! `{drive}-2f` and `{drive}-2f-1d`.
//!
//! 1. Prefix wait: a commit is acknowledged only when its whole log prefix is durable
//!    (`sim.rs` step 3). For every commit whose log ends in a flush the HDD served, the time
//!    from that flush's completion to the commit's acknowledgement is the wait for earlier
//!    flushes still on a flash drive. A commit acknowledged before that flush completed was
//!    made durable by another copy (an outlier's re-issue, `dispatch.rs`): it did not wait on
//!    the HDD, so it is counted apart, not as a zero wait.
//! 2. Mean commit latency (commit to acknowledgement) with and without the HDD.
//! 3. The rest of a worker's cycle: with W workers always cycling (a closed loop), a cycle
//!    lasts W / X; less the mean commit, what is left is the transaction's CPU time plus its
//!    wait for a core. CPU utilisation = X × mean CPU time / cores.
//!
//! The HDD raises throughput only if it shortens commits (1 and 2) and the time saved is not
//! spent waiting for a core instead (3).

use super::super::config::FlashLogConfig;
use super::super::error::FlashLogError;
use super::super::sim::{FlashLogSim, Purpose};

/// One run's side of the comparison.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CycleSplit {
    pub commits_per_s: f64,
    pub mean_commit_ns: f64,
    /// W / X − mean commit (step 3).
    pub rest_of_cycle_ns: f64,
    pub cpu_utilisation: f64,
}

/// Steps 2 and 3 on one finished run (also `latency_need`'s).
pub fn split(sim: &FlashLogSim, config: &FlashLogConfig) -> CycleSplit {
    let x = sim.throughput_per_s();
    let (n, sum) = sim
        .txns
        .iter()
        .filter_map(|t| t.ack_ns.map(|a| a.saturating_sub(t.commit_ns)))
        .fold((0_u64, 0_u64), |(n, s), d| (n + 1, s + d));
    let mean_commit_ns = sum as f64 / n.max(1) as f64;
    let w = &config.workload;
    let cycle_ns = if x > 0.0 {
        f64::from(w.workers) * 1e9 / x
    } else {
        0.0
    };
    CycleSplit {
        commits_per_s: x,
        mean_commit_ns,
        rest_of_cycle_ns: cycle_ns - mean_commit_ns,
        cpu_utilisation: x * w.cpu_ns_mean as f64 / 1e9 / f64::from(w.cores.max(1)),
    }
}

/// Step 1 on one finished run: commits whose log ends in an HDD flush that completed by their
/// acknowledgement, their mean wait, and the commits acknowledged before it (another copy).
fn prefix_wait(sim: &FlashLogSim) -> (u64, f64, u64) {
    let mut flushes: Vec<(u64, u64, u64)> = sim
        .requests
        .iter()
        .filter(|r| matches!(r.purpose, Purpose::Log | Purpose::Reissue { .. }))
        .filter(|r| sim.devices[r.dev].is_hdd())
        .filter_map(|r| r.done_ns.map(|d| (r.start_lsn, r.end_lsn, d)))
        .collect();
    flushes.sort_unstable();
    let (mut n, mut sum, mut earlier) = (0_u64, 0_u64, 0_u64);
    for t in &sim.txns {
        let Some(ack) = t.ack_ns else { continue };
        // The HDD flush holding the commit's last log byte, if one does.
        let at = flushes.partition_point(|f| f.0 < t.end_lsn);
        let holder = flushes[..at]
            .iter()
            .rev()
            .find(|f| f.0 < t.end_lsn && t.end_lsn <= f.1);
        match holder {
            Some(&(_, _, done)) if done <= ack => {
                n += 1;
                sum += ack - done;
            }
            Some(_) => earlier += 1,
            None => {}
        }
    }
    (n, sum as f64 / n.max(1) as f64, earlier)
}

/// The measured mechanism behind one drive's archival-HDD ratio.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ArchivalCause {
    pub without: CycleSplit,
    pub with: CycleSplit,
    pub commits_on_hdd: u64,
    pub prefix_wait_ns: f64,
    /// Commits whose last log byte was also in an HDD flush that completed after they were
    /// acknowledged (another copy was durable first).
    pub commits_acked_before_hdd: u64,
}

/// Runs `without` (2f) and `with` (2f-1d) and measures steps 1–3.
pub fn archival_cause(
    without: &FlashLogConfig,
    with: &FlashLogConfig,
) -> Result<ArchivalCause, FlashLogError> {
    let mut a = FlashLogSim::new(without.clone())?;
    a.run()?;
    let mut b = FlashLogSim::new(with.clone())?;
    b.run()?;
    let (commits_on_hdd, prefix_wait_ns, commits_acked_before_hdd) = prefix_wait(&b);
    Ok(ArchivalCause {
        without: split(&a, without),
        with: split(&b, with),
        commits_on_hdd,
        prefix_wait_ns,
        commits_acked_before_hdd,
    })
}

impl ArchivalCause {
    /// The claim's sentence (numbers of the first seed that ran).
    pub fn sentence(&self, drive: &str) -> String {
        let (a, b) = (&self.without, &self.with);
        format!(
            "a commit is acknowledged only when its whole log prefix is durable, and on the \
             first seed the {} commits whose log ended in an HDD flush were acknowledged {:.2} \
             ms on average after that flush completed (waiting for earlier flushes on the flash \
             drives; {} more were acknowledged before it, durable on another copy); the mean \
             commit is {:.2} ms with the HDD against {:.2} ms without \
             ({:+.1} %), while the rest of a worker's cycle (its CPU time and its wait for a \
             core) went from {:.2} to {:.2} ms at {:.0} % and {:.0} % CPU: throughput {:.0} \
             against {:.0} commits/s ({drive}-2f-1d, {drive}-2f)",
            self.commits_on_hdd,
            self.prefix_wait_ns / 1e6,
            self.commits_acked_before_hdd,
            b.mean_commit_ns / 1e6,
            a.mean_commit_ns / 1e6,
            100.0 * (b.mean_commit_ns / a.mean_commit_ns.max(1.0) - 1.0),
            a.rest_of_cycle_ns / 1e6,
            b.rest_of_cycle_ns / 1e6,
            a.cpu_utilisation * 100.0,
            b.cpu_utilisation * 100.0,
            b.commits_per_s,
            a.commits_per_s,
        )
    }
}
