//! The device timeline's time window (pure). MaSM mixes sub-millisecond SSD page writes with
//! scans that keep the HDD busy for tens of milliseconds, so the window adapts: it reaches back
//! to the start of the 8th most recent operation (at least 1 ms, at most 200 ms) and ahead to
//! the end of work already booked, at most half the past span.

import type { DeviceOp } from "./series";

export interface TimeWindow {
  startUs: number;
  endUs: number;
}

const RECENT = 8;
const MIN_PAST_US = 1_000;
const MAX_PAST_US = 200_000;
const MIN_AHEAD = 0.08;
const MAX_AHEAD = 0.5;

export function deviceWindow(lanes: readonly (readonly DeviceOp[])[], nowUs: number): TimeWindow {
  const started: number[] = [];
  let latest = nowUs;
  for (const lane of lanes) {
    for (const op of lane) {
      if (op.startUs <= nowUs) started.push(op.startUs);
      latest = Math.max(latest, op.endUs);
    }
  }
  started.sort((a, b) => b - a);
  const from = started[Math.min(RECENT, started.length) - 1];
  const past = Math.min(MAX_PAST_US, Math.max(MIN_PAST_US, from === undefined ? 0 : nowUs - from));
  const ahead = Math.min(past * MAX_AHEAD, Math.max(past * MIN_AHEAD, latest - nowUs));
  return { startUs: nowUs - past, endUs: nowUs + ahead };
}

/** Busy time of a lane inside the window, µs (overlaps merged), for the lane's "busy %" label. */
export function busyInWindow(ops: readonly DeviceOp[], win: TimeWindow, untilUs: number): number {
  const spans = ops
    .map((op) => [Math.max(win.startUs, op.startUs), Math.min(untilUs, win.endUs, op.endUs)] as const)
    .filter(([a, b]) => b > a)
    .sort((p, q) => p[0] - q[0]);
  let total = 0;
  let reach = Number.NEGATIVE_INFINITY;
  for (const [a, b] of spans) {
    const start = Math.max(a, reach);
    if (b > start) total += b - start;
    reach = Math.max(reach, b);
  }
  return total;
}
