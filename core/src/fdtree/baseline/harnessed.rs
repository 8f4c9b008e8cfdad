//! The baselines through the paper's harness (§5, Rem. A.9; the FD+tree's is `conc::harness`):
//! the same workload file, one injection thread, bounded queues Q_r / Q_w and T_r + T_w
//! workers, so Fig. 10 compares FD+FC and the B+tree on the same set-up (issue 28 item 7).
//!
//! 1. The injection thread moves requests from the file, in order, into Q_r (lookups, ranges)
//!    or Q_w (inserts, deletes) at once; when the next request's queue is full it blocks until
//!    a worker dequeues from that queue (a full Q_w also holds back the lookups behind it).
//! 2. Each queue is first in first out; its head goes to the worker of that queue that is free
//!    first, at max(worker free, head's enqueue time). Dequeues are taken in time order over
//!    both queues (ties: Q_r first), so the model (and the B+tree's SSD) sees ops begin in time
//!    order, as `timed` requires.
//! 3. Each op runs as in `timed` (the B+tree fully concurrent, Li's FD-tree under its lock);
//!    R_p = completion − dequeue. The report's completions carry the worker as `client`
//!    (readers first) and the request's position in the file as `index`.
//! 4. The paper gave the B+tree T_r : T_w matched to W_l : (W_i + W_d) (§5.3);
//!    `workers_matched` computes that split of 8 workers.

use std::collections::VecDeque;

use super::super::conc::{Completion, HarnessSpec, OpKind, SimReport, SsdCost};
use super::super::config::FdConfig;
use super::super::error::FdError;
use super::super::workload::Op;
use super::timed::{Baseline, prepared};

/// Step 4: (T_r, T_w) of `total` workers matched to W_l (per mille), at least one of each.
pub fn workers_matched(total: usize, lookup_permille: u32) -> (usize, usize) {
    let total = total.max(2);
    let writes_permille = 1000usize.saturating_sub(lookup_permille as usize);
    let writers = ((total * writes_permille + 500) / 1000).clamp(1, total - 1);
    (total - writers, writers)
}

/// Queue of `op`: 0 = Q_r, 1 = Q_w.
fn queue_of(op: Op) -> usize {
    usize::from(op.is_modification())
}

/// Runs `kind` on `preload`, then `file` through the harness `spec` (steps 1–3); the block
/// I/O of the B+tree on an SSD of preset `device` when given.
pub fn run_baseline_harnessed(
    kind: Baseline,
    fd: &FdConfig,
    cost: SsdCost,
    device: Option<&str>,
    preload: &[Op],
    file: &[Op],
    spec: HarnessSpec,
) -> Result<SimReport, FdError> {
    if spec.readers == 0 || spec.writers == 0 {
        return Err(FdError::InvalidConfig(
            "a harness needs T_r ≥ 1 and T_w ≥ 1 workers".into(),
        ));
    }
    let mods = file.iter().filter(|op| op.is_modification()).count() as u64;
    let mut r = prepared(kind, fd, cost, device, preload, mods)?;
    let slots = [spec.read_slots.max(1), spec.write_slots.max(1)];
    let mut free_ns = [vec![0u64; spec.readers], vec![0u64; spec.writers]];
    // Per queue: (file position, enqueue time) waiting; dequeue times of its requests so far.
    let mut queues: [VecDeque<(usize, u64)>; 2] = [VecDeque::new(), VecDeque::new()];
    let mut dequeued: [Vec<u64>; 2] = [Vec::new(), Vec::new()];
    let mut injected = [0usize; 2];
    let (mut next, mut last_enq) = (0usize, 0u64);
    loop {
        // Step 1: inject until the next request's queue is full.
        while let Some(&op) = file.get(next) {
            let q = queue_of(op);
            let free_at = match injected[q].checked_sub(slots[q]) {
                None => 0,
                Some(n) => match dequeued[q].get(n) {
                    Some(&t) => t,
                    None => break,
                },
            };
            last_enq = last_enq.max(free_at);
            queues[q].push_back((next, last_enq));
            injected[q] += 1;
            next += 1;
        }
        // Step 2: the earliest dequeue over both queues.
        let mut pick: Option<(u64, usize, usize)> = None;
        for q in 0..2 {
            let Some(&(_, enq)) = queues[q].front() else {
                continue;
            };
            let (w, free) = free_ns[q]
                .iter()
                .copied()
                .enumerate()
                .min_by_key(|&(w, t)| (t, w))
                .unwrap_or((0, 0));
            let at = free.max(enq);
            if pick.is_none_or(|(t, _, _)| at < t) {
                pick = Some((at, q, w));
            }
        }
        let Some((at, q, w)) = pick else { break };
        let Some((pos, _)) = queues[q].pop_front() else {
            break;
        };
        dequeued[q].push(at);
        let op = file[pos];
        let end = r.issue(op, at)?;
        free_ns[q][w] = end;
        r.report.completed.push(Completion {
            client: if q == 0 { w } else { spec.readers + w },
            index: pos as u64,
            kind: OpKind::of(op),
            start_ns: at,
            end_ns: end,
        });
    }
    r.report.latches_idle = true;
    Ok(r.report)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fdtree::workload::GenR;

    #[test]
    fn workers_matched_follow_the_lookup_ratio_with_one_of_each_at_least() {
        assert_eq!(workers_matched(8, 500), (4, 4));
        assert_eq!(workers_matched(8, 800), (6, 2));
        assert_eq!(workers_matched(8, 900), (7, 1));
        assert_eq!(workers_matched(8, 1000), (7, 1));
        assert_eq!(workers_matched(8, 0), (1, 7));
    }

    fn spec(readers: usize, writers: usize, slots: (usize, usize)) -> HarnessSpec {
        HarnessSpec {
            readers,
            writers,
            read_slots: slots.0,
            write_slots: slots.1,
            arrival_interval_ns: None,
        }
    }

    #[test]
    fn every_request_of_the_file_completes_once_with_right_answers() {
        let mut g = GenR::new(3, 800, 1);
        let pre = g.preload(2_000);
        let file: Vec<Op> = (0..1_000).map(|_| g.next_op()).collect();
        let fd = FdConfig::fc(16, 4, 4);
        let cost = SsdCost::x25e_datasheet();
        for slots in [(5_000, 5_000), (3, 2)] {
            let r = run_baseline_harnessed(
                Baseline::BTree,
                &fd,
                cost,
                None,
                &pre,
                &file,
                spec(6, 2, slots),
            )
            .unwrap();
            assert_eq!(r.completed.len(), file.len());
            assert_eq!(r.mismatches, 0);
            let mut seen: Vec<u64> = r.completed.iter().map(|c| c.index).collect();
            seen.sort_unstable();
            assert!(seen.iter().enumerate().all(|(i, &p)| p == i as u64));
        }
    }
}
