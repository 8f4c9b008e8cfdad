//! Trace event kinds of the MaSM lab: numeric codes with four u32 arguments and the sentences
//! the UI narrates them with (`{a}`..`{d}`). Codes inside arguments: update kind 1 insert,
//! 2 delete, 3 modify, 4 replace; stall reason 1 = both buffers full while a flush is written,
//! 2 = the SSD is full until a migration frees it. Times are whole µs, saturating.

use crate::masm::record::Change;
use crate::sim::EventKindInfo;

pub const UPDATE: u32 = 1;
pub const STEAL_PAGE: u32 = 2;
pub const FLUSH_BEGIN: u32 = 3;
pub const FLUSH_PAGE: u32 = 4;
pub const FLUSH_DONE: u32 = 5;
pub const LOG_TRUNCATE: u32 = 6;
pub const MERGE_2PASS: u32 = 7;
pub const SCAN_OPEN: u32 = 8;
pub const SCAN_DONE: u32 = 9;
pub const MIGRATION_WAIT: u32 = 10;
pub const MIGRATION_START: u32 = 11;
pub const MIGRATION_PAGE: u32 = 12;
pub const MIGRATION_DONE: u32 = 13;
pub const CRASH: u32 = 14;
pub const RECOVERY: u32 = 15;
pub const SCAN_IO: u32 = 16;
pub const UPDATE_STALL: u32 = 17;
pub const SCAN_WAIT_FLUSH: u32 = 18;
pub const SCAN_ABORT: u32 = 19;
pub const MIGRATE_IGNORED: u32 = 20;
pub const THREE_PASS_NEEDED: u32 = 21;

pub const EVENT_KINDS: &[EventKindInfo] = &[
    EventKindInfo {
        code: UPDATE,
        name: "update",
        args: ["ts", "key", "kind", "buffer_count"],
        text: "Update ts {a} ({c=1:an insert,2:a delete,3:a modify,4:a replace} of key {b}) is written \
               to the redo log, then appended unsorted to the buffer, which now holds {d:record|records}",
    },
    EventKindInfo {
        code: STEAL_PAGE,
        name: "steal_page",
        args: ["stolen", "query_pages", "held_query_pages", ""],
        text: "The buffer is full and {c} of the Q = {b} query pages are held by scans: it \
               borrows an idle one (now {a} stolen) instead of flushing (Fig. 9 lines 2–3)",
    },
    EventKindInfo {
        code: FLUSH_BEGIN,
        name: "flush_begin",
        args: ["run_id", "records", "pages", ""],
        text: "Flush: the buffer's {b:record is|records are} sorted by (key, ts) into run {a} of \
               {c:page|pages}; new updates go to a fresh buffer meanwhile (double buffering)",
    },
    EventKindInfo {
        code: FLUSH_PAGE,
        name: "flush_page",
        args: ["run_id", "page", "pages_total", ""],
        text: "Page {b} of {c} of run {a} is written sequentially to the SSD",
    },
    EventKindInfo {
        code: FLUSH_DONE,
        name: "flush_done",
        args: ["run_id", "min_ts", "max_ts", ""],
        text: "Run {a} (timestamps {b}..{c}) is complete: it is published with its run index \
               and is read-only from now on",
    },
    EventKindInfo {
        code: LOG_TRUNCATE,
        name: "log_truncate",
        args: ["ts", "dropped", "left", ""],
        text: "FlushDone: every update up to ts {a} is on the SSD, so {b:redo-log record is|redo-log records are} \
               dropped ({c} left)",
    },
    EventKindInfo {
        code: MERGE_2PASS,
        name: "merge_2pass",
        args: ["new_run_id", "inputs", "records", ""],
        text: "K1 + K2 > Q: the {b} earliest 1-pass runs are merged into 2-pass run {a} ({c} \
               records, each written a second time; Fig. 9 lines 5–8)",
    },
    EventKindInfo {
        code: SCAN_OPEN,
        name: "scan_open",
        args: ["op", "query_ts", "from", "to"],
        text: "Scan (op {a}) of keys {c}..{d} opens with timestamp {b}: it will see exactly the \
               updates older than {b}",
    },
    EventKindInfo {
        code: SCAN_DONE,
        name: "scan_done",
        args: ["op", "rows", "runs_read", "granules_read"],
        text: "Scan (op {a}) answers {b:row|rows}: the table range merged with {c:run|runs} \
               ({d:granule|granules}) and the buffer",
    },
    EventKindInfo {
        code: MIGRATION_WAIT,
        name: "migration_wait",
        args: ["ts", "oldest_query_ts", "", ""],
        text: "Migration ts {a} must wait: query ts {b} is older and would see newer updates on \
               overwritten pages",
    },
    EventKindInfo {
        code: MIGRATION_START,
        name: "migration_start",
        args: ["ts", "runs", "", ""],
        text: "Migration ts {a} starts writing the {b:run|runs} of R into the table, page by page",
    },
    EventKindInfo {
        code: MIGRATION_PAGE,
        name: "migration_page",
        args: ["page", "records_applied", "page_ts", ""],
        text: "Table page {a} is read, {b:update newer than its timestamp is|updates newer than its timestamp are} applied, and it \
               is written back with timestamp {c}",
    },
    EventKindInfo {
        code: MIGRATION_DONE,
        name: "migration_done",
        args: ["ts", "", "", ""],
        text: "Migration ts {a} is done: MigrationEnd is logged and the runs of R are deleted",
    },
    EventKindInfo {
        code: CRASH,
        name: "crash",
        args: ["lost_buffer_records", "open_scans", "", ""],
        text: "Crash! Memory is lost: {a:buffered or in-flight update record|buffered or in-flight update records} \
               and {b:open scan|open scans} (aborted); the runs, the table and the redo log survive",
    },
    EventKindInfo {
        code: RECOVERY,
        name: "recovery",
        args: ["replayed", "migration_restarted", "", ""],
        text: "Recovery: {a:redo-log record newer than the SSD is|redo-log records newer than the SSD are} \
               replayed into the buffer; {b=0:no migration was under way,1:the migration restarts from page 0 (idempotent by page timestamps)}",
    },
    EventKindInfo {
        code: SCAN_IO,
        name: "scan_io",
        args: ["op", "hdd_us", "ssd_us", "granules"],
        text: "Scan (op {a}) reads the table range from the disk ({b} µs) overlapped with \
               {d:run granule|run granules} from the update cache ({c} µs)",
    },
    EventKindInfo {
        code: UPDATE_STALL,
        name: "update_stall",
        args: ["op", "reason", "", ""],
        text: "Update (op {a}) waits: {b=1:the buffer is full and a flush is still being written,\
               2:the SSD is full until a migration frees it}",
    },
    EventKindInfo {
        code: SCAN_WAIT_FLUSH,
        name: "scan_wait_flush",
        args: ["op", "query_ts", "", ""],
        text: "Scan (op {a}, ts {b}) first flushes the buffer holding S pages or more (Fig. 9 \
               lines 1–4)",
    },
    EventKindInfo {
        code: SCAN_ABORT,
        name: "scan_abort",
        args: ["op", "query_ts", "", ""],
        text: "Scan (op {a}, ts {b}) is aborted by the crash",
    },
    EventKindInfo {
        code: MIGRATE_IGNORED,
        name: "migrate_ignored",
        args: ["op", "running_ts", "", ""],
        text: "Migrate (op {a}) is ignored: migration ts {b} is already under way",
    },
    EventKindInfo {
        code: THREE_PASS_NEEDED,
        name: "three_pass_needed",
        args: ["one_pass", "two_pass", "limit", ""],
        text: "Alarm: {a} 1-pass and {b} 2-pass runs exceed Q = {c} and too few 1-pass runs \
               are left to merge: a 3-pass merge would be needed (M too small for this α)",
    },
];

/// Update kind code (see the module header).
pub fn kind_code(change: &Change) -> u32 {
    match change {
        Change::Insert(_) => 1,
        Change::Delete => 2,
        Change::Modify(_) => 3,
        Change::Replace(_) => 4,
    }
}
