//! The Web Worker that hosts the wasm core. It owns at most one `Sim` and answers the requests
//! of `protocol.ts` strictly in order.
//!
//! 1. `init()` runs once, when the worker starts; every request waits for it.
//! 2. `load` builds a new `Sim` (the old one survives a bad scenario), runs it to the end to
//!    learn the number of steps, samples the metrics evenly over the run for sparklines, then
//!    seeks to the requested step. Keyframes make the seeks cheap.
//! 3. `advance` steps while the next step's time is at most `untilNs`. The time of a step is
//!    only known after taking it, so the step that overshoots is undone with a seek (a keyframe
//!    restore and a short replay, exact because runs are deterministic) and its time is returned
//!    as `nextEventNs`: the UI can then animate up to that time without asking again.
//! 4. A wasm trap (a core panic under `panic = "abort"`) leaves the instance unusable: the worker
//!    answers `crash` from then on, and the client offers a restart.

// The wasm package (web/wasm-pkg, built by scripts/build-wasm.sh), through the `@wasm` alias
// (vite.config.ts resolves it; tsconfig `paths` points at the package's .d.ts).
import init, { debugPanic, Sim } from "@wasm";
import type { Request, RequestBody, ResultMap, Response } from "./protocol";
import { snapshotTransfer } from "./protocol";
import type { CoreState, MetricDetail, MetricTimeline, Snapshot, ViewMeta } from "./types";

/** Points sampled over the run for the metric sparklines. */
const TIMELINE_POINTS = 64;

interface WorkerScope {
  onmessage: ((event: MessageEvent<Request>) => void) | null;
  postMessage(message: Response, transfer: Transferable[]): void;
}

const scope = self as unknown as WorkerScope;
const ready: Promise<unknown> = init();
let sim: Sim | null = null;
let crashed: string | null = null;
let queue: Promise<void> = Promise.resolve();

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

function load(scenarioJson: string, seed: number | null, step: number): ResultMap["load"] {
  // Throws the core's field-level error for a bad scenario; the old Sim is kept in that case.
  const next = seed === null ? new Sim(scenarioJson) : new Sim(scenarioJson, seed);
  try {
    next.runToEnd();
    const end = readState(next);
    const totalSteps = end.totalSteps ?? end.step;
    const invariantNames = (JSON.parse(next.invariants()) as Snapshot["invariants"]).map((i) => i.name);
    const timeline = sampleTimeline(next, totalSteps);
    next.seek(Math.min(step, totalSteps));
    const snapshot = takeSnapshot(next);
    const info = JSON.parse(next.info()) as ResultMap["load"]["info"];
    sim?.free();
    sim = next;
    return { info, totalSteps, timeline, invariantNames, snapshot };
  } catch (error) {
    next.free();
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

function handle(request: RequestBody): ResultMap[RequestBody["type"]] {
  switch (request.type) {
    case "load":
      return load(request.scenarioJson, request.seed, request.step);
    case "step":
      current().step(request.n);
      return { snapshot: takeSnapshot(current()) };
    case "seek":
      current().seek(request.step);
      return { snapshot: takeSnapshot(current()) };
    case "runToEnd":
      current().runToEnd();
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
    case "debugPanic":
      debugPanic();
      return {};
  }
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}

async function respond(request: Request): Promise<void> {
  try {
    await ready;
  } catch (error) {
    crashed ??= `the simulation core could not start: ${describe(error)}`;
  }
  if (crashed !== null) {
    scope.postMessage({ id: request.id, ok: false, error: { kind: "crash", message: crashed } }, []);
    return;
  }
  try {
    const result = handle(request);
    const transfer: Transferable[] = "snapshot" in result ? snapshotTransfer(result.snapshot) : [];
    scope.postMessage({ id: request.id, ok: true, type: request.type, result }, transfer);
  } catch (error) {
    if (error instanceof WebAssembly.RuntimeError || !(error instanceof Error)) {
      crashed = `the simulation core crashed (${describe(error)})`;
      sim = null; // the instance is unusable after a trap; do not touch it again
      scope.postMessage({ id: request.id, ok: false, error: { kind: "crash", message: crashed } }, []);
    } else if (error instanceof UsageError) {
      scope.postMessage({ id: request.id, ok: false, error: { kind: "usage", message: error.message } }, []);
    } else if (request.type === "load" && error.name === "Error") {
      scope.postMessage({ id: request.id, ok: false, error: { kind: "scenario", message: error.message } }, []);
    } else {
      crashed = `the simulation core failed: ${error.message}`;
      sim = null;
      scope.postMessage({ id: request.id, ok: false, error: { kind: "crash", message: crashed } }, []);
    }
  }
}

scope.onmessage = (event: MessageEvent<Request>) => {
  const request = event.data;
  queue = queue.then(() => respond(request));
};
