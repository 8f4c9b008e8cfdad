//! The text of the flashlog lab's pseudo-code lines, keyed by the core's line ids
//! (`core/src/flashlog/lab/pseudocode.rs` says which event lights which line; only a
//! FlashLogging run has this listing).

import type { PseudoCodeText } from "../labModule";

export const flashlogPseudocode: PseudoCodeText = {
  listings: {
    flashlogging: { title: "FlashLogging: dispatch and outlier re-issue", source: "seed 003, FlashLogging; this model's dispatch.rs" },
  },
  lines: {
    "fl.commit": { indent: 0, text: "commit(txn): append its log record to the in-memory log; wait until it is durable" },
    "fl.dispatch": {
      indent: 0,
      text: "dispatch: write the unissued log to a ready flash device   // every flash device busy: to the archival HDD if idle",
    },
    "fl.outlier": { indent: 1, text: "if a write is outstanding > factor × its device's average latency: it is an outlier" },
    "fl.reissue": { indent: 2, text: "re-issue its log to a ready device; whichever copy completes first makes it durable" },
    "fl.complete": { indent: 0, text: "on completion: store the record; the durable prefix grows" },
    "fl.ack": { indent: 1, text: "acknowledge every commit whose record lies inside the durable prefix" },
  },
};
