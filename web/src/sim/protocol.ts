//! The typed message protocol between the UI thread (`client.ts`) and the worker (`worker.ts`).
//!
//! 1. Every request carries an `id`; the worker answers each request exactly once, in order,
//!    with a response carrying the same `id`.
//! 2. Bulk arrays (events, view series) cross as transferable typed arrays; everything else is
//!    small JSON-able data.
//! 3. A failure is typed: `scenario` (bad input, with the core's field-level message),
//!    `crash` (a wasm trap or panic: the worker is unusable until restarted), or `usage`
//!    (a request that makes no sense now, e.g. stepping before any load), or `out-of-memory`
//!    (the core could not allocate: like `crash`, the worker must be restarted).
//! 4. While a long request runs, the worker may post `Progress` messages for it (same `id`,
//!    no `ok`): the steps taken so far. They never replace the one final response.

import type { CoreInfo, CoreState, MetricTimeline, Snapshot } from "./types";

export type RequestBody =
  | { type: "load"; scenarioJson: string; seed: number | null; step: number }
  | { type: "step"; n: number }
  | { type: "seek"; step: number }
  | { type: "runToEnd" }
  /** Steps while the next step's time is at most `untilNs`; used by playback. */
  | { type: "advance"; untilNs: number; maxSteps: number }
  | { type: "snapshot" }
  | { type: "state" }
  | { type: "invariants" }
  | { type: "metrics" }
  | { type: "answers" }
  | { type: "report" }
  /** The paper claims of one lab, computed now (the paper-results page); needs no scenario. */
  | { type: "claims"; lab: string }
  /** The figure-shaped results of one lab (simulated curves and the paper's points). */
  | { type: "figures"; lab: string }
  /** Test hook: makes the core panic (a wasm trap), to exercise the crash banner and restart. */
  | { type: "debugPanic" };

export type Request = RequestBody & { id: number };

export type RequestType = RequestBody["type"];

/** Successful payload for each request type. */
export interface ResultMap {
  /** `invariantNames`: every invariant the run checks, in the lab's order (for a stable panel). */
  load: { info: CoreInfo; totalSteps: number; timeline: MetricTimeline; invariantNames: string[]; snapshot: Snapshot };
  step: { snapshot: Snapshot };
  seek: { snapshot: Snapshot };
  runToEnd: { snapshot: Snapshot };
  /** `nextEventNs`: time of the step after this one, when known (null at the end). */
  advance: { snapshot: Snapshot; nextEventNs: number | null; taken: number };
  snapshot: { snapshot: Snapshot };
  state: { state: CoreState };
  /** JSON text straight from the core; the client parses it. */
  invariants: { json: string };
  metrics: { json: string };
  answers: { json: string };
  report: { json: string };
  claims: { json: string };
  figures: { json: string };
  debugPanic: Record<string, never>;
}

export type ErrorKind = "scenario" | "crash" | "usage" | "out-of-memory";

/** Work in progress on request `id`: `steps` taken so far in this `phase`. */
export interface Progress {
  id: number;
  progress: { phase: "load" | "step"; steps: number };
}

export type Response =
  | { id: number; ok: true; type: RequestType; result: ResultMap[RequestType] }
  | { id: number; ok: false; error: { kind: ErrorKind; message: string } };

/** The transferable buffers of a snapshot, so the worker can hand them over without copying. */
export function snapshotTransfer(snapshot: Snapshot): ArrayBuffer[] {
  const buffers: ArrayBuffer[] = [];
  for (const array of [snapshot.events, snapshot.view]) {
    if (array.buffer instanceof ArrayBuffer && !buffers.includes(array.buffer)) {
      buffers.push(array.buffer);
    }
  }
  return buffers;
}
