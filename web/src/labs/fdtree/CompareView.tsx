// The compare view: FD+XM, FD+DS, FD+FC and the two baselines (the FD-tree of Li et al. under
// one readers-writer lock, an in-place B+tree) run by the core on the same preload, clients and
// cost, to their end, on one shared timeline. Left: one R_p scatter per scheme on shared axes
// (log R_p, merges shaded, running max dashed). Right: live blocks over time (FD+DS's and the
// FD-tree's temporary doubling against FD+FC's flatter line), and a table: worst and mean insertion R_p with σ, worst lookup,
// completion time, peak space and the lookup-latency histogram by decade.
import { useMemo } from "react";
import { ChartCard } from "../../charts/ChartCard";
import { formatNs, formatNumber } from "../../format/units";
import { DECADE_LABELS, decodePairs, decodeRp, type RpPoint } from "./layout";
import { SCHEME_COLORS, SCHEME_LABELS } from "./palette";
import type { FdtreeCompareRow } from "./payload.gen";
import { RpChart, rpDomain } from "./RpChart";
import { SpaceChart } from "./SpaceChart";

interface Props {
  rows: FdtreeCompareRow[];
  rp: Record<string, ArrayLike<number>>;
  space: Record<string, ArrayLike<number>>;
}

export function CompareView({ rows, rp, space }: Props) {
  const points = useMemo(() => {
    const out: Record<string, RpPoint[]> = {};
    for (const r of rows) out[r.scheme] = decodeRp(rp[r.scheme] ?? []);
    return out;
  }, [rows, rp]);
  const endNs = Math.max(1, ...rows.map((r) => r.end_ns));
  const domain = rpDomain(Object.values(points), endNs);
  const lines = rows.map((r) => ({
    id: r.scheme,
    label: SCHEME_LABELS[r.scheme] ?? r.scheme,
    color: SCHEME_COLORS[r.scheme] ?? "#888",
    points: decodePairs(space[r.scheme] ?? []),
  }));
  const fastest = Math.min(...rows.map((r) => r.end_ns));
  return (
    <div className="fd-compare" data-testid="fd-compare">
      <div className="fd-compare-scatters">
        {rows.map((r) => (
          <ChartCard
            key={r.scheme}
            title={`${SCHEME_LABELS[r.scheme] ?? r.scheme}: R_p over time`}
            note={`worst insert ${formatNs(r.worst_insert_ns)} · longest merge ${formatNs(r.longest_merge_ns)}`}
            testId="fd-compare-scatter"
          >
            {({ width, height }) => (
              <RpChart points={points[r.scheme] ?? []} merges={r.merges} domain={domain} width={width} height={height} label={SCHEME_LABELS[r.scheme] ?? r.scheme} />
            )}
          </ChartCard>
        ))}
      </div>
      <div className="fd-compare-side">
        <ChartCard title="Live blocks" note="shared timeline">
          {({ width, height }) => <SpaceChart lines={lines} endNs={endNs} width={width} height={height} />}
        </ChartCard>
        <table className="fd-compare-table" data-testid="fd-compare-table">
          <thead>
            <tr>
              <th scope="col">scheme</th>
              <th scope="col" title="worst insertion R_p">worst ins.</th>
              <th scope="col" title="mean ± σ of insertion R_p">mean ± σ ins.</th>
              <th scope="col" title="worst lookup R_p">worst look.</th>
              <th scope="col" title="time to finish the whole stream (lower = higher throughput)">done at</th>
              <th scope="col" title="peak live blocks">peak</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.scheme} data-testid="fd-compare-row" data-scheme={r.scheme}>
                <th scope="row" style={{ color: SCHEME_COLORS[r.scheme] }}>
                  {SCHEME_LABELS[r.scheme] ?? r.scheme}
                </th>
                <td className="num">{formatNs(r.worst_insert_ns)}</td>
                <td className="num">{`${formatNs(r.mean_insert_ns)} ± ${formatNs(r.std_insert_ns)}`}</td>
                <td className="num">{formatNs(r.worst_lookup_ns)}</td>
                <td className="num">{`${formatNs(r.end_ns)}${r.end_ns === fastest ? " ★" : ""}`}</td>
                <td className="num">{formatNumber(r.peak_live_blocks)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <div className="fd-hist-wrap">
        <table className="fd-compare-table fd-hist" data-testid="fd-compare-hist">
          <caption>Lookups per R_p decade</caption>
          <thead>
            <tr>
              <th scope="col">scheme</th>
              {DECADE_LABELS.map((d) => (
                <th key={d} scope="col">
                  {d}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.scheme}>
                <th scope="row" style={{ color: SCHEME_COLORS[r.scheme] }}>
                  {SCHEME_LABELS[r.scheme] ?? r.scheme}
                </th>
                {r.lookup_histogram.map((n, i) => (
                  <td key={i} className="num">
                    {n === 0 ? "·" : formatNumber(n)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        </div>
      </div>
    </div>
  );
}
