//! The paper-results page's data: the claims shipped with the build (computed natively,
//! `shipped.ts`) at once, and every claim recomputed in the browser beside them, in parallel
//! workers (a lab's session is never blocked by them), each recomputed value checked against the
//! shipped one (`check.ts`).
//!
//! 1. Started the first time the results page opens; kept for the page's lifetime, so going to a
//!    lab and back does not recompute.
//! 2. The shipped table is fetched first; it fills every lab's rows as soon as it arrives (if it
//!    is this build's: same core version and source hash).
//! 3. One worker per core the browser reports (`navigator.hardwareConcurrency`, at most one per
//!    lab). Each takes the next lab from one queue (registry order) and computes its claims, then
//!    its figure-shaped results in the same worker: one wasm instance computes a lab's claims and
//!    figures, so whatever the core computes once per process (Fig. 10's sweep,
//!    `fdtree::reproduce::claims_btree`) is computed once for both.
//! 4. A lab records its wall time, its claims, or the core's message if it failed (then a fresh
//!    worker takes that worker's next lab).

import { Store } from "../app/store";
import { BUILT_LABS } from "../labs/registry";
import { createSimWorker, SimClient } from "../sim/client";
import type { ClaimRow, FigureData } from "../sim/types";
import { loadShipped, type Shipped } from "./shipped";

export type LabClaimsStatus = "waiting" | "computing" | "done" | "failed";

export interface LabClaims {
  lab: string;
  /** The recomputation's status in this browser. */
  status: LabClaimsStatus;
  /** The shipped, natively computed claims (null until they arrive, or if there are none). */
  shipped: ClaimRow[] | null;
  /** The claims recomputed in this browser (null until done). */
  recomputed: ClaimRow[] | null;
  error: string | null;
  wallMs: number | null;
  figureStatus: LabClaimsStatus;
  figures: FigureData[];
  figureError: string | null;
}

/** The claims a lab's table shows: the shipped ones when there are, else the recomputed ones. */
export function shownClaims(row: LabClaims): ClaimRow[] {
  return row.shipped ?? row.recomputed ?? [];
}

export interface RunTiming {
  /** Workers recomputing in parallel. */
  workers: number;
  /** ms from start until every lab's claims and figures were recomputed (null until then). */
  recomputeMs: number | null;
}

export class ResultsRun {
  readonly state = new Store<readonly LabClaims[]>(
    BUILT_LABS.map((lab) => ({
      lab: lab.entry.id,
      status: "waiting",
      shipped: null,
      recomputed: null,
      error: null,
      wallMs: null,
      figureStatus: "waiting",
      figures: [],
      figureError: null,
    })),
  );
  readonly shipped = new Store<Shipped>({ state: "loading" });
  readonly timing = new Store<RunTiming>({ workers: 0, recomputeMs: null });
  private started = false;

  start(): void {
    if (this.started) return;
    this.started = true;
    const labs = this.state.get().map((row) => row.lab);
    void loadShipped(labs).then((shipped) => {
      this.shipped.set(shipped);
      if (shipped.state === "ok") this.state.set(this.state.get().map((row) => ({ ...row, shipped: shipped.labs[row.lab] ?? null })));
    });
    void this.recompute(labs);
  }

  private patch(lab: string, patch: Partial<LabClaims>): void {
    this.state.set(this.state.get().map((row) => (row.lab === lab ? { ...row, ...patch } : row)));
  }

  private async recompute(labs: readonly string[]): Promise<void> {
    const began = performance.now();
    const queue = [...labs];
    const cores = typeof navigator !== "undefined" && navigator.hardwareConcurrency > 0 ? navigator.hardwareConcurrency : 1;
    const workers = Math.max(1, Math.min(queue.length, cores));
    this.timing.set({ workers, recomputeMs: null });
    await Promise.all(Array.from({ length: workers }, () => this.drain(queue)));
    this.timing.set({ workers, recomputeMs: performance.now() - began });
  }

  /** One worker's loop (step 3): the next lab's claims, then its figures, until the queue is empty. */
  private async drain(queue: string[]): Promise<void> {
    let client = new SimClient(createSimWorker);
    const fresh = () => {
      client.dispose();
      client = new SimClient(createSimWorker);
    };
    for (let lab = queue.shift(); lab !== undefined; lab = queue.shift()) {
      this.patch(lab, { status: "computing" });
      const began = performance.now();
      try {
        const recomputed = await client.claims(lab);
        this.patch(lab, { status: "done", recomputed, wallMs: performance.now() - began });
      } catch (error) {
        this.patch(lab, { status: "failed", error: message(error), wallMs: performance.now() - began });
        fresh();
      }
      this.patch(lab, { figureStatus: "computing" });
      try {
        this.patch(lab, { figureStatus: "done", figures: await client.figures(lab) });
      } catch (error) {
        this.patch(lab, { figureStatus: "failed", figureError: message(error) });
        fresh();
      }
    }
    client.dispose();
  }
}

const message = (error: unknown): string => (error instanceof Error ? error.message : String(error));

let shared: ResultsRun | null = null;

/** The page's one results run. */
export function resultsRun(): ResultsRun {
  shared ??= new ResultsRun();
  return shared;
}
