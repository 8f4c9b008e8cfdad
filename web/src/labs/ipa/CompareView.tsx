// The three-way race: out-of-place writes through a page-mapped FTL, In-Page Logging and IPA,
// run by the core on the same ops and seed. Top: one row per scheme, a bar per counter on a
// scale shared by the three; below, the flash blocks of out-of-place and IPA side by side with
// their erase counts, and IPL's own blocks: its erase units with their log sectors.
import { formatNumber } from "../../format/units";
import { FlashBlocks } from "./FlashBlocks";
import type { IpaBlocks, IpaSide } from "./types";

interface Props {
  sides: IpaSide[];
  blocks: IpaBlocks;
  ipaState: Float64Array;
  ipaErases: Float64Array;
  oopState: Float64Array;
  oopErases: Float64Array;
  iplBlocks: IpaBlocks | null;
  iplState: Float64Array;
  iplErases: Float64Array;
}

/** IPL's grid states: DB pages (1) and log pages holding sectors (3); it never leaves an old copy. */
const IPL_LABELS = ["erased", "DB page (4 flash pages each)", null, "log page (up to 4 sectors of 512 B)"] as const;

const COLUMNS: { key: keyof IpaSide; label: string; digits: number }[] = [
  { key: "host_writes", label: "host page writes", digits: 0 },
  { key: "read_ios", label: "read I/Os", digits: 0 },
  { key: "write_ios", label: "write I/Os", digits: 0 },
  { key: "gc_migrations", label: "GC migrations", digits: 0 },
  { key: "erases", label: "erases", digits: 0 },
  { key: "write_amplification", label: "WA (App. B)", digits: 2 },
  { key: "read_amplification", label: "RA (App. B)", digits: 2 },
];

const SIDE_COLORS: Record<string, string> = { "out-of-place": "#8a939f", IPL: "#e69f00", IPA: "#009e73" };

function value(side: IpaSide, key: keyof IpaSide): number {
  const v = side[key];
  return typeof v === "number" ? v : 0;
}

export function CompareView({ sides, blocks, ipaState, ipaErases, oopState, oopErases, iplBlocks, iplState, iplErases }: Props) {
  return (
    <div className="ipa-compare" data-testid="ipa-compare">
      <div className="ipa-race-wrap">
      <table className="ipa-race">
        <thead>
          <tr>
            <th scope="col">scheme</th>
            {COLUMNS.map((c) => (
              <th key={c.key} scope="col">
                {c.label}
              </th>
            ))}
            <th scope="col">life vs out-of-place</th>
          </tr>
        </thead>
        <tbody>
          {sides.map((s) => (
            <tr key={s.name} data-testid={`ipa-side-${s.name}`}>
              <th scope="row" style={{ color: SIDE_COLORS[s.name] ?? "inherit" }}>
                {s.name}
              </th>
              {COLUMNS.map((c) => {
                const top = Math.max(1e-9, ...sides.map((x) => value(x, c.key)));
                const v = value(s, c.key);
                return (
                  <td key={c.key}>
                    <span className="ipa-race-bar" style={{ width: `${(100 * v) / top}%`, background: SIDE_COLORS[s.name] ?? "#888" }} />
                    <span className="ipa-race-num">{c.digits === 0 ? formatNumber(v) : v.toFixed(c.digits)}</span>
                  </td>
                );
              })}
              <td>{s.lifetime_vs_out_of_place === null ? "—" : `${s.lifetime_vs_out_of_place.toFixed(2)}×`}</td>
            </tr>
          ))}
        </tbody>
      </table>
      </div>
      <p className="ipa-muted">
        The same transactions on each. I/Os are in DB pages (IPL&rsquo;s 512 B log-sector writes count ¼). IPL runs in the §8.3 geometry on its own SLC blocks (this device&rsquo;s block count, 64 × 2 KB pages): an erase unit is one block holding 15 DB pages and a log region of 16 sectors of 512 B; when the 16 are used, a merge writes the unit&rsquo;s pages into a free block and erases the old one, and that is IPL&rsquo;s erase count. RA counts GC migration reads as App. B prints it. Life is the inverse of erases per host write.
      </p>
      <div className="ipa-compare-grids">
        <FlashBlocks title="Out-of-place (no delta area)" blocks={blocks} pageState={oopState} eraseCounts={oopErases} focus={null} testId="ipa-blocks-oop" note="same device, same GC" />
        <FlashBlocks title="IPA" blocks={blocks} pageState={ipaState} eraseCounts={ipaErases} focus={null} testId="ipa-blocks-ipa" note="appends keep pages valid" />
        {iplBlocks && (
          <FlashBlocks title="IPL (erase units)" blocks={iplBlocks} pageState={iplState} eraseCounts={iplErases} focus={null} testId="ipa-blocks-ipl" note="one block per erase unit · right: erases (merges)" labels={IPL_LABELS} />
        )}
      </div>
    </div>
  );
}
