//! The paper's harness (§5, Rem. A.9; digest §5.1): a workload file, one injection thread,
//! two bounded request queues Q_r and Q_w, and T_r reader and T_w writer workers.
//!
//! 1. The workload file holds every request in order. With an arrival rate v, request i is
//!    supposed to arrive at i/v (Rem. A.9, from time 0).
//! 2. The injection thread moves requests from the file into Q_r (lookups, ranges) or Q_w
//!    (inserts, deletes) at the maximum speed, ignoring the arrival times. When the next
//!    request's queue is full it blocks, so a full Q_w also holds back the lookups behind it
//!    in the file (§5: "it blocks until slots become available in that request queue").
//!    Injecting takes no simulated time here.
//! 3. Workers 0..T_r take from Q_r, the next T_w workers from Q_w, first in first out. A worker
//!    whose queue is empty idles until the injection thread puts a request in it; each dequeue
//!    frees a slot, so the injection thread goes on at once.
//! 4. Per request: `enq` = when it entered its queue, R_p = completion − dequeue, R_q =
//!    completion − enq, and R_o = R_q + max(0, w) with w = enq − its arrival time (Rem. A.9:
//!    a request the system is late to take in waits w before it even enters the queue).
//!    Without a rate, R_o = R_q.

use std::collections::VecDeque;

use super::super::error::FdError;
use super::super::workload::Op;
use super::engine::ConcurrentRun;
use super::latch::Actor;
use super::queues::{Harness, HarnessSpec, QueueWait, Queued, queue_of};

impl ConcurrentRun {
    /// Turns a run built with `spec.readers + spec.writers` empty clients into the paper's
    /// harness over `file`; the injection thread fills the queues at time 0.
    pub fn harnessed(mut self, file: Vec<Op>, spec: HarnessSpec) -> Result<Self, FdError> {
        if self.clients.len() != spec.readers + spec.writers
            || spec.readers == 0
            || spec.writers == 0
            || self.clients.iter().any(|c| !c.ops.is_empty())
        {
            return Err(FdError::InvalidConfig(
                "a harness needs T_r ≥ 1 and T_w ≥ 1 workers with no ops of their own".into(),
            ));
        }
        if self.device.is_some() {
            // The device is sized for the requests the run will write (`with_device`).
            return Err(FdError::InvalidConfig(
                "attach the harness before the SSD device (`with_device`)".into(),
            ));
        }
        self.harness = Some(Harness {
            file: file.into(),
            next_request: 0,
            queues: [VecDeque::new(), VecDeque::new()],
            slots: [spec.read_slots.max(1), spec.write_slots.max(1)],
            idle: [Vec::new(), Vec::new()],
            readers: spec.readers,
            interval_ns: spec.arrival_interval_ns,
        });
        self.inject();
        Ok(self)
    }

    /// Step 2: the injection thread moves requests until the next one's queue is full; each
    /// request wakes one idle worker of its queue.
    pub(super) fn inject(&mut self) {
        let now = self.sched.now_ns();
        let Some(h) = self.harness.as_mut() else {
            return;
        };
        let mut woken = Vec::new();
        while let Some(&op) = h.file.front() {
            let q = queue_of(op);
            if h.queues[q].len() >= h.slots[q] {
                break;
            }
            h.file.pop_front();
            h.queues[q].push_back(Queued {
                op,
                request: h.next_request,
                enq_ns: now,
            });
            h.next_request += 1;
            if let Some(w) = h.idle[q].pop() {
                woken.push(w);
            }
        }
        for &w in &woken {
            self.clients[w].done = false;
        }
        self.wake(woken);
    }

    /// Step 3: the worker's next request, or None (it idles until the injection thread wakes it).
    pub(super) fn dequeue(&mut self, actor: Actor) -> Option<Queued> {
        let h = self.harness.as_mut()?;
        let q = usize::from(actor >= h.readers);
        let Some(item) = h.queues[q].pop_front() else {
            if !h.idle[q].contains(&actor) {
                h.idle[q].push(actor);
            }
            return None;
        };
        self.inject();
        Some(item)
    }

    /// Step 4: the waits of a request dequeued now.
    pub(super) fn queue_wait(&self, item: &Queued) -> QueueWait {
        let now = self.sched.now_ns();
        let arrival = self
            .harness
            .as_ref()
            .and_then(|h| h.interval_ns)
            .map_or(item.enq_ns, |dt| item.request.saturating_mul(dt));
        QueueWait {
            queue_ns: now.saturating_sub(item.enq_ns),
            late_ns: item.enq_ns.saturating_sub(arrival),
        }
    }

    /// The workload-file position of client `client`'s op `index` (harness runs only).
    pub fn request_of(&self, client: usize, index: u64) -> Option<u64> {
        self.harness.as_ref()?;
        self.clients
            .get(client)?
            .requests
            .get(index as usize)
            .copied()
    }

    /// Inserts and deletes still in the file or a queue (harness runs only; 0 otherwise).
    pub(super) fn harness_modifications(&self) -> u64 {
        self.harness.as_ref().map_or(0, |h| {
            let queued = h.queues.iter().flatten().map(|q| q.op);
            h.file
                .iter()
                .copied()
                .chain(queued)
                .filter(|op| op.is_modification())
                .count() as u64
        })
    }

    /// Requests still in the file or a queue (harness runs only; 0 otherwise).
    pub fn waiting_requests(&self) -> usize {
        self.harness.as_ref().map_or(0, |h| {
            h.file.len() + h.queues.iter().map(VecDeque::len).sum::<usize>()
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fdtree::FdConfig;
    use crate::fdtree::conc::{OpKind, Response, Scheme, SimReport, SsdCost};

    fn run(file: Vec<Op>, spec: HarnessSpec) -> SimReport {
        let pre: Vec<Op> = (1..=200).map(|k| Op::Insert { key: k, value: k }).collect();
        let workers = vec![Vec::new(); spec.readers + spec.writers];
        ConcurrentRun::new(
            Scheme::Fc,
            FdConfig::fc(8, 3, 2),
            SsdCost::x25e_effective(),
            &pre,
            workers,
        )
        .and_then(|r| r.harnessed(file, spec))
        .and_then(ConcurrentRun::run)
        .expect("run")
    }

    fn spec(read_slots: usize, write_slots: usize, interval: Option<u64>) -> HarnessSpec {
        HarnessSpec {
            readers: 1,
            writers: 1,
            read_slots,
            write_slots,
            arrival_interval_ns: interval,
        }
    }

    #[test]
    fn a_full_write_queue_holds_back_the_lookups_behind_it() {
        let mut file: Vec<Op> = (1000..1004)
            .map(|k| Op::Insert { key: k, value: k })
            .collect();
        file.push(Op::Lookup { key: 7 });
        let r = run(file, spec(1, 1, None));
        assert_eq!(r.completed.len(), 5);
        let rp = r.responses(OpKind::Lookup, Response::Rp);
        let rq = r.responses(OpKind::Lookup, Response::Rq);
        // The lookup entered Q_r only once the last insert had a slot in Q_w.
        assert!(rq[0] == rp[0], "{rq:?} {rp:?}");
        let first_lookup = r
            .completed
            .iter()
            .find(|c| c.kind == OpKind::Lookup)
            .expect("lookup");
        let third_insert = r
            .completed
            .iter()
            .filter(|c| c.kind == OpKind::Insert)
            .nth(2)
            .expect("insert");
        assert!(first_lookup.start_ns >= third_insert.start_ns);
        assert_eq!(r.mismatches, 0);
    }

    #[test]
    fn r_q_and_r_o_never_undercut_r_p_and_every_request_completes() {
        let mut file = Vec::new();
        for k in 0..300u64 {
            file.push(if k % 3 == 0 {
                Op::Insert {
                    key: 1000 + k,
                    value: k,
                }
            } else {
                Op::Lookup { key: 1 + k % 200 }
            });
        }
        let r = run(file, spec(4, 2, Some(50_000)));
        assert_eq!(r.completed.len(), 300);
        assert_eq!(r.queue_waits.len(), 300);
        for kind in [OpKind::Insert, OpKind::Lookup] {
            let rp = r.responses(kind, Response::Rp);
            let rq = r.responses(kind, Response::Rq);
            let ro = r.responses(kind, Response::Ro);
            assert!(
                rp.iter()
                    .zip(&rq)
                    .zip(&ro)
                    .all(|((p, q), o)| p <= q && q <= o)
            );
        }
        // Arrivals every 50 µs are faster than 0.6 ms reads: requests are taken in late.
        assert!(r.queue_waits.iter().any(|w| w.late_ns > 0));
        assert_eq!(r.mismatches, 0);
        assert!(r.latches_idle);
    }

    #[test]
    fn slots_split_by_lookup_ratio_with_one_each_at_least() {
        assert_eq!(HarnessSpec::split_slots(5000, 800), (4000, 1000));
        assert_eq!(HarnessSpec::split_slots(5000, 0), (1, 4999));
        assert_eq!(HarnessSpec::split_slots(5000, 1000), (5000, 1));
    }
}
