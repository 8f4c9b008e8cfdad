//! Pure logic of the FD+tree latch and cursor views (§4.2–4.3; digest §3.9 "Latches",
//! "In-flight lookups"): who holds each lock and who waits, named as the view shows them, and
//! which lock each actor waits for. The core's lock table (`FdtreeMeta.latches`) is the source:
//! nothing here infers a latch from a client's path.

import type { FdtreeLatch } from "./payload.gen";

/** `C<n>` for client n; `merge` for the merge process (actor `mergeActor`). */
export function actorName(actor: number, mergeActor: number): string {
  return actor === mergeActor ? "merge" : `C${actor}`;
}

/** The lock's name as the view prints it. */
export function lockName(l: FdtreeLatch): string {
  if (l.lock === "l0") return "L0 mutex";
  if (l.lock === "global") return "global lock";
  return `block ${l.block}`;
}

/** One waiting request: the lock, its queue position (0 = front) and the mode asked. */
export interface Wait {
  latch: FdtreeLatch;
  position: number;
  mode: "S" | "X";
}

/** For every waiting actor, the lock it waits for (an actor waits for at most one). */
export function waitsByActor(latches: readonly FdtreeLatch[]): Map<number, Wait> {
  const out = new Map<number, Wait>();
  for (const latch of latches) {
    latch.waiters.forEach(([actor, mode], position) => {
      if (actor !== undefined) out.set(actor, { latch, position, mode: mode === 1 ? "X" : "S" });
    });
  }
  return out;
}

/** Block latches by block id (the L0 mutex and the global lock are not blocks). */
export function blockLatches(latches: readonly FdtreeLatch[]): Map<number, FdtreeLatch> {
  const out = new Map<number, FdtreeLatch>();
  for (const l of latches) if (l.lock === "block") out.set(l.block, l);
  return out;
}

/** "S: C1, C2" / "X: merge" / "free" for the holders of one lock. */
export function holdersText(l: FdtreeLatch, mergeActor: number): string {
  if (l.x_holder !== null) return `X: ${actorName(l.x_holder, mergeActor)}`;
  if (l.s_holders.length > 0) return `S: ${l.s_holders.map((a) => actorName(a, mergeActor)).join(", ")}`;
  return "free";
}

/** "C0 (S), merge (X)" for the queue of one lock, front first; "" when nobody waits. */
export function waitersText(l: FdtreeLatch, mergeActor: number): string {
  return l.waiters.map(([a, m]) => `${actorName(a ?? 0, mergeActor)} (${m === 1 ? "X" : "S"})`).join(", ");
}

/** Every lock an actor holds (an S or X holder), as the view lists it. */
export function heldBy(latches: readonly FdtreeLatch[], actor: number): FdtreeLatch[] {
  return latches.filter((l) => l.x_holder === actor || l.s_holders.includes(actor));
}
