//! What a concurrent run measured: every request's R_p (and, with the paper's harness, its
//! R_q and R_o), the merge intervals, live blocks over time, and the answer check (§5
//! metrics; digest §5.1 "R_p = dequeue → completion", R_q = R_p + queue wait, R_o = R_q +
//! max(0, w), Rem. A.9). Without the harness a request never queues: R_q = R_o = R_p.

use super::super::workload::Op;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum OpKind {
    Insert,
    Delete,
    Lookup,
    Range,
}

impl OpKind {
    pub fn of(op: Op) -> Self {
        match op {
            Op::Insert { .. } => OpKind::Insert,
            Op::Delete { .. } => OpKind::Delete,
            Op::Lookup { .. } => OpKind::Lookup,
            Op::Range { .. } => OpKind::Range,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Completion {
    pub client: usize,
    /// Position of the op in its client's list.
    pub index: u64,
    pub kind: OpKind,
    pub start_ns: u64,
    pub end_ns: u64,
}

impl Completion {
    pub fn r_p_ns(&self) -> u64 {
        self.end_ns - self.start_ns
    }
}

/// Which response time (§5): R_p (processing), R_q (R_p + queue wait), R_o (R_q + lateness).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Response {
    Rp,
    Rq,
    Ro,
}

#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct LatencyStats {
    pub count: u64,
    pub mean_ns: f64,
    pub max_ns: u64,
    pub std_ns: f64,
}

#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SimReport {
    pub completed: Vec<Completion>,
    /// With the harness: each completion's queue wait, in `completed`'s order (else empty).
    pub queue_waits: Vec<super::queues::QueueWait>,
    /// Answers checked against the values their keys held while they ran (`answers`), and
    /// how many showed a value never held.
    pub answers: u64,
    pub mismatches: u64,
    /// Reads of a block after it was reclaimed (only with a protocol rule dropped).
    pub use_after_reclaim: u64,
    /// Every op as issued and answered (with `keep_history`).
    pub history: Vec<super::answers::HistoryEntry>,
    /// Writers that found no free L0 slot and waited.
    pub slot_waits: u64,
    /// (start, end) of every merge.
    pub merges: Vec<(u64, u64)>,
    /// (time, live blocks) after every merge step.
    pub space: Vec<(u64, u64)>,
    pub end_ns: u64,
    pub latch_waits: u64,
    /// No lock held or queued at the end.
    pub latches_idle: bool,
}

impl SimReport {
    pub fn stats(&self, kind: OpKind) -> LatencyStats {
        self.response_stats(kind, Response::Rp)
    }

    /// Response times of every completed `kind` request, in completion order.
    pub fn responses(&self, kind: OpKind, what: Response) -> Vec<u64> {
        let wait = |i: usize| self.queue_waits.get(i).copied().unwrap_or_default();
        self.completed
            .iter()
            .enumerate()
            .filter(|(_, c)| c.kind == kind)
            .map(|(i, c)| match what {
                Response::Rp => c.r_p_ns(),
                Response::Rq => c.r_p_ns() + wait(i).queue_ns,
                Response::Ro => c.r_p_ns() + wait(i).queue_ns + wait(i).late_ns,
            })
            .collect()
    }

    pub fn response_stats(&self, kind: OpKind, what: Response) -> LatencyStats {
        let xs = self.responses(kind, what);
        if xs.is_empty() {
            return LatencyStats::default();
        }
        let n = xs.len() as f64;
        let mean = xs.iter().map(|&x| x as f64).sum::<f64>() / n;
        let var = xs
            .iter()
            .map(|&x| (x as f64 - mean) * (x as f64 - mean))
            .sum::<f64>()
            / n;
        LatencyStats {
            count: xs.len() as u64,
            mean_ns: mean,
            max_ns: xs.iter().copied().max().unwrap_or(0),
            std_ns: var.sqrt(),
        }
    }

    pub fn longest_merge_ns(&self) -> u64 {
        self.merges.iter().map(|(a, b)| b - a).max().unwrap_or(0)
    }

    pub fn peak_live_blocks(&self) -> u64 {
        self.space.iter().map(|s| s.1).max().unwrap_or(0)
    }
}
