//! Trace event kinds of the flashlog lab: numeric codes with four u32 arguments and the
//! sentences the UI narrates them with (`{a}`..`{d}`). LSNs and sizes are bytes, times µs;
//! every argument saturates at u32::MAX.

use crate::sim::EventKindInfo;

pub const COMMIT_REQUEST: u32 = 1;
pub const WRITE_ISSUED: u32 = 2;
pub const WRITE_DONE: u32 = 3;
pub const OUTLIER_DETECTED: u32 = 4;
pub const REISSUED: u32 = 5;
pub const ACKNOWLEDGED: u32 = 6;
pub const GROUP_TIMER: u32 = 7;
pub const ARCHIVE_WRITE: u32 = 8;
pub const CRASH: u32 = 9;
pub const MERGE_EXTENDED: u32 = 10;
pub const MERGE_DUPLICATE: u32 = 11;
pub const MERGE_TORN: u32 = 12;
pub const MERGE_GAP: u32 = 13;
pub const RECOVERED: u32 = 14;
pub const AP_WRITE: u32 = 15;
pub const AP_APPEND: u32 = 16;
pub const AP_PACK: u32 = 17;
pub const AP_READ: u32 = 18;
pub const DESTAGE: u32 = 19;
pub const FLASH_FREED: u32 = 20;
pub const AP_READ_BUFFERED: u32 = 21;
pub const AP_READ_UNWRITTEN: u32 = 22;

pub const EVENT_KINDS: &[EventKindInfo] = &[
    EventKindInfo {
        code: COMMIT_REQUEST,
        name: "commit_request",
        args: ["txn", "bytes", "start_lsn", "waiting"],
        text: "Transaction {a} asks to commit: its {b}-byte log record starts at LSN {c}; {d} \
               commits now wait for durability",
    },
    EventKindInfo {
        code: WRITE_ISSUED,
        name: "write_issued",
        args: ["request", "device", "start_lsn", "bytes"],
        text: "Log write {a} goes to device {b}: {d} bytes from LSN {c} (the device was ready)",
    },
    EventKindInfo {
        code: WRITE_DONE,
        name: "write_done",
        args: ["request", "device", "end_lsn", "latency_us"],
        text: "Device {b} completes write {a} up to LSN {c} after {d} µs",
    },
    EventKindInfo {
        code: OUTLIER_DETECTED,
        name: "outlier_detected",
        args: ["request", "device", "waited_us", "expected_us"],
        text: "Write {a} on device {b} is an outlier: {c} µs outstanding, more than the factor \
               × its average {d} µs",
    },
    EventKindInfo {
        code: REISSUED,
        name: "reissued",
        args: ["request", "device", "start_lsn", "hiding_area"],
        text: "The outlier's log is re-issued as write {a} to ready device {b} from LSN {c} \
               (outlier hiding area: {d})",
    },
    EventKindInfo {
        code: ACKNOWLEDGED,
        name: "acknowledged",
        args: ["commits", "durable_prefix", "acked_total", "unsafe"],
        text: "{a} commits are acknowledged: the log is durable up to LSN {b} ({c} acknowledged \
               so far; acknowledged from a volatile cache: {d})",
    },
    EventKindInfo {
        code: GROUP_TIMER,
        name: "group_timer",
        args: ["pending_bytes", "", "", ""],
        text: "The group-commit window closes: {a} bytes of log are flushed together",
    },
    EventKindInfo {
        code: ARCHIVE_WRITE,
        name: "archive_write",
        args: ["request", "device", "start_lsn", "bytes"],
        text: "A {d}-byte batch of durable log from LSN {c} is copied to the archival HDD \
               (device {b}) off the commit path",
    },
    EventKindInfo {
        code: FLASH_FREED,
        name: "flash_freed",
        args: [
            "archived_upto",
            "freed_bytes",
            "flash_used_bytes",
            "flash_capacity_bytes",
        ],
        text: "The archive now holds the log up to LSN {a}, so {b} bytes of flash holding it \
               are freed; the flash drives now use {c} of {d} bytes",
    },
    EventKindInfo {
        code: CRASH,
        name: "crash",
        args: [
            "torn_writes",
            "acked_commits",
            "durable_prefix",
            "generated_lsn",
        ],
        text: "Power fails: {a} writes in flight are torn; {b} commits had been acknowledged, \
               the log was durable to LSN {c} of {d} generated",
    },
    EventKindInfo {
        code: MERGE_EXTENDED,
        name: "merge_extended",
        args: ["stream", "start_lsn", "end_lsn", ""],
        text: "Recovery merge: stream {a}'s record [{b}, {c}) extends the recovered log",
    },
    EventKindInfo {
        code: MERGE_DUPLICATE,
        name: "merge_duplicate",
        args: ["stream", "start_lsn", "end_lsn", ""],
        text: "Recovery merge: stream {a}'s record [{b}, {c}) is already recovered (a re-issued \
               copy or a re-written block): skipped",
    },
    EventKindInfo {
        code: MERGE_TORN,
        name: "merge_torn",
        args: ["stream", "start_lsn", "", ""],
        text: "Recovery merge: stream {a}'s record at LSN {b} fails its checksum (torn by the \
               crash): rejected",
    },
    EventKindInfo {
        code: MERGE_GAP,
        name: "merge_gap",
        args: ["recovered_end", "next_start", "", ""],
        text: "Recovery merge stops at a gap: nothing covers LSN {a} (the next record starts at \
               {b})",
    },
    EventKindInfo {
        code: RECOVERED,
        name: "recovered",
        args: [
            "recovered_end",
            "committed",
            "acked_before_crash",
            "acked_lost",
        ],
        text: "Recovery done: log [0, {a}) holds {b} committed transactions; {c} had been \
               acknowledged, {d} of them are lost",
    },
    EventKindInfo {
        code: AP_WRITE,
        name: "ap_write",
        args: ["page", "version", "buffered", ""],
        text: "Page {a} version {b} joins the write buffer ({c} pages buffered)",
    },
    EventKindInfo {
        code: AP_APPEND,
        name: "ap_append",
        args: ["block", "log", "live_pages", "free_blocks"],
        text: "One erase block written sequentially: block {a} becomes the head of the \
               {b=0:append,1:pack} log with {c} live pages; {d} blocks free",
    },
    EventKindInfo {
        code: AP_PACK,
        name: "ap_pack",
        args: ["block", "log", "valid_pages", "free_blocks"],
        text: "Packing reclaims the tail block {a} of log {b}: {c} valid (cold) pages move to \
               the pack buffer, the block is erased; {d} blocks free",
    },
    EventKindInfo {
        code: AP_READ,
        name: "ap_read",
        args: ["page", "version", "slot", ""],
        text: "Read page {a}: version {b}, read from flash slot {c}",
    },
    EventKindInfo {
        code: AP_READ_BUFFERED,
        name: "ap_read_buffered",
        args: ["page", "version", "buffer", ""],
        text: "Read page {a}: version {b}, answered from the {c=0:write buffer,1:pack buffer} \
               with no flash read",
    },
    EventKindInfo {
        code: AP_READ_UNWRITTEN,
        name: "ap_read_unwritten",
        args: ["page", "", "", ""],
        text: "Read page {a}: never written, so there is no version to return",
    },
    EventKindInfo {
        code: DESTAGE,
        name: "destage",
        args: ["request", "device", "start_lsn", "bytes"],
        text: "The ideal disk destages {d} cached bytes from LSN {c} to its platter (until then \
               they are only in volatile cache)",
    },
];
