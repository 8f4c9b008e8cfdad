//! Computes every lab's paper claims in the browser, in a worker of its own (a lab's session is
//! never blocked by it), lab by lab so the page shows each group as soon as it is done.
//!
//! 1. Started the first time the results page opens; kept for the page's lifetime, so going to a
//!    lab and back does not recompute.
//! 2. Labs run one after another in registry order. Each records its wall time, its claims, or
//!    the core's message if it failed (then a fresh worker takes the next lab).
//! 3. Then, lab by lab again, the figure-shaped results (simulated curves with the paper's
//!    points): after every claim, so the tables are never kept waiting for a chart.

import { Store } from "../app/store";
import { BUILT_LABS } from "../labs/registry";
import { createSimWorker, SimClient } from "../sim/client";
import type { ClaimRow, FigureData } from "../sim/types";

export type LabClaimsStatus = "waiting" | "computing" | "done" | "failed";

export interface LabClaims {
  lab: string;
  status: LabClaimsStatus;
  claims: ClaimRow[];
  error: string | null;
  wallMs: number | null;
  figureStatus: LabClaimsStatus;
  figures: FigureData[];
  figureError: string | null;
}

export class ResultsRun {
  readonly state = new Store<readonly LabClaims[]>(
    BUILT_LABS.map((lab) => ({ lab: lab.entry.id, status: "waiting", claims: [], error: null, wallMs: null, figureStatus: "waiting", figures: [], figureError: null })),
  );
  private started = false;

  start(): void {
    if (this.started) return;
    this.started = true;
    void this.runAll();
  }

  private patch(lab: string, patch: Partial<LabClaims>): void {
    this.state.set(this.state.get().map((row) => (row.lab === lab ? { ...row, ...patch } : row)));
  }

  private async runAll(): Promise<void> {
    let client = new SimClient(createSimWorker);
    for (const { lab } of this.state.get()) {
      this.patch(lab, { status: "computing" });
      const began = performance.now();
      try {
        const claims = await client.claims(lab);
        this.patch(lab, { status: "done", claims, wallMs: performance.now() - began });
      } catch (error) {
        this.patch(lab, { status: "failed", error: error instanceof Error ? error.message : String(error), wallMs: performance.now() - began });
        client.dispose();
        client = new SimClient(createSimWorker);
      }
    }
    for (const { lab } of this.state.get()) {
      this.patch(lab, { figureStatus: "computing" });
      try {
        this.patch(lab, { figureStatus: "done", figures: await client.figures(lab) });
      } catch (error) {
        this.patch(lab, { figureStatus: "failed", figureError: error instanceof Error ? error.message : String(error) });
        client.dispose();
        client = new SimClient(createSimWorker);
      }
    }
    client.dispose();
  }
}

let shared: ResultsRun | null = null;

/** The page's one results run. */
export function resultsRun(): ResultsRun {
  shared ??= new ResultsRun();
  return shared;
}
