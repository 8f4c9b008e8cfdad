// The database's NoFTL regions side by side (§5, Fig. 3): each region's mode (SLC, pSLC,
// odd-MLC, no IPA), whether its DB pages span an LSB+MSB pair (App. C.2), its tables, how many
// of its DB pages can take an append now, and its counters. Shown only when a scenario places
// tables in more than one region; the flash grid, page map and zoom show region `main`.
import { formatNumber } from "../../format/units";
import type { IpaRegionView } from "./types";

const MODE_TEXT: Record<string, string> = {
  slc: "SLC: appends on every page",
  pslc: "pSLC: LSB pages only, appends on every page",
  odd_mlc: "odd-MLC: every page, appends on LSB pages only",
  no_ipa: "no IPA: always out of place",
};

function modeText(r: IpaRegionView): string {
  const base = MODE_TEXT[r.mode] ?? r.mode;
  return r.c2_pairs ? `${base}; C.2: a DB page spans an LSB+MSB pair, its delta area on the LSB page` : base;
}

export function RegionsPanel({ regions }: { regions: IpaRegionView[] }) {
  if (regions.length < 2) return null;
  const rows: [string, (r: IpaRegionView) => string][] = [
    ["tables", (r) => (r.tables.length ? r.tables.join(", ") : "all others")],
    ["blocks × flash pages", (r) => `${r.blocks} × ${r.flash_pages_per_block}`],
    ["DB pages per block", (r) => `${r.db_pages_per_block} (${r.page_bytes} B each)`],
    ["DB pages that can take an append", (r) => `${r.appendable_pages} of ${r.mapped_pages}`],
    ["host page writes", (r) => formatNumber(r.counters.host_writes)],
    ["… as in-place appends", (r) => `${formatNumber(r.counters.appends)} (${r.counters.ipa_percent.toFixed(1)} % of updates)`],
    ["… out of place", (r) => formatNumber(r.counters.out_of_place_writes)],
    ["GC page migrations", (r) => formatNumber(r.counters.gc_migrations)],
    ["block erases", (r) => formatNumber(r.counters.erases)],
  ];
  return (
    <div className="ipa-regions" data-testid="ipa-regions">
      <div className="ipa-muted">Regions of this database (§5); the flash grid, page map and zoom show “main”.</div>
      <table className="ipa-table">
        <thead>
          <tr>
            <th scope="col" />
            {regions.map((r) => (
              <th key={r.name} scope="col" title={modeText(r)}>
                {r.name}
                <div className="ipa-muted">
                  {r.mode.replace("_", "-")}
                  {r.c2_pairs ? " + C.2 pairs" : ""}
                </div>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(([label, cell]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              {regions.map((r) => (
                <td key={r.name}>{cell(r)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
