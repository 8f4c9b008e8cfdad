// The merge in words and numbers: why it runs, which levels it merges (m) and generates (Ô; the
// others are skipped), its phase, the wavefront key, its block I/O so far, and the staging area
// 𝒮: each staged key group's entries (deepest merged level first) and what COALESCE makes of them.
import { formatNumber } from "../../format/units";
import { lockName, type Wait } from "./latches";
import type { FdtreeGroup, FdtreeMerge } from "./payload.gen";

const PHASE: Record<string, string> = {
  stage: "m-stage: reading old blocks",
  insert: "m-insert: appending to new levels",
  delete: "m-delete: advancing the wavefront",
  switch: "switch: new levels become the tree",
  finalize: "finalize: level skipping and tightening",
};

function Staging({ merge }: { merge: FdtreeMerge }) {
  const groups: readonly FdtreeGroup[] = merge.staged;
  return (
    <div className="fd-staging" data-testid="fd-staging" data-groups={merge.staged_groups}>
      <div className="fd-staging-head">
        {`staging area 𝒮: ${formatNumber(merge.staged_groups)} key group${merge.staged_groups === 1 ? "" : "s"}`}
        {merge.p_last !== null && <span title="last block of the level below with a fence in L_m^new">{` · p_last = block ${merge.p_last}`}</span>}
      </div>
      {groups.length > 0 && (
        <table className="fd-op-table">
          <thead>
            <tr>
              <th scope="col">key</th>
              <th scope="col" title="data entries, deepest merged level first (I insert, D delete)">in</th>
              <th scope="col" title="COALESCE: the net effect kept">out</th>
              <th scope="col" title="a fence into the level below the merge travels with its group (a group may be a fence alone)">fence</th>
            </tr>
          </thead>
          <tbody>
            {groups.map((g) => (
              <tr key={g.key} data-testid="fd-group" data-cancelled={g.cancelled}>
                <td className="num">{g.key}</td>
                <td>{g.entries.split("").join(" ") || "—"}</td>
                <td className={g.cancelled > 0 ? "fd-cancelled" : undefined}>{g.out !== "" ? g.out.split("").join(" ") : g.cancelled > 0 ? "∅ (annihilated)" : "—"}</td>
                <td className="num">{g.fence_to === null ? "" : `→ ${g.fence_to}`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

/** `merge` is the running merge; `wait` what the merge process waits for (the reclaims and
 * pass-throughs of the step it just made come before its next phase). */
export function MergePanel({ merge, wait }: { merge: FdtreeMerge | null; wait?: Wait | undefined }) {
  return (
    <section className="panel fd-merge" data-testid="fd-merge" data-phase={merge?.phase ?? "none"}>
      <header className="panel-header">
        <h2>Merge</h2>
        <span className="panel-status">{merge ? (wait ? `waits ${wait.mode} on ${lockName(wait.latch)}, then ${merge.phase}` : PHASE[merge.phase] ?? merge.phase) : "none running"}</span>
      </header>
      {merge ? (
        <dl className="fd-kv">
          <dt>trigger</dt>
          <dd>{merge.why}</dd>
          <dt>merges L0…L{merge.m}</dt>
          <dd>{merge.full ? "full (bottom rewritten)" : "partial"}</dd>
          <dt>generated Ô</dt>
          <dd>{merge.generated.map((g) => `L${g}`).join(", ")}</dd>
          <dt>wavefront key</dt>
          <dd className="num">{merge.wf_key === null ? "−∞" : formatNumber(merge.wf_key)}</dd>
          <dt>blocks read / written</dt>
          <dd className="num">{`${formatNumber(merge.blocks_read)} / ${formatNumber(merge.blocks_written)}`}</dd>
          <dt>live at start</dt>
          <dd className="num">{formatNumber(merge.live_at_start)}</dd>
        </dl>
      ) : null}
      {merge ? (
        <Staging merge={merge} />
      ) : (
        <p className="fd-muted">L0 fills until |L0| reaches β·κ0 − κ1 (overflow) or deletes reach a third of inserts (underflow).</p>
      )}
    </section>
  );
}
