// The merge in words and numbers: why it runs, which levels it merges (m) and generates (Ô; the
// others are skipped), its phase, the wavefront key, and its block I/O so far.
import { formatNumber } from "../../format/units";
import type { FdtreeMerge } from "./payload.gen";

const PHASE: Record<string, string> = {
  stage: "m-stage: reading old blocks",
  insert: "m-insert: appending to new levels",
  delete: "m-delete: advancing the wavefront",
  switch: "switch: new levels become the tree",
  finalize: "finalize: level skipping and tightening",
};

export function MergePanel({ merge }: { merge: FdtreeMerge | null }) {
  return (
    <section className="panel fd-merge" data-testid="fd-merge" data-phase={merge?.phase ?? "none"}>
      <header className="panel-header">
        <h2>Merge</h2>
        <span className="panel-status">{merge ? PHASE[merge.phase] ?? merge.phase : "none running"}</span>
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
      ) : (
        <p className="fd-muted">L0 fills until |L0| reaches β·κ0 − κ1 (overflow) or deletes reach a third of inserts (underflow).</p>
      )}
    </section>
  );
}
