// Raw bit error rate against P/E cycles on a log axis: the model's curve for this preset (a
// fresh block programmed and read at each wear point by the core) and every read of this run.
// A zero rate has no place on a log axis, so zeros sit on their own "0" row at the bottom.
import { scaleLinear, scaleLog } from "d3-scale";
import { line } from "d3-shape";
import { formatNumber } from "../../format/units";
import { YGrid } from "../../charts/YGrid";

interface Props {
  width: number;
  height: number;
  modelPe: ArrayLike<number>;
  model: ArrayLike<number>;
  measuredPe: ArrayLike<number>;
  measured: ArrayLike<number>;
  peMax: number;
  pe: number;
  endurance: number;
  target: number | null;
}

export const RBER_MARGIN = { top: 10, right: 14, bottom: 20, left: 46 };
const M = RBER_MARGIN;
const ZERO_ROW = 12;

function pairs(xs: ArrayLike<number>, ys: ArrayLike<number>): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 0; i < Math.min(xs.length, ys.length); i++) {
    const x = xs[i];
    const y = ys[i];
    if (x !== undefined && y !== undefined && Number.isFinite(x) && Number.isFinite(y)) out.push([x, y]);
  }
  return out;
}

function decades(lo: number, hi: number): number[] {
  const out: number[] = [];
  for (let e = Math.floor(Math.log10(lo)); e <= Math.ceil(Math.log10(hi)); e++) out.push(10 ** e);
  return out;
}

function formatRate(r: number): string {
  const e = Math.round(Math.log10(r));
  return `1e${e}`;
}

export function RberChart({ width, height, modelPe, model, measuredPe, measured, peMax, pe, endurance, target }: Props) {
  const curve = pairs(modelPe, model);
  const points = pairs(measuredPe, measured);
  const positive = [...curve, ...points].map((p) => p[1]).filter((r) => r > 0);
  const lo = 10 ** Math.floor(Math.log10(Math.min(1e-4, ...positive)));
  const hi = 10 ** Math.ceil(Math.log10(Math.max(1e-2, ...positive)));
  const zeroY = height - M.bottom - 2;
  const x = scaleLinear().domain([0, Math.max(1, peMax)]).range([M.left, width - M.right]);
  const y = scaleLog().domain([lo, hi]).range([zeroY - ZERO_ROW, M.top]);
  const yOf = (r: number): number => (r > 0 ? y(Math.max(lo, r)) : zeroY);
  const path = line<[number, number]>()
    .x((p) => x(p[0]))
    .y((p) => yOf(p[1]))(curve);
  const all = decades(lo, hi);
  const spacing = all.length > 1 ? Math.abs(y(all[0] ?? 1) - y(all[1] ?? 1)) : 99;
  const ticks = spacing >= 14 ? all : all.filter((_, i) => (all.length - 1 - i) % 2 === 0);
  const xTicks = x.ticks(width < 320 ? 3 : 4);
  return (
    <svg width={width} height={height} className="chart nand-rber" role="img" aria-label="raw bit error rate against P/E cycles">
      <YGrid ticks={ticks} y={y} left={M.left} right={width - M.right} format={formatRate} />
      <text x={M.left - 6} y={zeroY} dy="0.32em" textAnchor="end" className="chart-tick">
        0
      </text>
      <line x1={x(endurance)} x2={x(endurance)} y1={M.top} y2={zeroY} className="rber-endurance" />
      <text x={x(endurance)} y={M.top + 8} dx={4} className="rber-note">
        rated
      </text>
      {path && <path d={path} className="rber-model" />}
      {curve.map(([p, r]) => (
        <circle key={`m-${p}`} cx={x(p)} cy={yOf(r)} r={2.6} className="rber-model-point" />
      ))}
      {points.map(([p, r], i) => (
        <circle key={`r-${i}`} cx={x(p)} cy={yOf(r)} r={3.6} className="rber-read" />
      ))}
      <line x1={x(Math.min(pe, peMax))} x2={x(Math.min(pe, peMax))} y1={M.top} y2={zeroY + 4} className="rber-now" />
      {target !== null && target > pe && <line x1={x(target)} x2={x(target)} y1={M.top} y2={zeroY + 4} className="rber-target" />}
      <g transform={`translate(${width - M.right - 104},${zeroY - ZERO_ROW - 8})`} className="rber-legend">
        <line x1={0} x2={14} className="rber-model" />
        <text x={18} dy="0.32em">
          model
        </text>
        <circle cx={66} r={3.6} className="rber-read" />
        <text x={73} dy="0.32em">
          reads
        </text>
      </g>
      <line x1={M.left} x2={width - M.right} y1={zeroY + 6} y2={zeroY + 6} className="chart-axis" />
      {xTicks.map((t) => (
        <text key={t} x={x(t)} y={height - 4} textAnchor="middle" className="chart-tick">
          {formatNumber(t)}
        </text>
      ))}
    </svg>
  );
}
