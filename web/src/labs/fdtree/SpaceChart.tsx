// Live blocks over time, one line per run on shared axes: FD+DS keeps the old levels until its
// merge ends (the bumps), FD+FC reclaims them behind the wavefront (a flatter line).
import { scaleLinear } from "d3-scale";
import { line } from "d3-shape";
import { YGrid } from "../../charts/YGrid";
import { TimeTicks } from "./TimeTicks";
import { formatNs, formatNumber } from "../../format/units";

const M = { top: 10, right: 70, bottom: 24, left: 46 };

export interface SpaceLine {
  id: string;
  label: string;
  color: string;
  points: [number, number][];
}

export function SpaceChart({ lines, endNs, width, height }: { lines: readonly SpaceLine[]; endNs: number; width: number; height: number }) {
  const top = Math.max(1, ...lines.flatMap((l) => l.points.map((p) => p[1])));
  const x = scaleLinear().domain([0, Math.max(endNs, 1)]).range([M.left, width - M.right]);
  const y = scaleLinear().domain([0, top * 1.1]).range([height - M.bottom, M.top]).nice(4);
  const path = line<[number, number]>()
    .x((p) => x(p[0]))
    .y((p) => y(p[1]));
  // Direct labels at the line ends, nudged apart so they never overlap.
  const ends = lines
    .map((l) => ({ l, y: y(l.points[l.points.length - 1]?.[1] ?? 0) }))
    .sort((a, b) => a.y - b.y);
  for (let i = 1; i < ends.length; i++) {
    const prev = ends[i - 1];
    const cur = ends[i];
    if (prev && cur && cur.y - prev.y < 13) cur.y = prev.y + 13;
  }
  return (
    <svg width={width} height={height} className="chart" role="img" aria-label="live blocks over time">
      <YGrid ticks={y.ticks(4)} y={y} left={M.left} right={width - M.right} format={formatNumber} />
      <TimeTicks x={x} m={M} width={width} height={height} format={formatNs} />
      {lines.map((l) => (
        <g key={l.id} data-testid="fd-space-line" data-scheme={l.id}>
          <path d={path(l.points) ?? ""} fill="none" stroke={l.color} strokeWidth={1.8} />
        </g>
      ))}
      {ends.map(({ l, y: ly }) => (
        <text key={l.id} x={width - M.right + 6} y={ly} dy="0.35em" fill={l.color} className="fd-chart-label">
          {l.label}
        </text>
      ))}
    </svg>
  );
}
