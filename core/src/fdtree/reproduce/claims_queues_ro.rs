//! Fig. 11 (R_q and R_o; Rem. A.9–A.10, §5.1) with the harness's queues at the paper's share
//! of the workload (issue 28 item 7), beside `claims_harness`'s Fig. 11 with 5,000 slots. At
//! the claims' 4,000 G_R requests 5,000 slots hold the whole file, so the injection thread
//! enqueues every request at time 0: R_q is mostly the lookups' backlog in Q_r, and no request
//! enters its queue after its arrival time (w ≤ 0, R_o = R_q) at any rate. These claims keep
//! the paper's ratio of slots to requests instead, so they have ids of their own; their bounds
//! are the 5,000-slot claims' (R_q: §5.1's "FD+FC's better R_p translates into better R_q"),
//! fixed before the run.
//!
//! 1. Slots: 5,000 × 4,000 / 10M = 2, at least one per queue (`claims_queues::paper_share_slots`;
//!    `HarnessSpec::split_slots` gives Q_r 2 and Q_w 1 at W_l ≥ 0.8).
//! 2. G_R, 8,000 keys preloaded, 4,000 requests, 6 reader + 2 writer workers, block I/O on the
//!    X25-E SSD model, FD+DS and FD+FC on the same file. Arrivals at v = 2,500/s (the 5,000-slot
//!    claims' rate) at W_l = 0.8 and 1.0; and at v = 25,000/s at W_l = 0.8, above both
//!    schemes' throughput (the 5,000-slot runs take 0.23–0.25 s for 4,000 requests, about
//!    17,000/s), where requests enter their queue late (w > 0) and R_o > R_q.
//! 3. Per seed: DS / FC average R_q and R_o over all requests; the median over
//!    `DEFAULT_SEEDS`. Each claim with a 5,000-slot counterpart sets its median beside its own
//!    (`SetupSweep`).

use super::claims_harness::{
    ARRIVALS_PER_S, DIFFERENCES, FiveThousandSlots, GR_REQUESTS, fig11_values, gr_link,
};
use super::claims_queues::{paper_share_slots, share_method, share_sweep};
use crate::plugin::Claim;
use crate::plugin::seeds::{DEFAULT_SEEDS, measure_many};

/// Step 2's rate above both schemes' throughput.
const FAST_ARRIVALS_PER_S: f64 = 25_000.0;

/// Step 1.
fn slots() -> usize {
    paper_share_slots(GR_REQUESTS)
}

fn method(wl: &str, rate: &str, what: &str) -> String {
    format!(
        "G_R at W_l = {wl}, 8,000 keys preloaded, {GR_REQUESTS} requests supposed to arrive at \
         {rate} per second; average {what} over all requests, FD+DS / FD+FC on the same file \
         {}",
        share_method(GR_REQUESTS)
    )
}

const SHARE_DIFFERENCES: &str = "the queue slots scaled with the workload (2 in all, at least \
    one per queue; the paper's 5,000 would hold all 4,000 requests); the paper's arrival rates \
    are not stated (Fig. 11's axis): 2,500/s and 25,000/s here; ";

/// What the runs showed (seeds 1–5, a diagnostic run of the same files stepping each event),
/// for the differences: where the queue share changes a verdict, and why.
fn measured(id: &str) -> &'static str {
    match id.trim_end_matches("_paper_queue_ratio") {
        "seed002.fig11.rq_fc_below_ds" => {
            "this verdict differs from the 5,000-slot R_o claim's (seed002.fig11.ro_fc_below_ds, \
             a miss, where R_o = R_q) only by the queue share. Measured: FD+FC's inserts and \
             deletes take 166–214 µs of mean R_q against FD+DS's 385–396 (FD+DS's writers \
             wait for merges), while its lookups take 562–571 µs against 542–545: 1,453–1,546 \
             of its ~3,200 lookups start during a merge (FD+DS's 337–423, whose stalled \
             writers hold back the injection thread, so its lookups run between merges), and \
             a lookup started during a merge takes 452–460 µs of R_p against 400–407 outside, \
             from merge I/O on the SSD (9–16 of FD+FC's lookups queue for a block latch, under \
             1 µs per lookup on average). "
        }
        "seed002.fig11.ro_fc_below_ds" => {
            "this verdict differs from seed002.fig11.ro_fc_below_ds's (5,000 slots: a miss) \
             only by the queue share. At 2,500/s no request enters its queue after its arrival \
             time (both schemes take in ~13,000–16,000 requests per second), so w ≤ 0, R_o = \
             R_q and the value is seed002.fig11.rq_fc_below_ds_paper_queue_ratio's. "
        }
        "seed002.fig11.ro_fc_below_ds_fast_arrivals" => {
            "measured: 3,965–3,984 of the 4,000 requests enter their queue after their arrival \
             time; FD+FC completes the file in 254–257 ms, FD+DS in 298–305 ms, so FD+DS's \
             requests are later (mean R_o 54.0–58.4 ms against 34.1–35.9 ms). With 5,000 slots \
             every request enters at time 0, so w ≤ 0 at any rate. "
        }
        _ => "",
    }
}

fn links(c: Claim, wl: f64, rate: f64) -> Claim {
    let found = measured(&c.id);
    c.run(gr_link("FD+DS", "ds", wl, rate, slots()))
        .run(gr_link("FD+FC", "fc", wl, rate, slots()))
        .differences(&format!("{found}{SHARE_DIFFERENCES}{DIFFERENCES}"))
}

/// Steps 1–3; `at_5000` holds the 5,000-slot values of the same runs at v = 2,500/s.
pub fn claims(at_5000: &FiveThousandSlots) -> Vec<Claim> {
    let s = slots();
    let [q8, o8, o8_fast, o10] = measure_many(&DEFAULT_SEEDS, |seed| {
        let [q8, o8] = fig11_values(seed, 800, ARRIVALS_PER_S, s);
        let [_, o8_fast] = fig11_values(seed, 800, FAST_ARRIVALS_PER_S, s);
        let [_, o10] = fig11_values(seed, 1000, ARRIVALS_PER_S, s);
        [q8, o8, o8_fast, o10]
    });
    let [q8_5000, o8_5000, _, o10_5000] = &at_5000.fig11;
    vec![
        links(
            Claim::at_least(
                "seed002.fig11.rq_fc_below_ds_paper_queue_ratio",
                "§5.1, Fig. 6h–l and Rem. A.10: FD+FC's better R_p translates into better R_q \
                 than FD+DS's at W_l = 0.8, with the queues holding the paper's share of the \
                 workload (DS / FC average R_q)",
                "×",
                1.0,
                f64::NAN,
                method("0.8", "2,500", "R_q"),
            )
            .over_seeds(q8.clone())
            .setup(share_sweep(GR_REQUESTS, &q8, q8_5000)),
            0.8,
            ARRIVALS_PER_S,
        ),
        links(
            Claim::at_least(
                "seed002.fig11.ro_fc_below_ds_paper_queue_ratio",
                "Fig. 11 (Rem. A.10): FD+FC outperforms FD+DS on R_o, the end-to-end response \
                 time, at W_l = 0.8, with the queues holding the paper's share of the workload \
                 (DS / FC average R_o)",
                "×",
                1.0,
                f64::NAN,
                method("0.8", "2,500", "R_o"),
            )
            .over_seeds(o8.clone())
            .setup(share_sweep(GR_REQUESTS, &o8, o8_5000)),
            0.8,
            ARRIVALS_PER_S,
        ),
        links(
            Claim::at_least(
                "seed002.fig11.ro_fc_below_ds_fast_arrivals_paper_queue_ratio",
                "Fig. 11 (Rem. A.10): FD+FC outperforms FD+DS on R_o at W_l = 0.8 over a range \
                 of arrival rates, here one faster than either scheme serves, with the queues \
                 holding the paper's share of the workload (DS / FC average R_o)",
                "×",
                1.0,
                f64::NAN,
                method("0.8", "25,000", "R_o"),
            )
            .over_seeds(o8_fast),
            0.8,
            FAST_ARRIVALS_PER_S,
        ),
        links(
            Claim::new(
                "seed002.fig11.ro_converge_read_only_paper_queue_ratio",
                "Fig. 11 (Rem. A.10): for lookups only (W_l = 1.0) FD+FC and FD+DS converge on \
                 R_o, with the queues holding the paper's share of the workload (DS / FC \
                 average R_o ≈ 1)",
                "×",
                1.0,
                f64::NAN,
                25.0,
                method("1.0", "2,500", "R_o"),
            )
            .over_seeds(o10.clone())
            .setup(share_sweep(GR_REQUESTS, &o10, o10_5000)),
            1.0,
            ARRIVALS_PER_S,
        ),
    ]
}
