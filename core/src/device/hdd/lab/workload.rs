//! The request source: turns a validated workload into a stream of requests, one at a time, so
//! that a million-request generator costs no memory and a lab snapshot (keyframe) stays small.
//!
//! 1. Explicit ops (`workload.ops`) come out in op order; request id = op index; an op's
//!    optional `at_ns` is its intended arrival time (none = as soon as the host may issue it).
//! 2. `random`: uniformly random, request-aligned positions within the span; each is a write
//!    with probability 1 − read_fraction.
//! 3. `sequential_scan`: consecutive requests from the start of the span.
//! 4. `scan_with_updates`: the scan of 3, with an in-place update after every `update_every`
//!    scan requests (none after the last): a read of `update_bytes` at a random aligned position
//!    in the span, then a write of the same sectors that may only be issued once the read has
//!    completed (`after`), as a read-modify-write does. This is the interference MaSM removes.
//! 5. Open-loop arrivals (`mean_interarrival_us`) stamp each generated request with an intended
//!    time: the previous one plus an exponential gap (`Rng::exponential_ns`).
//!
//! Random draws happen in a fixed order per request (position, read/write, gap), all from the
//! lab's one `Rng`, so a run is a pure function of the scenario and its seed.

use std::sync::Arc;

use crate::device::hdd::disk::Disk;
use crate::sim::Rng;

/// What part of a workload a request belongs to (metrics split the scan from its updates).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    Plain,
    Scan,
    UpdateRead,
    UpdateWrite,
}

/// One request from the host.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Request {
    pub id: u32,
    pub lba: u64,
    pub sector_count: u64,
    pub is_write: bool,
    pub cylinder: u32,
    /// Open-loop or `at_ns` arrival time; `None` = issue as soon as a slot is free.
    pub intended_ns: Option<u64>,
    /// Index in `workload.ops` (explicit workloads only).
    pub op_index: Option<u32>,
    pub role: Role,
    /// Must not be issued before this request has completed.
    pub after: Option<u32>,
}

impl Request {
    pub fn bytes(&self) -> u64 {
        self.sector_count * crate::device::hdd::geometry::SECTOR_BYTES
    }
}

/// One explicit op after validation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OpPlan {
    pub lba: u64,
    pub sector_count: u64,
    pub is_write: bool,
    pub at_ns: Option<u64>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GeneratorKind {
    Random,
    SequentialScan,
    ScanWithUpdates,
}

impl GeneratorKind {
    pub fn name(self) -> &'static str {
        match self {
            GeneratorKind::Random => "random",
            GeneratorKind::SequentialScan => "sequential_scan",
            GeneratorKind::ScanWithUpdates => "scan_with_updates",
        }
    }
}

/// A validated generator.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GeneratorPlan {
    pub kind: GeneratorKind,
    /// Random requests, or scan requests for the scan kinds.
    pub requests: u64,
    pub request_sectors: u64,
    pub read_fraction: f64,
    pub span_start_lba: u64,
    pub span_sectors: u64,
    pub mean_interarrival_ns: Option<u64>,
    /// scan_with_updates: scan requests between updates (0 = none).
    pub update_every: u64,
    pub update_sectors: u64,
}

impl GeneratorPlan {
    pub fn update_count(&self) -> u64 {
        match (self.kind, self.update_every) {
            (GeneratorKind::ScanWithUpdates, every) if every > 0 => {
                self.requests.saturating_sub(1) / every
            }
            _ => 0,
        }
    }

    /// Every request the generator will produce (updates count twice: read and write).
    pub fn total_requests(&self) -> u64 {
        self.requests + 2 * self.update_count()
    }

    pub fn scan_requests(&self) -> u64 {
        match self.kind {
            GeneratorKind::Random => 0,
            _ => self.requests,
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub enum WorkloadPlan {
    Ops(Arc<Vec<OpPlan>>),
    Generator(GeneratorPlan),
}

impl WorkloadPlan {
    pub fn total_requests(&self) -> u64 {
        match self {
            WorkloadPlan::Ops(ops) => ops.len() as u64,
            WorkloadPlan::Generator(plan) => plan.total_requests(),
        }
    }
}

/// The stream of requests, with its generator state.
#[derive(Debug, Clone)]
pub struct Source {
    plan: WorkloadPlan,
    rng: Rng,
    next_id: u32,
    scan_issued: u64,
    updates_issued: u64,
    last_intended_ns: u64,
    update_write: Option<Request>,
}

impl Source {
    /// `rng` is the lab's one generator (already advanced past the lab's own draws).
    pub fn new(plan: WorkloadPlan, rng: Rng) -> Self {
        Self {
            plan,
            rng,
            next_id: 0,
            scan_issued: 0,
            updates_issued: 0,
            last_intended_ns: 0,
            update_write: None,
        }
    }

    /// The next request, or `None` when the workload is exhausted.
    pub fn next(&mut self, disk: &Disk) -> Option<Request> {
        match &self.plan {
            WorkloadPlan::Ops(ops) => {
                let index = self.next_id;
                let op = *ops.get(index as usize)?;
                self.next_id += 1;
                Some(Request {
                    id: index,
                    lba: op.lba,
                    sector_count: op.sector_count,
                    is_write: op.is_write,
                    cylinder: cylinder_of(disk, op.lba),
                    intended_ns: op.at_ns,
                    op_index: Some(index),
                    role: Role::Plain,
                    after: None,
                })
            }
            WorkloadPlan::Generator(plan) => {
                let plan = *plan;
                let mut request = self.generate(&plan, disk)?;
                request.id = self.next_id;
                self.next_id += 1;
                if let Some(mean_ns) = plan.mean_interarrival_ns {
                    self.last_intended_ns += self.rng.exponential_ns(mean_ns);
                    request.intended_ns = Some(self.last_intended_ns);
                }
                if request.role == Role::UpdateRead {
                    self.update_write = Some(Request {
                        is_write: true,
                        role: Role::UpdateWrite,
                        after: Some(request.id),
                        ..request
                    });
                }
                Some(request)
            }
        }
    }

    fn generate(&mut self, plan: &GeneratorPlan, disk: &Disk) -> Option<Request> {
        let blank = |lba: u64, sector_count: u64, is_write: bool, role: Role| Request {
            id: 0,
            lba,
            sector_count,
            is_write,
            cylinder: cylinder_of(disk, lba),
            intended_ns: None,
            op_index: None,
            role,
            after: None,
        };
        if let Some(write) = self.update_write.take() {
            return Some(write);
        }
        match plan.kind {
            GeneratorKind::Random => {
                if self.scan_issued >= plan.requests {
                    return None;
                }
                self.scan_issued += 1;
                let lba = self.random_aligned_lba(plan, plan.request_sectors);
                let is_write = self.rng.unit_f64() >= plan.read_fraction;
                Some(blank(lba, plan.request_sectors, is_write, Role::Plain))
            }
            GeneratorKind::SequentialScan | GeneratorKind::ScanWithUpdates => {
                if self.scan_issued >= plan.requests {
                    return None;
                }
                let due_updates = self.scan_issued.checked_div(plan.update_every).unwrap_or(0);
                if self.scan_issued > 0
                    && plan.kind == GeneratorKind::ScanWithUpdates
                    && self.updates_issued < due_updates
                {
                    self.updates_issued += 1;
                    let lba = self.random_aligned_lba(plan, plan.update_sectors);
                    return Some(blank(lba, plan.update_sectors, false, Role::UpdateRead));
                }
                let lba = plan.span_start_lba + self.scan_issued * plan.request_sectors;
                self.scan_issued += 1;
                Some(blank(lba, plan.request_sectors, false, Role::Scan))
            }
        }
    }

    fn random_aligned_lba(&mut self, plan: &GeneratorPlan, sectors: u64) -> u64 {
        let slots = (plan.span_sectors / sectors.max(1)).max(1);
        plan.span_start_lba + self.rng.below(slots) * sectors
    }
}

fn cylinder_of(disk: &Disk, lba: u64) -> u32 {
    disk.geometry.lba_to_chs(lba).map_or(0, |chs| chs.cylinder)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::device::hdd::presets::preset;

    fn plan(kind: GeneratorKind, requests: u64, update_every: u64) -> GeneratorPlan {
        GeneratorPlan {
            kind,
            requests,
            request_sectors: 16,
            read_fraction: 1.0,
            span_start_lba: 1000,
            span_sectors: 1_000_000,
            mean_interarrival_ns: None,
            update_every,
            update_sectors: 8,
        }
    }

    fn drain(plan: GeneratorPlan) -> Vec<Request> {
        let disk = Disk::from_params(&preset("hdd-2010").unwrap().params).unwrap();
        let mut source = Source::new(WorkloadPlan::Generator(plan), Rng::new(1));
        std::iter::from_fn(|| source.next(&disk)).collect()
    }

    #[test]
    fn scan_with_updates_interleaves_read_then_dependent_write() {
        let requests = drain(plan(GeneratorKind::ScanWithUpdates, 7, 3));
        let roles: Vec<Role> = requests.iter().map(|r| r.role).collect();
        use Role::*;
        assert_eq!(
            roles,
            [
                Scan,
                Scan,
                Scan,
                UpdateRead,
                UpdateWrite,
                Scan,
                Scan,
                Scan,
                UpdateRead,
                UpdateWrite,
                Scan
            ]
        );
        assert_eq!(
            requests.len() as u64,
            plan(GeneratorKind::ScanWithUpdates, 7, 3).total_requests()
        );
        let (read, write) = (requests[3], requests[4]);
        assert_eq!(
            (read.lba, write.lba, write.after),
            (read.lba, read.lba, Some(read.id))
        );
        assert!(write.is_write && !read.is_write);
        let ids: Vec<u32> = requests.iter().map(|r| r.id).collect();
        assert_eq!(ids, (0..11).collect::<Vec<u32>>());
    }

    #[test]
    fn random_requests_stay_aligned_inside_the_span() {
        for r in drain(plan(GeneratorKind::Random, 2000, 0)) {
            assert!(r.lba >= 1000 && r.lba + 16 <= 1_001_000);
            assert_eq!((r.lba - 1000) % 16, 0);
        }
    }

    #[test]
    fn sequential_scan_is_contiguous() {
        let lbas: Vec<u64> = drain(plan(GeneratorKind::SequentialScan, 4, 0))
            .iter()
            .map(|r| r.lba)
            .collect();
        assert_eq!(lbas, [1000, 1016, 1032, 1048]);
    }
}
