//! The paper-results page's figure geometry (pure, D3 math only; React draws it):
//!
//! 1. Scales: x linear or logarithmic as the core's axis says, y linear from 0 to the largest
//!    point of any series (simulated or paper), with nice ticks.
//! 2. Colours: each simulated curve gets the next palette slot; a paper series takes the slot of
//!    the simulated curve it names (`of`), so a curve and the paper's points for it share one
//!    colour and differ by mark (a line with dots against hollow diamonds).
//! 3. Tick labels in the axis's unit: bytes as 4 KB / 1 MB / 10 GB, percentages with a %.

import { max } from "d3-array";
import { scaleLinear, scaleLog } from "d3-scale";
import type { FigureData, FigureSeries } from "../sim/types";

export const FIGURE_MARGIN = { top: 14, right: 16, bottom: 44, left: 56 };

export interface FigureGeometry {
  x: (value: number) => number;
  y: (value: number) => number;
  xTicks: number[];
  yTicks: number[];
  /** Palette slot per series, in the figure's series order. */
  slots: number[];
}

/** Step 2. */
export function seriesSlots(series: readonly FigureSeries[]): number[] {
  const simulated = series.filter((s) => s.kind === "simulated").map((s) => s.name);
  return series.map((s) => {
    const own = simulated.indexOf(s.kind === "simulated" ? s.name : s.of);
    return own >= 0 ? own : simulated.length;
  });
}

/** Step 1. */
export function figureGeometry(figure: FigureData, width: number, height: number): FigureGeometry {
  const points = figure.series.flatMap((s) => s.points);
  const xs = points.map((p) => p[0]);
  const xMin = Math.min(...xs);
  const xMax = Math.max(...xs);
  const yTop = max(points, (p) => p[1]) ?? 1;
  const range: [number, number] = [FIGURE_MARGIN.left, width - FIGURE_MARGIN.right];
  const yScale = scaleLinear()
    .domain([0, yTop > 0 ? yTop * 1.08 : 1])
    .range([height - FIGURE_MARGIN.bottom, FIGURE_MARGIN.top])
    .nice(5);
  if (figure.x.log) {
    const xScale = scaleLog().domain([xMin, xMax]).range(range);
    // Bytes: a tick at each size the figure measured (4 KB, 1 MB, …, binary sizes that decimal
    // decades would label 9.8 KB); otherwise one tick per decade.
    const xTicks =
      figure.x.unit === "B"
        ? [...new Set(xs)].sort((a, b) => a - b)
        : xScale.ticks().filter((t) => Math.abs(Math.log10(t) - Math.round(Math.log10(t))) < 1e-9);
    return { x: xScale, y: yScale, xTicks, yTicks: yScale.ticks(5), slots: seriesSlots(figure.series) };
  }
  const xScale = scaleLinear().domain([Math.min(0, xMin), xMax]).range(range).nice(6);
  return { x: xScale, y: yScale, xTicks: xScale.ticks(6), yTicks: yScale.ticks(5), slots: seriesSlots(figure.series) };
}

const BYTE_UNITS = ["B", "KB", "MB", "GB", "TB"];

/** Step 3. */
export function formatTick(value: number, unit: string): string {
  if (unit === "B") {
    let v = value;
    let i = 0;
    while (v >= 1024 && i < BYTE_UNITS.length - 1) {
      v /= 1024;
      i += 1;
    }
    const rounded = v >= 10 ? Math.round(v) : Math.round(v * 10) / 10;
    return `${rounded} ${BYTE_UNITS[i] ?? "B"}`;
  }
  const text = Math.abs(value) >= 1000 ? Math.round(value).toLocaleString("en-US") : String(Math.round(value * 100) / 100);
  return unit === "%" ? `${text} %` : text;
}
