// A sparkline of one metric over the whole run (sampled at load), with the part already played
// drawn strongly and a dot at the current step. D3 computes the scales and the path only.
import { extent } from "d3-array";
import { scaleLinear } from "d3-scale";
import { line } from "d3-shape";

interface Props {
  steps: number[];
  values: number[];
  currentStep: number;
  currentValue: number;
  totalSteps: number;
  width?: number;
  height?: number;
}

export function Sparkline({ steps, values, currentStep, currentValue, totalSteps, width = 96, height = 24 }: Props) {
  const points: [number, number][] = [];
  steps.forEach((s, i) => {
    const v = values[i];
    if (v !== undefined && Number.isFinite(v)) points.push([s, v]);
  });
  if (points.length < 2) return <svg className="sparkline" width={width} height={height} aria-hidden="true" />;
  const [lo = 0, hi = 1] = extent([...points.map((p) => p[1]), Number.isFinite(currentValue) ? currentValue : points[0]?.[1] ?? 0]);
  const pad = 3;
  const x = scaleLinear().domain([0, Math.max(1, totalSteps)]).range([pad, width - pad]);
  const y = scaleLinear().domain(lo === hi ? [lo - 1, hi + 1] : [lo, hi]).range([height - pad, pad]);
  const path = line<[number, number]>()
    .x((p) => x(p[0]))
    .y((p) => y(p[1]));
  const played = points.filter((p) => p[0] <= currentStep);
  if (Number.isFinite(currentValue)) played.push([currentStep, currentValue]);
  return (
    <svg className="sparkline" width={width} height={height} viewBox={`0 0 ${width} ${height}`} aria-hidden="true">
      <path d={path(points) ?? ""} className="spark-all" />
      {played.length > 1 && <path d={path(played) ?? ""} className="spark-played" />}
      {Number.isFinite(currentValue) && <circle cx={x(currentStep)} cy={y(currentValue)} r={3} className="spark-dot" />}
    </svg>
  );
}
