//! The paper's numbers recomputed by the simulator, as plain functions returning numbers (not
//! yet registered with `flashlab reproduce`). Each row carries the paper's value beside the
//! simulated one; the paper's value is only a reference.
//!
//! 1. `space`: Tab. 3 and Tab. 5 space-overhead columns from `PageLayout` (exact).
//! 2. `fig1`: the write amplification of a 10-byte update, by running it through the store.
//! 3. `table2`: the paper's own reductions recomputed from its absolutes, and the simulated
//!    IPA-vs-IPL reductions of the three-way race, judged against a tolerance fixed in code
//!    before any run.
//! 4. `sizes`: update-size percentiles (Tabs. 1, 11) of the generated workloads.
//! 5. `gc`: share of appends and GC migrations / erases per host write, IPA against
//!    out-of-place on a nearly full device (Tabs. 6–10, direction and magnitude).
//! 6. `table4`: DBMS write amplification (gross written / net changed bytes, §8.4) without IPA
//!    over that with [2×M] and [3×M] (Tab. 4).
//! 7. `time`: READ / WRITE I/O response and throughput of [0×0] and IPA from the device time of
//!    each run's flash operations (`ipa::timing`; Tabs. 7 and 9).
//! 8. `openssd`: Tabs. 6 and 8's regions (pSLC, odd-MLC, [0×0] on MLC) at a 1.5 % buffer,
//!    priced on the MLC preset for a device that serves one I/O at a time.

pub mod fig1;
pub mod gc;
pub mod openssd;
pub mod scenario;
pub mod sizes;
pub mod space;
pub mod table2;
pub mod table4;
pub mod time;

/// A simulated number next to the paper's.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    pub label: String,
    pub simulated: f64,
    pub paper: f64,
}

impl Row {
    pub fn new(label: impl Into<String>, simulated: f64, paper: f64) -> Self {
        Self {
            label: label.into(),
            simulated,
            paper,
        }
    }

    pub fn error(&self) -> f64 {
        self.simulated - self.paper
    }
}
