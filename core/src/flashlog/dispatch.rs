//! The mechanism of `sim.rs` steps 2–4: dispatching, issuing and completing device writes.
//!
//! 1. `dispatch`: nothing to do if all log is issued; with a group-commit window, wait until the
//!    oldest unissued commit is `window` old (a timer event). Then, per scheduler:
//!    `Single` — if the device is idle, write `[align_down(issued), next)`;
//!    `Striped` — if no striped request is open, split it into stripe units queued on
//!    `u mod N` (request splitting: the commit waits for the slowest piece; skipping: a unit
//!    waits for its own device even when others are idle);
//!    `FlashLogging` — to the ready flash device chosen by `schedule::pick_ready`, else, when
//!    every flash device is busy, to the archival HDD if idle ("can also serve write requests
//!    when all the flash drives are busy"); when idle devices are only full, the part that fits
//!    or, if none, an archive write to free space (`archive.rs` step 4). A part that fits
//!    leaves the rest for the next idle device, so this repeats until the log is issued or
//!    no device can take more (work conservation, digest §5).
//! 2. `issue`: ask the device model for the latency, book the device, schedule completion and,
//!    for FlashLogging on flash, the outlier check at factor × average latency.
//! 3. `complete`: store the record, extend the durable set, acknowledge, then re-issue pending
//!    outliers, dispatch, archive (`archive.rs`: 32 KB batches from the in-memory log, off the
//!    commit path; an archive write that completes frees the flash it covers) and destage the
//!    ideal disk's cache.

use super::config::Scheduler;
use super::devices::DeviceKind;
use super::devices::hdd_log::CACHE_ACK_NS;
use super::error::FlashLogError;
use super::media::{Area, StoredRecord, align_down};
use super::schedule::{pick_ready, reissue_area, stripe_pieces};
use super::sim::{Event, FlashLogSim, Purpose, WriteRequest};

impl FlashLogSim {
    /// Step 1.
    pub(super) fn dispatch(&mut self) -> Result<(), FlashLogError> {
        if self.issued_upto >= self.next_lsn {
            return Ok(());
        }
        let window = self.config.workload.group_commit_window_ns;
        if let Some(since) = self.pending_since_ns
            && window > 0
            && self.now_ns() < since + window
        {
            if self.timer_at_ns != Some(since + window) {
                self.timer_at_ns = Some(since + window);
                self.queue.schedule(since + window, Event::GroupTimer);
            }
            return Ok(());
        }
        let start = align_down(self.issued_upto);
        let end = self.next_lsn;
        match self.config.scheduler {
            Scheduler::Single => {
                if self.devices[0].busy.is_none() {
                    let purpose = match self.devices[0].kind {
                        DeviceKind::WriteCacheHdd { .. } => Purpose::CacheAck,
                        _ => Purpose::Log,
                    };
                    self.issue(0, start, end, Area::Main, purpose)?;
                    self.issued_upto = end;
                }
            }
            Scheduler::Striped { stripe_bytes } => {
                if self.stripe_open == 0 {
                    let n = self.devices.len();
                    for (dev, a, b) in stripe_pieces(start, end, stripe_bytes, n) {
                        self.stripe_queue[dev].push_back((a, b));
                        self.stripe_open += 1;
                    }
                    self.issued_upto = end;
                    for dev in 0..n {
                        self.start_stripe_piece(dev)?;
                    }
                }
            }
            Scheduler::FlashLogging { archival_hdd, .. } => {
                // A partial write to a full device can leave log that another idle device has
                // room for: keep dispatching until the log is issued or no device can take more
                // (each pass books one device, so this ends within the device count).
                while self.issued_upto < self.next_lsn {
                    if !self.dispatch_flashlogging(archival_hdd)? {
                        break;
                    }
                }
            }
        }
        if self.issued_upto == self.next_lsn {
            self.pending_since_ns = None;
        }
        Ok(())
    }

    /// Step 1, FlashLogging: issues one write of the pending log; `false` if none could go.
    fn dispatch_flashlogging(&mut self, archival_hdd: bool) -> Result<bool, FlashLogError> {
        let start = align_down(self.issued_upto);
        let end = self.next_lsn;
        let hdd = self.devices.len() - 1;
        let target = match pick_ready(&self.devices, end - start, None, self.rr_cursor) {
            Some(d) => {
                self.rr_cursor = d + 1;
                Some((d, end))
            }
            None if self.all_flash_busy() => {
                if archival_hdd && self.devices[hdd].busy.is_none() {
                    self.stats.hdd_sync_writes += 1;
                    Some((hdd, end))
                } else {
                    None
                }
            }
            None => self.partial_fit(start),
        };
        self.space_blocked = target.is_none() && !self.all_flash_busy();
        if let Some((d, upto)) = target {
            self.issue(d, start, upto, Area::Main, Purpose::Log)?;
            self.issued_upto = upto;
            return Ok(true);
        }
        if self.space_blocked {
            self.stats.space_stalls += 1;
            self.maybe_archive()?;
        }
        Ok(false)
    }

    fn start_stripe_piece(&mut self, dev: usize) -> Result<(), FlashLogError> {
        if self.devices[dev].busy.is_none()
            && let Some((a, b)) = self.stripe_queue[dev].pop_front()
        {
            self.issue(dev, a, b, Area::Main, Purpose::StripePiece)?;
        }
        Ok(())
    }

    /// Step 2.
    pub(super) fn issue(
        &mut self,
        dev: usize,
        start: u64,
        end: u64,
        area: Area,
        purpose: Purpose,
    ) -> Result<usize, FlashLogError> {
        let now = self.now_ns();
        let bytes = end - start;
        let device_error = || FlashLogError::Device(format!("write [{start}, {end}) refused"));
        // The archival HDD's synchronous log writes are eager (hdd_log step 4).
        let eager = self.flashlogging().is_some() && purpose == Purpose::Log;
        let (latency, outlier) = match &mut self.devices[dev].kind {
            DeviceKind::Hdd(h) if eager => (h.eager_write_ns(start, end), false),
            DeviceKind::Hdd(h) => (h.write_ns(start, end, now).ok_or_else(device_error)?, false),
            DeviceKind::WriteCacheHdd { hdd, .. } => match purpose {
                Purpose::Destage => (
                    hdd.write_ns(start, end, now).ok_or_else(device_error)?,
                    false,
                ),
                _ => (CACHE_ACK_NS, false),
            },
            DeviceKind::Usb { profile, rng } => profile.sample_ns(bytes, rng),
            DeviceKind::SsdPartition { partition } => {
                let p = *partition;
                let ssd = self.ssd.as_mut().ok_or_else(device_error)?;
                (ssd.write_ns(p, bytes, now).ok_or_else(device_error)?, false)
            }
        };
        let id = self.requests.len();
        let device = &mut self.devices[dev];
        if area == Area::Main && purpose != Purpose::CacheAck {
            if start < device.last_main_start_lsn {
                return Err(FlashLogError::Invariant(format!(
                    "{}: main-area start {start} below {}",
                    device.name, device.last_main_start_lsn
                )));
            }
            device.last_main_start_lsn = start;
        }
        if purpose == Purpose::Destage {
            if let DeviceKind::WriteCacheHdd { destaging, .. } = &mut device.kind {
                *destaging = Some(id);
            }
        } else {
            debug_assert!(device.busy.is_none(), "two writes on one device");
            device.busy = Some(id);
        }
        device.writes += 1;
        device.bytes_written += bytes;
        device.outliers_suffered += u64::from(outlier);
        self.reserve(dev, bytes);
        let device = &self.devices[dev];
        let is_flash = device.is_flash();
        let threshold = device.expected_ns(bytes);
        self.requests.push(WriteRequest {
            id,
            dev,
            start_lsn: start,
            end_lsn: end,
            area,
            purpose,
            issued_ns: now,
            due_ns: now + latency,
            done_ns: None,
            outlier,
            reissued: false,
        });
        self.queue.schedule(now + latency, Event::WriteDone(id));
        if let Some((Some(factor), _)) = self.flashlogging()
            && is_flash
            && purpose == Purpose::Log
        {
            let wait = (factor * threshold as f64) as u64;
            self.queue
                .schedule(now + wait.max(1), Event::OutlierCheck(id));
        }
        Ok(id)
    }

    /// Step 3.
    pub(super) fn complete(&mut self, id: usize) -> Result<(), FlashLogError> {
        let now = self.now_ns();
        let r = self.requests[id];
        self.requests[id].done_ns = Some(now);
        let already = self.durable.contains_range(r.start_lsn, r.end_lsn);
        let device = &mut self.devices[r.dev];
        match r.purpose {
            Purpose::CacheAck => {
                device.busy = None;
                if let DeviceKind::WriteCacheHdd { cached, .. } = &mut device.kind {
                    *cached = Some(match *cached {
                        Some((lo, hi)) => (lo.min(r.start_lsn), hi.max(r.end_lsn)),
                        None => (r.start_lsn, r.end_lsn),
                    });
                }
                self.acked_set.insert(r.start_lsn, r.end_lsn);
            }
            _ => {
                if r.purpose == Purpose::Destage {
                    if let DeviceKind::WriteCacheHdd { destaging, .. } = &mut device.kind {
                        *destaging = None;
                    }
                } else if device.busy == Some(id) {
                    device.busy = None;
                }
                device
                    .media
                    .push(StoredRecord::complete(r.start_lsn, r.end_lsn, r.area, now));
                // A write detected as an outlier stays out of the average (the detector's
                // average is of normal writes, as profiled).
                if device.is_flash() && !r.reissued {
                    device.observe_latency(r.end_lsn - r.start_lsn, now - r.issued_ns);
                }
                self.durable.insert(r.start_lsn, r.end_lsn);
                self.acked_set.insert(r.start_lsn, r.end_lsn);
                self.stats.duplicate_completions += u64::from(already);
                // A twin or re-written block the archive already holds needs no flash space.
                if r.end_lsn <= self.archived_upto {
                    self.reclaim(r.dev);
                }
            }
        }
        match r.purpose {
            Purpose::Archive => self.archived(r.end_lsn),
            Purpose::StripePiece => {
                self.stripe_open -= 1;
                self.start_stripe_piece(r.dev)?;
            }
            _ => {}
        }
        self.acknowledge();
        self.retry_reissues()?;
        self.dispatch()?;
        self.maybe_archive()?;
        self.maybe_destage()
    }

    /// Step 4 (`sim.rs`): a write still outstanding at its deadline is re-issued.
    pub(super) fn check_outlier(&mut self, id: usize) -> Result<(), FlashLogError> {
        let r = self.requests[id];
        if r.done_ns.is_some() || self.durable.contains_range(r.start_lsn, r.end_lsn) {
            return Ok(());
        }
        self.stats.outliers_detected += 1;
        self.pending_reissue.push(id);
        self.retry_reissues()
    }

    fn retry_reissues(&mut self) -> Result<(), FlashLogError> {
        let pending = std::mem::take(&mut self.pending_reissue);
        for id in pending {
            let r = self.requests[id];
            if r.done_ns.is_some() || self.durable.contains_range(r.start_lsn, r.end_lsn) {
                continue;
            }
            let bytes = r.end_lsn - r.start_lsn;
            match pick_ready(&self.devices, bytes, Some(r.dev), self.rr_cursor) {
                Some(e) => {
                    let area = reissue_area(&self.devices[e], r.start_lsn);
                    self.requests[id].reissued = true;
                    self.stats.reissues += 1;
                    self.issue(e, r.start_lsn, r.end_lsn, area, Purpose::Reissue { of: id })?;
                }
                None => self.pending_reissue.push(id),
            }
        }
        Ok(())
    }

    fn maybe_destage(&mut self) -> Result<(), FlashLogError> {
        for dev in 0..self.devices.len() {
            let range = match &mut self.devices[dev].kind {
                DeviceKind::WriteCacheHdd {
                    cached, destaging, ..
                } if destaging.is_none() => cached.take(),
                _ => None,
            };
            if let Some((lo, hi)) = range {
                self.issue(dev, lo, hi, Area::Main, Purpose::Destage)?;
            }
        }
        Ok(())
    }
}
