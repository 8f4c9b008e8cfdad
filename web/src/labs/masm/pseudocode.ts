//! The text of the MaSM lab's pseudo-code lines, keyed by the core's line ids
//! (`core/src/masm/lab/pseudocode.rs` says which event lights which line).

import type { PseudoCodeText } from "../labModule";

export const masmPseudocode: PseudoCodeText = {
  listings: {
    masm: { title: "MaSM: updates, flushes and the merge into a scan", source: "seed 000 §3.2–3.4, Fig. 9; this model's engine.rs, scans.rs, migration.rs" },
  },
  lines: {
    "masm.update": { indent: 0, text: "update(u): write u to the redo log; append it, unsorted, to the in-memory buffer" },
    "masm.steal": { indent: 1, text: "if the buffer is full and a query page is idle: borrow it instead of flushing   // Fig. 9 lines 2–3" },
    "masm.stall": { indent: 1, text: "else if a flush is still being written, or the SSD is full: wait" },
    "masm.flush": { indent: 1, text: "else flush: sort the buffer by (key, ts) into a 1-pass run; write it sequentially to the SSD with its run index   // line 5" },
    "masm.truncate": { indent: 2, text: "drop the redo-log records that are now on the SSD" },
    "masm.scan_open": { indent: 0, text: "scan(range): take timestamp ts; if the buffer holds S pages or more, flush it first   // lines 1–4" },
    "masm.merge2": { indent: 1, text: "while 1-pass + 2-pass runs > Q: merge the earliest 1-pass runs into one 2-pass run   // lines 5–8" },
    "masm.scan_io": { indent: 1, text: "read the table range from the HDD; overlapped, read each run's granules in the range from the SSD" },
    "masm.scan_merge": { indent: 1, text: "merge table rows, runs and buffer by key: apply the updates older than ts in ts order; return the rows   // lines 9–14" },
    "masm.migrate": { indent: 0, text: "migrate (§3.2): once older queries finish, rewrite the table page by page with every run applied; delete the runs" },
  },
};
