//! Device queues and dispatch (step 2 of `scan.rs`): which request each device serves next,
//! when, and which event comes next.
//!
//! 1. Files are allocated on a device one after another (block-group placement plus a gap).
//! 2. A disk takes one request when idle, an SSD up to the queue depth; a query whose CPU is in
//!    its non-overlapped part gets nothing dispatched (`cpu.rs` item 4).
//! 3. CFQ-like idling: when the active query has nothing queued, is still running and its slice
//!    is not over, the disk waits up to 8 ms after that query's last completion before the
//!    scheduler may switch queries (this is what makes CFQ slower than NOOP on a disk with
//!    competing scans, §5.3.3).
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
                dev.cfq_active = Some(request.query);
                dev.cfq_slice_end_ns = now + self.settings.cfq_slice_ns;
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
