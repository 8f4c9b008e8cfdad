//! The scheduling policies, alone (against plain reference implementations) and inside the lab
//! (from the trace it emits).

// Helpers outside #[test] functions may panic too: in a test, a panic is a failure report.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use flashlab_core::device::hdd::HddLab;
use flashlab_core::device::hdd::lab::events::{ARRIVE_READ, ARRIVE_WRITE, DISPATCH};
use flashlab_core::device::hdd::scheduler::{Policy, pick};
use flashlab_core::plugin::LabSpec;
use flashlab_core::sim::{Lab, Rng, TraceEvent, TraceSink};
use serde_json::{Value, json};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Item {
    id: u32,
    cylinder: u32,
}

/// Plain reference: FCFS = oldest; SSTF = smallest distance, then oldest.
fn reference(policy: Policy, head: u32, queue: &[Item]) -> Option<usize> {
    let keyed = queue.iter().enumerate().map(|(i, item)| match policy {
        Policy::Fcfs => (0u32, i),
        Policy::Sstf => (item.cylinder.abs_diff(head), i),
    });
    keyed.min().map(|(_, i)| i)
}

#[test]
fn scheduler_never_loses_or_duplicates_a_request() {
    for policy in [Policy::Fcfs, Policy::Sstf] {
        let mut rng = Rng::new(17);
        for round in 0..200 {
            let mut queue: Vec<Item> = Vec::new();
            let mut next_id = 0u32;
            let mut served: Vec<u32> = Vec::new();
            let mut head = rng.below(1000) as u32;
            let arrivals = 1 + rng.below(300) as u32;
            // Random interleaving of arrivals (with duplicate cylinders on purpose) and picks.
            while next_id < arrivals || !queue.is_empty() {
                if next_id < arrivals && (queue.is_empty() || rng.chance(0.55)) {
                    queue.push(Item {
                        id: next_id,
                        cylinder: rng.below(50) as u32 * 20,
                    });
                    next_id += 1;
                    continue;
                }
                let chosen = pick(policy, head, &queue, |i| i.cylinder).unwrap();
                assert_eq!(
                    Some(chosen),
                    reference(policy, head, &queue),
                    "round {round}"
                );
                let item = queue.remove(chosen);
                head = item.cylinder;
                served.push(item.id);
            }
            let mut sorted = served.clone();
            sorted.sort_unstable();
            assert_eq!(
                sorted,
                (0..arrivals).collect::<Vec<u32>>(),
                "{policy:?} round {round}"
            );
        }
    }
}

#[test]
fn sstf_always_picks_a_minimum_distance_request() {
    let mut rng = Rng::new(23);
    for _ in 0..5_000 {
        let len = 1 + rng.below(64) as usize;
        let queue: Vec<Item> = (0..len)
            .map(|i| Item {
                id: i as u32,
                cylinder: rng.below(100_000) as u32,
            })
            .collect();
        let head = rng.below(100_000) as u32;
        let chosen = pick(Policy::Sstf, head, &queue, |i| i.cylinder).unwrap();
        let best = queue
            .iter()
            .map(|i| i.cylinder.abs_diff(head))
            .min()
            .unwrap();
        assert_eq!(queue[chosen].cylinder.abs_diff(head), best);
        // Ties go to the oldest: nothing before `chosen` is as close.
        assert!(
            queue[..chosen]
                .iter()
                .all(|i| i.cylinder.abs_diff(head) > best)
        );
    }
}

/// Steps a lab to the end and returns the events of each step.
fn steps_of(body: Value, seed: u64) -> Vec<Vec<TraceEvent>> {
    let Value::Object(map) = body else { panic!() };
    let mut lab = HddLab::from_body(map, seed).unwrap();
    let mut trace = TraceSink::default();
    let mut out = Vec::new();
    loop {
        let before = trace.total_events();
        if !lab.step(&mut trace).unwrap() {
            break;
        }
        let new = (trace.total_events() - before) as usize;
        let recent: Vec<TraceEvent> = trace.recent().copied().collect();
        out.push(recent[recent.len() - new..].to_vec());
        assert!(lab.collect_checks().iter().all(|c| c.ok));
    }
    out
}

fn random_body(policy: &str, queue_depth: u32) -> Value {
    json!({
        "device": {"preset": "barracuda-7200-200gb"},
        "params": {"scheduler": policy, "queue_depth": queue_depth},
        "workload": {"kind": "random", "requests": 600, "request_bytes": 4096},
    })
}

#[test]
fn fcfs_serves_in_arrival_order() {
    let steps = steps_of(random_body("fcfs", 8), 4);
    let events = steps.iter().flatten();
    let arrived: Vec<u32> = events
        .clone()
        .filter(|e| e.kind == ARRIVE_READ || e.kind == ARRIVE_WRITE)
        .map(|e| e.args[0])
        .collect();
    let dispatched: Vec<u32> = events
        .filter(|e| e.kind == DISPATCH)
        .map(|e| e.args[0])
        .collect();
    assert_eq!(arrived.len(), 600);
    assert_eq!(dispatched, arrived);
}

#[test]
fn sstf_in_the_lab_dispatches_a_nearest_queued_request() {
    let steps = steps_of(random_body("sstf", 16), 4);
    // Replay the queue from the trace: arrivals join, dispatches leave.
    let mut queue: Vec<(u32, u32)> = Vec::new(); // (id, cylinder)
    let mut dispatches = 0;
    for step in &steps {
        for e in step {
            match e.kind {
                k if k == ARRIVE_READ || k == ARRIVE_WRITE => queue.push((e.args[0], e.args[1])),
                k if k == DISPATCH => {
                    let [id, from, to, _] = e.args;
                    let best = queue.iter().map(|&(_, c)| c.abs_diff(from)).min().unwrap();
                    assert_eq!(to.abs_diff(from), best, "request {id}");
                    let index = queue.iter().position(|&(q, _)| q == id).unwrap();
                    assert_eq!(queue[index].1, to);
                    queue.remove(index);
                    dispatches += 1;
                }
                _ => {}
            }
        }
    }
    assert_eq!(dispatches, 600);
    assert!(queue.is_empty());
}

#[test]
fn sstf_seeks_less_than_fcfs_on_the_same_seed() {
    let mean_seek = |policy: &str| {
        let Value::Object(map) = random_body(policy, 16) else {
            panic!()
        };
        let mut lab = HddLab::from_body(map, 9).unwrap();
        let mut trace = TraceSink::default();
        while lab.step(&mut trace).unwrap() {}
        lab.metrics()
            .iter()
            .find(|m| m.name == "mean_seek_ms")
            .unwrap()
            .value
    };
    let (fcfs, sstf) = (mean_seek("fcfs"), mean_seek("sstf"));
    assert!(sstf < fcfs * 0.6, "sstf {sstf} ms vs fcfs {fcfs} ms");
}
