//! Every lab the app knows, in the order of the home page: one import per built lab (its
//! `index.ts` says everything else), then the labs not built yet, shown honestly as "coming soon".

import { fdtreeLab } from "./fdtree";
import { flashlogLab } from "./flashlog";
import { hddLab } from "./hdd";
import { ipaLab } from "./ipa";
import { layoutsLab } from "./layouts";
import type { LabEntry, LabModule } from "./labModule";
import { masmLab } from "./masm";
import { nandLab } from "./nand";
import { ssdLab } from "./ssd";

export type { LabEntry, LabModule, LabViews } from "./labModule";

/** The built labs. Adding a lab: its folder's `index.ts`, and one line here. */
export const BUILT_LABS: readonly LabModule[] = [
  hddLab,
  ssdLab,
  nandLab,
  masmLab,
  fdtreeLab,
  ipaLab,
  layoutsLab,
  flashlogLab,
];

/** Labs without a folder yet: metadata only (none today; a new lab can be announced here). */
const COMING_SOON: readonly LabEntry[] = [];

export const LABS: readonly LabEntry[] = [...BUILT_LABS.map((lab) => lab.entry), ...COMING_SOON];

export function findLab(id: string): LabEntry | undefined {
  return LABS.find((lab) => lab.id === id);
}

/** The built lab with this id, if any. */
export function findBuiltLab(id: string): LabModule | undefined {
  return BUILT_LABS.find((lab) => lab.entry.id === id);
}
