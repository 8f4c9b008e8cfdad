//! Scenario editing for the lab's toolbar (pure). The buttons never change the simulation behind
//! the core's back: each one rewrites the current scenario text (appends ops to `workload.ops`,
//! raises a generator's `updates`, or flips `params.compare`) and the lab reloads it, so the core
//! validates it, the share link carries it and the run stays deterministic.
//!
//! 1. `presentKeys` replays the inserts and deletes of the op list over the initial rows
//!    (`params.initial_rows`: even keys, all, or none), exactly the bookkeeping the core's
//!    validation does, so added updates are well formed: inserts of absent keys, modifies and
//!    deletes of present ones, keys inside the key space.
//! 2. `updateOps` picks keys with a small integer hash of the op count, so pressing the button
//!    twice adds different updates, and the same click on the same scenario adds the same ones.
//! 3. A generated workload (`workload.generator`) has no op list to append to: "add updates"
//!    raises its count; scans, migrations and crashes need explicit ops.

import { isObject, parseLabScenario, section } from "../scenarioJson";

export type MasmOpJson =
  | { op: "insert"; key: number; value: number }
  | { op: "modify"; key: number; value: number }
  | { op: "delete"; key: number }
  | { op: "scan"; from: number; to: number }
  | { op: "migrate" }
  | { op: "crash" };

export type InitialRows = "even" | "all" | "none";

export interface MasmKnobs {
  /** Explicit ops, or a generator (whose ops only the core knows). */
  mode: "ops" | "generator";
  keySpace: number;
  initialRows: InitialRows;
  compare: boolean;
  opCount: number;
  /** The generator's update count, if the workload is generated. */
  generatorUpdates: number | null;
}

/** The core's default key space and the limits of its validation (plan/masm-contract.md). */
export const DEFAULT_KEY_SPACE = 64;
const MAX_TITLE_CHARS = 200;
const EDITED = " · edited in the lab";

function isInitialRows(value: unknown): value is InitialRows {
  return value === "even" || value === "all" || value === "none";
}

export function readKnobs(json: string): MasmKnobs {
  const doc = parseLabScenario(json, "masm", "not a MaSM scenario");
  const params = isObject(doc["params"]) ? doc["params"] : {};
  const workload = isObject(doc["workload"]) ? doc["workload"] : {};
  const generator = workload["generator"];
  const ops = workload["ops"];
  const keySpace = params["key_space"];
  const updates = isObject(generator) ? generator["updates"] : undefined;
  return {
    mode: Array.isArray(ops) || !isObject(generator) ? "ops" : "generator",
    keySpace: typeof keySpace === "number" && keySpace > 0 ? keySpace : DEFAULT_KEY_SPACE,
    initialRows: isInitialRows(params["initial_rows"]) ? params["initial_rows"] : "even",
    compare: params["compare"] === true,
    opCount: Array.isArray(ops) ? ops.length : 0,
    generatorUpdates: typeof updates === "number" ? updates : null,
  };
}

/** The keys present after the initial rows and every insert and delete of `ops` (step 1). */
export function presentKeys(initialRows: InitialRows, keySpace: number, ops: readonly unknown[]): Set<number> {
  const keys = new Set<number>();
  for (let k = 0; k < keySpace; k++) {
    if (initialRows === "all" || (initialRows === "even" && k % 2 === 0)) keys.add(k);
  }
  for (const op of ops) {
    if (!isObject(op) || typeof op["key"] !== "number") continue;
    if (op["op"] === "insert") keys.add(op["key"]);
    else if (op["op"] === "delete") keys.delete(op["key"]);
  }
  return keys;
}

/** A 32-bit integer hash (splitmix-style finaliser): deterministic, well spread. */
export function hash32(x: number): number {
  let h = (x | 0) ^ 0x9e3779b9;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** `count` well-formed updates over `present` (which it updates), salted by `salt` (step 2). */
export function updateOps(present: Set<number>, keySpace: number, count: number, salt: number): MasmOpJson[] {
  const out: MasmOpJson[] = [];
  for (let i = 0; i < count; i++) {
    const h = hash32(salt * 7919 + i);
    const key = h % keySpace;
    const value = (h >>> 8) % 1000;
    if (!present.has(key)) {
      out.push({ op: "insert", key, value });
      present.add(key);
    } else if ((h >>> 20) % 4 === 0) {
      out.push({ op: "delete", key });
      present.delete(key);
    } else {
      out.push({ op: "modify", key, value });
    }
  }
  return out;
}

/** A scan op with its bounds clamped into the key space and put in order. */
export function scanOp(from: number, to: number, keySpace: number): MasmOpJson {
  const clampKey = (k: number): number => (Number.isFinite(k) ? Math.min(keySpace - 1, Math.max(0, Math.round(k))) : 0);
  const a = clampKey(from);
  const b = clampKey(to);
  return { op: "scan", from: Math.min(a, b), to: Math.max(a, b) };
}

/** Marks a title as edited once, keeping it within the core's 200-character limit. */
export function editedTitle(title: string): string {
  if (title.endsWith(EDITED)) return title;
  const room = MAX_TITLE_CHARS - EDITED.length;
  const base = [...title].length > room ? `${[...title].slice(0, room - 1).join("")}…` : title;
  return `${base}${EDITED}`;
}

function finish(doc: Record<string, unknown>): string {
  if (typeof doc["title"] === "string") doc["title"] = editedTitle(doc["title"]);
  return JSON.stringify(doc, null, 2);
}

function opList(doc: Record<string, unknown>): unknown[] {
  const workload = section(doc, "workload");
  if (isObject(workload["generator"]) && !Array.isArray(workload["ops"])) {
    throw new Error("this scenario generates its updates (workload.generator): only explicit workload.ops can take scans, migrations and crashes");
  }
  if (!Array.isArray(workload["ops"])) workload["ops"] = [];
  return workload["ops"] as unknown[];
}

/** The scenario text with `ops` appended to `workload.ops` (throws for a generated workload). */
export function withOps(json: string, ops: readonly MasmOpJson[]): string {
  const doc = parseLabScenario(json, "masm", "not a MaSM scenario");
  opList(doc).push(...ops);
  return finish(doc);
}

/** `count` more updates: appended ops, or a generator's count raised (step 3). */
export function withMoreUpdates(json: string, count: number): string {
  const doc = parseLabScenario(json, "masm", "not a MaSM scenario");
  const workload = section(doc, "workload");
  const generator = workload["generator"];
  if (isObject(generator) && !Array.isArray(workload["ops"])) {
    const now = typeof generator["updates"] === "number" ? generator["updates"] : 0;
    generator["updates"] = now + count;
    return finish(doc);
  }
  const knobs = readKnobs(json);
  const list = opList(doc);
  const present = presentKeys(knobs.initialRows, knobs.keySpace, list);
  list.push(...updateOps(present, knobs.keySpace, count, list.length + 1));
  return finish(doc);
}

/** Turns the in-place, IU and LSM baselines on or off (`params.compare`). */
export function withCompare(json: string, on: boolean): string {
  const doc = parseLabScenario(json, "masm", "not a MaSM scenario");
  section(doc, "params")["compare"] = on;
  return finish(doc);
}
