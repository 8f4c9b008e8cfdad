// R_p over time: every completed request as a dot at its completion time (log-scale R_p, colour
// by kind), merge intervals shaded behind, and the running maximum as a step line. Used for the
// lab's own run and, with shared domains, for each scheme of the compare view.
import { scaleLinear, scaleLog } from "d3-scale";
import { line } from "d3-shape";
import { YGrid } from "../../charts/YGrid";
import { TimeTicks } from "./TimeTicks";
import { formatNs } from "../../format/units";
import { runningMax, type RpPoint } from "./layout";
import { KIND_COLORS, KIND_NAMES } from "./palette";
import type { FdtreeInterval } from "./payload.gen";

const M = { top: 10, right: 12, bottom: 24, left: 58 };

export interface RpDomain {
  endNs: number;
  minRpNs: number;
  maxRpNs: number;
}

export function rpDomain(sets: readonly (readonly RpPoint[])[], endNs: number): RpDomain {
  let min = Infinity;
  let max = 0;
  for (const set of sets)
    for (const p of set) {
      if (p.rpNs > 0) min = Math.min(min, p.rpNs);
      max = Math.max(max, p.rpNs);
    }
  if (!Number.isFinite(min)) min = 1_000;
  return { endNs: Math.max(endNs, 1), minRpNs: Math.max(min / 2, 100), maxRpNs: Math.max(max * 1.5, min * 10, 1_000) };
}

interface Props {
  points: readonly RpPoint[];
  merges: readonly FdtreeInterval[];
  domain: RpDomain;
  width: number;
  height: number;
  label: string;
  testId?: string;
}

export function RpChart({ points, merges, domain, width, height, label, testId }: Props) {
  const x = scaleLinear().domain([0, domain.endNs]).range([M.left, width - M.right]);
  const y = scaleLog().domain([domain.minRpNs, domain.maxRpNs]).range([height - M.bottom, M.top]).clamp(true);
  const max = runningMax(points);
  const last = points[points.length - 1];
  const steps: [number, number][] = max.length > 0 && last ? [...max, [last.endNs, max[max.length - 1]?.[1] ?? 0]] : [];
  const stepLine = line<[number, number]>()
    .x((p) => x(p[0]))
    .y((p) => y(Math.max(p[1], domain.minRpNs)));
  const yTicks = y.ticks(4).filter((t, i, all) => all.length <= 5 || Math.log10(t) % 1 === 0 || i === 0);
  return (
    <svg width={width} height={height} className="chart" role="img" aria-label={label} data-testid={testId} data-points={points.length}>
      {merges.map((m) => (
        <rect key={`${m.start_ns}-${m.end_ns}`} x={x(m.start_ns)} y={M.top} width={Math.max(1, x(m.end_ns) - x(m.start_ns))} height={height - M.top - M.bottom} className="fd-merge-band">
          <title>{`merge ${formatNs(m.start_ns)} → ${formatNs(m.end_ns)}`}</title>
        </rect>
      ))}
      <YGrid ticks={yTicks} y={y} left={M.left} right={width - M.right} format={formatNs} />
      <TimeTicks x={x} m={M} width={width} height={height} format={formatNs} />
      {points.map((p, i) => (
        <circle key={i} cx={x(p.endNs)} cy={y(Math.max(p.rpNs, domain.minRpNs))} r={2.2} fill={KIND_COLORS[p.kind] ?? "#888"} opacity={0.75}>
          <title>{`${KIND_NAMES[p.kind] ?? "op"}: R_p ${formatNs(p.rpNs)}, done at ${formatNs(p.endNs)}`}</title>
        </circle>
      ))}
      {steps.length > 0 && <path d={stepLine(steps) ?? ""} fill="none" stroke="#3d4754" strokeWidth={1.2} strokeDasharray="3 2" />}
      <text x={width - M.right} y={M.top + 10} textAnchor="end" className="fd-chart-label">
        {label}
      </text>
    </svg>
  );
}
