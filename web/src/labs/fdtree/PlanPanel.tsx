// Merge-prepare's and merge-finalize's numbers (§2.3 Eq. (1)–(3), §4.4.1, §4.4.3) and the
// counters behind the underflow trigger: Û(i) per label, B̂ and ô of preemptive skipping, the
// generated labels Ô; o_g per generated level and z (the level whose fences replace L0's);
// N_Δ, N_∇ and the I6 ratio N_∇/N_Δ against its bound 1/3.
import { formatNumber } from "../../format/units";
import type { FdtreeCounters, FdtreeFinalize, FdtreePlan } from "./payload.gen";

function list(values: readonly number[]): string {
  return values.map((v) => formatNumber(v)).join(", ");
}

function I6Gauge({ counters }: { counters: FdtreeCounters }) {
  const nI = counters.n_inserts;
  const nD = counters.n_deletes;
  const ratio = nI === 0 ? 0 : nD / nI;
  // The bar spans 0 to 1/2; the I6 bound 1/3 is a tick at two thirds of it.
  const fill = Math.min(ratio / 0.5, 1);
  const over = 3 * nD > nI;
  return (
    <div className="fd-i6" data-testid="fd-i6" data-ratio={ratio.toFixed(4)}>
      <div className="fd-i6-text">
        <span>{`N_Δ = ${formatNumber(nI)} · N_∇ = ${formatNumber(nD)}`}</span>
        <span className={over ? "fd-rejected" : undefined}>{`N_∇/N_Δ = ${ratio.toFixed(3)} ${over ? ">" : "≤"} 1/3`}</span>
      </div>
      <div className="fd-i6-bar" role="img" aria-label={`I6 ratio ${ratio.toFixed(3)} of bound 1/3`}>
        <div className="fd-i6-fill" style={{ width: `${fill * 100}%` }} />
        <div className="fd-i6-bound" style={{ left: `${(100 * 2) / 3}%` }} title="I6 bound 1/3: above it an underflow merge is due" />
      </div>
    </div>
  );
}

export function PlanPanel({ plan, finalize, counters }: { plan: FdtreePlan | null; finalize: FdtreeFinalize | null; counters: FdtreeCounters }) {
  return (
    <section className="panel fd-plan" data-testid="fd-plan">
      <header className="panel-header">
        <h2>Prepare and finalize</h2>
        <span className="panel-status">{plan === null ? "no timed merge yet" : plan.current ? "this merge" : "last merge"}</span>
      </header>
      {plan && (
        <dl className="fd-kv">
          <dt title="Eq. (1): an upper estimate of each level's blocks after a merge down to it">Û(i), i = 0…</dt>
          <dd className="num" data-testid="fd-u-hat">{list(plan.u_hat)}</dd>
          <dt title="Eq. (2): the deepest level merged">m</dt>
          <dd className="num">{`${plan.m}${plan.full ? " (full)" : ""} · ${plan.why}`}</dd>
          <dt title="preemptive skipping: estimated blocks of each would-be level 0…m+1">B̂_i</dt>
          <dd className="num">{list(plan.b_hat)}</dd>
          <dt title="the label each would-be level 0…m gets; equal labels collapse (skipped)">ô_i</dt>
          <dd className="num">{list(plan.o_hat)}</dd>
        </dl>
      )}
      {finalize && (
        <dl className="fd-kv" data-testid="fd-finalize">
          <dt title="Eq. (3): the smallest label each generated level fits (tightening)">o_g (last finalize)</dt>
          <dd className="num">{finalize.o.map(([g, o]) => `L${g}→${o === 0 ? "L0" : `L${o}`}`).join(", ") || "—"}</dd>
          <dt title="the deepest generated level relabelled 0: its fences replace L0's (level skipping)">z</dt>
          <dd className="num">{finalize.z === 0 ? "none" : `L${finalize.z}`}</dd>
        </dl>
      )}
      <I6Gauge counters={counters} />
    </section>
  );
}
