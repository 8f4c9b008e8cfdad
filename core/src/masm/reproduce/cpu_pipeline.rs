//! Query CPU work overlapped with a scan's I/O (§5.2, Fig. 22: "for every 1000 retrieved
//! records, we inject a busy loop" of 0.5–2.5 ms, i.e. 0.5–2.5 µs per record).
//!
//! 1. A scan's data arrives in chunks (one per 1 MiB asynchronous disk request, §5.1), each
//!    holding some records and ready at the time its I/O (and, for MaSM, the cached updates it
//!    merges with) has arrived.
//! 2. One CPU consumes the chunks in key order, a two-stage pipeline: chunk i is processed from
//!    max(its arrival, the end of chunk i − 1) for records_i × cost per record. The disk keeps
//!    reading ahead meanwhile (the paper's asynchronous prefetch; no read-ahead limit is given,
//!    so none is modelled), so I/O and CPU overlap and the scan ends when the last chunk is
//!    processed: about max(I/O time, CPU time) plus the pipeline's fill.
//! 3. The cost per record is validated (`CpuCost::per_record_ns`), with an error naming the
//!    field, and bounded by `MAX_CPU_NS_PER_RECORD` so a scan's CPU time stays finite in u64 ns.

use std::fmt;

/// The largest CPU cost per record accepted: 1 ms (400× the paper's largest, 2.5 µs).
pub const MAX_CPU_NS_PER_RECORD: u64 = 1_000_000;

/// A cost per record the pipeline cannot take.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CpuCostError {
    TooLarge { field: &'static str, ns: u64 },
    ZeroRecordBytes { field: &'static str },
}

impl fmt::Display for CpuCostError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::TooLarge { field, ns } => write!(
                f,
                "{field} = {ns} ns is over the limit of {MAX_CPU_NS_PER_RECORD} ns per record"
            ),
            Self::ZeroRecordBytes { field } => write!(f, "{field} must be at least 1 byte"),
        }
    }
}

impl std::error::Error for CpuCostError {}

/// The query's CPU work per retrieved record (step 3).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CpuCost {
    ns_per_record: u64,
    record_bytes: u64,
}

impl CpuCost {
    /// `ns` of CPU per record of `record_bytes` bytes; the error names the bad field.
    pub fn per_record_ns(ns: u64, record_bytes: u64) -> Result<Self, CpuCostError> {
        if ns > MAX_CPU_NS_PER_RECORD {
            return Err(CpuCostError::TooLarge {
                field: "cpu_ns_per_record",
                ns,
            });
        }
        if record_bytes == 0 {
            return Err(CpuCostError::ZeroRecordBytes {
                field: "record_bytes",
            });
        }
        Ok(Self {
            ns_per_record: ns,
            record_bytes,
        })
    }

    pub fn ns_per_record(&self) -> u64 {
        self.ns_per_record
    }

    /// Records in the first `bytes` bytes of a range (whole records only).
    pub fn records_in(&self, bytes: u64) -> u64 {
        bytes / self.record_bytes
    }

    /// Step 1: chunks from (bytes arrived so far, when) pairs in arrival order; a chunk holds
    /// the records completed by its bytes, so the records of a range add up exactly.
    pub fn chunks(&self, arrivals: &[(u64, u64)]) -> Vec<Chunk> {
        let mut done = 0;
        arrivals
            .iter()
            .map(|&(bytes, ready_ns)| {
                let upto = self.records_in(bytes).max(done);
                let records = upto - done;
                done = upto;
                Chunk { records, ready_ns }
            })
            .collect()
    }

    /// Step 2: when the CPU has processed every chunk, starting no earlier than `start_ns`.
    pub fn pipeline_end_ns(&self, start_ns: u64, chunks: &[Chunk]) -> u64 {
        chunks.iter().fold(start_ns, |cpu_free, c| {
            cpu_free
                .max(c.ready_ns)
                .saturating_add(c.records.saturating_mul(self.ns_per_record))
        })
    }
}

/// Records that become available together (step 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Chunk {
    pub records: u64,
    pub ready_ns: u64,
}
