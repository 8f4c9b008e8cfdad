// Counters of the run (host writes, appends, out-of-place writes, GC migrations, erases, read
// and write amplification) and Fig. 1's write-amplification chain for this page size.
import { formatNumber } from "../../format/units";
import type { IpaChainLink, IpaCounters, IpaMeta } from "./types";

interface Props {
  counters: IpaCounters;
  meta: Pick<IpaMeta, "log_records" | "keys" | "buffer" | "buffer_frames" | "blocks">;
  chain: IpaChainLink[];
}

export function Counters({ counters: c, meta, chain }: Props) {
  const life = meta.blocks.endurance_pe > 0 ? (100 * meta.blocks.max_erase_count) / meta.blocks.endurance_pe : 0;
  const rows: [string, string][] = [
    ["host page writes", formatNumber(c.host_writes)],
    ["… as in-place appends", formatNumber(c.appends)],
    ["… out of place (existing pages)", formatNumber(c.out_of_place_writes)],
    ["… new pages", formatNumber(c.new_page_writes)],
    ["update write-backs as appends", `${c.ipa_percent.toFixed(1)} %`],
    ["page reads (fetches)", formatNumber(c.page_fetches)],
    ["GC page migrations", formatNumber(c.gc_migrations)],
    ["block erases", formatNumber(c.erases)],
    ["write amplification (App. B)", c.write_amplification.toFixed(3)],
    ["read amplification (App. B)", c.read_amplification.toFixed(3)],
    ["GC erases per host write", c.gc_erases_per_host_write.toFixed(4)],
    ["most-worn block", `${meta.blocks.max_erase_count} of ${formatNumber(meta.blocks.endurance_pe)} P/E (${life.toFixed(3)} %)`],
    ["log records since checkpoint", formatNumber(meta.log_records)],
    ["keys", formatNumber(meta.keys)],
  ];
  const maxAmp = Math.max(1, ...chain.map((l) => l.amplification));
  return (
    <div className="ipa-counters" data-testid="ipa-counters">
      <table className="ipa-table">
        <tbody>
          {rows.map(([k, v]) => (
            <tr key={k}>
              <th scope="row">{k}</th>
              <td>{v}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="ipa-buffer" aria-label="buffer frames">
        <span className="ipa-muted">
          buffer ({meta.buffer.length}/{meta.buffer_frames}):
        </span>
        {meta.buffer.map((f) => (
          <span key={f.lba} className={`ipa-frame${f.dirty ? " ipa-frame-dirty" : ""}${f.marked_out_of_place ? " ipa-frame-oop" : ""}`} title={`page ${f.lba}: ${f.changed_bytes} changed bytes tracked, ${f.records_on_flash} delta records on flash${f.is_new ? ", never written" : ""}`}>
            {f.lba}
            {f.dirty ? `·${f.changed_bytes}` : ""}
          </span>
        ))}
      </div>
      <div className="ipa-chain" data-testid="ipa-chain" aria-label="Fig. 1 write amplification of a 10-byte update">
        <div className="ipa-muted">A 10-byte update, Fig. 1:</div>
        {chain.map((l) => (
          <div key={l.level} className="ipa-chain-row">
            <span className="ipa-chain-label">{l.level}</span>
            <span className="ipa-chain-bar" style={{ width: `${Math.max(1, (100 * Math.log10(1 + l.amplification)) / Math.log10(1 + maxAmp))}%` }} />
            <span className="ipa-chain-value">
              {formatNumber(l.bytes)} B · {l.amplification.toFixed(1)}×
            </span>
          </div>
        ))}
      </div>
    </div>
  );
}
