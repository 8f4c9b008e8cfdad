//! The text of the IPA lab's pseudo-code lines, keyed by the core's line ids
//! (`core/src/ipa/lab/pseudocode.rs` says which event lights which line).

import type { PseudoCodeText } from "../labModule";

export const ipaPseudocode: PseudoCodeText = {
  listings: {
    writeback: { title: "Write-back: append in place or out of place", source: "seed 004 §6.2, §7" },
  },
  lines: {
    "ipa.update": { indent: 0, text: "update(key, field, value): log it (WAL); change the page in the buffer; track its changed bytes" },
    "ipa.writeback": { indent: 0, text: "write_back(page):   // the page cleaner, an eviction or a checkpoint" },
    "ipa.append": {
      indent: 1,
      text: "if the page is already on flash and its changes fit its free delta records: write_delta(page, records) in place",
    },
    "ipa.out_of_place": { indent: 1, text: "else: reset the delta area; write the whole page out of place; the old copy becomes invalid" },
  },
};
