//! `params.compare`: the same ops fed to the baselines of §2.2–2.3 (in-place updates, IU on SSD,
//! LSM on SSD; `masm::baseline`), each on its own copy of the devices.
//!
//! 1. Sizes: the same disk layout as MaSM (key k at k × record_bytes). The baselines' cache holds
//!    as many update records as MaSM's M² pages; LSM's C0 is MaSM's buffer (S pages of records)
//!    with two SSD levels; IU keeps Q pages of its log in memory and reads with the
//!    scenario's `iu_queue_depth` outstanding.
//! 2. An update reaches the baselines when MaSM commits it, a scan when MaSM opens it, so a
//!    baseline scan sees exactly what the MaSM query sees: both are checked against the oracle
//!    at the query's timestamp.
//! 3. A scheme that cannot be built or fails is shown as unavailable with its error; the others
//!    go on. Crashes are MaSM's alone (the baselines keep running).
//! 4. In-place and IU record the I/Os they issue (`baseline::arm_trace`), which `arm_view`
//!    sends as the compare view's disk-arm trace.
//! 5. In-place books a scan's 1 MiB requests one by one as the lab's clock advances
//!    (`baseline::in_place::scan`, the routine Fig. 16's reproduction uses): an update committed
//!    while a scan runs is served between two of its requests and pulls the head away, and the
//!    scan's next request seeks back. After every step the open scans book the requests the
//!    clock has reached (`advance`), and at the run's end the rest (`finish`); a scan's time is
//!    recorded when its last request is booked. IU likewise issues a scan's disk requests and
//!    its merge's per-record SSD reads (at most `iu_queue_depth` outstanding) as the clock
//!    reaches them (`baseline::iu::scan`), so an update's log-page write gets between them on
//!    the SSD. LSM books a whole scan when it opens.
use crate::masm::baseline::{Baseline, BaselineConfig, SchemeKind};
use crate::masm::io::IoConfig;
use crate::masm::record::{Change, Row};
use crate::masm::store::Masm;

use super::config::LabConfig;
use crate::sim::Verdict;

#[derive(Debug, Clone)]
pub struct SchemeSlot {
    pub kind: SchemeKind,
    pub baseline: Option<Baseline>,
    /// Why the scheme is unavailable.
    pub error: Option<String>,
    /// Duration of every scan, in op order.
    pub scan_ns: Vec<u64>,
    pub answers_match: bool,
}

#[derive(Debug, Clone)]
pub struct Compare {
    pub slots: Vec<SchemeSlot>,
    pub verdict: Verdict,
    /// The baselines' table and cache sizes (the disk-arm trace's axes, `arm_view`).
    pub table_bytes: u64,
    pub cache_bytes: u64,
}

/// Step 1: the baselines' configuration for this lab.
pub fn baseline_config(cfg: &LabConfig, masm: &Masm) -> BaselineConfig {
    let layout = masm.layout();
    let records = layout.ssd_capacity_pages * cfg.masm.records_per_page;
    BaselineConfig {
        key_space: cfg.masm.key_space,
        keys_per_table_page: cfg.masm.keys_per_table_page,
        record_bytes: cfg.record_bytes,
        io: IoConfig {
            cache_bytes: (records * cfg.record_bytes).max(4096),
            ..cfg.io.clone()
        },
        iu_lru_pages: layout.query_pages,
        iu_queue_depth: cfg.iu_queue_depth,
        lsm_c0_records: layout.buffer_pages * cfg.masm.records_per_page,
        lsm_levels: 2,
    }
}

impl Compare {
    pub fn new(cfg: &LabConfig, masm: &Masm) -> Self {
        let bc = baseline_config(cfg, masm);
        let slots = [SchemeKind::InPlace, SchemeKind::Iu, SchemeKind::Lsm]
            .into_iter()
            .map(|kind| {
                let built = Baseline::new(kind, &bc, &cfg.base_rows);
                let error = built.as_ref().err().map(|e| e.to_string());
                SchemeSlot {
                    kind,
                    baseline: built.ok(),
                    error,
                    scan_ns: Vec::new(),
                    answers_match: true,
                }
            })
            .collect();
        Self {
            slots,
            verdict: Verdict::default(),
            table_bytes: bc.io.table_bytes,
            cache_bytes: bc.io.cache_bytes,
        }
    }

    /// Step 2: a committed update.
    pub fn update(&mut self, now_ns: u64, key: u64, change: Change) {
        for slot in &mut self.slots {
            let result = slot
                .baseline
                .as_mut()
                .map(|b| b.update(now_ns, key, change));
            if let Some(Err(e)) = result {
                slot.fail(&e.to_string());
            }
        }
        self.advance(Some(now_ns));
    }

    /// Step 5: the lab's clock is at `now_ns` (`None`: the run has ended).
    pub fn advance(&mut self, now_ns: Option<u64>) {
        for slot in &mut self.slots {
            match slot.baseline.as_mut().map(|b| b.advance(now_ns)) {
                Some(Ok(ended)) => slot.scan_ns.extend(ended),
                Some(Err(e)) => slot.fail(&e.to_string()),
                None => {}
            }
        }
    }

    /// Step 2: a scan opened by MaSM, checked against the oracle's rows.
    pub fn scan(&mut self, now_ns: u64, op: usize, from: u64, to: u64, expected: &[(u64, Row)]) {
        for slot in &mut self.slots {
            let Some(baseline) = slot.baseline.as_mut() else {
                continue;
            };
            match baseline.open_scan(now_ns, from, to) {
                Ok((rows, end_ns)) => {
                    if let Some(end_ns) = end_ns {
                        // A scan answers when its I/O ends, never before it was asked.
                        debug_assert!(end_ns >= now_ns, "scan ends at {end_ns}, before {now_ns}");
                        slot.scan_ns.push(end_ns - now_ns);
                    }
                    let ok = rows == expected;
                    slot.answers_match &= ok;
                    let name = slot.kind.name();
                    self.verdict.record(ok, || {
                        format!(
                            "{name} answered scan op {op} with {} rows, the oracle {}",
                            rows.len(),
                            expected.len()
                        )
                    });
                }
                Err(e) => slot.fail(&e.to_string()),
            }
        }
    }
}

impl SchemeSlot {
    /// Step 3: the scheme failed; it is shown as unavailable with its error.
    fn fail(&mut self, error: &str) {
        self.error = Some(error.to_string());
        self.baseline = None;
    }
}
