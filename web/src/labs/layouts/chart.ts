//! Pure layout of the time-vs-projectivity chart (digest §7 item 1): the sweep's simulated row,
//! column and PAX times and the Eq. 1–2 model beside the first two, on a projected-byte-fraction axis, with
//! the crossovers and the paper's stated points. No DOM here: `CrossoverChart.tsx` draws it.

import type { LayoutsPaperPoint, LayoutsSweepInfo } from "./types";

export interface Point {
  x: number;
  y: number;
}

export interface SweepLines {
  /** Column store, simulated, one point per k = 1..N (x = projected byte fraction). */
  column: Point[];
  /** Column store, Eq. 2 (model). */
  columnModel: Point[];
  /** PAX, simulated, one point per k (no model: the paper's equations have no PAX term). */
  pax: Point[];
  /** Row store time: it reads every byte whatever k is, so a flat line. */
  row: number;
  rowModel: number;
  /** Largest time to show (for the y domain). */
  yMax: number;
}

export function sweepLines(sweep: LayoutsSweepInfo): SweepLines {
  const n = Math.min(sweep.fractions.length, sweep.column_s.length, sweep.column_model_s.length);
  const column: Point[] = [];
  const columnModel: Point[] = [];
  for (let i = 0; i < n; i++) {
    const x = sweep.fractions[i] ?? 0;
    column.push({ x, y: sweep.column_s[i] ?? 0 });
    columnModel.push({ x, y: sweep.column_model_s[i] ?? 0 });
  }
  const pax: Point[] = [];
  for (let i = 0; i < Math.min(sweep.fractions.length, sweep.pax_s.length); i++) {
    pax.push({ x: sweep.fractions[i] ?? 0, y: sweep.pax_s[i] ?? 0 });
  }
  const ys = [sweep.row_s, sweep.row_model_s, ...[...column, ...columnModel, ...pax].map((p) => p.y)].filter(Number.isFinite);
  return { column, columnModel, pax, row: sweep.row_s, rowModel: sweep.row_model_s, yMax: Math.max(1e-9, ...ys) };
}

/** Where a piecewise-linear column curve (ascending x) first rises above `row`, interpolated. */
export function crossoverX(column: readonly Point[], row: number): number | null {
  let prev: Point = { x: 0, y: 0 };
  for (const p of column) {
    if (p.y > row) {
      const t = p.y === prev.y ? 0 : (row - prev.y) / (p.y - prev.y);
      return prev.x + Math.max(0, Math.min(1, t)) * (p.x - prev.x);
    }
    prev = p;
  }
  return null;
}

/** The paper's crossover markers (points with a fraction), its statements without one, and its
 *  stated counts (seeks) with the sweep's count beside them when the core computed one. */
export function paperMarkers(points: readonly LayoutsPaperPoint[]): { crossovers: LayoutsPaperPoint[]; notes: LayoutsPaperPoint[]; counts: LayoutsPaperPoint[] } {
  return {
    crossovers: points.filter((p) => p.fraction !== null && p.unit === "fraction"),
    notes: points.filter((p) => p.fraction === null && p.value === null),
    counts: points.filter((p) => p.fraction === null && p.value !== null),
  };
}

/** "paper 867 seeks · sweep 1,020 (scaled to 60 M rows)" for a stated count. */
export function countText(p: LayoutsPaperPoint): string {
  const sim = p.simulated === null ? "no sweep value (other read-ahead)" : `sweep ${Math.round(p.simulated).toLocaleString("en-US")} (scaled to ${p.rows / 1e6} M rows)`;
  return `${p.what}: paper ${(p.value ?? 0).toLocaleString("en-US")} ${p.unit} · ${sim}`;
}

/** "96 %" for a fraction. */
export function percent(fraction: number): string {
  return `${Math.round(fraction * 100)} %`;
}
