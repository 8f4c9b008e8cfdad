//! The UI thread's handle on the simulation worker: promise-returning methods over the typed
//! protocol, crash detection, and a restart that brings the last good scenario back.
//!
//! 1. Each request gets an id; the worker answers in order, and the matching promise settles.
//! 2. A `crash` answer, a worker `error` event or an unreadable message marks the client
//!    crashed: pending and later requests reject with `WorkerCrashedError` and listeners hear
//!    about it once.
//!    A crashed worker is terminated at once (its memory goes back to the browser); nothing
//!    runs until `restart()`.
//! 3. `restart()` terminates the worker, starts a fresh one and reloads the last scenario that
//!    loaded well, at the last step the client saw.
//! 4. A request the worker has been on for more than 0.5 s is reported to `onBusy` listeners
//!    with its progress (`busy.ts`); `cancel()` is `restart()` for that case: pending requests
//!    reject with `CancelledError`, and the last good scenario comes back.

import { type BusyListener, BusyTracker } from "./busy";
import type { ErrorKind, Progress, Request, RequestBody, ResultMap, Response } from "./protocol";
import { CancelledError, ScenarioError, UsageError, WorkerCrashedError } from "./errors";
import { isOutOfMemory } from "./failure";
import type { ClaimRow, CoreState, FigureData, InvariantReport, MetricDetail } from "./types";

export { createSimWorker } from "./simWorker";

type Pending = {
  resolve: (value: ResultMap[keyof ResultMap]) => void;
  reject: (error: Error) => void;
};

export interface LoadOptions {
  seed?: number | null;
  step?: number;
}

/** `kind`: `out-of-memory` when the core ran out of memory, else `crash`. */
export type CrashListener = (message: string, kind: CrashKind) => void;

export type CrashKind = Extract<ErrorKind, "crash" | "out-of-memory">;

export class SimClient {
  private worker: Worker;
  private nextId = 1;
  private pending = new Map<number, Pending>();
  private crashMessage: string | null = null;
  private crashListeners = new Set<CrashListener>();
  private lastGood: { scenarioJson: string; seed: number | null } | null = null;
  private lastStep = 0;
  private busyListeners = new Set<BusyListener>();
  private readonly busy = new BusyTracker((busy) => {
    for (const listener of this.busyListeners) listener(busy);
  });

  constructor(private readonly createWorker: () => Worker) {
    this.worker = this.start();
  }

  /** Hears when a request has kept the worker busy for 0.5 s, its progress, and its end (null). */
  onBusy(listener: BusyListener): () => void {
    this.busyListeners.add(listener);
    return () => this.busyListeners.delete(listener);
  }

  get crashed(): string | null {
    return this.crashMessage;
  }

  onCrash(listener: CrashListener): () => void {
    this.crashListeners.add(listener);
    return () => this.crashListeners.delete(listener);
  }

  load(scenarioJson: string, options: LoadOptions = {}): Promise<ResultMap["load"]> {
    const seed = options.seed ?? null;
    return this.request({ type: "load", scenarioJson, seed, step: options.step ?? 0 }).then((result) => {
      this.lastGood = { scenarioJson, seed };
      return result;
    });
  }

  step(n: number): Promise<ResultMap["step"]> {
    return this.request({ type: "step", n });
  }

  seek(step: number): Promise<ResultMap["seek"]> {
    return this.request({ type: "seek", step });
  }

  runToEnd(): Promise<ResultMap["runToEnd"]> {
    return this.request({ type: "runToEnd" });
  }

  advance(untilNs: number, maxSteps: number): Promise<ResultMap["advance"]> {
    return this.request({ type: "advance", untilNs, maxSteps });
  }

  snapshot(): Promise<ResultMap["snapshot"]> {
    return this.request({ type: "snapshot" });
  }

  async state(): Promise<CoreState> {
    return (await this.request({ type: "state" })).state;
  }

  async invariants(): Promise<InvariantReport[]> {
    return JSON.parse((await this.request({ type: "invariants" })).json) as InvariantReport[];
  }

  async metrics(): Promise<MetricDetail[]> {
    return JSON.parse((await this.request({ type: "metrics" })).json) as MetricDetail[];
  }

  async answers(): Promise<unknown> {
    return JSON.parse((await this.request({ type: "answers" })).json) as unknown;
  }

  async report(): Promise<unknown> {
    return JSON.parse((await this.request({ type: "report" })).json) as unknown;
  }

  /** The paper claims of one lab as the core computes them now (`flashlab reproduce --lab`). */
  async claims(lab: string): Promise<ClaimRow[]> {
    return JSON.parse((await this.request({ type: "claims", lab })).json) as ClaimRow[];
  }

  /** The figure-shaped results of one lab: simulated curves computed now, with the paper's points. */
  async figures(lab: string): Promise<FigureData[]> {
    return JSON.parse((await this.request({ type: "figures", lab })).json) as FigureData[];
  }

  /** Test hook: makes the core panic; resolves with the crash message once the client has crashed. */
  async debugPanic(): Promise<string> {
    try {
      await this.request({ type: "debugPanic" });
    } catch (error) {
      if (error instanceof WorkerCrashedError) return error.message;
      throw error;
    }
    throw new UsageError("the core did not panic");
  }

  /** Terminates the worker, starts a new one and reloads the last good scenario at its step. */
  restart(): Promise<ResultMap["load"] | null> {
    return this.replaceWorker(new WorkerCrashedError("the simulation was restarted"));
  }

  /** Stops the work in progress: like `restart()`, but pending requests reject with `CancelledError`. */
  cancel(): Promise<ResultMap["load"] | null> {
    return this.replaceWorker(new CancelledError("cancelled"));
  }

  dispose(): void {
    this.worker.terminate();
    this.failPending(new WorkerCrashedError("the simulation was closed"));
    this.crashListeners.clear();
    this.busyListeners.clear();
  }

  private async replaceWorker(reason: Error): Promise<ResultMap["load"] | null> {
    this.worker.terminate();
    this.failPending(reason);
    this.crashMessage = null;
    this.worker = this.start();
    if (!this.lastGood) return null;
    const { scenarioJson, seed } = this.lastGood;
    return this.load(scenarioJson, { seed, step: this.lastStep });
  }

  private start(): Worker {
    const worker = this.createWorker();
    worker.onmessage = (event: MessageEvent<Response | Progress>) => this.receive(event.data);
    worker.onerror = (event: ErrorEvent) => {
      event.preventDefault();
      const message = event.message || "the simulation worker failed";
      this.crash(message, isOutOfMemory(message) ? "out-of-memory" : "crash");
    };
    worker.onmessageerror = () => this.crash("a message from the simulation worker could not be read");
    return worker;
  }

  private request<T extends RequestBody>(body: T): Promise<ResultMap[T["type"]]> {
    if (this.crashMessage !== null) {
      return Promise.reject(new WorkerCrashedError(this.crashMessage));
    }
    const id = this.nextId++;
    const message: Request = { ...body, id };
    return new Promise<ResultMap[T["type"]]>((resolve, reject) => {
      this.pending.set(id, {
        resolve: resolve as (value: ResultMap[keyof ResultMap]) => void,
        reject,
      });
      this.busy.begin(id, body.type);
      this.worker.postMessage(message);
    });
  }

  private receive(response: Response | Progress): void {
    if ("progress" in response) {
      this.busy.progress(response);
      return;
    }
    const pending = this.pending.get(response.id);
    if (!pending) return;
    this.pending.delete(response.id);
    this.busy.end(response.id);
    if (response.ok) {
      const result = response.result;
      if ("snapshot" in result) this.lastStep = result.snapshot.state.step;
      if ("state" in result) this.lastStep = result.state.step;
      pending.resolve(result);
      return;
    }
    const { kind, message } = response.error;
    if (kind === "scenario") pending.reject(new ScenarioError(message));
    else if (kind === "usage") pending.reject(new UsageError(message));
    else {
      pending.reject(new WorkerCrashedError(message));
      this.crash(message, kind);
    }
  }

  private crash(message: string, kind: CrashKind = "crash"): void {
    if (this.crashMessage !== null) return;
    this.crashMessage = message;
    // The instance is dead: give its memory back now; `restart()` starts a fresh worker.
    this.worker.terminate();
    this.failPending(new WorkerCrashedError(message));
    for (const listener of this.crashListeners) listener(message, kind);
  }

  private failPending(error: Error): void {
    const pending = [...this.pending.values()];
    this.pending.clear();
    this.busy.reset();
    for (const p of pending) p.reject(error);
  }
}
