//! The paper claims shipped with the build: `flashlab reproduce --json --lab <lab>` of every lab,
//! computed natively by the release CLI of the same sources (scripts/build-results.sh writes
//! public/results/native-claims.json). The results page shows them at once and recomputes them
//! in the browser beside them (`run.ts`).
//!
//! 1. The build knows its core: the workspace version and the source hash of its wasm package
//!    (vite.config.ts defines both).
//! 2. `acceptShipped` takes the file only when it carries that version and that hash, and has a
//!    claim list for every lab asked for; anything else (no file, another build's file, a
//!    malformed one) is "unavailable" with the reason, and the page recomputes without it.

import type { ClaimRow } from "../sim/types";

declare const __FLASHLAB_CORE_VERSION__: string | undefined;
declare const __FLASHLAB_SOURCE_HASH__: string | undefined;

/** Where the build puts the file (relative to the page, so it works under any base path). */
export const SHIPPED_URL = "results/native-claims.json";

export interface CoreBuild {
  version: string;
  sourceHash: string;
}

/** This build's core (empty strings where the bundler did not define them, e.g. under vitest). */
export const THIS_BUILD: CoreBuild = {
  version: typeof __FLASHLAB_CORE_VERSION__ === "string" ? __FLASHLAB_CORE_VERSION__ : "",
  sourceHash: typeof __FLASHLAB_SOURCE_HASH__ === "string" ? __FLASHLAB_SOURCE_HASH__ : "",
};

export type Shipped =
  | { state: "loading" }
  | { state: "ok"; version: string; sourceHash: string; labs: Readonly<Record<string, ClaimRow[]>> }
  | { state: "unavailable"; reason: string };

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === "object" && x !== null && !Array.isArray(x);

/** Accepts the shipped file only if it is this build's (step 2). */
export function acceptShipped(data: unknown, build: CoreBuild, labs: readonly string[]): Shipped {
  if (!isRecord(data) || typeof data.core_version !== "string" || typeof data.source_hash !== "string" || !isRecord(data.labs)) {
    return { state: "unavailable", reason: "the shipped file is not a native claims table" };
  }
  if (build.sourceHash === "" || data.core_version !== build.version || data.source_hash !== build.sourceHash) {
    return {
      state: "unavailable",
      reason: `the shipped table is from flashlab ${data.core_version} (sources ${data.source_hash.slice(0, 12)}), not this build's core (flashlab ${build.version}, sources ${build.sourceHash.slice(0, 12) || "unknown"})`,
    };
  }
  const out: Record<string, ClaimRow[]> = {};
  for (const lab of labs) {
    const claims = data.labs[lab];
    if (!Array.isArray(claims)) return { state: "unavailable", reason: `the shipped table has no claims of lab ${lab}` };
    out[lab] = claims as ClaimRow[];
  }
  return { state: "ok", version: data.core_version, sourceHash: data.source_hash, labs: out };
}

/** Fetches and accepts the shipped file; never throws. */
export async function loadShipped(labs: readonly string[], build: CoreBuild = THIS_BUILD): Promise<Shipped> {
  try {
    const response = await fetch(SHIPPED_URL, { cache: "no-cache" });
    if (!response.ok) return { state: "unavailable", reason: `no shipped table (HTTP ${response.status})` };
    return acceptShipped(await response.json(), build, labs);
  } catch (error) {
    return { state: "unavailable", reason: `the shipped table could not be read: ${error instanceof Error ? error.message : String(error)}` };
  }
}
