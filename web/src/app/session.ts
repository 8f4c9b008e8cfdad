//! The lab session: the one simulation the app shows, as a store React subscribes to.
//!
//! 1. Every call to the worker goes through one queue, so snapshots are applied in the order the
//!    worker produced them and playback never races a user's step or seek.
//! 2. Four stores, by how often they change: `state` (scenario, status, playing: rarely),
//!    `frame` (the step shown: up to once per animation frame), `panels` (the same, throttled
//!    to a few updates a second while playing, for the text-heavy side panels) and `clock`
//!    (the display time: every frame while playing). Only the lab view redraws at 60 fps.
//! 3. Playback advances simulated time at `speed` simulated seconds per wall second. The current
//!    step is valid until the next step's time (`nextEventNs`, learnt from `advance`), so the view
//!    can animate up to it without asking the worker; at most one `advance` is in flight.

import type { Busy } from "../sim/busy";
import { type CrashKind, SimClient } from "../sim/client";
import { CancelledError, ScenarioError, WorkerCrashedError } from "../sim/errors";
import { decodeEvents, kindTable, type DecodedEvent } from "../sim/events";
import type { ResultMap } from "../sim/protocol";
import type { CoreInfo, CoreState, EventKindInfo, InvariantReport, MetricTimeline, Snapshot } from "../sim/types";
import { Store } from "./store";

export type ScenarioSource =
  | { kind: "bundled"; name: string }
  | { kind: "file"; fileName: string }
  | { kind: "link" }
  | { kind: "api" };

export interface LoadedScenario {
  json: string;
  source: ScenarioSource;
  info: CoreInfo;
  totalSteps: number;
  timeline: MetricTimeline;
  invariantNames: string[];
}

/** One step as the UI shows it: the worker's snapshot and its decoded events. */
export interface Frame {
  snapshot: Snapshot;
  events: DecodedEvent[];
}

export interface SessionState {
  status: "empty" | "loading" | "ready" | "crashed";
  scenario: LoadedScenario | null;
  playing: boolean;
  speed: number;
  /** The core's field-level message for the last rejected scenario (file or API). */
  loadError: string | null;
  crash: string | null;
  /** What stopped the core: a crash (a bug) or running out of memory (a scenario too large). */
  crashKind: CrashKind | null;
}

export interface LoadOptions {
  source: ScenarioSource;
  step?: number;
  seed?: number | null;
  /** Put a rejection into `loadError` (files, API); links report their own errors. */
  reportError?: boolean;
}

/** Steps the worker may take for one animation frame before answering. */
const MAX_STEPS_PER_FRAME = 4000;
/** A frame longer than this (a background tab) does not jump the simulation ahead. */
const MAX_FRAME_MS = 100;
/** Side panels update at most this often while playing. */
const PANEL_INTERVAL_MS = 200;

export class LabSession {
  readonly state = new Store<SessionState>({
    status: "empty",
    scenario: null,
    playing: false,
    speed: 0.01,
    loadError: null,
    crash: null,
    crashKind: null,
  });
  /** The request the worker has been busy with for more than 0.5 s, with its progress. */
  readonly busy = new Store<Busy | null>(null);
  /** The step shown. */
  readonly frame = new Store<Frame | null>(null);
  /** The step shown, at most every `PANEL_INTERVAL_MS` while playing. */
  readonly panels = new Store<Frame | null>(null);
  /** Simulated time shown by the animated views, in ns. */
  readonly clock = new Store<number>(0);
  private lastPanelMs = 0;
  private panelTimer: ReturnType<typeof setTimeout> | null = null;

  private queue: Promise<unknown> = Promise.resolve();
  private pendingOps = 0;
  private kinds = new Map<number, EventKindInfo>();
  private nextEventNs: number | null = null;
  private advanceInFlight = false;
  private animationFrame: number | null = null;
  private lastFrameMs: number | null = null;
  private scrubTarget: number | null = null;
  private scrubbing = false;

  constructor(private readonly client: SimClient) {
    client.onCrash((message, kind) => {
      this.stopFrames();
      this.state.update({ status: "crashed", crash: message, crashKind: kind, playing: false });
    });
    client.onBusy((busy) => this.busy.set(busy));
  }

  get current(): SessionState {
    return this.state.get();
  }

  /** The snapshot shown, if any. */
  get snapshot(): Snapshot | null {
    return this.frame.get()?.snapshot ?? null;
  }

  // ---- loading -------------------------------------------------------------------------

  async load(scenarioJson: string, options: LoadOptions): Promise<ResultMap["load"]> {
    this.pause();
    const previous = this.current.status;
    this.state.update({ status: previous === "ready" ? "ready" : "loading" });
    try {
      const result = await this.enqueue(() =>
        this.client.load(scenarioJson, { seed: options.seed ?? null, step: options.step ?? 0 }),
      );
      this.kinds = kindTable(result.info.eventKinds);
      this.nextEventNs = null;
      this.state.update({
        status: "ready",
        scenario: {
          json: scenarioJson,
          source: options.source,
          info: result.info,
          totalSteps: result.totalSteps,
          timeline: result.timeline,
          invariantNames: result.invariantNames,
        },
        loadError: null,
        crash: null,
      });
      this.applySnapshot(result.snapshot);
      return result;
    } catch (error) {
      if (error instanceof CancelledError) {
        // `cancel()` brings the previous scenario back and sets the status.
      } else if (error instanceof ScenarioError) {
        this.state.update({
          status: this.current.scenario ? "ready" : "empty",
          ...(options.reportError === false ? {} : { loadError: error.message }),
        });
      }
      throw error;
    }
  }

  dismissLoadError(): void {
    this.state.update({ loadError: null });
  }

  /** After a crash: a fresh worker, and the last scenario that loaded well at the step shown. */
  restart(): Promise<void> {
    return this.replaceWorker(() => this.client.restart());
  }

  /** Stops a long load or step: a fresh worker, and the previous scenario at the step shown. */
  cancel(): Promise<void> {
    return this.replaceWorker(() => this.client.cancel());
  }

  private async replaceWorker(replace: () => Promise<ResultMap["load"] | null>): Promise<void> {
    this.pause();
    this.state.update({ status: "loading" });
    try {
      const result = await replace();
      this.queue = Promise.resolve();
      this.advanceInFlight = false;
      if (result) {
        this.kinds = kindTable(result.info.eventKinds);
        this.nextEventNs = null;
        this.state.update({ status: "ready", crash: null, crashKind: null });
        this.applySnapshot(result.snapshot);
      } else {
        this.state.update({ status: "empty", crash: null, crashKind: null });
      }
    } catch (error) {
      if (this.current.status === "crashed") return; // the crash listener has said what happened
      const message = error instanceof Error ? error.message : String(error);
      this.state.update({ status: "crashed", crash: message, crashKind: "crash" });
    }
  }

  // ---- timeline ------------------------------------------------------------------------

  async step(n: number): Promise<Snapshot> {
    // The core takes a u32 per call; larger requests are capped (a run ends long before).
    return this.run(() => this.client.step(Math.min(Math.max(0, Math.floor(n)), 0xffff_ffff)));
  }

  async stepBack(): Promise<Snapshot> {
    return this.run(async () => {
      const step = (await this.client.state()).step;
      return this.client.seek(Math.max(0, step - 1));
    });
  }

  async seek(step: number): Promise<Snapshot> {
    return this.run(() => this.client.seek(Math.max(0, Math.floor(step))));
  }

  async runToEnd(): Promise<Snapshot> {
    return this.run(() => this.client.runToEnd());
  }

  /** Seeks for a dragged slider: at most one seek in flight, the latest target wins. */
  scrubTo(step: number): void {
    this.pause();
    this.nextEventNs = null;
    this.scrubTarget = step;
    if (this.scrubbing) return;
    this.scrubbing = true;
    const next = async (): Promise<void> => {
      while (this.scrubTarget !== null) {
        const target = this.scrubTarget;
        this.scrubTarget = null;
        const snapshot = await this.enqueue(() => this.client.seek(target)).catch(() => null);
        if (snapshot) this.applySnapshot(snapshot.snapshot);
      }
      this.scrubbing = false;
    };
    void next();
  }

  // ---- queries (fresh from the worker) --------------------------------------------------

  queryState(): Promise<CoreState> {
    return this.enqueue(() => this.client.state());
  }

  queryInvariants(): Promise<InvariantReport[]> {
    return this.enqueue(() => this.client.invariants());
  }

  async queryMetrics(): Promise<Record<string, number>> {
    const metrics = await this.enqueue(() => this.client.metrics());
    return Object.fromEntries(metrics.map((m) => [m.name, m.value]));
  }

  queryAnswers(): Promise<unknown> {
    return this.enqueue(() => this.client.answers());
  }

  queryReport(): Promise<unknown> {
    return this.enqueue(() => this.client.report());
  }

  /** Test hook: crashes the worker on purpose (see `SimClient.debugPanic`). */
  debugPanic(): Promise<string> {
    this.pause();
    return this.enqueue(() => this.client.debugPanic());
  }

  // ---- playback ------------------------------------------------------------------------

  setSpeed(speed: number): void {
    this.state.update({ speed });
  }

  play(): void {
    const { scenario, playing, status } = this.current;
    const snapshot = this.snapshot;
    if (playing || !snapshot || !scenario || status !== "ready") return;
    if (snapshot.state.step >= scenario.totalSteps) {
      // At the end: play from the start, like any player.
      void this.seek(0).then(() => this.play(), () => undefined);
      return;
    }
    this.state.update({ playing: true });
    this.lastFrameMs = null;
    this.requestFrame();
  }

  pause(): void {
    if (!this.current.playing) return;
    this.state.update({ playing: false });
    this.stopFrames();
  }

  togglePlay(): void {
    if (this.current.playing) this.pause();
    else this.play();
  }

  dispose(): void {
    this.stopFrames();
    this.client.dispose();
  }

  // ---- internals -----------------------------------------------------------------------

  private enqueue<T>(op: () => Promise<T>): Promise<T> {
    this.pendingOps += 1;
    const run = this.queue.then(op);
    this.queue = run.catch(() => undefined);
    return run.finally(() => {
      this.pendingOps -= 1;
    });
  }

  /** A user or API timeline action: pauses playback, runs, shows the result. */
  private async run(op: () => Promise<{ snapshot: Snapshot }>): Promise<Snapshot> {
    this.pause();
    const { snapshot } = await this.enqueue(op);
    this.nextEventNs = null;
    this.applySnapshot(snapshot);
    return snapshot;
  }

  private applySnapshot(snapshot: Snapshot): void {
    this.frame.set({ snapshot, events: decodeEvents(snapshot.events, this.kinds) });
    this.syncPanels(false);
    const time = snapshot.state.simTimeNs;
    if (!this.current.playing || this.clock.get() < time) this.clock.set(time);
  }

  /** Copies `frame` to `panels`: at once when paused or forced, else throttled with a trailing update. */
  private syncPanels(force: boolean): void {
    const now = performance.now();
    const due = force || !this.current.playing || now - this.lastPanelMs >= PANEL_INTERVAL_MS;
    if (due) {
      if (this.panelTimer !== null) clearTimeout(this.panelTimer);
      this.panelTimer = null;
      this.lastPanelMs = now;
      this.panels.set(this.frame.get());
    } else if (this.panelTimer === null) {
      this.panelTimer = setTimeout(() => {
        this.panelTimer = null;
        this.syncPanels(true);
      }, PANEL_INTERVAL_MS - (now - this.lastPanelMs));
    }
  }

  private requestFrame(): void {
    if (this.animationFrame === null) this.animationFrame = requestAnimationFrame(this.tick);
  }

  private stopFrames(): void {
    if (this.animationFrame !== null) cancelAnimationFrame(this.animationFrame);
    this.animationFrame = null;
    this.lastFrameMs = null;
    const snapshot = this.snapshot;
    if (snapshot) this.clock.set(snapshot.state.simTimeNs);
    this.syncPanels(true);
  }

  private tick = (nowMs: number): void => {
    this.animationFrame = null;
    const { playing, speed } = this.current;
    const snapshot = this.snapshot;
    if (!playing || !snapshot) return;
    const elapsedMs = this.lastFrameMs === null ? 0 : Math.min(nowMs - this.lastFrameMs, MAX_FRAME_MS);
    this.lastFrameMs = nowMs;
    const stepTime = snapshot.state.simTimeNs;
    const wanted = Math.max(this.clock.get(), stepTime) + elapsedMs * 1e6 * speed;
    const next = this.nextEventNs;
    if (next !== null && wanted < next) {
      this.clock.set(wanted);
    } else if (snapshot.state.done && next === null) {
      this.pause();
      return;
    } else {
      // The next step is due (or unknown): show up to it, and ask the worker to catch up.
      this.clock.set(next === null ? stepTime : next);
      this.requestAdvance(wanted);
    }
    this.requestFrame();
  };

  private requestAdvance(untilNs: number): void {
    if (this.advanceInFlight || this.pendingOps > 0) return;
    this.advanceInFlight = true;
    this.enqueue(() => this.client.advance(untilNs, MAX_STEPS_PER_FRAME))
      .then((result) => {
        if (!this.current.playing) {
          this.applySnapshot(result.snapshot);
          return;
        }
        this.nextEventNs = result.nextEventNs;
        this.applySnapshot(result.snapshot);
        const atEnd = result.nextEventNs === null && (result.snapshot.state.done || result.taken === 0);
        if (atEnd) this.pause();
      })
      .catch((error: unknown) => {
        if (!(error instanceof WorkerCrashedError)) this.pause();
      })
      .finally(() => {
        this.advanceInFlight = false;
      });
  }
}
