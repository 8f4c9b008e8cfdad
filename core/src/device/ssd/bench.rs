//! SSD benchmark cases (`flashlab bench`).
//!
//! 1. "ssd: 4 KB random writes at 75% fill, greedy GC": the FTL and the timing model driven
//!    directly, without the event queue and the trace (the lab path adds both, see case 2). The
//!    device is 8 channels × 4 dies × 256 blocks × 128 pages of 4 KB (4 GiB, 1,048,576 pages),
//!    7 % spare; 75 % of the logical space is filled sequentially, then uniformly random
//!    single-page overwrites go to the filled range with 32 requests in flight (each write is
//!    issued when the write 32 earlier completed), each to the die free first. Greedy GC runs
//!    on the die after the page that triggered it; the first ~290,000 writes consume the free
//!    space, after which GC runs all the time (WAF ≈ 1.9).
//! 2. "ssd lab: 4 KB random writes, full event path": the same kind of workload through
//!    `SsdLab::step` on the course device (events, trace hash, invariants every step), for
//!    comparison with case 1.

use serde_json::json;

use super::SsdLab;
use super::booking::book_write;
use super::ftl::{Ftl, FtlConfig};
use super::geometry::Geometry;
use super::oplog::OpLog;
use super::timing::{Timing, TimingParams};
use crate::plugin::{BenchCase, LabSpec};
use crate::scenario::limits::MAX_GENERATED_OPS;
use crate::sim::{Lab, Rng, TraceSink};

pub const DIRECT_CASE: &str = "ssd: 4 KB random writes at 75% fill, greedy GC";
pub const LAB_CASE: &str = "ssd lab: 4 KB random writes, full event path";

/// The benchmark device: MQSim's 8 × 4 layout with the Numonyx SLC timings.
pub fn bench_geometry() -> Geometry {
    Geometry::with_spare_factor(8, 4, 1, 256, 128, 4096, 0.07)
}

/// The result of a direct run, for reports and tests.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DirectRun {
    pub writes: u64,
    pub write_amplification: f64,
    pub erases: u64,
    pub sim_time_ns: u64,
}

/// Case 1: `writes` random 4 KB writes after a 75 % sequential fill.
pub fn random_writes_direct(writes: u64, seed: u64) -> DirectRun {
    let g = bench_geometry();
    let mut ftl = Ftl::new(g, FtlConfig::default());
    let mut timing = Timing::new(TimingParams::numonyx_slc(), g.channels, g.dies_per_channel);
    let mut log: OpLog = Vec::with_capacity(1024);
    let filled = g.logical_pages / 4 * 3;
    for lba in 0..filled {
        log.clear();
        if ftl.write(lba, 0, &mut log).is_err() {
            return DirectRun {
                writes: 0,
                write_amplification: 0.0,
                erases: 0,
                sim_time_ns: 0,
            };
        }
    }
    let base = ftl.counters;
    let mut rng = Rng::new(seed);
    const QUEUE_DEPTH: usize = 32;
    let mut done_ring = [0u64; QUEUE_DEPTH];
    let mut end = 0;
    let mut done = 0;
    let mut issued = 0;
    // The LBAs are drawn in batches of BATCH, in the same order from the same generator, two
    // batches ahead, so that the host cache can be warmed for them (`Ftl::warm_for_writes`)
    // before they are written: the misses of a batch overlap. Simulator speed only: the
    // writes, their order and every simulated effect are unchanged.
    const BATCH: usize = 32;
    let mut lbas = [[0u32; BATCH]; 3];
    for batch in &mut lbas[1..] {
        batch.fill_with(|| rng.below(u64::from(filled)) as u32);
    }
    for i in 0..writes {
        let slot = (i % QUEUE_DEPTH as u64) as usize;
        let k = (i % BATCH as u64) as usize;
        if k == 0 {
            lbas.rotate_left(1);
            lbas[2].fill_with(|| rng.below(u64::from(filled)) as u32);
            std::hint::black_box(ftl.warm_for_writes(&lbas[1], &lbas[2]));
        }
        issued = done_ring[slot].max(issued);
        let t0 = timing.command(issued);
        let lba = lbas[0][k];
        log.clear();
        if ftl
            .write_timed(lba, i as u32, &mut timing.die_free_ns, &mut log)
            .is_err()
        {
            break;
        }
        let arrived = timing.host_in(t0);
        let finish = book_write(&mut timing, &g, &log, t0, arrived);
        done_ring[slot] = finish;
        end = end.max(finish);
        done += 1;
    }
    let c = ftl.counters;
    DirectRun {
        writes: done,
        write_amplification: (c.flash_programs - base.flash_programs) as f64
            / (c.host_writes - base.host_writes).max(1) as f64,
        erases: c.erases - base.erases,
        sim_time_ns: end,
    }
}

/// Case 2: random single-page writes through the lab's event loop, trace and invariants.
pub fn random_writes_lab(writes: u64) -> u64 {
    let mut done = 0;
    let mut seed = 1;
    while done < writes {
        let batch = (writes - done).min(MAX_GENERATED_OPS);
        let body = json!({
            "workload": {"fill_fraction": 0.75, "queue_depth": 32,
                         "generator": {"pattern": "uniform", "requests": batch,
                                       "span_fraction": 0.75}},
        });
        let serde_json::Value::Object(map) = body else {
            return done;
        };
        let Ok(mut lab) = SsdLab::from_body(map, seed) else {
            return done;
        };
        let mut trace = TraceSink::default();
        let mut ok = true;
        let mut checks = Vec::new();
        while let Ok(true) = lab.step(&mut trace) {
            checks.clear();
            lab.check_invariants(&mut checks);
            ok &= checks.iter().all(|c| c.ok);
        }
        if !ok {
            return done;
        }
        done += batch;
        seed += 1;
    }
    done
}

pub fn cases() -> Vec<BenchCase> {
    vec![
        BenchCase {
            name: DIRECT_CASE,
            unit: "simulated host writes",
            run: |size| random_writes_direct(size, 1).writes,
            default_size: 10_000_000,
        },
        BenchCase {
            name: LAB_CASE,
            unit: "simulated host writes",
            run: random_writes_lab,
            default_size: 1_000_000,
        },
    ]
}
