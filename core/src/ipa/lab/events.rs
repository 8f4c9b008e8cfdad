//! Trace event kinds of the IPA lab: numeric codes with four u32 arguments and the sentences the
//! UI narrates them with (`{a}`..`{d}`). A step is one op (its flash operations follow it as
//! events), one queued write-back of the cleaner or a checkpoint, or one background GC action. Keys are the low 32 bits (generated keys carry the
//! table number above bit 40).

use crate::sim::EventKindInfo;

pub const INSERT: u32 = 1;
pub const UPDATE: u32 = 2;
pub const GET: u32 = 3;
pub const CHECKPOINT: u32 = 4;
pub const CRASH: u32 = 5;
pub const PROGRAM: u32 = 6;
pub const APPEND: u32 = 7;
pub const MIGRATE: u32 = 8;
pub const ERASE: u32 = 9;
pub const WRITE_BACK: u32 = 10;

pub const EVENT_KINDS: &[EventKindInfo] = &[
    EventKindInfo {
        code: INSERT,
        name: "insert",
        args: ["op", "key_low", "lba", ""],
        text: "Op {a}: insert of key {b} is logged (WAL) and placed on logical page {c} in the \
               buffer; a new page is always written out of place later (§6.1)",
    },
    EventKindInfo {
        code: UPDATE,
        name: "update",
        args: ["op", "key_low", "lba", "tracked_bytes"],
        text: "Op {a}: update of key {b} is logged and applied to page {c} in the buffer; the \
               page now has {d} changed bytes tracked for its next write-back (§6.2)",
    },
    EventKindInfo {
        code: GET,
        name: "get",
        args: ["op", "key_low", "found", ""],
        text: "Op {a}: get of key {b} (found = {c}); a miss would read the page once and apply \
               its delta records in order",
    },
    EventKindInfo {
        code: CHECKPOINT,
        name: "checkpoint",
        args: ["op", "dirty_pages", "", ""],
        text: "Op {a}: checkpoint queues the write-back of {b} dirty pages (one per step), then \
               truncates the log",
    },
    EventKindInfo {
        code: CRASH,
        name: "crash",
        args: ["op", "log_records", "", ""],
        text: "Op {a}: crash: the buffer pool and the index are lost; recovery reads the pages \
               (deltas applied) and redoes {b} log records",
    },
    EventKindInfo {
        code: PROGRAM,
        name: "program",
        args: ["lba", "block", "page", "old_invalidated"],
        text: "Out-of-place write: page {a} goes to block {b} page {c} with a fresh, erased \
               delta area; {d=0:the page had no old copy,1:its old copy is now \
               invalid}",
    },
    EventKindInfo {
        code: APPEND,
        name: "append",
        args: ["lba", "block", "page", "bytes"],
        text: "In-place append (write_delta): {d} bytes of delta records are ISPP-programmed \
               into still-erased cells of block {b} page {c}, page {a} keeps its mapping, no GC",
    },
    EventKindInfo {
        code: MIGRATE,
        name: "migrate",
        args: ["lba", "from_block", "to_block", "to_page"],
        text: "GC migrates the valid page {a} from victim block {b} to block {c} page {d}, \
               delta records and all",
    },
    EventKindInfo {
        code: ERASE,
        name: "erase",
        args: ["block", "erase_count", "", ""],
        text: "GC erases block {a} (erase count now {b}): the only way charge goes down",
    },
    EventKindInfo {
        code: WRITE_BACK,
        name: "write_back",
        args: ["lba", "still_queued", "", ""],
        text: "Write-back of page {a}, queued by the page cleaner or a checkpoint (one page per \
               step; {b} still queued): an append if its changes fit the free delta records, \
               else out of place",
    },
];
