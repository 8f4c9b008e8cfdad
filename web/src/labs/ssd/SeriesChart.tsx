// A line over simulated time for the SSD's series: a bold main line, an optional faint line
// behind it (clipped to the chart: per-bin values can spike far above the trend), an optional
// dashed reference line (write amplification 1 = no GC copies) and a cursor at the step's time.
import { useId } from "react";
import { max } from "d3-array";
import { scaleLinear } from "d3-scale";
import { line } from "d3-shape";
import { formatNs } from "../../format/units";
import { YGrid } from "../../charts/YGrid";

export type Point = [number, number];

interface Props {
  /** Bold line, `[µs, value]`. */
  main: readonly Point[];
  /** Faint line behind it; it does not set the y range when `clipFaint` is true. */
  faint?: readonly Point[];
  clipFaint?: boolean;
  width: number;
  height: number;
  formatY: (value: number) => string;
  emptyText: string;
  color: string;
  reference?: { value: number; label: string };
  /** The step's time, µs. */
  cursorUs?: number;
}

const M = { top: 10, right: 12, bottom: 20, left: 42 };

export function finitePoints(xs: readonly number[], ys: readonly number[]): Point[] {
  const out: Point[] = [];
  for (let i = 0; i < Math.min(xs.length, ys.length); i++) {
    const x = xs[i];
    const y = ys[i];
    if (x !== undefined && y !== undefined && Number.isFinite(x) && Number.isFinite(y)) out.push([x, y]);
  }
  return out;
}

export function SeriesChart({ main, faint = [], clipFaint = false, width, height, formatY, emptyText, color, reference, cursorUs }: Props) {
  const clipId = useId();
  if (main.length < 2 && faint.length < 2) {
    return (
      <svg width={width} height={height} className="chart">
        <text x={width / 2} y={height / 2} className="chart-empty" textAnchor="middle">
          {emptyText}
        </text>
      </svg>
    );
  }
  const lastX = (points: readonly Point[]): number => points[points.length - 1]?.[0] ?? 0;
  const xMax = Math.max(lastX(main), lastX(faint), cursorUs ?? 0, 1);
  const topMain = max(main, (p) => p[1]) ?? 0;
  const topFaint = clipFaint ? 0 : (max(faint, (p) => p[1]) ?? 0);
  const top = Math.max(topMain * (clipFaint ? 1.5 : 1), topFaint, reference ? reference.value * 2 : 0, 1e-9);
  const x = scaleLinear().domain([0, xMax]).range([M.left, width - M.right]);
  const y = scaleLinear().domain([0, top]).range([height - M.bottom, M.top]).nice(3);
  const path = line<Point>()
    .x((p) => x(p[0]))
    .y((p) => y(p[1]));
  const last = main[main.length - 1];
  return (
    <svg width={width} height={height} className="chart" role="img" aria-label="line chart over simulated time">
      <defs>
        <clipPath id={clipId}>
          <rect x={M.left} y={M.top - 2} width={Math.max(0, width - M.left - M.right)} height={Math.max(0, height - M.top - M.bottom + 2)} />
        </clipPath>
      </defs>
      <YGrid ticks={y.ticks(3)} y={y} left={M.left} right={width - M.right} format={formatY} />
      {faint.length > 1 && (
        <path d={path([...faint]) ?? ""} fill="none" stroke={color} strokeOpacity={0.35} strokeWidth={1.25} clipPath={`url(#${clipId})`} />
      )}
      {reference && (
        <g className="ssd-reference">
          <line x1={M.left} x2={width - M.right} y1={y(reference.value)} y2={y(reference.value)} />
          <text x={width - M.right} y={y(reference.value) + 13} textAnchor="end">
            {reference.label}
          </text>
        </g>
      )}
      {main.length > 1 && <path d={path([...main]) ?? ""} fill="none" stroke={color} strokeWidth={2.5} strokeLinejoin="round" />}
      {last && <circle cx={x(last[0])} cy={y(last[1])} r={3.5} fill={color} />}
      {cursorUs !== undefined && <line x1={x(cursorUs)} x2={x(cursorUs)} y1={M.top} y2={y(0)} className="chart-cursor" />}
      <line x1={M.left} x2={width - M.right} y1={y(0)} y2={y(0)} className="chart-axis" />
      {x.ticks(3).map((t) => (
        <text key={t} x={x(t)} y={height - 5} textAnchor="middle" className="chart-tick">
          {t === 0 ? "0" : formatNs(t * 1e3)}
        </text>
      ))}
    </svg>
  );
}
