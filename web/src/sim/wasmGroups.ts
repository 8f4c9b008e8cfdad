//! Which WebAssembly module holds which lab, and loading one when a request needs it.
//!
//! 1. `scripts/build-wasm.sh` builds one .wasm per group of `wasm/groups.json`: the same core
//!    with only that group's labs compiled in. A route loads only its lab's group (the size
//!    budget of the issue "Budgets and hardening" is per loaded module).
//! 2. A request names its lab (`claims`) or carries a scenario whose `lab` field names it
//!    (`load`). A scenario too broken to name a known lab goes to the first group, whose core
//!    rejects it with the same field-level message every group would give.
//! 3. Each group is fetched, compiled and initialised once, on first use, and cached.

import groups from "../../../wasm/groups.json";

/** One built group's module: every group exports the same API (`wasm/src/lib.rs`). */
export type WasmModule = typeof import("@wasm");

export interface WasmInstance {
  readonly group: string;
  readonly module: WasmModule;
  readonly memory: WebAssembly.Memory;
}

const GROUPS: Readonly<Record<string, readonly string[]>> = groups;
const FIRST_GROUP = Object.keys(GROUPS)[0] ?? "";

// Vite turns each matched package into its own chunk (and its .wasm into an asset), fetched
// only when `loaders[path]()` runs.
const loaders = import.meta.glob<WasmModule>("../../wasm-pkg/*/flashlab_wasm.js");

/** The group whose module runs `lab`, or the first group for a name no group has. */
export function groupOf(lab: string | null): string {
  for (const [group, labs] of Object.entries(GROUPS)) {
    if (lab !== null && labs.includes(lab)) return group;
  }
  return FIRST_GROUP;
}

/** The group whose module runs `lab`, or null for a name no group has. */
export function knownGroupOf(lab: string): string | null {
  for (const [group, labs] of Object.entries(GROUPS)) {
    if (labs.includes(lab)) return group;
  }
  return null;
}

/** The `lab` field of a scenario's JSON text, or null when the text does not say. */
export function labOfScenario(scenarioJson: string): string | null {
  try {
    const value: unknown = JSON.parse(scenarioJson);
    if (typeof value === "object" && value !== null && "lab" in value) {
      const lab = (value as { lab: unknown }).lab;
      return typeof lab === "string" ? lab : null;
    }
  } catch {
    // The core reports the syntax error with its position.
  }
  return null;
}

const instances = new Map<string, Promise<WasmInstance>>();

/** Loads and initialises `group`'s module once; later calls share the same promise. */
export function instanceOf(group: string): Promise<WasmInstance> {
  let instance = instances.get(group);
  if (instance === undefined) {
    instance = load(group);
    instances.set(group, instance);
  }
  return instance;
}

async function load(group: string): Promise<WasmInstance> {
  const loader = loaders[`../../wasm-pkg/${group}/flashlab_wasm.js`];
  if (loader === undefined) throw new Error(`the wasm package of group "${group}" is not built (run npm run build:wasm)`);
  const module = await loader();
  const output = await module.default();
  // Marks for scripts/measure-ready.mjs's phases (cheap; nothing reads them in the app).
  performance.mark(`flashlab:wasm-ready:${group}`);
  return { group, module, memory: output.memory };
}
