// A histogram over a log axis (latencies span decades): bars from `histogramBars`, optional
// marker lines (median, p99), axis ticks at powers of ten.
import { max } from "d3-array";
import { scaleLinear, scaleLog } from "d3-scale";
import type { Bar } from "./histogram";

export interface Marker {
  value: number;
  label: string;
}

interface Props {
  bars: Bar[];
  width: number;
  height: number;
  formatTick: (value: number) => string;
  markers?: Marker[];
  emptyText: string;
}

const M = { top: 32, right: 12, bottom: 24, left: 12 };

export function HistogramChart({ bars, width, height, formatTick, markers = [], emptyText }: Props) {
  const first = bars[0];
  const last = bars[bars.length - 1];
  if (!first || !last) {
    return (
      <svg width={width} height={height} className="chart">
        <text x={width / 2} y={height / 2} className="chart-empty" textAnchor="middle">
          {emptyText}
        </text>
      </svg>
    );
  }
  const x = scaleLog().domain([first.x0, last.x1]).range([M.left, width - M.right]);
  const top = max(bars, (b) => b.count) ?? 1;
  const y = scaleLinear().domain([0, top]).range([height - M.bottom, M.top]);
  const ticks = x.ticks().filter((t) => Math.abs(Math.log10(t) - Math.round(Math.log10(t))) < 1e-9);
  return (
    <svg width={width} height={height} className="chart" role="img" aria-label="histogram">
      {bars.map((b) => (
        <rect
          key={b.x0}
          x={x(b.x0) + 0.5}
          width={Math.max(0, x(b.x1) - x(b.x0) - 1)}
          y={y(b.count)}
          height={Math.max(0, y(0) - y(b.count))}
          className="chart-bar"
        />
      ))}
      <line x1={M.left} x2={width - M.right} y1={y(0)} y2={y(0)} className="chart-axis" />
      {ticks.map((t) => (
        <g key={t} transform={`translate(${x(t)},${y(0)})`}>
          <line y2={5} className="chart-axis" />
          <text y={18} textAnchor="middle" className="chart-tick">
            {formatTick(t)}
          </text>
        </g>
      ))}
      {markers
        .filter((m) => m.value >= first.x0 && m.value <= last.x1)
        .map((m, i) => (
          <g key={m.label} transform={`translate(${x(m.value)},0)`}>
            <line y1={4 + i * 14} y2={y(0)} className={`chart-marker marker-${i}`} />
            <text
              y={12 + i * 14}
              dx={x(m.value) > width * 0.6 ? -5 : 5}
              textAnchor={x(m.value) > width * 0.6 ? "end" : "start"}
              className={`chart-marker-label marker-${i}`}
            >
              {m.label}
            </text>
          </g>
        ))}
    </svg>
  );
}
