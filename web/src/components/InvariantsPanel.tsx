// Live invariants: every invariant of the run with its status after the current step, how often
// it was checked, and for a failure the explanation and a button that goes to the failing step.
import { usePanelFrame, useSession, useSessionState } from "../app/sessionContext";
import { formatNumber, humanizeName } from "../format/units";
import type { InvariantReport } from "../sim/types";
import { CheckIcon, CrossIcon, PendingIcon } from "./icons";

const ignore = (): void => undefined;

/** The panel's rows: the core's reports, plus not-yet-checked names in the lab's order. */
function rows(reports: InvariantReport[], names: string[]): (InvariantReport & { pending: boolean })[] {
  const byName = new Map(reports.map((r) => [r.name, r]));
  const ordered = names.map((name) => {
    const report = byName.get(name);
    return report ? { ...report, pending: false } : { name, ok: true, checks: 0, detail: "", pending: true };
  });
  const extra = reports.filter((r) => !names.includes(r.name)).map((r) => ({ ...r, pending: false }));
  return [...ordered, ...extra];
}

export function InvariantsPanel() {
  const session = useSession();
  const { scenario } = useSessionState();
  const snapshot = usePanelFrame()?.snapshot;
  const list = rows(snapshot?.invariants ?? [], scenario?.invariantNames ?? []);
  const failed = list.filter((r) => !r.ok).length;
  const step = snapshot?.state.step ?? 0;

  return (
    <section className="panel invariants" data-testid="invariants-panel" aria-labelledby="invariants-heading">
      <header className="panel-header">
        <h2 id="invariants-heading">Invariants</h2>
        <span className={failed > 0 ? "panel-status bad" : "panel-status ok"}>
          {list.length === 0
            ? "none"
            : failed > 0
              ? `${failed} failed`
              : step === 0
                ? "checked after every step"
                : `all ${list.length} hold`}
        </span>
      </header>
      <ul className="invariant-list">
        {list.map((inv) => (
          <li
            key={inv.name}
            className={inv.ok ? "invariant-row" : "invariant-row failed"}
            data-testid="invariant-row"
            data-ok={inv.ok ? "true" : "false"}
          >
            <span className="invariant-icon">
              {inv.pending ? <PendingIcon title="not checked yet" /> : inv.ok ? <CheckIcon title="holds" /> : <CrossIcon title="failed" />}
            </span>
            <span className="invariant-name" title={inv.name}>
              {humanizeName(inv.name)}
            </span>
            <span className="invariant-checks num">{inv.pending ? "not yet" : `${formatNumber(inv.checks)}×`}</span>
            {!inv.ok && (
              <div className="invariant-failure">
                <p className="invariant-detail">{inv.detail}</p>
                {inv.failed_at_step !== undefined && (
                  <button type="button" className="link-button" onClick={() => session.seek(inv.failed_at_step ?? 0).catch(ignore)}>
                    Failed at step {formatNumber(inv.failed_at_step)}: go there
                  </button>
                )}
              </div>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
