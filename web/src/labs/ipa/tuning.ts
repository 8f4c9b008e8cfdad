// Geometry of the [N × M] explorer's trade-off chart (digest §7 scenario 7): x = space the delta
// area takes (% of the page, Tab. 3's formula), y = share of update write-backs done as appends
// when this scenario's ops ran with that scheme (simulated by the core, `explorer.rs`). One
// curve per N through increasing M; cells without a share (the run failed) are left out.
import { scaleLinear } from "d3-scale";
import type { IpaSchemeCell } from "./payload.gen";

export interface TuningPoint {
  n: number;
  m: number;
  x: number;
  y: number;
  space: number;
  appends: number;
}

export interface TuningCurve {
  n: number;
  points: TuningPoint[];
}

export interface TuningChart {
  curves: TuningCurve[];
  xTicks: { at: number; label: string }[];
  yTicks: { at: number; label: string }[];
}

export const TUNING_MARGIN = { left: 34, right: 8, top: 8, bottom: 26 };

export function tuningChart(grid: readonly IpaSchemeCell[], width: number, height: number): TuningChart {
  const cells = grid.filter((c): c is IpaSchemeCell & { append_percent: number } => c.append_percent !== null);
  const maxSpace = Math.max(10, ...cells.map((c) => c.space_percent));
  const x = scaleLinear().domain([0, maxSpace]).nice().range([TUNING_MARGIN.left, width - TUNING_MARGIN.right]);
  const y = scaleLinear().domain([0, 100]).range([height - TUNING_MARGIN.bottom, TUNING_MARGIN.top]);
  const ns = [...new Set(cells.map((c) => c.n))].sort((a, b) => a - b);
  const curves = ns.map((n) => ({
    n,
    points: cells
      .filter((c) => c.n === n)
      .sort((a, b) => a.m - b.m)
      .map((c) => ({ n, m: c.m, x: x(c.space_percent), y: y(c.append_percent), space: c.space_percent, appends: c.append_percent })),
  }));
  return {
    curves,
    xTicks: x.ticks(5).map((t) => ({ at: x(t), label: `${t} %` })),
    yTicks: [0, 25, 50, 75, 100].map((t) => ({ at: y(t), label: `${t}` })),
  };
}
