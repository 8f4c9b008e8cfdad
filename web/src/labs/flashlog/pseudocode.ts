//! The text of the flashlog lab's pseudo-code lines, keyed by the core's line ids
//! (`core/src/flashlog/lab/pseudocode.rs` says which event lights which line: a FlashLogging
//! run has the first listing, an Append/Pack run the second, the logging baselines none).

import type { PseudoCodeText } from "../labModule";

export const flashlogPseudocode: PseudoCodeText = {
  listings: {
    flashlogging: { title: "FlashLogging: dispatch and outlier re-issue", source: "seed 003, FlashLogging; this model's dispatch.rs" },
    appendpack: { title: "Append/Pack: write, read and pack", source: "seed 003 §2.2; this model's appendpack/layout.rs and policy.rs" },
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
    "ap.write": { indent: 0, text: "write(page): the new version joins the write buffer; its old slot on flash becomes invalid" },
    "ap.append": { indent: 1, text: "if the write buffer fills an erase block: append it at the head of the append log, one sequential write" },
    "ap.pack": {
      indent: 0,
      text: "while free blocks ≤ low watermark: reclaim the append log's tail block (the pack log's tail if it holds fewer valid pages); its valid pages move to the pack buffer; erase it",
    },
    "ap.pack_append": { indent: 1, text: "if the pack buffer fills an erase block: append it at the head of the pack log" },
    "ap.read": { indent: 0, text: "read(page): from the write or pack buffer if it is there, else one read of its slot on flash" },
  },
};
