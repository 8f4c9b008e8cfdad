//! Each lab's views: its main drawing, an optional side card, and its "what to watch" text.

import type { ComponentType } from "react";
import type { CoreInfo } from "../sim/types";
import { GenericView } from "./GenericView";
import type { LabViewProps } from "./LabViewProps";
import { hddViews } from "./hdd";
import { masmViews } from "./masm";
import { nandViews } from "./nand";
import { ssdViews } from "./ssd";

export interface LabViews {
  View: ComponentType<LabViewProps>;
  Side?: ComponentType<{ info: CoreInfo }>;
  /** One paragraph: what to look at in this scenario. */
  watch: (scenarioName: string | null, description: string | null, info: CoreInfo) => string;
  /** Metrics shown first (in this order); the rest are behind "all metrics". */
  keyMetrics?: readonly string[];
}

const GENERIC: LabViews = {
  View: GenericView,
  watch: (_name, description) => description ?? "Step through the run and read the event log: every line is one thing the core did.",
};

const VIEWS: Record<string, LabViews> = { hdd: hddViews, masm: masmViews, nand: nandViews, ssd: ssdViews };

export function labViews(lab: string): LabViews {
  return VIEWS[lab] ?? GENERIC;
}
