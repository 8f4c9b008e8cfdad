// The [N × M] tuning explorer (§6.4, Tab. 3; digest §7 scenario 7): for every scheme, the space
// its delta area takes (N·(1 + 3M + 3V) / P, arithmetic) against the share of update write-backs
// done as appends when THIS scenario's ops ran with that scheme (simulated by the core for each
// cell, `core/src/ipa/lab/explorer.rs`), as a chart (one curve per N) and a table; the
// scenario's own scheme is ringed.
import type { IpaCounters, IpaInfo, IpaLayout } from "./types";
import { TUNING_MARGIN, tuningChart } from "./tuning";

interface Props {
  info: IpaInfo;
  layout: IpaLayout;
  counters: IpaCounters;
}

const W = 320;
const H = 190;
const COLORS = ["#1f77b4", "#2ca02c", "#9467bd", "#8c564b"];

export function TuningCard({ info, layout, counters }: Props) {
  const grid = info.scheme_grid;
  const ns = [...new Set(grid.map((c) => c.n))];
  const ms = [...new Set(grid.map((c) => c.m))];
  const cell = (n: number, m: number) => grid.find((c) => c.n === n && c.m === m);
  const chart = tuningChart(grid, W, H);
  const prefix = info.explorer_ops < info.ops_total ? ` (its first ${info.explorer_ops} of ${info.ops_total} ops)` : "";
  return (
    <div className="ipa-tuning" data-testid="ipa-tuning">
      <div className="ipa-muted">
        [N × M] explorer: every scheme ran this scenario's ops{prefix}. Space of the delta area is N·(1 + 3M + 3V) / {layout.page_bytes} B with V = {layout.v}; appends are the share of update write-backs done in place. This run uses [{layout.n} × {layout.m}] ({layout.space_overhead_percent.toFixed(1)} %) and appended <b>{counters.ipa_percent.toFixed(1)} %</b> so far.
      </div>
      <svg className="ipa-tuning-chart" data-testid="ipa-tuning-chart" width={W} height={H} role="img" aria-label="Share of write-backs done as appends against space overhead, one curve per N">
        {chart.yTicks.map((t) => (
          <g key={`y${t.label}`}>
            <line x1={TUNING_MARGIN.left} x2={W - TUNING_MARGIN.right} y1={t.at} y2={t.at} stroke="#ddd" />
            <text x={TUNING_MARGIN.left - 4} y={t.at + 3} textAnchor="end" fontSize="9">
              {t.label}
            </text>
          </g>
        ))}
        {chart.xTicks.map((t) => (
          <text key={`x${t.label}`} x={t.at} y={H - TUNING_MARGIN.bottom + 11} textAnchor="middle" fontSize="9">
            {t.label}
          </text>
        ))}
        <text x={(W + TUNING_MARGIN.left) / 2} y={H - 3} textAnchor="middle" fontSize="9">
          space overhead (% of the page)
        </text>
        <text x={9} y={(H - TUNING_MARGIN.bottom) / 2} textAnchor="middle" fontSize="9" transform={`rotate(-90 9 ${(H - TUNING_MARGIN.bottom) / 2})`}>
          % appends
        </text>
        {chart.curves.map((curve, i) => (
          <g key={curve.n} data-testid={`ipa-tuning-curve-${curve.n}`}>
            <polyline fill="none" stroke={COLORS[i % COLORS.length]} strokeWidth={1.5} points={curve.points.map((p) => `${p.x},${p.y}`).join(" ")} />
            {curve.points.map((p) => {
              const current = p.n === layout.n && p.m === layout.m;
              return (
                <circle key={p.m} cx={p.x} cy={p.y} r={current ? 5 : 3} fill={COLORS[i % COLORS.length]} stroke={current ? "#d62728" : "none"} strokeWidth={2}>
                  <title>{`[${p.n} × ${p.m}]: ${p.space.toFixed(1)} % space, ${p.appends.toFixed(1)} % appends`}</title>
                </circle>
              );
            })}
            {curve.points.length > 0 && (
              <text x={(curve.points[curve.points.length - 1]?.x ?? 0) + 4} y={(curve.points[curve.points.length - 1]?.y ?? 0) - 4} fontSize="9" fill={COLORS[i % COLORS.length]}>
                N={curve.n}
              </text>
            )}
          </g>
        ))}
      </svg>
      <table className="ipa-table ipa-tuning-table">
        <caption className="ipa-muted">space % / appends % (M across, N down)</caption>
        <thead>
          <tr>
            <th scope="col">N \ M</th>
            {ms.map((m) => (
              <th key={m} scope="col">
                {m}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {ns.map((n) => (
            <tr key={n}>
              <th scope="row">{n}</th>
              {ms.map((m) => {
                const c = cell(n, m);
                const current = n === layout.n && m === layout.m;
                return (
                  <td key={m} className={current ? "ipa-tuning-current" : undefined} title={c?.failed ?? (c ? `${c.appends} of ${c.update_write_backs} update write-backs appended` : "the area does not fit the page")}>
                    {c ? `${c.space_percent.toFixed(1)} / ${c.append_percent === null ? "—" : c.append_percent.toFixed(0)}` : "—"}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
