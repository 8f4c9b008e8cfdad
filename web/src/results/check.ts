//! Checks the browser's recomputation against the shipped native claims (pure). A claim agrees
//! when its simulated value, its verdict and its per-seed values are the very same numbers: the
//! core is deterministic and the same code on both sides, so any difference is a finding (a
//! platform difference in floating point, a stale table, or a tampered one), never noise.

import type { ClaimRow } from "../sim/types";

export type ClaimCheck =
  | { state: "pending" }
  | { state: "same" }
  | { state: "differs"; detail: string }
  /** No shipped table to check against (the page shows the recomputed value only). */
  | { state: "unchecked" };

/** JSON writes NaN as null; both read as "no number". */
const sameNumber = (a: number | null, b: number | null): boolean => Object.is(a ?? NaN, b ?? NaN);

const sameSeries = (a: readonly number[], b: readonly number[]): boolean => a.length === b.length && a.every((x, i) => sameNumber(x, b[i] ?? null));

/** Why `recomputed` differs from `shipped`, or null when they agree. */
export function difference(shipped: ClaimRow, recomputed: ClaimRow): string | null {
  if (!sameNumber(shipped.simulated_value, recomputed.simulated_value)) {
    return `recomputed ${String(recomputed.simulated_value)}, shipped ${String(shipped.simulated_value)}`;
  }
  if (shipped.pass !== recomputed.pass) return `verdict: recomputed ${recomputed.pass ? "pass" : "miss"}, shipped ${shipped.pass ? "pass" : "miss"}`;
  if (!sameSeries(shipped.spread?.values ?? [], recomputed.spread?.values ?? [])) return "the per-seed values differ";
  return null;
}

/** Each shipped claim's check against the lab's recomputed claims (null while recomputing), and the recomputed claims the shipped table lacks. */
export function checkLab(shipped: readonly ClaimRow[], recomputed: readonly ClaimRow[] | null): Map<string, ClaimCheck> {
  const checks = new Map<string, ClaimCheck>();
  const byId = new Map((recomputed ?? []).map((c) => [c.id, c]));
  for (const s of shipped) {
    const r = byId.get(s.id);
    if (recomputed === null) checks.set(s.id, { state: "pending" });
    else if (!r) checks.set(s.id, { state: "differs", detail: "not recomputed: this claim is missing from the browser's run" });
    else {
      const detail = difference(s, r);
      checks.set(s.id, detail === null ? { state: "same" } : { state: "differs", detail });
    }
  }
  for (const r of recomputed ?? []) {
    if (!checks.has(r.id)) checks.set(r.id, { state: "differs", detail: "recomputed in the browser, missing from the shipped table" });
  }
  return checks;
}
