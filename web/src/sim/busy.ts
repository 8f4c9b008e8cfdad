//! Which request the worker is busy with, and whether it has been busy long enough to say so.
//!
//! 1. The worker answers strictly in order, so the request it is working on is the oldest one
//!    not yet answered (the head). Its clock starts when it becomes the head.
//! 2. Once the head has run for `delayMs` (0.5 s), listeners hear `Busy` (what, since when, the
//!    steps taken so far); after that, every progress message of the head is passed on.
//! 3. When a shown head is answered, listeners hear `null` (or the next head, if that has
//!    already run long enough). Requests answered within the delay are never shown.

import type { Progress, RequestType } from "./protocol";

/** The UI waits this long before showing that the core is working. */
export const BUSY_DELAY_MS = 500;

export interface Busy {
  request: RequestType;
  /** `performance.now()` when the worker started on it, for an elapsed-time display. */
  startedMs: number;
  /** Steps taken so far (from the worker's progress messages), or null before the first one. */
  steps: number | null;
  phase: Progress["progress"]["phase"] | null;
}

export type BusyListener = (busy: Busy | null) => void;

export interface Timers {
  now: () => number;
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

const realTimers: Timers = {
  now: () => performance.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

interface Entry {
  id: number;
  busy: Busy;
}

export class BusyTracker {
  private queue: Entry[] = [];
  private shown = false;
  private timer: unknown = null;

  constructor(
    private readonly notify: BusyListener,
    private readonly delayMs = BUSY_DELAY_MS,
    private readonly timers: Timers = realTimers,
  ) {}

  /** A request was sent. */
  begin(id: number, request: RequestType): void {
    this.queue.push({ id, busy: { request, startedMs: this.timers.now(), steps: null, phase: null } });
    if (this.queue.length === 1) this.arm();
  }

  /** A progress message arrived. */
  progress(message: Progress): void {
    const head = this.queue[0];
    if (!head || head.id !== message.id) return;
    head.busy = { ...head.busy, steps: message.progress.steps, phase: message.progress.phase };
    if (this.shown) this.notify(head.busy);
  }

  /** Request `id` was answered. */
  end(id: number): void {
    const index = this.queue.findIndex((entry) => entry.id === id);
    if (index < 0) return;
    this.queue.splice(index, 1);
    if (index !== 0) return;
    this.disarm();
    if (this.shown) {
      this.shown = false;
      this.notify(null);
    }
    const head = this.queue[0];
    if (head) {
      head.busy = { ...head.busy, startedMs: this.timers.now() };
      this.arm();
    }
  }

  /** Everything pending was dropped (a crash, a restart, a cancel). */
  reset(): void {
    this.queue = [];
    this.disarm();
    if (this.shown) {
      this.shown = false;
      this.notify(null);
    }
  }

  private arm(): void {
    this.disarm();
    this.timer = this.timers.setTimeout(() => {
      this.timer = null;
      const head = this.queue[0];
      if (!head) return;
      this.shown = true;
      this.notify(head.busy);
    }, this.delayMs);
  }

  private disarm(): void {
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
  }
}

const VERB: Partial<Record<RequestType, string>> = {
  load: "Loading the scenario",
  step: "Stepping",
  runToEnd: "Running to the end",
  seek: "Seeking",
  advance: "Playing",
};

/** One line for the busy banner, e.g. "Loading the scenario… 12,345 steps · 3.2 s". */
export function describeBusy(busy: Busy, nowMs: number): string {
  const verb = VERB[busy.request] ?? "Working";
  const seconds = Math.max(0, (nowMs - busy.startedMs) / 1000).toFixed(1);
  const steps = busy.steps === null ? "" : ` ${busy.steps.toLocaleString("en-US")} steps ·`;
  return `${verb}…${steps} ${seconds} s`;
}
