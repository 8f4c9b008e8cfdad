//! Soak: every lab runs a long stream of steps through the `Session` (keyframes, trace, seeks),
//! with its invariants sampled throughout, and the process's memory stays bounded.
//!
//! 1. Per lab, cycle through its scenario files with seeds 1, 2, 3, … (each a fresh session, so
//!    load and drop are soaked too), stepping in chunks of 1,000.
//! 2. Every chunk: the invariants hold; every 16th chunk a seek back to a seeded earlier step
//!    (restore from a keyframe and replay) must land on that step.
//! 3. Resident memory (VmRSS) is read after the first tenth of the steps and at the end; the
//!    growth between them must stay under 64 MiB (no leak across millions of steps).
//!
//! Minutes in a debug build (scenario loads dominate), so it is `#[ignore]`d there: `npm test`
//! runs it in the bench-fast profile with 30,000 steps per lab (about two minutes). The long
//! soak, ten million steps per lab:
//! `FLASHLAB_SOAK_STEPS=10000000 cargo test --profile bench-fast -p flashlab-core --test soak -- --ignored --nocapture`
//! (`FLASHLAB_SOAK_LABS=hdd,ssd` limits it to some labs, e.g. to run labs in separate processes).

// Each lab's wall time is a report of the test, not simulated time.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::disallowed_methods)]

mod common;

use flashlab_core::Session;
use flashlab_core::labs::BUILT_LABS;
use flashlab_core::sim::Rng;

const CHUNK_STEPS: u64 = 1_000;
const LEAK_LIMIT_BYTES: u64 = 64 * 1024 * 1024;

fn soak_steps() -> u64 {
    std::env::var("FLASHLAB_SOAK_STEPS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(30_000)
}

/// VmRSS of this process in bytes (0 where /proc is missing).
fn rss_bytes() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|kb| kb.parse::<u64>().ok())
        })
        .map_or(0, |kb| kb * 1024)
}

/// Runs `target` steps of `lab`; returns (steps, invariant samples, seeks, rss after a tenth, rss at end).
fn soak(lab: &str, target: u64) -> (u64, u64, u64, u64, u64) {
    let files = common::scenario_files(lab);
    assert!(!files.is_empty(), "{lab}: no scenarios");
    let mut rng = Rng::new(0x50A4);
    let (mut steps, mut samples, mut seeks, mut chunks) = (0u64, 0u64, 0u64, 0u64);
    let mut rss_early = 0;
    let mut seed = 0u64;
    while steps < target {
        for (path, text) in &files {
            seed += 1;
            let mut session = Session::load(text, Some(seed)).unwrap();
            loop {
                let before = session.run().state().step;
                session.step(CHUNK_STEPS);
                let now = session.run().state().step;
                steps += now - before;
                chunks += 1;
                let report = session.invariants_json();
                let failing: Vec<_> = report
                    .as_array()
                    .unwrap()
                    .iter()
                    .filter(|c| c["ok"] == false)
                    .collect();
                // A broken-* scenario fails an invariant on purpose (conformance checks it does).
                assert!(
                    failing.is_empty() || common::breaks_on_purpose(text),
                    "{path} seed {seed} step {now}: {failing:?}"
                );
                samples += 1;
                if chunks % 16 == 0 && now > 0 {
                    let back = rng.below(now);
                    session.seek(back);
                    assert_eq!(session.run().state().step, back, "{path}: seek");
                    session.seek(now);
                    seeks += 1;
                }
                if rss_early == 0 && steps >= target / 10 {
                    rss_early = rss_bytes();
                }
                if now == before || steps >= target {
                    break;
                }
            }
            if steps >= target {
                break;
            }
        }
    }
    (steps, samples, seeks, rss_early, rss_bytes())
}

/// `FLASHLAB_SOAK_LABS` (comma-separated), else every built lab.
fn selected(lab: &str) -> bool {
    std::env::var("FLASHLAB_SOAK_LABS")
        .map_or(true, |list| list.split(',').any(|l| l.trim() == lab))
}

#[test]
#[ignore = "minutes in a debug build: run by npm test in the bench-fast profile"]
fn every_lab_soaks_with_invariants_holding_and_memory_bounded() {
    let target = soak_steps();
    for lab in BUILT_LABS.iter().filter(|lab| selected(lab)) {
        let started = std::time::Instant::now();
        let (steps, samples, seeks, early, end) = soak(lab, target);
        println!(
            "{lab}: {steps} steps, {samples} invariant samples, {seeks} seeks, RSS {} → {} MiB, {:.0} s",
            early >> 20,
            end >> 20,
            started.elapsed().as_secs_f64()
        );
        assert!(steps >= target);
        assert!(
            end <= early + LEAK_LIMIT_BYTES,
            "{lab}: memory grew from {} to {} MiB",
            early >> 20,
            end >> 20
        );
    }
}
