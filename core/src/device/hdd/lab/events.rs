//! Trace event kinds of the HDD lab: numeric codes with four u32 arguments, and the sentences the
//! UI uses to narrate them (`{a}`..`{d}` are the arguments). Times are in µs and sizes in bytes
//! so that every argument fits a u32 (latencies saturate at u32::MAX µs, about 71 minutes).

use crate::sim::EventKindInfo;

pub const ARRIVE_READ: u32 = 1;
pub const ARRIVE_WRITE: u32 = 2;
pub const DISPATCH: u32 = 3;
pub const SERVICE: u32 = 4;
pub const COMPLETE: u32 = 5;
pub const SCAN_DONE: u32 = 6;

pub const EVENT_KINDS: &[EventKindInfo] = &[
    EventKindInfo {
        code: ARRIVE_READ,
        name: "arrive_read",
        args: ["request", "cylinder", "bytes", "queue_length"],
        text: "Read request {a} arrives for cylinder {b} ({c} bytes); {d:request now waits|requests now wait} \
               in the queue",
    },
    EventKindInfo {
        code: ARRIVE_WRITE,
        name: "arrive_write",
        args: ["request", "cylinder", "bytes", "queue_length"],
        text: "Write request {a} arrives for cylinder {b} ({c} bytes); {d:request now waits|requests now wait} \
               in the queue",
    },
    EventKindInfo {
        code: DISPATCH,
        name: "dispatch",
        args: ["request", "from_cylinder", "to_cylinder", "seek_us"],
        text: "The scheduler picks request {a}: the arm seeks from cylinder {b} to cylinder {c} \
               in {d} µs",
    },
    EventKindInfo {
        code: SERVICE,
        name: "service",
        args: ["request", "rotation_us", "transfer_us", "switch_us"],
        text: "Request {a} waits {b} µs for its first sector to come round, then transfers for \
               {c} µs (plus {d} µs switching heads or cylinders)",
    },
    EventKindInfo {
        code: COMPLETE,
        name: "complete",
        args: ["request", "latency_us", "cylinder", "queue_length"],
        text: "Request {a} completes {b} µs after it arrived; the head rests at cylinder {c} and \
               {d:request waits|requests wait}",
    },
    EventKindInfo {
        code: SCAN_DONE,
        name: "scan_done",
        args: [
            "scan_requests",
            "scan_ms",
            "isolated_ms",
            "percent_of_isolated",
        ],
        text: "The scan's {a:request is|requests are} done after {b} ms; alone they would take {c} ms, so \
               the scan took {d}% of its isolated time",
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_unique_and_texts_use_only_declared_arguments() {
        for (i, kind) in EVENT_KINDS.iter().enumerate() {
            assert_eq!(kind.code as usize, i + 1);
            for (slot, placeholder) in ["{a}", "{b}", "{c}", "{d}"].iter().enumerate() {
                if kind.text.contains(placeholder) {
                    assert!(!kind.args[slot].is_empty(), "{}: {placeholder}", kind.name);
                }
            }
        }
    }
}
