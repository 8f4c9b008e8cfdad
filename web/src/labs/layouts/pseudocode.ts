//! The text of the row/column lab's pseudo-code lines, keyed by the core's line ids
//! (`core/src/layouts/lab/pseudocode.rs` says which event lights which line).

import type { PseudoCodeText } from "../labModule";

export const layoutsPseudocode: PseudoCodeText = {
  listings: {
    "scan-plan": { title: "The scan plan on the stored layout", source: "seed 001 §4.2; this model's scan.rs" },
  },
  lines: {
    "lc.index": { indent: 0, text: "index scan: read the index range first, then only the table pages it points to" },
    "lc.read_row": { indent: 0, text: "NSM or PAX: one stream over the table file; each request brings whole rows, every attribute" },
    "lc.read_column": { indent: 0, text: "DSM: one stream per projected or predicate column; each request brings that column's values only" },
    "lc.seek": { indent: 1, text: "a request ≥ 63 sectors from where the last one ended is a seek: the disk moved to another stream's file" },
    "lc.done": {
      indent: 0,
      text: "consume block by block: test the predicate, decode the projected values of qualifying rows; done when the cursor passes every row",
    },
  },
};
