//! Every lab the app knows, in the order of the home page: one import per built lab (its
//! `index.ts` says everything else), then the labs not built yet, shown honestly as "coming soon".

import { hddLab } from "./hdd";
import { TIME_SPEEDS, type LabEntry, type LabModule } from "./labModule";
import { layoutsLab } from "./layouts";
import { masmLab } from "./masm";
import { nandLab } from "./nand";
import { ssdLab } from "./ssd";

export type { LabEntry, LabModule, LabViews } from "./labModule";

/** The built labs. Adding a lab: its folder's `index.ts`, and one line here. */
export const BUILT_LABS: readonly LabModule[] = [hddLab, ssdLab, nandLab, masmLab, layoutsLab];

/** Labs without a folder yet: metadata only. */
const COMING_SOON: readonly LabEntry[] = [
  {
    id: "fdtree",
    title: "FD+tree",
    summary: "A flash-friendly index: logarithmic levels, fractional cascading, merges.",
    source: "Thonangi, Babu, Yang, A Practical Concurrent Index for Solid-State Drives (CIKM 2012)",
    available: false,
    speeds: TIME_SPEEDS,
    defaultSpeed: 0.01,
  },
  {
    id: "ipa",
    title: "In-place appends",
    summary: "Write small deltas into a page's spare area instead of rewriting it.",
    source: "Hardock et al., From In-Place Updates to In-Place Appends (SIGMOD 2017)",
    available: false,
    speeds: TIME_SPEEDS,
    defaultSpeed: 0.01,
  },
  {
    id: "flashlog",
    title: "FlashLogging",
    summary: "Synchronous logging on cheap flash drives, and the Append/Pack layout.",
    source: "Athanassoulis et al., Flash in a DBMS: Where and How? (IEEE Data Eng. Bull. 2010)",
    available: false,
    speeds: TIME_SPEEDS,
    defaultSpeed: 0.01,
  },
];

export const LABS: readonly LabEntry[] = [...BUILT_LABS.map((lab) => lab.entry), ...COMING_SOON];

export function findLab(id: string): LabEntry | undefined {
  return LABS.find((lab) => lab.id === id);
}

/** The built lab with this id, if any. */
export function findBuiltLab(id: string): LabModule | undefined {
  return BUILT_LABS.find((lab) => lab.entry.id === id);
}
