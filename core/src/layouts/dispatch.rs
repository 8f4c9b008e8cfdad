//! Device queues and dispatch (step 2 of `scan.rs`): which request each device serves next,
//! when, and which event comes next.
//!
//! 1. Files are allocated on a device one after another (block-group placement plus a gap).
//! 2. A disk takes one request when idle, an SSD up to the queue depth; a query whose CPU is in
//!    its non-overlapped part gets nothing dispatched (`cpu.rs` item 4).
//! 3. CFQ's slice, as Linux 2.6.24's `block/cfq-iosched.c` runs it (the paper's kernel, §4.3):
//!    a query that becomes active gets a new slice whose 100 ms (`cfq_slice_sync` = HZ/10)
//!    start at its first completion (`cfq_mark_cfqq_slice_new` on activation,
//!    `cfq_set_prio_slice` in `cfq_completed_request`), so the seek to its file is not charged
//!    to it; `ScanRun::complete` starts it. Idling: when the active query has nothing queued,
//!    is still running and its slice is not over, the disk waits up to 8 ms
//!    (`cfq_slice_idle` = HZ/125) after that query's last completion before the scheduler may
//!    switch queries (`cfq_arm_slice_timer`; this is what makes CFQ slower than NOOP on a disk
//!    with competing scans, §5.3.3).
//! 4. The policy itself is the pure `io::pick`, run over the queue's index
//!    (`request_queue.rs`); seeks are counted here, at dispatch.
//! 5. Every completion is filed with the run's `Scheduler` at dispatch, every idle expiry
//!    when idling starts; the scheduler's next event is the earliest of them.

use super::error::LayoutError;
use super::io::{SchedulerState, is_seek};
use super::scan::{ScanEvent, ScanRun};
use super::settings::Scheduler;

impl ScanRun {
    /// Step 2 on device `d`.
    pub(super) fn dispatch(&mut self, d: usize) -> Result<(), LayoutError> {
        let now = self.now_ns();
        loop {
            let dev = &self.devices[d];
            let limit = if dev.device.is_serial() {
                1
            } else {
                self.settings.queue_depth as usize
            };
            if dev.in_flight.len() >= limit || dev.queue.is_empty() {
                return Ok(());
            }
            if dev.idle_until_ns.is_some_and(|t| t > now) {
                // Idling ends early when the active query issues again.
                let active = dev.cfq_active;
                if !active.is_some_and(|a| dev.queue.has_query(a)) {
                    return Ok(());
                }
                self.devices[d].idle_until_ns = None;
                continue;
            }
            let scheduler = self.settings.scheduler;
            // CFQ idling: the active query has nothing queued but may issue soon.
            if scheduler == Scheduler::Cfq
                && let Some(a) = dev.cfq_active
                && dev.idle_until_ns.is_none()
                && !dev.queue.has_query(a)
                && self.queries[a].finished_ns.is_none()
                && now < dev.cfq_slice_end_ns
                && dev.in_flight.is_empty()
            {
                let until = (self.queries[a].last_completion_ns + self.settings.cfq_idle_ns)
                    .min(dev.cfq_slice_end_ns);
                if until > now {
                    self.devices[d].idle_until_ns = Some(until);
                    self.sched.schedule(until, ScanEvent::Wake);
                    return Ok(());
                }
            }
            let queries = &self.queries;
            let dev = &mut self.devices[d];
            dev.idle_until_ns = None;
            let snapshot = SchedulerState {
                head_offset: dev.last_end.unwrap_or(0),
                active_query: dev.cfq_active,
                slice_ends_ns: dev.cfq_slice_end_ns,
                now_ns: now,
            };
            let Some(seq) = dev.queue.pick(scheduler, snapshot, |q| {
                queries
                    .get(q)
                    .is_some_and(|qs| qs.io_blocked_until_ns > now)
            }) else {
                return Ok(());
            };
            let Some(request) = dev.queue.remove(seq) else {
                return Ok(());
            };
            if scheduler == Scheduler::Cfq && dev.cfq_active != Some(request.query) {
                // Item 3: a new slice, timed from its first completion.
                dev.cfq_active = Some(request.query);
                dev.cfq_slice_new = true;
                dev.cfq_slice_end_ns = u64::MAX;
            }
            let seek = is_seek(dev.last_end, request.offset);
            dev.last_end = Some(request.offset + request.bytes);
            dev.seeks += u64::from(seek);
            dev.requests += 1;
            dev.bytes += request.bytes;
            let done = dev.device.serve(request.offset, request.bytes, now)?;
            dev.in_flight.push((done, request));
            self.sched.schedule(
                done,
                ScanEvent::Complete {
                    device: d,
                    seq: request.seq,
                },
            );
            self.seek_flags.push((request.seq, seek));
            let qs = &mut self.queries[request.query];
            qs.seeks += u64::from(seek);
            qs.requests += 1;
            qs.bytes_read += request.bytes;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::device::DeviceId;
    use super::super::pages::Layout;
    use super::super::reproduce::runner::Case;
    use super::super::scan::{ScanRun, StepEvent};
    use super::super::schema::TableKind;
    use super::super::settings::{ScanSettings, Scheduler};

    /// The step events of `n` concurrent ORDERS row scans of `rows` rows on the disk.
    fn trace(n: usize, rows: u64, scheduler: Scheduler) -> (Vec<StepEvent>, u64) {
        let specs = (0..n)
            .map(|q| {
                let case = Case {
                    rows,
                    ..Case::paper(DeviceId::Disk, TableKind::Orders, Layout::Nsm, 7, 0.1)
                };
                case.spec(0, 1 + q as u64).expect("spec")
            })
            .collect();
        let settings = ScanSettings {
            scheduler,
            ..ScanSettings::default()
        };
        let mut run = ScanRun::new(&[DeviceId::Disk], specs, settings).expect("run");
        let mut events = Vec::new();
        while let Some(e) = run.step().expect("step") {
            events.push(e);
        }
        (events, run.now_ns())
    }

    /// Plain reference: the maximal runs of consecutive completions of one query, as
    /// (query, first completion ns, last completion ns).
    fn runs(events: &[StepEvent]) -> Vec<(usize, u64, u64)> {
        let mut out: Vec<(usize, u64, u64)> = Vec::new();
        for e in events {
            match out.last_mut() {
                Some((q, _, last)) if *q == e.request.query => *last = e.now_ns,
                _ => out.push((e.request.query, e.now_ns, e.now_ns)),
            }
        }
        out
    }

    #[test]
    fn under_cfq_each_scan_holds_the_disk_for_one_slice_timed_from_its_first_completion() {
        let slice_ns = ScanSettings::default().cfq_slice_ns;
        for n in [2usize, 3] {
            let (events, end_ns) = trace(n, 2_000_000, Scheduler::Cfq);
            let runs = runs(&events);
            // A run's end is the completion that finds the slice used, so it lies within one
            // request's service time after the slice's end.
            let max_service_ns = events
                .windows(2)
                .map(|w| w[1].now_ns - w[0].now_ns)
                .max()
                .unwrap_or(0);
            // Every run but each query's last is a whole slice: its scan is backlogged (6 MB
            // read-ahead queued), so only the slice's end takes the disk from it.
            for (i, &(q, first, last)) in runs.iter().enumerate() {
                if runs[i + 1..].iter().all(|r| r.0 != q) {
                    continue;
                }
                let held = last - first;
                assert!(
                    held >= slice_ns && held < slice_ns + max_service_ns,
                    "N = {n}: query {q} held the disk {held} ns (slice {slice_ns} ns)"
                );
            }
            // So the head switches between scans at most once per slice.
            let switches = runs.len() as u64 - 1;
            assert!(
                switches <= end_ns / slice_ns + n as u64,
                "N = {n}: {switches} switches in {end_ns} ns"
            );
            assert!(switches >= n as u64, "N = {n}: the scans interleave");
        }
    }

    #[test]
    fn under_noop_the_scans_switch_once_per_read_ahead_window_not_per_slice() {
        let (events, _) = trace(2, 2_000_000, Scheduler::Noop);
        let window_bytes = ScanSettings::default().read_ahead_bytes;
        let runs = runs(&events);
        let bytes: u64 = events.iter().map(|e| e.request.bytes).sum();
        // FIFO serves each scan's window as issued: runs of about one window, never longer
        // than the two windows a scan may have queued.
        let mean_run_bytes = bytes / runs.len() as u64;
        assert!(
            mean_run_bytes <= 2 * window_bytes && mean_run_bytes >= window_bytes / 2,
            "mean run {mean_run_bytes} B against a {window_bytes} B window"
        );
    }
}
