// The lock table of the run (§4.2): every lock held or awaited right now, who holds it (S by
// lookups, X by the merge process or a writer holding the L0 mutex) and who waits for it, front
// of the queue first. Read from the core's lock table; drawn on the blocks in LevelsPanel too.
import { actorName, holdersText, lockName, waitersText } from "./latches";
import type { FdtreeMeta } from "./payload.gen";

export function LatchPanel({ meta }: { meta: FdtreeMeta }) {
  const rows = meta.latches;
  const waiting = rows.reduce((n, l) => n + l.waiters.length, 0);
  return (
    <section className="panel fd-latches" data-testid="fd-latches" data-locks={rows.length} data-waiting={waiting}>
      <header className="panel-header">
        <h2>Latches</h2>
        <span className="panel-status">{rows.length === 0 ? "none held" : `${rows.length} held · ${waiting} waiting`}</span>
      </header>
      {rows.length === 0 ? (
        <p className="fd-muted">Nobody holds a lock at this step.</p>
      ) : (
        <table className="fd-op-table fd-latch-table">
          <thead>
            <tr>
              <th scope="col">lock</th>
              <th scope="col" title="S: shared (readers); X: exclusive">held by</th>
              <th scope="col" title="FIFO queue, front first, with the mode asked">waiting</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((l) => (
              <tr
                key={`${l.lock}-${l.block}`}
                data-testid="fd-latch-row"
                data-lock={l.lock}
                data-block={l.block}
                data-holder-mode={l.x_holder !== null ? "X" : l.s_holders.length > 0 ? "S" : "none"}
                data-holders={(l.x_holder !== null ? [l.x_holder] : l.s_holders).map((a) => actorName(a, meta.merge_actor)).join(" ")}
                data-waiters={l.waiters.map(([a]) => actorName(a ?? 0, meta.merge_actor)).join(" ")}
              >
                <td>{lockName(l)}</td>
                <td>{holdersText(l, meta.merge_actor)}</td>
                <td className={l.waiters.length > 0 ? "fd-waiting" : undefined}>{waitersText(l, meta.merge_actor) || "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
