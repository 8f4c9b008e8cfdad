//! The die timeline's time window (pure): it ends a little after "now" and starts where half the
//! dies still have history (the core keeps the last 16 operations per die), so a burst on one
//! die does not shrink the window, and few lanes look idle only because old operations were
//! dropped. The past part is 0.3 to 10 ms; the future part shows work already booked.

import type { DieOp } from "./series";

export interface TimeWindow {
  startUs: number;
  endUs: number;
}

const AHEAD = 0.12;
const MIN_PAST_US = 300;
const MAX_PAST_US = 10_000;
/** Booked work is shown up to this far ahead (or as far back as the past part reaches). */
const MAX_AHEAD_US = 5_000;

/**
 * `busyUntilUs`: when each die is free again. GC copies and erases are booked ahead, so the
 * future part widens to show work already booked after now.
 */
export function timelineWindow(ops: readonly DieOp[], dies: number, nowUs: number, busyUntilUs: ArrayLike<number> = []): TimeWindow {
  const oldest = new Array<number>(dies).fill(Number.POSITIVE_INFINITY);
  let latest = nowUs;
  for (const op of ops) {
    const d = op.die;
    if (d >= 0 && d < dies && op.startUs < (oldest[d] ?? Number.POSITIVE_INFINITY)) oldest[d] = op.startUs;
    latest = Math.max(latest, op.endUs);
  }
  for (let i = 0; i < busyUntilUs.length; i++) latest = Math.max(latest, busyUntilUs[i] ?? nowUs);
  // The median of the dies' oldest kept starts.
  const starts = oldest.filter((o) => Number.isFinite(o)).sort((a, b) => a - b);
  const from = starts[Math.floor((starts.length - 1) / 2)];
  const past = Math.min(MAX_PAST_US, Math.max(MIN_PAST_US, from === undefined ? 0 : nowUs - from));
  const ahead = Math.min(Math.max(past, MAX_AHEAD_US), Math.max(past * AHEAD, latest - nowUs));
  return { startUs: nowUs - past, endUs: nowUs + ahead };
}
/** Die order of the lanes: by channel, then by die on that channel. */
export function laneOrder(channels: number, dies: number): number[] {
  const out: number[] = [];
  for (let c = 0; c < channels; c++) for (let d = c; d < dies; d += channels) out.push(d);
  return out;
}
