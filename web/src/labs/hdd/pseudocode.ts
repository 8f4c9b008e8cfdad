//! The text of the HDD lab's pseudo-code lines, keyed by the core's line ids
//! (`core/src/device/hdd/lab/pseudocode.rs` says which event lights which line).

import type { PseudoCodeText } from "../labModule";

export const hddPseudocode: PseudoCodeText = {
  listings: {
    hdd: { title: "A disk request: queue, pick, seek, rotate, transfer", source: "this model's lab/mod.rs and scheduler.rs" },
  },
  lines: {
    "hdd.arrive": { indent: 0, text: "arrive(request): it joins the queue" },
    "hdd.pick": { indent: 0, text: "when the disk is free: the scheduler picks one (FCFS: the oldest; SSTF: the one nearest the arm); the arm seeks to its cylinder" },
    "hdd.service": { indent: 1, text: "wait for its first sector to rotate under the head, then transfer its sectors" },
    "hdd.complete": { indent: 0, text: "complete: latency = queue wait + seek + rotation + transfer" },
  },
};
