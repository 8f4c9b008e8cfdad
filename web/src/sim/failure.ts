//! What went wrong in the worker, told truthfully. Pure, so the rules are unit-tested.
//!
//! 1. Only an ordinary `Error` thrown by the `Sim` constructor is a rejected scenario: that is
//!    where the core validates its input and names the field. The same kind of `Error` thrown
//!    later (running, seeking, freeing) is a failure of the core, never "a bad scenario".
//! 2. A `WebAssembly.RuntimeError` is a trap: a core panic (`panic = "abort"`) or a failed
//!    allocation (the wasm memory could not grow). Either way the instance is dead.
//! 3. wasm-bindgen's "attempted to take ownership of Rust value while it was borrowed" (and the
//!    "recursive use of an object" variant) only happens when an earlier call trapped while it
//!    held the value: it is reported as the crash it is, not as its own confusing text.
//! 4. A panic's own text (the core's panic hook logs it through `console.error` just before the
//!    trap; the worker keeps it) is quoted, so the banner says which check failed.
//! 5. Running out of memory is named as such, so the user learns the scenario is too large for
//!    one browser tab rather than that FlashLab has a logic bug: a `RangeError` (a buffer or
//!    string too large), an "out of memory"/"allocation failed" text, or a trap without a panic
//!    while the wasm memory had grown past `OOM_SUSPECT_BYTES` (an allocation failure aborts
//!    without a panic message, so that case says "most likely").

/** Where the failure happened: building the `Sim` from the scenario, or anything after it. */
export type FailurePhase = "build" | "run";

export type FailureKind = "scenario" | "out-of-memory" | "crash";

export interface Failure {
  kind: FailureKind;
  message: string;
}

/** What the worker knew when it caught the error. */
export interface FailureContext {
  /** The last "flashlab core panic: …" line the panic hook logged, if any. */
  panic: string | null;
  /** Size of the wasm linear memory at the failure, when known. */
  memoryBytes: number | null;
}

/** A trap without a panic message while the wasm memory is at least this large: most likely an allocation failure. */
export const OOM_SUSPECT_BYTES = 1024 * 1024 * 1024;

const NO_CONTEXT: FailureContext = { panic: null, memoryBytes: null };

const OUT_OF_MEMORY = [
  /out of memory/i,
  /memory\.grow|could not grow|maximum memory/i,
  /allocation failed|failed to allocate|capacity overflow/i,
  /invalid (array|string|typed array) length/i,
  /array buffer allocation/i,
];

const BORROWED = [/while it was borrowed/i, /recursive use of an object/i, /null pointer passed to rust/i];

function text(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}

export function isOutOfMemory(error: unknown): boolean {
  const message = text(error);
  return error instanceof RangeError || OUT_OF_MEMORY.some((pattern) => pattern.test(message));
}

function isTrap(error: unknown): boolean {
  return (typeof WebAssembly !== "undefined" && error instanceof WebAssembly.RuntimeError) || !(error instanceof Error);
}

function gigabytes(bytes: number): string {
  return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
}

const TOO_BIG = "this scenario needs more memory than the browser gives one tab";

/** Classifies an exception caught in the worker (rules 1-5 of the header). */
export function classifyFailure(error: unknown, phase: FailurePhase, context: FailureContext = NO_CONTEXT): Failure {
  const message = text(error);
  const { panic, memoryBytes } = context;
  if (panic === null && isOutOfMemory(error)) {
    return { kind: "out-of-memory", message: `the simulation core ran out of memory (${message}): ${TOO_BIG}` };
  }
  const borrowed = BORROWED.some((pattern) => pattern.test(message));
  if (isTrap(error) || borrowed) {
    if (panic !== null) return { kind: "crash", message: `the simulation core panicked and stopped (${panic})` };
    if (memoryBytes !== null && memoryBytes >= OOM_SUSPECT_BYTES) {
      return {
        kind: "out-of-memory",
        message: `the simulation core stopped with ${gigabytes(memoryBytes)} of memory in use, most likely because an allocation failed: ${TOO_BIG}`,
      };
    }
    if (borrowed) {
      return { kind: "crash", message: `the simulation core crashed earlier in this call and its state is unusable (${message})` };
    }
    return { kind: "crash", message: `the simulation core crashed (${message})` };
  }
  if (phase === "build" && error instanceof Error && error.name === "Error") return { kind: "scenario", message };
  return { kind: "crash", message: `the simulation core failed: ${message}` };
}
