//! CSV for the export menu (pure): the current step's metrics, and every metric's series over the
//! whole run (the timeline sampled at load). RFC 4180 quoting; numbers at full precision.

import type { MetricDetail, MetricTimeline } from "../sim/types";

function cell(value: string | number): string {
  const text = typeof value === "number" ? (Number.isFinite(value) ? String(value) : "") : value;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function rows(lines: (string | number)[][]): string {
  return lines.map((line) => line.map(cell).join(",")).join("\r\n") + "\r\n";
}

export function metricsCsv(step: number, metrics: readonly MetricDetail[]): string {
  return rows([["step", "metric", "label", "value", "unit"], ...metrics.map((m) => [step, m.name, m.label, m.value, m.unit])]);
}

export function seriesCsv(timeline: MetricTimeline): string {
  const names = Object.keys(timeline.values).sort();
  return rows([["step", ...names], ...timeline.steps.map((step, i) => [step, ...names.map((n) => timeline.values[n]?.[i] ?? Number.NaN)])]);
}
