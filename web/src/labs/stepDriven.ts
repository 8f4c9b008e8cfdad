//! A lab view that draws only the step (no motion between steps) skips the re-render the
//! session's clock would otherwise cause on every animation frame while playing.
//!
//! `LabStage` passes `clockNs`, which advances every frame (~60 a second); a view that ignores it
//! would still re-render, with its children and their canvas effects, each frame. `stepDriven`
//! memoises such a view on everything but `clockNs`, so it re-renders only when a step lands.
//! Views that animate between steps (hdd, ssd, masm, flashlog) read `clockNs` and stay unwrapped.

import { memo, type ComponentType } from "react";
import type { LabViewProps } from "./LabViewProps";

/** True when the view would draw the same thing for `a` and `b` (every prop but `clockNs`). */
export function sameStep(a: LabViewProps, b: LabViewProps): boolean {
  return a.snapshot === b.snapshot && a.panelSnapshot === b.panelSnapshot && a.info === b.info && a.playing === b.playing;
}

export function stepDriven(View: ComponentType<LabViewProps>): ComponentType<LabViewProps> {
  return memo(View, sameStep);
}
