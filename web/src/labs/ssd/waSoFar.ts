//! Write amplification so far, over simulated time (pure): the session samples every metric at
//! 64 steps of the whole run when it loads (`MetricTimeline`), so the run's WA and its simulated
//! time at those steps give a smooth curve; the current step's own value ends it.

import type { MetricTimeline } from "../../sim/types";
import type { Point } from "./SeriesChart";

export function waSoFar(timeline: MetricTimeline | null, step: number, nowUs: number, waNow: number): Point[] {
  const out: Point[] = [];
  const wa = timeline?.values["write_amplification"] ?? [];
  const ms = timeline?.values["sim_time_ms"] ?? [];
  const steps = timeline?.steps ?? [];
  for (let i = 0; i < steps.length; i++) {
    const s = steps[i];
    const v = wa[i];
    const t = ms[i];
    if (s === undefined || v === undefined || t === undefined || s >= step) continue;
    if (Number.isFinite(v) && Number.isFinite(t)) out.push([t * 1e3, v]);
  }
  if (Number.isFinite(waNow)) out.push([nowUs, waNow]);
  return out;
}
