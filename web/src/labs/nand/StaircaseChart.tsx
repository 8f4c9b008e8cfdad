// The Vpgm staircase of the current (or last) program, one tread per ISPP pulse, over the whole
// loop budget; thin lines mark the Vpgm at which a typical cell reaches each verify level
// (Vth ≈ Vpgm − K). Below it, per loop, how many of the cells to raise were still being pulsed
// (orange) or had passed verify and were inhibited (dark).
import { scaleLinear } from "d3-scale";
import { line } from "d3-shape";
import { formatNumber } from "../../format/units";
import { LOCKED_COLOR, PROGRAMMING_COLOR } from "./palette";
import { staircasePoints, type LoopCounts, type StaircaseDomain } from "./staircase";
import { YGrid } from "../../charts/YGrid";

export interface VerifyMark {
  name: string;
  vpgmV: number;
  color: string;
  intermediate: boolean;
}

interface Props {
  width: number;
  height: number;
  staircase: ArrayLike<number>;
  domain: StaircaseDomain;
  maxLoops: number;
  history: readonly LoopCounts[];
  targeted: number;
  marks: readonly VerifyMark[];
  active: boolean;
}

const M = { top: 8, right: 34, bottom: 20, left: 40 };

/** Which mark labels to draw: top to bottom, skipping any closer than `gap` px to the last one drawn. */
export function spacedLabels(ys: readonly number[], gap: number): boolean[] {
  const order = ys.map((y, i) => [y, i] as const).sort((a, b) => a[0] - b[0]);
  const show = ys.map(() => false);
  let last = -Infinity;
  for (const [y, i] of order) {
    if (y - last >= gap) {
      show[i] = true;
      last = y;
    }
  }
  return show;
}

export function StaircaseChart({ width, height, staircase, domain, maxLoops, history, targeted, marks, active }: Props) {
  const plotBottom = height - M.bottom;
  const barsH = Math.max(24, Math.round((plotBottom - M.top) * 0.3));
  const stairBottom = plotBottom - barsH - 10;
  const x = scaleLinear().domain(domain.loops).range([M.left, width - M.right]);
  const y = scaleLinear().domain(domain.vpgm).range([stairBottom, M.top]);
  const bar = scaleLinear().domain([0, Math.max(1, targeted)]).range([0, barsH]);
  const shownMarks = marks.filter((m) => m.vpgmV >= domain.vpgm[0] && m.vpgmV <= domain.vpgm[1]);
  const labelled = spacedLabels(shownMarks.map((m) => y(m.vpgmV)), 11);
  const points = staircasePoints(staircase);
  const path = line<[number, number]>()
    .x((p) => x(p[0]))
    .y((p) => y(p[1]))(points);
  const n = staircase.length;
  const last = n > 0 ? staircase[n - 1] : undefined;
  const band = Math.max(1, x(1.5) - x(0.5));
  const loopTicks = [1, ...x.ticks(5).filter((t) => t >= 5 && Number.isInteger(t) && t <= maxLoops)];
  return (
    <svg width={width} height={height} className="chart nand-stair" role="img" aria-label={`Vpgm staircase: ${n} pulses`}>
      <YGrid ticks={y.ticks(4)} y={y} left={M.left} right={width - M.right} format={formatNumber} />
      <text x={M.left - 6} y={M.top - 1} textAnchor="end" className="stair-unit">
        V
      </text>
      {shownMarks.map((m, i) => (
        <g key={m.name} transform={`translate(0,${y(m.vpgmV)})`}>
          <line x1={M.left} x2={width - M.right} className={m.intermediate ? "stair-mark intermediate" : "stair-mark"} style={{ stroke: m.color }} />
          {labelled[i] && (
            <text x={width - M.right + 3} dy="0.32em" className="stair-mark-label">
              {m.name}
            </text>
          )}
        </g>
      ))}
      <line x1={x(maxLoops + 0.5)} x2={x(maxLoops + 0.5)} y1={M.top} y2={plotBottom} className="stair-limit" />
      {path && <path d={path} className={active ? "stair-line active" : "stair-line"} />}
      {last !== undefined && (
        <circle cx={x(n)} cy={y(last)} r={active ? 5 : 3.5} className={active ? "stair-now active" : "stair-now"} />
      )}
      {/* Per-loop counts. */}
      {history.map((h) => {
        const x0 = x(h.loop - 0.5) + (band > 4 ? 0.6 : 0);
        const w = Math.max(0.8, band - (band > 4 ? 1.2 : 0));
        const programming = bar(Math.min(h.programming, targeted));
        const locked = bar(Math.max(0, targeted - h.programming));
        return (
          <g key={h.loop}>
            <rect x={x0} y={plotBottom - programming} width={w} height={programming} fill={PROGRAMMING_COLOR} />
            <rect x={x0} y={plotBottom - programming - locked} width={w} height={locked} fill={LOCKED_COLOR} />
          </g>
        );
      })}
      <line x1={M.left} x2={width - M.right} y1={plotBottom} y2={plotBottom} className="chart-axis" />
      {loopTicks.map((t) => (
        <text key={t} x={x(t)} y={height - 5} textAnchor="middle" className="chart-tick">
          {t}
        </text>
      ))}
      <text x={x(maxLoops + 0.5)} y={M.top + 9} dx={-4} textAnchor="end" className="stair-limit-label">
        limit {maxLoops}
      </text>
      {targeted > 0 && (
        <>
          <text x={M.left - 6} y={plotBottom - barsH / 2} dy="0.32em" textAnchor="end" className="stair-unit">
            {formatNumber(targeted)}
          </text>
          <text x={M.left - 6} y={plotBottom - barsH / 2 + 12} dy="0.32em" textAnchor="end" className="stair-unit">
            cells
          </text>
        </>
      )}
      {n === 0 && (
        <text x={(M.left + width - M.right) / 2} y={(M.top + stairBottom) / 2} textAnchor="middle" className="chart-empty">
          The staircase appears with the first pulse
        </text>
      )}
    </svg>
  );
}
