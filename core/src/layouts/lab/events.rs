//! Trace event kinds of the layouts lab: numeric codes with four u32 arguments and the sentences
//! the UI narrates them with (`{a}`..`{d}`). A file index is the query's file: 0 for an NSM or
//! PAX file, the attribute for a DSM column file; a read of the index is its own kind
//! (`IO_DONE_INDEX`), so no sentinel reaches the student.

use crate::sim::EventKindInfo;

pub const IO_DONE: u32 = 1;
pub const QUERY_DONE: u32 = 2;
pub const IO_DONE_INDEX: u32 = 3;

pub const EVENT_KINDS: &[EventKindInfo] = &[
    EventKindInfo {
        code: IO_DONE,
        name: "io_done",
        args: ["query", "file", "device_kb", "seek"],
        text: "Query {a}'s read of file {b} at device KB {c} completes ({d=0:it followed the \
               previous request,1:a seek: it started ≥ 63 sectors from where the previous \
               request ended})",
    },
    EventKindInfo {
        code: IO_DONE_INDEX,
        name: "io_done_index",
        args: ["query", "", "device_kb", "seek"],
        text: "Query {a}'s read of the index at device KB {c} completes ({d=0:it followed the \
               previous request,1:a seek: it started ≥ 63 sectors from where the previous \
               request ended})",
    },
    EventKindInfo {
        code: QUERY_DONE,
        name: "query_done",
        args: ["query", "answer_rows", "seeks", "elapsed_us"],
        text: "Query {a} is done: {b} qualifying {b:row|rows} answered, {c} {c:seek|seeks}, {d} µs \
               elapsed",
    },
];
