//! The Web Worker that hosts the wasm core. It owns at most one `Sim` and answers the requests
//! of `protocol.ts` strictly in order.
//!
//! 1. The core is one WebAssembly module per lab group (`wasmGroups.ts`); a request that
//!    needs one waits for it to load (once). The loaded `Sim` stays with its module. The worker's
//!    name may carry the lab the page opens (`flashlab-sim:<lab>`, `client.ts`): that lab's
//!    module starts loading at once, while the page is still fetching and drawing, so the first
//!    `load` finds it compiled or in flight.
//! 2. `load` builds a new `Sim` (the old one survives a bad scenario), runs it to the end to
//!    learn the number of steps, samples the metrics evenly over the run for sparklines, then
//!    seeks to the requested step. Keyframes make the seeks cheap.
//! 3. `advance` steps while the next step's time is at most `untilNs`. The time of a step is
//!    only known after taking it, so the step that overshoots is undone with a seek (a keyframe
//!    restore and a short replay, exact because runs are deterministic) and its time is returned
//!    as `nextEventNs`: the UI can then animate up to that time without asking again.
//! 4. A wasm trap (a core panic under `panic = "abort"`, or a failed allocation) leaves the
//!    instance unusable: the worker answers `crash` (or `out-of-memory`) from then on, and the
//!    client must restart it before anything else runs. `failure.ts` decides what to call an
//!    error; only the `Sim` constructor's own `Error` is "a bad scenario". After a trap the
//!    worker never calls into the instance again (not even `free()`, whose wasm-bindgen borrow
//!    check would throw a misleading "attempted to take ownership … while it was borrowed").
//! 5. Long runs (a load's run to the end, `step`, `runToEnd`) go in chunks (`chunked.ts`);
//!    every `PROGRESS_MS` the worker posts a progress message with the steps taken so far, so
//!    the UI can show that it is working and offer Cancel (which terminates it).

import type { Sim } from "@wasm";
import { stepInChunks } from "./chunked";
import { classifyFailure, type FailurePhase } from "./failure";
import type { Progress, Request, RequestBody, ResultMap, Response } from "./protocol";
import { snapshotTransfer } from "./protocol";
import { groupOf, instanceOf, knownGroupOf, labOfScenario, type WasmInstance } from "./wasmGroups";
import type { CoreState, MetricDetail, MetricTimeline, PseudoFrame, Snapshot, ViewMeta } from "./types";

/** Points sampled over the run for the metric sparklines. */
const TIMELINE_POINTS = 64;
/** At most one progress message per this many ms. */
const PROGRESS_MS = 100;
const PANIC_PREFIX = "flashlab core panic: ";

interface WorkerScope {
  onmessage: ((event: MessageEvent<Request>) => void) | null;
  postMessage(message: Response | Progress, transfer: Transferable[]): void;
}

const scope = self as unknown as WorkerScope;
/** The module of the loaded `sim` (a `Sim` only works with the module that made it). */
let simInstance: WasmInstance | null = null;
let sim: Sim | null = null;
let crashed: { kind: "crash" | "out-of-memory"; message: string } | null = null;
let queue: Promise<void> = Promise.resolve();
/** The last panic the core's hook logged (it calls `console.error` just before trapping). */
let lastPanic: string | null = null;
const consoleError = console.error.bind(console);
console.error = (...args: unknown[]) => {
  const first = args[0];
  if (typeof first === "string" && first.startsWith(PANIC_PREFIX)) lastPanic = first.slice(PANIC_PREFIX.length);
  consoleError(...args);
};

/** Reports progress of request `id` at most every `PROGRESS_MS`. */
class Reporter {
  private lastMs = performance.now();
  constructor(private readonly id: number) {}

  report(phase: Progress["progress"]["phase"], steps: number): void {
    const now = performance.now();
    if (now - this.lastMs < PROGRESS_MS) return;
    this.lastMs = now;
    scope.postMessage({ id: this.id, progress: { phase, steps } }, []);
  }
}

/** Takes up to `n` steps in adaptive chunks (`chunked.ts`), reporting progress; returns the steps taken. */
function stepChunked(s: Sim, n: number, reporter: Reporter, phase: Progress["progress"]["phase"]): number {
  return stepInChunks(s, n, (steps) => reporter.report(phase, steps), () => performance.now());
}

class UsageError extends Error {}

function readState(s: Sim): CoreState {
  return JSON.parse(s.state()) as CoreState;
}

function takeSnapshot(s: Sim): Snapshot {
  const view = s.viewData();
  return {
    state: readState(s),
    metrics: JSON.parse(s.metrics()) as MetricDetail[],
    invariants: JSON.parse(s.invariants()) as Snapshot["invariants"],
    events: s.events(),
    view,
    viewMeta: JSON.parse(s.viewMeta()) as ViewMeta,
    pseudo: JSON.parse(s.pseudo()) as PseudoFrame | null,
  };
}

function current(): Sim {
  if (!sim) throw new UsageError("no scenario is loaded");
  return sim;
}

function sampleTimeline(s: Sim, totalSteps: number): MetricTimeline {
  const points = Math.min(TIMELINE_POINTS, totalSteps);
  const steps: number[] = [];
  const values: Record<string, number[]> = {};
  for (let i = 0; i <= points; i++) {
    const step = points === 0 ? 0 : Math.round((i * totalSteps) / points);
    s.seek(step);
    steps.push(step);
    for (const metric of JSON.parse(s.metrics()) as MetricDetail[]) {
      (values[metric.name] ??= []).push(metric.value);
    }
  }
  return { steps, values };
}

/** The phase of the request being handled, for `classifyFailure`. */
let phase: FailurePhase = "run";

function load(
  instance: WasmInstance,
  scenarioJson: string,
  seed: number | null,
  step: number,
  reporter: Reporter,
): ResultMap["load"] {
  // Throws the core's field-level error for a bad scenario; the old Sim is kept in that case.
  phase = "build";
  performance.mark("flashlab:load-start");
  const { Sim: SimClass } = instance.module;
  const next = seed === null ? new SimClass(scenarioJson) : new SimClass(scenarioJson, seed);
  phase = "run";
  try {
    stepChunked(next, Number.MAX_SAFE_INTEGER, reporter, "load");
    performance.mark("flashlab:load-ran");
    const end = readState(next);
    const totalSteps = end.totalSteps ?? end.step;
    const invariantNames = (JSON.parse(next.invariants()) as Snapshot["invariants"]).map((i) => i.name);
    const timeline = sampleTimeline(next, totalSteps);
    next.seek(Math.min(step, totalSteps));
    const snapshot = takeSnapshot(next);
    const info = JSON.parse(next.info()) as ResultMap["load"]["info"];
    sim?.free();
    sim = next;
    simInstance = instance;
    performance.mark("flashlab:load-done");
    return { info, totalSteps, timeline, invariantNames, snapshot };
  } catch (error) {
    // After a trap the instance must not be touched: freeing it would throw a borrow error
    // that hides the real one. Only free it after an ordinary error.
    if (!(error instanceof WebAssembly.RuntimeError)) {
      try {
        next.free();
      } catch {
        // The original error is the one to report.
      }
    }
    throw error;
  }
}

function advance(untilNs: number, maxSteps: number): ResultMap["advance"] {
  const s = current();
  let state = readState(s);
  let nextEventNs: number | null = null;
  let taken = 0;
  while (taken < maxSteps) {
    const before = state.step;
    if (s.step(1) === 0) break; // the end of the run
    state = readState(s);
    if (state.simTimeNs > untilNs) {
      nextEventNs = state.simTimeNs;
      s.seek(before);
      break;
    }
    taken += 1;
  }
  return { snapshot: takeSnapshot(s), nextEventNs, taken };
}

/** The module a request runs in: its lab's group, else the loaded simulation's, else the first. */
function groupFor(request: Request): string {
  switch (request.type) {
    case "load":
      return groupOf(labOfScenario(request.scenarioJson));
    case "claims":
    case "figures":
      return groupOf(request.lab);
    default:
      return simInstance?.group ?? groupOf(null);
  }
}

function handle(request: Request, instance: WasmInstance): ResultMap[RequestBody["type"]] {
  const reporter = new Reporter(request.id);
  switch (request.type) {
    case "load":
      return load(instance, request.scenarioJson, request.seed, request.step, reporter);
    case "step":
      stepChunked(current(), request.n, reporter, "step");
      return { snapshot: takeSnapshot(current()) };
    case "seek":
      current().seek(request.step);
      return { snapshot: takeSnapshot(current()) };
    case "runToEnd":
      stepChunked(current(), Number.MAX_SAFE_INTEGER, reporter, "step");
      return { snapshot: takeSnapshot(current()) };
    case "advance":
      return advance(request.untilNs, request.maxSteps);
    case "snapshot":
      return { snapshot: takeSnapshot(current()) };
    case "state":
      return { state: readState(current()) };
    case "invariants":
      return { json: current().invariants() };
    case "metrics":
      return { json: current().metrics() };
    case "answers":
      return { json: current().answers() };
    case "report":
      return { json: current().report() };
    case "claims":
      return { json: instance.module.labClaims(request.lab) };
    case "figures":
      return { json: instance.module.labFigures(request.lab) };
    case "debugPanic":
      instance.module.debugPanic();
      return {};
  }
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}

function fail(id: number, kind: "scenario" | "usage" | "crash" | "out-of-memory", message: string): void {
  scope.postMessage({ id, ok: false, error: { kind, message } }, []);
}

async function respond(request: Request): Promise<void> {
  let instance: WasmInstance | null = null;
  try {
    instance = await instanceOf(groupFor(request));
  } catch (error) {
    crashed ??= { kind: "crash", message: `the simulation core could not start: ${describe(error)}` };
  }
  if (crashed !== null || instance === null) {
    fail(request.id, crashed?.kind ?? "crash", crashed?.message ?? "the simulation core could not start");
    return;
  }
  phase = "run";
  lastPanic = null;
  try {
    const result = handle(request, instance);
    const transfer: Transferable[] = "snapshot" in result ? snapshotTransfer(result.snapshot) : [];
    scope.postMessage({ id: request.id, ok: true, type: request.type, result }, transfer);
  } catch (error) {
    if (error instanceof UsageError) {
      fail(request.id, "usage", error.message);
      return;
    }
    const failure = classifyFailure(error, phase, {
      panic: lastPanic,
      memoryBytes: instance.memory.buffer.byteLength,
    });
    if (failure.kind === "scenario") {
      fail(request.id, "scenario", failure.message);
      return;
    }
    crashed = { kind: failure.kind, message: failure.message };
    sim = null; // the instance is unusable now; never call into it again
    simInstance = null;
    fail(request.id, failure.kind, failure.message);
  }
}

// Step 1's head start. A failure here is not reported: the first request that needs the module
// awaits the same promise and reports it as its own.
const warmLab = /^flashlab-sim:([a-z0-9-]+)$/.exec(self.name)?.[1];
const warmGroup = warmLab === undefined ? null : knownGroupOf(warmLab);
if (warmGroup !== null) instanceOf(warmGroup).catch(() => undefined);

scope.onmessage = (event: MessageEvent<Request>) => {
  const request = event.data;
  queue = queue.then(() => respond(request));
};
