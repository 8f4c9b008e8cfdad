// Time vs projectivity for the row and the column store on the scenario's device (paper
// Figs. 2(a), 6(a)), and PAX as a third simulated curve (the digest's §4.8 extension: the paper's
// model has no PAX term, so it has no model curve and the legend says so): the sweep's simulated
// points, the Eq. 1–2 model dashed beside them, the
// simulated and modelled crossovers, the paper's stated crossover as a green band marker, and the
// scenario's own projection as a cursor. Computed by the core once at load (info().sweep).
import { memo } from "react";
import { scaleLinear } from "d3-scale";
import { line } from "d3-shape";
import { formatNs } from "../../format/units";
import { useElementSize } from "../../hooks/useElementSize";
import { countText, crossoverX, paperMarkers, percent, sweepLines, type Point } from "./chart";
import { COLUMN_COLOR, PAPER_COLOR, PAX_COLOR, ROW_COLOR } from "./palette";
import type { LayoutsPaperPoint, LayoutsSweepInfo } from "./types";
import { YGrid } from "../../charts/YGrid";

interface Props {
  sweep: LayoutsSweepInfo | null;
  paper: LayoutsPaperPoint[];
  device: string;
  table: string;
  /** Projected byte fraction of the scenario's first query (its cursor on the chart). */
  scenarioFraction: number | null;
}

const M = { top: 14, right: 16, bottom: 34, left: 52 };

export const CrossoverChart = memo(function CrossoverChart({ sweep, paper, device, table, scenarioFraction }: Props) {
  const [ref, size] = useElementSize<HTMLDivElement>();
  const { width, height } = size;
  const markers = paperMarkers(paper);
  const note = sweep
    ? `${table}, ${(sweep.rows / 1e6).toFixed(sweep.rows >= 1e6 ? 0 : 1)} M rows, s = ${percent(sweep.selectivity)}, read-ahead ${Math.round(sweep.read_ahead_bytes / 1024)} KB`
    : "sweep off";
  return (
    <section className="layouts-card layouts-crossover" data-testid="layouts-crossover" aria-labelledby="layouts-crossover-title">
      <header className="layouts-card-head">
        <h3 id="layouts-crossover-title">Time vs projectivity: {device}</h3>
        <span className="layouts-note">{note}</span>
      </header>
      <div className="layouts-chart-body" ref={ref}>
        {sweep && width > M.left + M.right && height > M.top + M.bottom ? (
          <Plot sweep={sweep} width={width} height={height} crossovers={markers.crossovers} scenarioFraction={scenarioFraction} />
        ) : (
          <p className="layouts-empty">{sweep ? "" : "This scenario turns the sweep off (sweep.enabled = false)."}</p>
        )}
      </div>
      <footer className="layouts-legend" data-testid="layouts-crossover-legend">
        <span className="layouts-key">
          <span className="layouts-swatch" style={{ background: ROW_COLOR }} /> row store (NSM)
        </span>
        <span className="layouts-key">
          <span className="layouts-swatch" style={{ background: COLUMN_COLOR }} /> column store (DSM), k = 1..N
        </span>
        <span className="layouts-key" data-testid="layouts-pax-key" title="PAX keeps row-store pages but groups each attribute in a minipage: it reads every page like NSM and decodes only the projected attributes like DSM">
          <span className="layouts-swatch" style={{ background: PAX_COLOR }} /> PAX, k = 1..N (simulated only: no PAX term in Eq. 1–5)
        </span>
        <span className="layouts-key">
          <span className="layouts-swatch dashed" /> Eq. 1–2 model
          {sweep ? ` (crossover ${sweep.model_crossover_fraction === null ? "none" : percent(sweep.model_crossover_fraction)})` : ""}
        </span>
        {markers.crossovers.length > 0 && (
          <span className="layouts-key">
            <span className="layouts-swatch" style={{ background: PAPER_COLOR }} /> paper
          </span>
        )}
        {markers.notes.map((n) => (
          <span key={n.id} className="layouts-key paper-note">
            paper: {n.what}
          </span>
        ))}
        {markers.counts.map((n) => (
          <span key={n.id} className="layouts-key paper-note" data-testid="layouts-paper-count">
            {countText(n)}
          </span>
        ))}
      </footer>
    </section>
  );
});

interface PlotProps {
  sweep: LayoutsSweepInfo;
  width: number;
  height: number;
  crossovers: LayoutsPaperPoint[];
  scenarioFraction: number | null;
}

function Plot({ sweep, width, height, crossovers, scenarioFraction }: PlotProps) {
  const lines = sweepLines(sweep);
  const x = scaleLinear().domain([0, 1]).range([M.left, width - M.right]);
  const y = scaleLinear().domain([0, lines.yMax * 1.08]).range([height - M.bottom, M.top]).nice(4);
  const path = line<Point>()
    .x((p) => x(p.x))
    .y((p) => y(p.y));
  const sim = sweep.crossover_fraction ?? crossoverX(lines.column, lines.row);
  const bottom = y(0);
  return (
    <svg width={width} height={height} className="chart" role="img" aria-label="time versus projectivity">
      <YGrid ticks={y.ticks(4)} y={y} left={M.left} right={width - M.right} format={(t) => formatNs(t * 1e9)} />
      {crossovers.map((p) => (
        <g key={p.id} data-testid="layouts-paper-marker">
          <rect x={x(Math.max(0, (p.fraction ?? 0) - 0.07))} width={x(0.14) - x(0)} y={M.top} height={Math.max(0, bottom - M.top)} fill={PAPER_COLOR} opacity={0.1} />
          <line x1={x(p.fraction ?? 0)} x2={x(p.fraction ?? 0)} y1={M.top} y2={bottom} stroke={PAPER_COLOR} strokeWidth={1.5} />
          <text x={x(p.fraction ?? 0) - 4} y={bottom - 6} textAnchor="end" className="layouts-chart-label" fill={PAPER_COLOR}>
            paper {percent(p.fraction ?? 0)}
          </text>
        </g>
      ))}
      <line x1={x(0)} x2={x(1)} y1={y(lines.rowModel)} y2={y(lines.rowModel)} stroke={ROW_COLOR} strokeDasharray="5 4" opacity={0.8} />
      <path d={path(lines.columnModel) ?? ""} fill="none" stroke={COLUMN_COLOR} strokeDasharray="5 4" opacity={0.8} />
      <line x1={x(0)} x2={x(1)} y1={y(lines.row)} y2={y(lines.row)} stroke={ROW_COLOR} strokeWidth={2.2} />
      <g data-testid="layouts-pax-curve">
        <path d={path(lines.pax) ?? ""} fill="none" stroke={PAX_COLOR} strokeWidth={2} strokeDasharray="1 3" strokeLinecap="round" />
        {lines.pax.map((p, i) => (
          <rect key={i} x={x(p.x) - 2.5} y={y(p.y) - 2.5} width={5} height={5} fill={PAX_COLOR} />
        ))}
      </g>
      <path d={path(lines.column) ?? ""} fill="none" stroke={COLUMN_COLOR} strokeWidth={2.2} />
      {lines.column.map((p, i) => (
        <circle key={i} cx={x(p.x)} cy={y(p.y)} r={3} fill={COLUMN_COLOR} />
      ))}
      {sim !== null && (
        <g data-testid="layouts-sim-crossover">
          <line x1={x(sim)} x2={x(sim)} y1={M.top} y2={bottom} stroke="currentColor" strokeWidth={1.2} />
          <circle cx={x(sim)} cy={y(lines.row)} r={5} fill="none" stroke="currentColor" strokeWidth={2} />
          <text x={sim > 0.6 ? x(sim) - 8 : x(sim) + 8} y={y(lines.row) - 8} textAnchor={sim > 0.6 ? "end" : "start"} className="layouts-chart-label">
            simulated crossover {percent(sim)}
          </text>
        </g>
      )}
      {sim === null && (
        <text x={x(0.02)} y={y(lines.row) + 14} textAnchor="start" className="layouts-chart-label" data-testid="layouts-no-crossover">
          no simulated crossover: the column store wins at every k
        </text>
      )}
      {scenarioFraction !== null && (
        <line x1={x(scenarioFraction)} x2={x(scenarioFraction)} y1={bottom} y2={bottom - 10} stroke="currentColor" strokeWidth={3} />
      )}
      <line x1={M.left} x2={width - M.right} y1={bottom} y2={bottom} className="chart-axis" />
      {[0, 0.25, 0.5, 0.75, 1].map((t) => (
        <text key={t} x={x(t)} y={height - 18} textAnchor="middle" className="chart-tick">
          {percent(t)}
        </text>
      ))}
      <text x={x(0.5)} y={height - 3} textAnchor="middle" className="chart-tick">
        projected bytes of the tuple (attributes 1..k)
      </text>
    </svg>
  );
}
