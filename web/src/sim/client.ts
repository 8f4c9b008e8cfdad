//! The UI thread's handle on the simulation worker: promise-returning methods over the typed
//! protocol, crash detection, and a restart that brings the last good scenario back.
//!
//! 1. Each request gets an id; the worker answers in order, and the matching promise settles.
//! 2. A `crash` answer, a worker `error` event or an unreadable message marks the client
//!    crashed: pending and later requests reject with `WorkerCrashedError` and listeners hear
//!    about it once.
//! 3. `restart()` terminates the worker, starts a fresh one and reloads the last scenario that
//!    loaded well, at the last step the client saw.

import type { Request, RequestBody, ResultMap, Response } from "./protocol";
import { ScenarioError, UsageError, WorkerCrashedError } from "./errors";
import type { CoreState, InvariantReport, MetricDetail } from "./types";

type Pending = {
  resolve: (value: ResultMap[keyof ResultMap]) => void;
  reject: (error: Error) => void;
};

export interface LoadOptions {
  seed?: number | null;
  step?: number;
}

export type CrashListener = (message: string) => void;

export class SimClient {
  private worker: Worker;
  private nextId = 1;
  private pending = new Map<number, Pending>();
  private crashMessage: string | null = null;
  private crashListeners = new Set<CrashListener>();
  private lastGood: { scenarioJson: string; seed: number | null } | null = null;
  private lastStep = 0;

  constructor(private readonly createWorker: () => Worker) {
    this.worker = this.start();
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
  async restart(): Promise<ResultMap["load"] | null> {
    this.worker.terminate();
    this.failPending(new WorkerCrashedError("the simulation was restarted"));
    this.crashMessage = null;
    this.worker = this.start();
    if (!this.lastGood) return null;
    const { scenarioJson, seed } = this.lastGood;
    return this.load(scenarioJson, { seed, step: this.lastStep });
  }

  dispose(): void {
    this.worker.terminate();
    this.failPending(new WorkerCrashedError("the simulation was closed"));
    this.crashListeners.clear();
  }

  private start(): Worker {
    const worker = this.createWorker();
    worker.onmessage = (event: MessageEvent<Response>) => this.receive(event.data);
    worker.onerror = (event: ErrorEvent) => {
      event.preventDefault();
      this.crash(event.message || "the simulation worker failed");
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
      this.worker.postMessage(message);
    });
  }

  private receive(response: Response): void {
    const pending = this.pending.get(response.id);
    if (!pending) return;
    this.pending.delete(response.id);
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
      this.crash(message);
    }
  }

  private crash(message: string): void {
    if (this.crashMessage !== null) return;
    this.crashMessage = message;
    this.failPending(new WorkerCrashedError(message));
    for (const listener of this.crashListeners) listener(message);
  }

  private failPending(error: Error): void {
    const pending = [...this.pending.values()];
    this.pending.clear();
    for (const p of pending) p.reject(error);
  }
}

/** The app's worker: Vite bundles `worker.ts` (and the wasm it imports) as a module worker. */
export function createSimWorker(): Worker {
  return new Worker(new URL("./worker.ts", import.meta.url), { type: "module", name: "flashlab-sim" });
}
