//! `window.__flashlab`: the browser test API of DESIGN §3.3. Playwright checks invariants and
//! answers through it, never through pixels. Every method returns plain JSON values (promises),
//! goes through the same session as the UI (so the UI shows what the API did), and pauses
//! playback first so results are deterministic.

import type { AppController } from "./controller";
import type { CoreState, InvariantReport } from "../sim/types";
import { locatePick, type PickPoint } from "../tours/picks";

export interface FlashLabApi {
  load(scenarioOrShareUrl: unknown): Promise<CoreState>;
  step(n?: number): Promise<CoreState>;
  seek(step: number): Promise<CoreState>;
  runToEnd(): Promise<CoreState>;
  state(): Promise<CoreState>;
  invariants(): Promise<InvariantReport[]>;
  metrics(): Promise<Record<string, number>>;
  answers(): Promise<unknown>;
  report(): Promise<unknown>;
  shareUrl(): Promise<string>;
  /** Test hook for lessons' click questions: where to click to pick mark `id` in the view
   *  `data-testid=target` (client coordinates), or null (docs/LESSONS.md). */
  locatePick(target: unknown, id: unknown): Promise<PickPoint | null>;
  /** Test hook: makes the core panic; resolves `{crashed: true, message}` once the banner shows. */
  debugPanic(): Promise<{ crashed: boolean; message: string }>;
}

declare global {
  interface Window {
    __flashlab?: FlashLabApi;
  }
}

/** A share URL or fragment, as opposed to scenario JSON text (which starts with `{`). */
export function isShareLink(text: string): boolean {
  const trimmed = text.trim();
  return trimmed.startsWith("#") || (!trimmed.startsWith("{") && trimmed.includes("#/lab/"));
}

function toError(error: unknown): Error {
  if (error instanceof Error) return new Error(error.message);
  return new Error(String(error));
}

/** Wraps a method so that rejections are plain `Error`s with the message only. */
function plain<A extends unknown[], R>(fn: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
  return async (...args: A) => {
    try {
      return await fn(...args);
    } catch (error) {
      throw toError(error);
    }
  };
}

function nonNegativeInteger(value: unknown, what: string): number {
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 0) {
    throw new Error(`${what}: expected a non-negative integer, got ${JSON.stringify(value)}`);
  }
  return value;
}

export function createTestApi(app: AppController): FlashLabApi {
  const session = app.session;
  return {
    load: plain(async (input: unknown) => {
      session.pause();
      if (typeof input === "string" && isShareLink(input)) {
        await app.openShareLink(input.trim());
      } else {
        const json = typeof input === "string" ? input : JSON.stringify(input);
        if (json === undefined) throw new Error("scenario: expected a scenario object, JSON text or a share link");
        await app.loadText(json, "api");
      }
      return session.queryState();
    }),
    step: plain(async (n: unknown = 1) => {
      await session.step(nonNegativeInteger(n, "step"));
      return session.queryState();
    }),
    seek: plain(async (step: unknown) => {
      await session.seek(nonNegativeInteger(step, "seek"));
      return session.queryState();
    }),
    runToEnd: plain(async () => {
      await session.runToEnd();
      return session.queryState();
    }),
    state: plain(() => session.queryState()),
    invariants: plain(() => session.queryInvariants()),
    metrics: plain(() => session.queryMetrics()),
    answers: plain(() => session.queryAnswers()),
    report: plain(() => session.queryReport()),
    shareUrl: plain(() => app.shareUrl()),
    locatePick: plain(async (target: unknown, id: unknown) => {
      if (typeof target !== "string") throw new Error("locatePick: target must be a data-testid");
      return locatePick(target, nonNegativeInteger(id, "locatePick"));
    }),
    debugPanic: plain(async () => ({ crashed: true, message: await session.debugPanic() })),
  };
}

export function installTestApi(app: AppController): void {
  window.__flashlab = createTestApi(app);
}
