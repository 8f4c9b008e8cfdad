// SSD writes per update: how often each flushed record has been written to the SSD (once by its
// flush, again by a 2-pass merge) beside the theorem's bound, and the running mean over the
// updates so far (`writes_per_update` series) with the theorem's value as a dashed line.
import { memo } from "react";
import { max } from "d3-array";
import { scaleLinear } from "d3-scale";
import { line } from "d3-shape";
import { ChartCard } from "../../charts/ChartCard";
import { formatNumber } from "../../format/units";
import { WRITE_COUNT_COLORS as BAR_COLORS } from "./palette";
import type { MasmWrites } from "./types";
import { YGrid } from "../../charts/YGrid";

const BAR_LABELS = ["written once", "twice", "3 or more"] as const;

function fixed2(value: number | null): string {
  return value === null || !Number.isFinite(value) ? "—" : value.toFixed(2);
}

export const WritesHistogram = memo(function WritesHistogram({ writes }: { writes: MasmWrites }) {
  const counts = [0, 1, 2].map((i) => writes.histogram[i] ?? 0);
  const total = counts.reduce((a, b) => a + b, 0);
  const top = Math.max(1, ...counts);
  return (
    <section className="masm-card masm-writes" data-testid="masm-writes" aria-labelledby="masm-writes-title">
      <header className="masm-card-head">
        <h3 id="masm-writes-title" title="SSD writes per flushed record">Writes / flushed record</h3>
      </header>
      <div className="masm-writes-big num">
        <span>
          mean <b data-testid="masm-writes-mean">{fixed2(writes.mean_per_update)}</b>
        </span>
        <span title="the worst case of Theorem 3.1 (MaSM-2M: 1) or 3.2 (MaSM-M, αM), for this S, N and K2">
          theorem <b data-testid="masm-writes-theorem">{writes.theorem === null ? "—" : `≤ ${fixed2(writes.theorem)}`}</b>
        </span>
      </div>
      {writes.theorem !== null && writes.mean_per_update > writes.theorem && (
        <p className="masm-writes-note" title="Theorems 3.1/3.2 bound the average over a whole fill of the SSD; records of 2-pass runs are written twice, so mid-run the mean can be above it">
          the bound averages over a full SSD fill
        </p>
      )}
      <div className="masm-writes-bars" role="img" aria-label={`records written once ${counts[0]}, twice ${counts[1]}, three or more times ${counts[2]}`}>
        {counts.map((count, i) => (
          <div key={BAR_LABELS[i]} className="masm-writes-row">
            <span className="masm-writes-label">{BAR_LABELS[i]}</span>
            <span className="masm-writes-track">
              <span className="masm-writes-fill" style={{ width: `${(count / top) * 100}%`, background: BAR_COLORS[i] }} />
            </span>
            <span className="masm-writes-count num">
              {formatNumber(count)}
              <span className="masm-writes-pct">{total > 0 ? ` ${Math.round((count / total) * 100)} %` : ""}</span>
            </span>
          </div>
        ))}
      </div>
    </section>
  );
});

const M = { top: 10, right: 12, bottom: 20, left: 38 };

export const WritesOverTime = memo(function WritesOverTime({ points, theorem, updates }: { points: [number, number][]; theorem: number | null; updates: number }) {
  return (
    <ChartCard title="Writes / flushed record so far" testId="masm-writes-chart">
      {({ width, height }) => {
        if (points.length < 1) {
          return (
            <svg width={width} height={height} className="chart">
              <text x={width / 2} y={height / 2} className="chart-empty" textAnchor="middle">
                Appears after the first flush
              </text>
            </svg>
          );
        }
        const xMax = Math.max(updates, points[points.length - 1]?.[0] ?? 1, 1);
        const top = Math.max((max(points, (p) => p[1]) ?? 1) * 1.15, (theorem ?? 0) * 1.15, 1.2);
        const x = scaleLinear().domain([0, xMax]).range([M.left, width - M.right]);
        const y = scaleLinear().domain([0, top]).range([height - M.bottom, M.top]).nice(3);
        const path = line<[number, number]>()
          .x((p) => x(p[0]))
          .y((p) => y(p[1]));
        const last = points[points.length - 1];
        return (
          <svg width={width} height={height} className="chart" role="img" aria-label="mean SSD writes per flushed record over the updates so far">
            <YGrid ticks={y.ticks(3)} y={y} left={M.left} right={width - M.right} format={formatNumber} />
            {theorem !== null && (
              <g className="masm-reference">
                <line x1={M.left} x2={width - M.right} y1={y(theorem)} y2={y(theorem)} />
                <text x={width - M.right} y={y(theorem) - 4} textAnchor="end">
                  theorem {fixed2(theorem)}
                </text>
              </g>
            )}
            {points.length > 1 && <path d={path(points) ?? ""} fill="none" stroke="#0072b2" strokeWidth={2.5} strokeLinejoin="round" />}
            {last && <circle cx={x(last[0])} cy={y(last[1])} r={3.5} fill="#0072b2" />}
            <line x1={M.left} x2={width - M.right} y1={y(0)} y2={y(0)} className="chart-axis" />
            {x.ticks(3).map((t) => (
              <text key={t} x={x(t)} y={height - 5} textAnchor="middle" className="chart-tick">
                {formatNumber(t)}
              </text>
            ))}
          </svg>
        );
      }}
    </ChartCard>
  );
});
