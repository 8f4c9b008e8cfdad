//! Fig. 8 (G_T) with the harness's queues at the paper's share of the workload (issue 28 item
//! 7), beside `claims_harness`'s Fig. 8 with 5,000 slots. At the claims' 3,000 G_T requests
//! 5,000 slots hold the whole file: every lookup is dequeued at once and done during the first
//! merge, and a stalled FD+DS writer never holds back a lookup. These claims keep the paper's
//! ratio of slots to requests instead, so they have ids of their own; their bounds are the
//! 5,000-slot claims' (and Fig. 8d's ±25 % for "as worse as"), fixed before the run.
//!
//! 1. Slots: the paper does not state G_T's request count; taken as G_R's 10M (5,000 slots per
//!    10M requests, `claims_queues::paper_share_slots`), at 3,000 requests 2 slots, one per
//!    queue (the same at the 9M keys of its 100-warehouse preload).
//! 2. Otherwise `claims_harness`'s Fig. 8 run: 2 warehouses × 10 districts × 100 customers × 3
//!    orders = 6,000 keys preloaded, 3,000 requests (91.3 % inserts), FD+XM, FD+DS and FD+FC on
//!    the same file, 6 reader + 2 writer workers, block I/O on the X25-E SSD model.
//! 3. Per seed: DS / FC and XM / FC completion time, DS / FC average insertion R_p, FC / DS
//!    average lookup R_p, FC / DS average insertion R_q; the median over `DEFAULT_SEEDS`. Each
//!    claim sets the 5,000-slot median beside its own (`SetupSweep`).

use super::claims_harness::{DIFFERENCES, FiveThousandSlots, GT_REQUESTS, fig8_values, gt_link};
use super::claims_queues::{paper_share_slots, share_method, share_sweep};
use crate::plugin::Claim;
use crate::plugin::seeds::{DEFAULT_SEEDS, measure_many};

/// Step 1.
fn slots() -> usize {
    paper_share_slots(GT_REQUESTS)
}

fn method() -> String {
    format!(
        "G_T: 2 warehouses × 10 districts × 100 customers × 3 orders = 6,000 keys preloaded, \
         {GT_REQUESTS} requests (91.3% inserts) under FD+XM, FD+DS and FD+FC on the same file \
         {}",
        share_method(GT_REQUESTS)
    )
}

const SHARE_DIFFERENCES: &str = "the queue slots scaled with the workload (2 in all, one per \
    queue; the paper's G_T request count is not stated, taken as G_R's 10M); ";

/// Steps 1–3; `at_5000` holds the 5,000-slot values of the same runs.
pub fn claims(at_5000: &FiveThousandSlots) -> Vec<Claim> {
    let s = slots();
    let share = measure_many(&DEFAULT_SEEDS, |seed| fig8_values(seed, s));
    let m = method();
    let [tp_ds, tp_xm, ins, look, ins_q] = share.clone();
    let claims = vec![
        Claim::at_least(
            "seed002.fig8.throughput_fc_over_ds_paper_queue_ratio",
            "Fig. 8a: on G_T FD+FC's throughput is higher than FD+DS's (+14% at 100 \
             warehouses), with the queues holding the paper's share of the workload (DS / FC \
             completion time)",
            "×",
            1.0,
            f64::NAN,
            m.clone(),
        )
        .over_seeds(tp_ds),
        Claim::at_least(
            "seed002.fig8.throughput_fc_over_xm_paper_queue_ratio",
            "Fig. 8a: on G_T FD+FC's throughput is higher than FD+XM's, with the queues holding \
             the paper's share of the workload (XM / FC completion time)",
            "×",
            1.0,
            f64::NAN,
            m.clone(),
        )
        .over_seeds(tp_xm),
        Claim::at_least(
            "seed002.fig8.insert_rp_fc_below_ds_paper_queue_ratio",
            "Fig. 8b: FD+FC's average insertion R_p is below FD+DS's (13% less at 100 \
             warehouses), with the queues holding the paper's share of the workload (DS / FC)",
            "×",
            1.0,
            f64::NAN,
            m.clone(),
        )
        .over_seeds(ins),
        Claim::at_least(
            "seed002.fig8.lookup_rp_ds_below_fc_paper_queue_ratio",
            "Fig. 8b: FD+DS's average lookup R_p is below FD+FC's, because FD+FC's concurrent \
             block reclamations interfere with lookups, with the queues holding the paper's \
             share of the workload (FC / DS)",
            "×",
            1.0,
            f64::NAN,
            m.clone(),
        )
        .over_seeds(look),
        Claim::new(
            "seed002.fig8.insert_rq_fc_about_ds_paper_queue_ratio",
            "Fig. 8d: FD+FC's average R_q for updates is about FD+DS's (the workload is so \
             update-intensive that updates wait in Q_w either way), with the queues holding the \
             paper's share of the workload (FC / DS average insertion R_q)",
            "×",
            1.0,
            f64::NAN,
            25.0,
            m,
        )
        .over_seeds(ins_q),
    ];
    let fc_ds = [gt_link("FD+DS", "ds", s), gt_link("FD+FC", "fc", s)];
    claims
        .into_iter()
        .zip(share.iter().zip(at_5000.fig8.iter()))
        .map(|(c, (here, there))| {
            let c = c
                .differences(&format!("{SHARE_DIFFERENCES}{DIFFERENCES}"))
                .setup(share_sweep(GT_REQUESTS, here, there));
            let c = if c.id.contains("over_xm") {
                c.run(gt_link("FD+XM", "xm", s))
            } else {
                c
            };
            fc_ds.iter().fold(c, |c, r| c.run(r.clone()))
        })
        .collect()
}
