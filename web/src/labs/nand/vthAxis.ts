//! The Vth axis: a piecewise-linear scale that gives the programmed levels most of the width.
//!
//! The erased state spans about 5 V below 0 V while the programmed levels sit within 2–4 V
//! above it, so a plain linear axis would squeeze P1..P7 into a corner. The axis therefore has
//! two linear pieces joined at the top of the erased state: the erased piece gets
//! `ERASED_SHARE` of the width, the programmed piece the rest. The view marks the join with an
//! axis break and says the erased piece is compressed; widths within a piece stay true.

import { scaleLinear, type ScaleLinear } from "d3-scale";

export const ERASED_SHARE = 0.28;

export interface VthAxis {
  scale: ScaleLinear<number, number>;
  /** The join of the two pieces (V), or null when the axis is plain linear. */
  breakV: number | null;
  /** How many times narrower a volt is in the erased piece than in the programmed piece. */
  compression: number;
  ticks: number[];
}

/**
 * The axis for Vth in [minV, maxV] drawn over pixels [x0, x1], joined at `breakV` (the erased
 * state's top). Falls back to a linear axis when the break is outside the range.
 */
export function vthAxis(minV: number, maxV: number, breakV: number, x0: number, x1: number): VthAxis {
  const width = x1 - x0;
  if (!(breakV > minV && breakV < maxV) || width <= 0) {
    const scale = scaleLinear().domain([minV, maxV]).range([x0, x1]);
    return { scale, breakV: null, compression: 1, ticks: scale.ticks(8) };
  }
  const xb = x0 + width * ERASED_SHARE;
  const scale = scaleLinear().domain([minV, breakV, maxV]).range([x0, xb, x1]);
  const leftPerVolt = (xb - x0) / (breakV - minV);
  const rightPerVolt = (x1 - xb) / (maxV - breakV);
  const ticks: number[] = [];
  // Whole volts; in the compressed piece only even ones, so labels do not collide.
  for (let v = Math.ceil(minV); v <= Math.floor(maxV); v++) {
    if (v < breakV && (v % 2 !== 0 || breakV - v < 0.6)) continue;
    ticks.push(v);
  }
  return { scale, breakV, compression: rightPerVolt / leftPerVolt, ticks };
}
