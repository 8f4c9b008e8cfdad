//! The shape of a lab on the web side: everything the app needs from `web/src/labs/<lab>/`,
//! exported as one object by the lab's `index.ts` and listed once in `registry.ts`.

import type { ComponentType } from "react";
import type { CoreInfo } from "../sim/types";
import type { LabViewProps } from "./LabViewProps";

export interface LabEntry {
  id: string;
  title: string;
  /** One line for the home card. */
  summary: string;
  /** The paper or idea it demonstrates. */
  source: string;
  /**
   * The paper's seed number (`shared/seeds/`, "000"…) when the lab reproduces one; the core's
   * sources cite it as "seed 00N", which `format/citations.ts` names (tested for every lab).
   */
  paperSeed?: string;
  available: boolean;
  /** Playback speeds (simulated seconds per wall second) and the default one. */
  speeds: readonly number[];
  defaultSpeed: number;
}

export interface LabViews {
  View: ComponentType<LabViewProps>;
  Side?: ComponentType<{ info: CoreInfo }>;
  /** One paragraph: what to look at in this scenario. */
  watch: (scenarioName: string | null, description: string | null, info: CoreInfo) => string;
  /** Metrics shown first (in this order); the rest are behind "all metrics". */
  keyMetrics?: readonly string[];
  /** What the model leaves out, and why: a few short sentences, shown beside every scenario. */
  leavesOut?: readonly string[];
  /** The text of the core's pseudo-code line ids (`PseudoCodePanel`), when the lab has listings. */
  pseudocode?: PseudoCodeText;
  /**
   * The view is taller than a laptop's stage (IPA: page, cells, flash, counters, explorer): the
   * lab page then scrolls as one document with the timeline pinned at the bottom, rather than
   * hiding most of the view in a scroll box inside the stage.
   */
  tall?: boolean;
}

/** The web's text for a lab's pseudo-code listings, keyed by the core's ids. */
export interface PseudoCodeText {
  /** Per listing id: a title and where the algorithm comes from. */
  listings: Readonly<Record<string, { title: string; source: string }>>;
  /** Per line id: nesting depth and the line. */
  lines: Readonly<Record<string, { indent: number; text: string }>>;
}

/** A built lab: its home-page entry, its views and the bundled scenario it opens with. */
export interface LabModule {
  entry: LabEntry;
  views: LabViews;
  /** File name (without `.json`) in `scenarios/<lab>/`; otherwise the first in name order. */
  defaultScenario: string;
}

/** Speeds for labs whose events are milliseconds apart (and for labs not built yet). */
export const TIME_SPEEDS = [0.001, 0.01, 0.1, 1, 10, 100] as const;
