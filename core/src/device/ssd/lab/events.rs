//! Trace event kinds of the SSD lab: numeric codes with four u32 arguments and the sentences the
//! UI narrates them with (`{a}`..`{d}`). Latencies are whole µs (saturating at u32::MAX).
//! Codes used inside arguments: request kind 1 read, 2 write, 3 trim; GC reason 1 greedy,
//! 2 cost-benefit, 3 FIFO (`gc_policy::Reason`).

use crate::sim::EventKindInfo;

pub const ISSUE: u32 = 1;
pub const HOST_WRITE: u32 = 2;
pub const HOST_READ: u32 = 3;
pub const READ_UNMAPPED: u32 = 4;
pub const TRIM: u32 = 5;
pub const GC_START: u32 = 6;
pub const RELOCATE: u32 = 7;
pub const ERASE: u32 = 8;
pub const WEAR_LEVEL: u32 = 9;
pub const COMPLETE: u32 = 10;
pub const PRECONDITION: u32 = 11;

pub const EVENT_KINDS: &[EventKindInfo] = &[
    EventKindInfo {
        code: ISSUE,
        name: "issue",
        args: ["request", "kind", "lba", "pages"],
        text: "The host issues request {a}, a {b=1:read,2:write,3:trim} of {d:page|pages} from \
               LBA {c}",
    },
    EventKindInfo {
        code: HOST_WRITE,
        name: "host_write",
        args: ["lba", "die", "block", "page"],
        text: "LBA {a} is written out of place to die {b}, block {c}, page {d}; its old copy, if \
               any, is now invalid",
    },
    EventKindInfo {
        code: HOST_READ,
        name: "host_read",
        args: ["lba", "die", "block", "page"],
        text: "LBA {a} is read from die {b}, block {c}, page {d}",
    },
    EventKindInfo {
        code: READ_UNMAPPED,
        name: "read_unmapped",
        args: ["lba", "", "", ""],
        text: "LBA {a} was never written (or was trimmed): the FTL answers without touching \
               flash",
    },
    EventKindInfo {
        code: TRIM,
        name: "trim",
        args: ["lba", "pages", "invalidated", ""],
        text: "TRIM of {b:page|pages} from LBA {a}: {c:valid page becomes|valid pages become} invalid, \
               so GC will not copy them",
    },
    EventKindInfo {
        code: GC_START,
        name: "gc_start",
        args: ["die", "victim_block", "valid_pages", "reason"],
        text: "GC on die {a} picks block {b} with {c:valid page|valid pages} to copy ({d=1:greedy: \
               the fewest valid pages,2:cost-benefit: the best (1-u)·age/2u,3:FIFO: the oldest block})",
    },
    EventKindInfo {
        code: RELOCATE,
        name: "relocate",
        args: ["lba", "from_block", "to_block", "to_page"],
        text: "GC copies LBA {a} from block {b} to block {c}, page {d}: a flash write the host \
               did not ask for",
    },
    EventKindInfo {
        code: ERASE,
        name: "erase",
        args: ["block", "die", "erase_count", ""],
        text: "Block {a} on die {b} is erased and returns to the free pool; it has now been \
               erased {c:time|times}",
    },
    EventKindInfo {
        code: WEAR_LEVEL,
        name: "wear_level",
        args: ["block", "erase_count", "valid_pages", "spread"],
        text: "Static wear levelling: erase counts on the die differ by {d}, so the cold data of \
               block {a} (erased only {b:time|times}) moves out ({c:page|pages}) and the block can take hot \
               data",
    },
    EventKindInfo {
        code: COMPLETE,
        name: "complete",
        args: ["request", "kind", "latency_us", "pages"],
        text: "Request {a} ({b=1:read,2:write,3:trim}) completes after {c} µs ({d:page|pages})",
    },
    EventKindInfo {
        code: PRECONDITION,
        name: "precondition",
        args: ["filled_pages", "warmup_writes_k", "erases", "gc_victims"],
        text: "Preconditioning: {a:page|pages} filled sequentially and {b} thousand random \
               overwrites done in bulk, which cost {c:erase|erases} of {d:GC victim|GC victims}",
    },
];

/// Request kind code in trace arguments: 1 read, 2 write, 3 trim.
pub fn kind_code(kind: super::body::SsdOpKind) -> u32 {
    match kind {
        super::body::SsdOpKind::Read => 1,
        super::body::SsdOpKind::Write => 2,
        super::body::SsdOpKind::Trim => 3,
    }
}
