// A line with a light area under it over a linear x axis, e.g. throughput over simulated time.
import { extent, max } from "d3-array";
import { scaleLinear } from "d3-scale";
import { area, line } from "d3-shape";
import { YGrid } from "./YGrid";

interface Props {
  xs: ArrayLike<number>;
  ys: ArrayLike<number>;
  width: number;
  height: number;
  formatX: (value: number) => string;
  formatY: (value: number) => string;
  emptyText: string;
  /** Draws a vertical cursor at this x (e.g. the displayed time). */
  cursorX?: number;
}

const M = { top: 12, right: 14, bottom: 24, left: 44 };

export function LineChart({ xs, ys, width, height, formatX, formatY, emptyText, cursorX }: Props) {
  const points: [number, number][] = [];
  for (let i = 0; i < Math.min(xs.length, ys.length); i++) {
    const xv = xs[i];
    const yv = ys[i];
    if (xv !== undefined && yv !== undefined && Number.isFinite(xv) && Number.isFinite(yv)) points.push([xv, yv]);
  }
  if (points.length < 2) {
    return (
      <svg width={width} height={height} className="chart">
        <text x={width / 2} y={height / 2} className="chart-empty" textAnchor="middle">
          {emptyText}
        </text>
      </svg>
    );
  }
  const [x0 = 0, x1 = 1] = extent(points, (p) => p[0]);
  const top = max(points, (p) => p[1]) ?? 1;
  const x = scaleLinear().domain([Math.min(0, x0), x1]).range([M.left, width - M.right]);
  const y = scaleLinear().domain([0, top > 0 ? top : 1]).range([height - M.bottom, M.top]).nice(3);
  const path = line<[number, number]>()
    .x((p) => x(p[0]))
    .y((p) => y(p[1]));
  const fill = area<[number, number]>()
    .x((p) => x(p[0]))
    .y0(y(0))
    .y1((p) => y(p[1]));
  return (
    <svg width={width} height={height} className="chart" role="img" aria-label="line chart">
      <YGrid ticks={y.ticks(3)} y={y} left={M.left} right={width - M.right} format={formatY} />
      <path d={fill(points) ?? ""} className="chart-area" />
      <path d={path(points) ?? ""} className="chart-line" />
      {cursorX !== undefined && cursorX >= (x.domain()[0] ?? 0) && cursorX <= (x.domain()[1] ?? 0) && (
        <line x1={x(cursorX)} x2={x(cursorX)} y1={M.top} y2={y(0)} className="chart-cursor" />
      )}
      <line x1={M.left} x2={width - M.right} y1={y(0)} y2={y(0)} className="chart-axis" />
      {x.ticks(4).map((t) => (
        <text key={t} x={x(t)} y={height - 6} textAnchor="middle" className="chart-tick">
          {formatX(t)}
        </text>
      ))}
    </svg>
  );
}
