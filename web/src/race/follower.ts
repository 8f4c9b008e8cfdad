//! The other side of a race: a second scenario of the same lab, in a worker of its own, kept at
//! the same simulated time as the run the user drives. Every lab gets a side-by-side comparison
//! this way (FCFS against SSTF, greedy against cost-benefit GC, the disk against the SSD).
//!
//! 1. `load` starts the second run at step 0.
//! 2. `follow(t)` asks for simulated time t; requests coalesce, so only the latest waits.
//! 3. Forward, the worker `advance`s step by step while the next step's time is ≤ t; backward
//!    (a rewind, a seek), it first seeks to step 0. The shown step is the last one at or before t.

import { Store } from "../app/store";
import { createSimWorker, SimClient } from "../sim/client";
import type { CoreInfo, Snapshot } from "../sim/types";

export interface RaceSide {
  status: "loading" | "ready" | "failed";
  info: CoreInfo | null;
  snapshot: Snapshot | null;
  error: string | null;
}

/** Steps the worker may take to catch up in one request (a runaway guard, not a limit users meet). */
const MAX_CATCH_UP_STEPS = 2_000_000;

export class RaceFollower {
  readonly side = new Store<RaceSide>({ status: "loading", info: null, snapshot: null, error: null });
  private readonly client = new SimClient(createSimWorker);
  private wantNs: number | null = null;
  private pumping = false;
  private disposed = false;

  async load(scenarioJson: string): Promise<void> {
    try {
      const result = await this.client.load(scenarioJson, { step: 0 });
      this.side.set({ status: "ready", info: result.info, snapshot: result.snapshot, error: null });
      if (this.wantNs !== null && !this.pumping) void this.pump();
    } catch (error) {
      this.side.set({ status: "failed", info: null, snapshot: null, error: error instanceof Error ? error.message : String(error) });
    }
  }

  follow(timeNs: number): void {
    this.wantNs = timeNs;
    if (!this.pumping && this.side.get().status === "ready") void this.pump();
  }

  private async pump(): Promise<void> {
    this.pumping = true;
    try {
      while (this.wantNs !== null && !this.disposed) {
        const target = this.wantNs;
        this.wantNs = null;
        const shown = this.side.get().snapshot;
        if (shown && shown.state.simTimeNs > target) {
          const rewound = await this.client.seek(0);
          this.side.set({ ...this.side.get(), snapshot: rewound.snapshot });
        }
        const result = await this.client.advance(target, MAX_CATCH_UP_STEPS);
        if (!this.disposed) this.side.set({ ...this.side.get(), snapshot: result.snapshot });
      }
    } catch (error) {
      if (!this.disposed) this.side.set({ ...this.side.get(), status: "failed", error: error instanceof Error ? error.message : String(error) });
    } finally {
      this.pumping = false;
    }
  }

  dispose(): void {
    this.disposed = true;
    this.client.dispose();
  }
}
