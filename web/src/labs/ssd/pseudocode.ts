//! The text of the SSD lab's pseudo-code lines, keyed by the core's line ids
//! (`core/src/device/ssd/lab/pseudocode.rs` says which event lights which line).

import type { PseudoCodeText } from "../labModule";

export const ssdPseudocode: PseudoCodeText = {
  listings: {
    gc: { title: "Host write and foreground GC", source: "this model's FTL (ftl.rs, gc.rs)" },
  },
  lines: {
    "gc.write": { indent: 0, text: "write(lba): program it at the die's write point; its old copy becomes invalid" },
    "gc.pick": {
      indent: 1,
      text: "if free blocks < low watermark, until free ≥ high watermark: victim ← policy(die)   // greedy: fewest valid pages; cost-benefit: max (1−u)·age/2u; FIFO: oldest",
    },
    "gc.copy": { indent: 2, text: "for each valid page of the block: copy it to the write point; remap its LBA" },
    "gc.erase": { indent: 2, text: "erase the block (erase count + 1); return it to the free pool" },
    "gc.level": {
      indent: 1,
      text: "if max − min erase count on the die > threshold: move the coldest block's pages out, erase it   // static wear levelling",
    },
  },
};
