//! Pseudo-code listings lit by the core (issue 31, item 2): a lab names the lines of its central
//! algorithm, and each trace event it emits names the line it executes.
//!
//! 1. A lab declares `LabSpec::pseudocode`: listings of stable line ids (`gc.pick`,
//!    `ispp.pulse`), in reading order, for the algorithm its scenario runs. Only ids cross to the web; the web keeps the text of each
//!    line keyed by id, so the wasm stays small and the text sits beside the lab's other prose.
//! 2. `LabSpec::pseudo_line` maps one trace event to the id of the line it executes (or none:
//!    not every event belongs to a listing). It reads the event's kind and arguments only, so the
//!    highlight is a fact of the run, not a guess in TypeScript.
//! 3. `current_lines` walks the recent events back to the latest step that executed any listed
//!    line and returns those lines in order: what the panel highlights at the current step.

use serde::Serialize;

use crate::sim::TraceEvent;

/// One listing: a stable id and its line ids, in reading order.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct PseudoListing {
    pub id: &'static str,
    pub lines: &'static [&'static str],
}

/// The lines executed at the latest step that executed any, as the web highlights them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PseudoFrame {
    /// The step whose events executed `lines` (at or before the current step).
    pub step: u32,
    /// Line ids in the order the step's events executed them (repeats collapsed); the last one
    /// is the current line.
    pub lines: Vec<&'static str>,
}

/// Step 3: the latest step among `events` (oldest first) with an event that `line_of` maps.
pub fn current_lines<'a>(
    events: impl DoubleEndedIterator<Item = &'a TraceEvent>,
    line_of: impl Fn(&TraceEvent) -> Option<&'static str>,
) -> Option<PseudoFrame> {
    let mut frame: Option<PseudoFrame> = None;
    for event in events.rev() {
        if frame.as_ref().is_some_and(|f| f.step != event.step) {
            break;
        }
        if let Some(line) = line_of(event) {
            let f = frame.get_or_insert(PseudoFrame {
                step: event.step,
                lines: Vec::new(),
            });
            if f.lines.first() != Some(&line) {
                f.lines.insert(0, line);
            }
        }
    }
    frame
}

/// Whether `line` is listed in any of `listings`.
pub fn is_listed(listings: &[PseudoListing], line: &str) -> bool {
    listings.iter().any(|l| l.lines.contains(&line))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn event(step: u32, kind: u32) -> TraceEvent {
        TraceEvent {
            step,
            time_ns: 0,
            kind,
            args: [0; 4],
        }
    }

    fn line_of(e: &TraceEvent) -> Option<&'static str> {
        match e.kind {
            1 => Some("a"),
            2 => Some("b"),
            _ => None,
        }
    }

    #[test]
    fn the_frame_is_the_latest_step_with_a_listed_line_in_event_order() {
        let events = [
            event(1, 1),
            event(2, 1),
            event(2, 2),
            event(2, 2),
            event(3, 9),
        ];
        let frame = current_lines(events.iter(), line_of);
        assert_eq!(
            frame,
            Some(PseudoFrame {
                step: 2,
                lines: vec!["a", "b"]
            })
        );
    }

    #[test]
    fn no_listed_event_gives_no_frame() {
        let events = [event(1, 9), event(2, 8)];
        assert_eq!(current_lines(events.iter(), line_of), None);
    }
}
