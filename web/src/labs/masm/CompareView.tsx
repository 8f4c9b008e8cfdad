// The compare view: MaSM, in-place updates, IU on SSD and an LSM tree run by the core on the same
// ops, seed and devices. Top: every scan's time, one line per scheme on shared axes. Below: one
// row per scheme with its answers check and three columns (mean scan time, SSD writes per
// update, HDD busy time), each drawn as a bar on a scale shared by the four schemes. Last: the
// disk-arm trace of in-place and IU (`DiskArmPanel`).
import { memo } from "react";
import { scaleLinear } from "d3-scale";
import { line } from "d3-shape";
import { ChartCard } from "../../charts/ChartCard";
import { formatNs, formatNumber } from "../../format/units";
import { columnFractions, orderedSummaries, ratioToMasm, scanLines, sharedScans, sharedTop, type SchemeLine, type SummaryColumn } from "./compare";
import { SCHEMES, schemeStyle } from "./palette";
import type { SchemeId, SchemeSummary } from "./types";
import { YGrid } from "../../charts/YGrid";
import { DiskArmPanel, type ArmSeries } from "./DiskArmPanel";
import type { MasmArmTrace } from "./types";

interface Props {
  compare: SchemeSummary[];
  scanNs: Record<SchemeId, Float64Array>;
  diskArm: MasmArmTrace[];
  arm: ArmSeries;
}

const M = { top: 14, right: 96, bottom: 30, left: 58 };

function ScanTimesChart({ lines, width, height }: { lines: SchemeLine[]; width: number; height: number }) {
  const scans = sharedScans(lines);
  if (lines.every((l) => l.points.length === 0)) {
    return (
      <svg width={width} height={height} className="chart">
        <text x={width / 2} y={height / 2} className="chart-empty" textAnchor="middle">
          Each scheme&rsquo;s scan times appear as its scans complete
        </text>
      </svg>
    );
  }
  const x = scaleLinear()
    .domain([scans > 1 ? 1 : 0, Math.max(scans, 1)])
    .range([M.left, width - M.right]);
  const y = scaleLinear().domain([0, sharedTop(lines)]).range([height - M.bottom, M.top]).nice(4);
  const path = line<[number, number]>()
    .x((p) => x(p[0]))
    .y((p) => y(p[1]));
  // Direct labels at the line ends, nudged apart so they never overlap.
  const ends = lines
    .filter((l) => l.points.length > 0)
    .map((l) => ({ l, y: y(l.points[l.points.length - 1]?.[1] ?? 0) }))
    .sort((a, b) => a.y - b.y);
  for (let i = 1; i < ends.length; i++) {
    const prev = ends[i - 1];
    const cur = ends[i];
    if (prev && cur && cur.y - prev.y < 15) cur.y = prev.y + 15;
  }
  const xTicks = x.ticks(Math.min(scans, 8)).filter((t) => Number.isInteger(t));
  return (
    <svg width={width} height={height} className="chart" role="img" aria-label="scan time per scan for each scheme, shared axes">
      <YGrid ticks={y.ticks(4)} y={y} left={M.left} right={width - M.right} format={formatNs} />
      <line x1={M.left} x2={width - M.right} y1={y(0)} y2={y(0)} className="chart-axis" />
      {xTicks.map((t) => (
        <text key={t} x={x(t)} y={height - M.bottom + 16} textAnchor="middle" className="chart-tick">
          {formatNumber(t)}
        </text>
      ))}
      <text x={(M.left + width - M.right) / 2} y={height - 2} textAnchor="middle" className="masm-axis-name">
        scan number (same scans, same order, every scheme)
      </text>
      {lines.map((l) => (
        <g key={l.id} data-testid="masm-compare-line" data-scheme={l.id} data-points={l.points.length}>
          {l.points.length > 1 && (
            <path d={path(l.points) ?? ""} fill="none" stroke={l.color} strokeWidth={2.5} strokeDasharray={l.dash} strokeLinejoin="round" />
          )}
          {l.points.map(([sx, sy]) => (
            <circle key={sx} cx={x(sx)} cy={y(sy)} r={3} fill={l.color}>
              <title>{`${l.label}: scan ${sx} took ${formatNs(sy)}`}</title>
            </circle>
          ))}
        </g>
      ))}
      {ends.map(({ l, y: ly }) => (
        <text key={l.id} x={width - M.right + 8} y={ly} dy="0.35em" className="masm-line-label" fill={l.color}>
          {l.label}
        </text>
      ))}
    </svg>
  );
}

const COLUMNS: { key: SummaryColumn; title: string; format: (v: number) => string; hint: string }[] = [
  { key: "mean_scan_ns", title: "Mean scan time", format: formatNs, hint: "mean time of a range scan, with the cached updates merged in" },
  { key: "ssd_writes_per_update", title: "SSD writes / update", format: (v) => (Number.isFinite(v) ? v.toFixed(2) : "—"), hint: "SSD record writes per update accepted, the same count for every scheme: an update still in memory (or coalesced away) has cost no write yet; in-place writes none" },
  { key: "hdd_busy_ns", title: "HDD busy time", format: formatNs, hint: "total time the HDD holding the table was busy (scans, migrations, in-place writes)" },
];

function ratioText(ratio: number): string {
  return `${ratio >= 10 ? ratio.toFixed(0) : ratio.toFixed(1)}×`;
}

function SummaryTable({ rows, same }: { rows: SchemeSummary[]; same: boolean }) {
  const fractions = COLUMNS.map((c) => columnFractions(rows, c.key));
  return (
    <table className="masm-compare-table" data-testid="masm-compare-table">
      <thead>
        <tr>
          <th scope="col">Scheme</th>
          <th scope="col">Answers</th>
          {COLUMNS.map((c) => (
            <th key={c.key} scope="col" title={c.hint}>
              {c.title}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r, i) => {
          const style = schemeStyle(r.scheme);
          return (
            <tr key={r.scheme} data-testid="masm-compare-row" data-scheme={r.scheme} data-match={r.answers_match} data-available={r.available !== false}>
              <th scope="row" title={r.label || style.label}>
                <span className="masm-scheme-swatch" style={{ background: style.color }} />
                {r.label || style.label}
                {!same && (
                  <span className="masm-scheme-sub num">
                    {formatNumber(r.updates)} updates · {formatNumber(r.scans)} scans
                  </span>
                )}
              </th>
              <td>
                {r.available === false ? (
                  <span className="masm-match bad" title={r.error ?? "the core could not run this scheme"}>
                    not run
                  </span>
                ) : (
                  <span className={r.answers_match ? "masm-match ok" : "masm-match bad"} title="every scan answer equals the reference (the table with all earlier updates applied)">
                    {r.answers_match ? "✓ match" : "✗ differ"}
                  </span>
                )}
              </td>
              {COLUMNS.map((c, k) => {
                const value = r[c.key];
                const ratio = r.scheme === "masm" || !(value > 0) ? null : ratioToMasm(rows, c.key, value);
                return (
                  <td key={c.key} className="masm-bar-cell">
                    <span className="masm-cell-track">
                      <span className="masm-cell-bar" style={{ width: `${(fractions[k]?.[i] ?? 0) * 100}%`, background: style.color }} />
                    </span>
                    <span className="masm-cell-value num">
                      {c.format(value)}
                      {ratio !== null && <span className="masm-cell-ratio"> {ratioText(ratio)}</span>}
                    </span>
                  </td>
                );
              })}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

export const CompareView = memo(function CompareView({ compare, scanNs, diskArm, arm }: Props) {
  const rows = orderedSummaries(compare);
  const lines = scanLines(scanNs);
  const first = rows[0];
  const same = first !== undefined && rows.every((r) => r.updates === first.updates && r.scans === first.scans);
  return (
    <div className="masm-compare" data-testid="masm-compare">
      <div className="masm-compare-head">
        <p>
          <b>Same ops, same devices</b>, {rows.length} update schemes
          {same && first ? ` (${formatNumber(first.updates)} updates, ${formatNumber(first.scans)} scans each)` : ""}; each chart and column shares one scale, and n× compares with MaSM.
        </p>
        <div className="masm-legend" aria-label="schemes">
          {SCHEMES.map((s) => (
            <span key={s.id} className="masm-key">
              <svg width={26} height={10} aria-hidden="true">
                <line x1={1} x2={25} y1={5} y2={5} stroke={s.color} strokeWidth={3} strokeDasharray={s.dash} />
              </svg>
              {s.label}
            </span>
          ))}
        </div>
      </div>
      <ChartCard title="Scan time per scan" note="shared y axis · lower is better" testId="masm-compare-chart">
        {({ width, height }) => <ScanTimesChart lines={lines} width={width} height={height} />}
      </ChartCard>
      <SummaryTable rows={rows} same={same} />
      {diskArm.length > 0 && <DiskArmPanel traces={diskArm} series={arm} />}
    </div>
  );
});
