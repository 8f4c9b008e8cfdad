//! Creating the simulation worker, and the page's head start on it.
//!
//! 1. Vite bundles `worker.ts` (and the wasm it imports) as a module worker. Its name carries
//!    the lab of the page's route (`flashlab-sim:<lab>`), so the worker fetches and compiles that
//!    lab's module at once rather than on the first request (`worker.ts`, step 1).
//! 2. `boot.ts`, the page's first and smallest script, calls `startEarlyWorker()` before the
//!    app's bundle has been fetched and evaluated: the worker's wasm download and compile then
//!    overlap the app's parse, evaluation and first render instead of following them.
//! 3. The page's own session takes that worker once (`takeEarlyWorker`); every later worker
//!    (a restart, the race follower, the results page's pool) is a new one.

import { parseRoute } from "../share/route";

export function createSimWorker(): Worker {
  const route = parseRoute(typeof window === "undefined" ? "" : window.location.hash);
  const lab = route.kind === "lab" || route.kind === "teach" ? route.lab : null;
  return new Worker(new URL("./worker.ts", import.meta.url), { type: "module", name: lab === null ? "flashlab-sim" : `flashlab-sim:${lab}` });
}

let early: Worker | null = null;

/** Step 2: starts the page's worker now (once). */
export function startEarlyWorker(): void {
  if (early === null && typeof Worker !== "undefined") early = createSimWorker();
}

/** Step 3: the worker `startEarlyWorker` started, once; then a new worker each call. */
export function takeEarlyWorker(): Worker {
  const worker = early ?? createSimWorker();
  early = null;
  return worker;
}
