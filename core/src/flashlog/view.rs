//! What a lab view draws, as plain data: the LSN ruler (generated, issued, durable prefix,
//! acknowledged), each device lane with its write in flight, and the commit counters.
//!
//! 1. `lanes`: one per device — the write in flight (LSN range, issue time, due time, whether
//!    it is an erase outlier or a re-issued copy) and its last main-area start LSN.
//! 2. `ruler`: `next_lsn` ≥ `issued_upto`; `durable_prefix` ≤ `issued_upto`; acknowledged
//!    commits end at or before the durable prefix, except on the ideal disk (`unsafe`).

use super::media::Area;
use super::sim::{FlashLogSim, Purpose};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InFlight {
    pub start_lsn: u64,
    pub end_lsn: u64,
    pub issued_ns: u64,
    pub due_ns: u64,
    pub outlier: bool,
    pub reissue: bool,
    pub hiding_area: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Lane {
    pub name: String,
    pub flash: bool,
    pub in_flight: Option<InFlight>,
    pub last_main_start_lsn: u64,
    pub writes: u64,
    pub records: usize,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FlashLogView {
    pub now_ns: u64,
    pub next_lsn: u64,
    pub issued_upto: u64,
    pub durable_prefix: u64,
    pub acked_end_lsn: u64,
    pub archived_upto: u64,
    pub waiting_commits: usize,
    pub acked_commits: u64,
    pub unsafe_config: bool,
    pub lanes: Vec<Lane>,
}

impl FlashLogSim {
    /// Steps 1–2.
    pub fn view(&self) -> FlashLogView {
        let lanes = self
            .devices
            .iter()
            .map(|d| Lane {
                name: d.name.clone(),
                flash: d.is_flash(),
                in_flight: d.busy.map(|id| {
                    let r = self.requests[id];
                    InFlight {
                        start_lsn: r.start_lsn,
                        end_lsn: r.end_lsn,
                        issued_ns: r.issued_ns,
                        due_ns: r.due_ns,
                        outlier: r.outlier,
                        reissue: matches!(r.purpose, Purpose::Reissue { .. }),
                        hiding_area: r.area == Area::OutlierHiding,
                    }
                }),
                last_main_start_lsn: d.last_main_start_lsn,
                writes: d.writes,
                records: d.media.len(),
            })
            .collect();
        FlashLogView {
            now_ns: self.now_ns(),
            next_lsn: self.next_lsn,
            issued_upto: self.issued_upto,
            durable_prefix: self.durable.prefix(),
            acked_end_lsn: self.acked_end_lsn(),
            archived_upto: self.archived_upto,
            waiting_commits: self.waiting.len(),
            acked_commits: self.stats.acked,
            unsafe_config: self.is_unsafe(),
            lanes,
        }
    }
}
