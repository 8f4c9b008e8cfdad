//! Typed errors of the simulation client.

/** A scenario the core rejected; `message` is the core's, naming the JSON path. */
export class ScenarioError extends Error {
  override name = "ScenarioError";
}

/** The worker crashed (a wasm trap or a worker error); nothing works until `restart()`. */
export class WorkerCrashedError extends Error {
  override name = "WorkerCrashedError";
}

/** A request that makes no sense in the current state (e.g. stepping before a load). */
export class UsageError extends Error {
  override name = "UsageError";
}

/** The request was cancelled by the user (the worker was replaced before it answered). */
export class CancelledError extends Error {
  override name = "CancelledError";
}
