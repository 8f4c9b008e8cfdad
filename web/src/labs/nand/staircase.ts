//! Geometry of the ISPP panel (pure): the Vpgm staircase as a step line, the chart's fixed
//! domains, and the per-loop counts of cells still programming, rebuilt from the core's
//! `pulse` events.
//!
//! 1. Pulse i (1-based) is a flat tread over loops [i − ½, i + ½] at its Vpgm; consecutive
//!    treads join with vertical risers. The x domain is the whole loop budget (`max_loops`), so
//!    a short LSB staircase and a long MSB one can be compared by length, and the right edge is
//!    where a program would fail.
//! 2. The y domain reaches the Vpgm at which the slowest cell passes the highest verify level
//!    (Vth ≈ Vpgm − K, K ± 3σ), independent of ΔVpgm, so a coarse and a fine step climb to the
//!    same height and differ in slope.

import type { DecodedEvent } from "../../sim/events";

export type Point = [number, number];

/** Corner points of the staircase: two per pulse, at loop i ± ½. */
export function staircasePoints(staircase: ArrayLike<number>): Point[] {
  const points: Point[] = [];
  for (let i = 0; i < staircase.length; i++) {
    const v = staircase[i];
    if (v === undefined || !Number.isFinite(v)) continue;
    points.push([i + 0.5, v], [i + 1.5, v]);
  }
  return points;
}

export interface StaircaseDomain {
  loops: [number, number];
  vpgm: [number, number];
}

export interface StaircaseInputs {
  vpgmStartV: number;
  deltaVpgmV: number;
  maxLoops: number;
  /** Highest verify level (V). */
  topVerifyV: number;
  /** Coupling offset K (Vth ≈ Vpgm − K) and its cell-to-cell σ, when the preset has them. */
  couplingV: number | null;
  couplingSigmaV: number | null;
}

export function staircaseDomain(input: StaircaseInputs, staircase: ArrayLike<number>): StaircaseDomain {
  const loops = Math.max(1, input.maxLoops, staircase.length);
  let top = input.vpgmStartV + input.deltaVpgmV * Math.max(1, input.maxLoops - 1);
  if (input.couplingV !== null) {
    top = input.topVerifyV + input.couplingV + 3 * (input.couplingSigmaV ?? 0) + input.deltaVpgmV;
  }
  for (let i = 0; i < staircase.length; i++) top = Math.max(top, (staircase[i] ?? 0) + input.deltaVpgmV / 2);
  const bottom = input.vpgmStartV - Math.max(input.deltaVpgmV, 0.2);
  return { loops: [0.5, loops + 0.5], vpgm: [bottom, Math.max(top, bottom + 1)] };
}

export interface LoopCounts {
  loop: number;
  vpgmV: number;
  programming: number;
  inhibited: number;
}

/**
 * Cells still programming and inhibited after each pulse of the program that is at pulse
 * `currentLoop`, from the `pulse` events (args: loop, Vpgm mV, programming, inhibited). Walks back
 * from the newest pulse while the loops count down to 1; pulses that have left the core's
 * recent-events buffer are simply missing (the result starts later than loop 1).
 */
export function pulseHistory(events: readonly DecodedEvent[], currentLoop: number | null): LoopCounts[] {
  if (currentLoop === null || currentLoop <= 0) return [];
  const out: LoopCounts[] = [];
  let want = currentLoop;
  for (let i = events.length - 1; i >= 0 && want >= 1; i--) {
    const e = events[i];
    if (!e || e.name !== "pulse") continue;
    if (e.args[0] !== want) break; // the newest pulse is always this program's, then 1 less each
    out.push({ loop: e.args[0], vpgmV: e.args[1] / 1000, programming: e.args[2], inhibited: e.args[3] });
    want -= 1;
  }
  return out.reverse();
}
