//! The text of the NAND lab's pseudo-code lines, keyed by the core's line ids
//! (`core/src/device/nand/lab/pseudocode.rs` says which event lights which line).

import type { PseudoCodeText } from "../labModule";

export const nandPseudocode: PseudoCodeText = {
  listings: {
    ispp: { title: "ISPP program-and-verify", source: "Suh et al. 1995; seed 004 §3" },
  },
  lines: {
    "ispp.start": { indent: 0, text: "program(page, bits): pending ← the cells the data must raise; n ← 1" },
    "ispp.append": { indent: 0, text: "append(page, offset, bits): pending ← the appended cells to raise; every other cell inhibited" },
    "ispp.pulse": { indent: 1, text: "repeat: pulse Vpgm = Vstart + (n − 1)·ΔVpgm on every pending cell; n ← n + 1" },
    "ispp.verify": { indent: 1, text: "verify: a pending cell at or above its target's verify voltage takes its state and is inhibited" },
    "ispp.end": { indent: 0, text: "until no cell is pending (page programmed) or the loop limit is reached (program fails)" },
  },
};
