//! Where things are at a given simulated time, between two steps. The core's view is exact at
//! the step's time (`now_ns`); playback draws times after it, up to the next step, so:
//!
//! 1. The platter turns at constant speed: angle(t) = platter_angle + (t − now) / revolution.
//! 2. The busy request's phases are contiguous with known boundaries (seek, rotate, transfer),
//!    so the phase and its progress at t follow from the times the core gives.
//! 3. The arm moves linearly from `from_cylinder` to `cylinder` during the seek (the core does
//!    the same for display), rests during the rotation, and follows the transfer to
//!    `end_cylinder` when it spans tracks. This is drawing, not modelling: the durations are
//!    the core's.

import type { BusyRequest, HddMeta, Phase } from "./types";

/** Fraction of a turn in [0, 1). */
export function wrapTurn(turn: number): number {
  const t = turn % 1;
  return t < 0 ? t + 1 : t;
}

export function platterAngleAt(meta: Pick<HddMeta, "platter_angle" | "now_ns" | "revolution_ns">, timeNs: number): number {
  if (meta.revolution_ns <= 0) return wrapTurn(meta.platter_angle);
  return wrapTurn(meta.platter_angle + (timeNs - meta.now_ns) / meta.revolution_ns);
}

function fraction(from: number, to: number, t: number): number {
  if (to <= from) return 1;
  return Math.min(1, Math.max(0, (t - from) / (to - from)));
}

export interface PhaseState {
  phase: Phase | "done";
  /** Progress through the current phase, 0..1. */
  progress: number;
  /** Progress through the whole service (seek start .. transfer end), 0..1. */
  overall: number;
}

export function phaseAt(busy: BusyRequest, timeNs: number): PhaseState {
  const overall = fraction(busy.start_ns, busy.end_ns, timeNs);
  if (timeNs < busy.seek_end_ns) return { phase: "seek", progress: fraction(busy.start_ns, busy.seek_end_ns, timeNs), overall };
  if (timeNs < busy.rotation_end_ns) return { phase: "rotate", progress: fraction(busy.seek_end_ns, busy.rotation_end_ns, timeNs), overall };
  if (timeNs < busy.end_ns || busy.end_ns === busy.rotation_end_ns) {
    return { phase: "transfer", progress: fraction(busy.rotation_end_ns, busy.end_ns, timeNs), overall };
  }
  return { phase: "done", progress: 1, overall: 1 };
}

/** The head's cylinder at `timeNs` (fractional while moving). */
export function headCylinderAt(meta: Pick<HddMeta, "head_cylinder" | "busy">, timeNs: number): number {
  const busy = meta.busy;
  if (!busy) return meta.head_cylinder;
  const { phase, progress } = phaseAt(busy, timeNs);
  switch (phase) {
    case "seek":
      return busy.from_cylinder + (busy.cylinder - busy.from_cylinder) * progress;
    case "rotate":
      return busy.cylinder;
    case "transfer":
      return busy.cylinder + (busy.end_cylinder - busy.cylinder) * progress;
    case "done":
      return busy.end_cylinder;
  }
}
