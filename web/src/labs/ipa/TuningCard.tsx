// The [N × M] tuning explorer (§6.4, Tab. 3): the space the delta area takes for N records of
// M body pairs (with this scenario's V metadata pairs) on this page size, the scenario's own
// scheme ringed, beside the share of update write-backs this run did as appends. Only space is
// arithmetic; the share of appends needs a run per scheme (`flashlab reproduce`, Tab. 3).
import type { IpaCounters, IpaInfo, IpaLayout } from "./types";

interface Props {
  grid: IpaInfo["scheme_grid"];
  layout: IpaLayout;
  counters: IpaCounters;
}

export function TuningCard({ grid, layout, counters }: Props) {
  const ns = [...new Set(grid.map((c) => c.n))];
  const ms = [...new Set(grid.map((c) => c.m))];
  const cell = (n: number, m: number) => grid.find((c) => c.n === n && c.m === m);
  return (
    <div className="ipa-tuning" data-testid="ipa-tuning">
      <div className="ipa-muted">
        [N × M] explorer: space of the delta area, N·(1 + 3M + 3V) / {layout.page_bytes} B with V = {layout.v}. This run uses [{layout.n} × {layout.m}] ({layout.space_overhead_percent.toFixed(1)} %) and appended{" "}
        <b>{counters.ipa_percent.toFixed(1)} %</b> of its update write-backs.
      </div>
      <table className="ipa-table ipa-tuning-table">
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
                  <td key={m} className={current ? "ipa-tuning-current" : undefined}>
                    {c ? `${c.space_percent.toFixed(1)} %` : "—"}
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
