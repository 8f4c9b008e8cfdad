// The clients and the latest ops: what each client is doing, and for every recent op the side of
// the wavefront that served it, its outcome (a rejected insert/delete says so), the blocks read
// and written on its behalf, and its R_p once it completes. Plus the run's live counters.
import { formatNs, formatNumber } from "../../format/units";
import { lockName, waitsByActor, type Wait } from "./latches";
import type { FdtreeClient, FdtreeMeta } from "./payload.gen";

const SIDE: Record<string, string> = { no_merge: "—", old: "old", new: "new" };

function waitText(w: Wait | undefined): string | null {
  return w ? `waits ${w.mode} on ${lockName(w.latch)}` : null;
}

/** "lookup 57 · old side · read 3 · waits S block 12" for a running client. */
function clientText(cl: FdtreeClient, wait: string | null): string {
  if (cl.state !== "running") return cl.state;
  const parts = [`${cl.kind ?? ""} ${cl.key ?? ""}`];
  if (cl.side) parts.push(`${SIDE[cl.side] === "—" ? "no merge" : `${cl.side} side`}`);
  if (cl.path.length > 0) parts.push(`read ${cl.path.length}`);
  if (wait) parts.push(wait);
  return parts.join(" · ");
}

export function OpsPanel({ meta }: { meta: FdtreeMeta }) {
  const c = meta.counters;
  const ops = [...meta.recent_ops].reverse();
  const waits = waitsByActor(meta.latches);
  return (
    <section className="panel fd-ops" data-testid="fd-ops">
      <header className="panel-header">
        <h2>Clients and ops</h2>
        <span className="panel-status">{`${formatNumber(c.completed)} / ${formatNumber(c.total_ops)} done`}</span>
      </header>
      <ul className="fd-clients" data-testid="fd-clients">
        {meta.clients.map((cl) => (
          <li key={cl.client} data-state={cl.state}>
            <b>{`C${cl.client}`}</b>{" "}
            {clientText(cl, waitText(waits.get(cl.client)))}
          </li>
        ))}
      </ul>
      <table className="fd-op-table" data-testid="fd-op-table">
        <thead>
          <tr>
            <th scope="col">op</th>
            <th scope="col">client</th>
            <th scope="col">kind</th>
            <th scope="col" title="side of the wavefront that served it">side</th>
            <th scope="col">outcome</th>
            <th scope="col" title="blocks read / written on its behalf">I/O r/w</th>
            <th scope="col">R_p</th>
          </tr>
        </thead>
        <tbody>
          {ops.map((op) => (
            <tr key={op.op} data-testid="fd-op-row">
              <td className="num">{op.op}</td>
              <td className="num">{op.client}</td>
              <td>{op.kind}</td>
              <td>{SIDE[op.side] ?? op.side}</td>
              <td className={op.outcome.startsWith("rejected") ? "fd-rejected" : undefined}>{op.outcome.replace("_", " ")}</td>
              <td className="num">{`${op.blocks_read}/${op.blocks_written}`}</td>
              <td className="num">{op.r_p_ns === null ? "…" : formatNs(op.r_p_ns)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="fd-kv fd-counters" data-testid="fd-counters">
        <dt>live blocks</dt>
        <dd className="num">{c.space_limit_blocks === null ? formatNumber(c.live_blocks) : `${formatNumber(c.live_blocks)} ≤ ${formatNumber(c.space_limit_blocks)}`}</dd>
        <dt title="by this run's requests and merges; the untimed preload's are below">blocks read / written</dt>
        <dd className="num">{`${formatNumber(c.blocks_read)} / ${formatNumber(c.blocks_written)}`}</dd>
        <dt title="merges begun in this run, timed on the SSD model">merges (timed)</dt>
        <dd className="num" data-testid="fd-merges-timed">{formatNumber(c.merges)}</dd>
        <dt title="the preload is applied before time starts: its merges take no simulated time">preload (untimed)</dt>
        <dd className="num" data-testid="fd-merges-preload">{`${formatNumber(c.preload_merges)} merges · ${formatNumber(c.preload_blocks_written)} blocks written`}</dd>
        <dt>lock / slot waits</dt>
        <dd className="num">{`${formatNumber(c.lock_waits)} / ${formatNumber(c.slot_waits)}`}</dd>
        <dt>answers = map</dt>
        <dd className="num" data-testid="fd-answers-check">{c.mismatches === 0 ? `✓ ${formatNumber(c.answers_checked)}` : `✗ ${formatNumber(c.mismatches)} differ`}</dd>
      </dl>
    </section>
  );
}
