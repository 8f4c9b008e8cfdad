//! Long runs in the worker go in chunks, so it can say how far it got between calls into the
//! core. Pure (the core and the clock are passed in), so the chunking is unit-tested.
//!
//! 1. A chunk starts at one step and doubles while a call takes under `CHUNK_MS`; it halves
//!    when a call takes over four times that. A lab whose steps are slow (a MaSM scan of the
//!    whole key space) reports as often as one whose steps take microseconds.
//! 2. After each call, `onProgress(steps so far)`; the caller throttles what it posts.
//! 3. It stops after `n` steps or when the core takes none (the end of the run). The steps
//!    the core takes do not depend on the chunk sizes, so the run is the same as one call.

/** A call into the core should take about this long. */
export const CHUNK_MS = 20;
export const MAX_CHUNK_STEPS = 65536;

export interface Stepper {
  /** Takes up to `n` steps; returns how many it took (0 at the end of the run). */
  step(n: number): number;
}

/** Takes up to `n` steps of `core` in adaptive chunks; returns the steps taken. */
export function stepInChunks(core: Stepper, n: number, onProgress: (steps: number) => void, now: () => number): number {
  let taken = 0;
  let chunk = 1;
  while (taken < n) {
    const started = now();
    const took = core.step(Math.min(chunk, n - taken));
    taken += took;
    if (took === 0) break;
    onProgress(taken);
    const ms = now() - started;
    if (ms < CHUNK_MS) chunk = Math.min(MAX_CHUNK_STEPS, chunk * 2);
    else if (ms > 4 * CHUNK_MS) chunk = Math.max(1, Math.floor(chunk / 2));
  }
  return taken;
}
