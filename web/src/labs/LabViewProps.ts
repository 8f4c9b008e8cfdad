//! What every lab's main view receives.

import type { CoreInfo, Snapshot } from "../sim/types";

export interface LabViewProps {
  snapshot: Snapshot;
  /** The same step, updated only a few times a second while playing: for charts and text. */
  panelSnapshot: Snapshot;
  info: CoreInfo;
  /** Simulated time to draw, ns: the step's time when paused, advancing smoothly when playing. */
  clockNs: number;
  playing: boolean;
}
