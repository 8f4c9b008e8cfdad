// Throughput vs number of flash devices (FlashLogging), against one disk and the ideal disk:
// computed by the core at load time for this scenario's workload (a few hundred transactions a
// run). D3 only for the scales and the line; React draws.
import { scaleLinear } from "d3-scale";
import { line } from "d3-shape";
import { ChartCard } from "../../charts/ChartCard";
import { curveTop, devicesToReach, formatRate } from "./layout";
import type { ThroughputCurve } from "./types";
import { YGrid } from "../../charts/YGrid";

const M = { top: 14, right: 58, bottom: 28, left: 48 };

export function CurveChart({ curve, current }: { curve: ThroughputCurve; current: number | null }) {
  const reach = devicesToReach(curve, 0.9);
  const note = `${curve.transactions_per_run} transactions a run${reach ? ` · 90 % of ideal at ${reach}` : ""}`;
  return (
    <ChartCard title={`Throughput vs ${curve.device === "ssd" ? "SSD partitions" : `${curve.device} drives`}`} note={note} testId="flashlog-curve">
      {({ width, height }) => <Plot curve={curve} width={width} height={height} current={current} />}
    </ChartCard>
  );
}

function Plot({ curve, width, height, current }: { curve: ThroughputCurve; width: number; height: number; current: number | null }) {
  const n = curve.flashlogging.length;
  const x = scaleLinear().domain([1, Math.max(2, n)]).range([M.left, width - M.right]);
  const y = scaleLinear().domain([0, curveTop(curve) * 1.08]).range([height - M.bottom, M.top]).nice(4);
  const path = line<{ devices: number; commits_per_s: number }>()
    .x((p) => x(p.devices))
    .y((p) => y(p.commits_per_s));
  const hline = (value: number, cls: string, label: string) => (
    <g className={cls}>
      <line x1={M.left} x2={width - M.right} y1={y(value)} y2={y(value)} />
      <text x={width - M.right + 4} y={y(value)} dy="0.32em" className="chart-tick">
        {label}
      </text>
    </g>
  );
  return (
    <svg width={width} height={height} className="chart" role="img" aria-label="throughput versus number of devices">
      <YGrid ticks={y.ticks(4)} y={y} left={M.left} right={width - M.right} format={formatRate} />
      {curve.flashlogging.map((p) => (
        <text key={p.devices} x={x(p.devices)} y={height - M.bottom + 14} textAnchor="middle" className="chart-tick">
          {p.devices}
        </text>
      ))}
      <text x={(M.left + width - M.right) / 2} y={height - 2} textAnchor="middle" className="chart-tick">
        devices · commits/s
      </text>
      {hline(curve.ideal_commits_per_s, "fl-curve-ideal", "ideal")}
      {hline(curve.disk_commits_per_s, "fl-curve-disk", "disk")}
      <path d={path(curve.flashlogging) ?? ""} className="chart-line" />
      {curve.flashlogging.map((p) => (
        <circle key={p.devices} cx={x(p.devices)} cy={y(p.commits_per_s)} r={p.devices === current ? 5 : 3} className={p.devices === current ? "fl-curve-current" : "fl-curve-point"}>
          <title>
            {p.devices} devices: {formatRate(p.commits_per_s)} commits/s
          </title>
        </circle>
      ))}
    </svg>
  );
}
