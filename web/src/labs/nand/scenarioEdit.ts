//! Scenario editing for the lab's buttons (pure). The core is deterministic and driven by the
//! scenario's ops, so "program", "append", "erase" and the wear slider never change the state
//! behind the core's back: each appends ops to `workload.ops` of the current scenario text, and
//! the lab reloads it. The result is an ordinary scenario (shareable, replayable, checked by the
//! core). Inputs are clamped to the block's shape here, so a button cannot build an op the core
//! would reject as malformed; refusals (lowering charge, page order, NOP) stay possible, because
//! they are what the lab teaches.

import { isObject } from "../scenarioJson";

export type Pattern = "random" | "zeros" | "ones" | "checker";

export const PATTERNS: readonly { value: Pattern; label: string }[] = [
  { value: "random", label: "random bits" },
  { value: "zeros", label: "all 0 (program every cell)" },
  { value: "ones", label: "all 1 (leave erased)" },
  { value: "checker", label: "checker 0101…" },
];

export type NandOpJson =
  | { op: "program"; page: number; data: { pattern: Pattern } }
  | { op: "append"; page: number; offset_bits: number; len_bits: number; data: { pattern: Pattern } }
  | { op: "read"; page: number }
  | { op: "erase" }
  | { op: "cycle"; count: number };

/** The core's limits (core/src/device/nand/lab/validate.rs, scenario/limits.rs). */
export const MAX_CYCLE_COUNT = 1_000_000;
const MAX_TITLE_CHARS = 200;
const EDITED = " · edited in the lab";

export interface BlockShape {
  pageCount: number;
  pageBits: number;
}

function clampInt(value: number, lo: number, hi: number): number {
  if (!Number.isFinite(value)) return lo;
  return Math.min(hi, Math.max(lo, Math.round(value)));
}

export function programOp(shape: BlockShape, page: number, pattern: Pattern): NandOpJson {
  return { op: "program", page: clampInt(page, 0, shape.pageCount - 1), data: { pattern } };
}

export function appendOp(shape: BlockShape, page: number, offsetBits: number, lenBits: number, pattern: Pattern): NandOpJson {
  const offset = clampInt(offsetBits, 0, shape.pageBits - 1);
  return {
    op: "append",
    page: clampInt(page, 0, shape.pageCount - 1),
    offset_bits: offset,
    len_bits: clampInt(lenBits, 1, shape.pageBits - offset),
    data: { pattern },
  };
}

/** Lengths offered for an append at `offsetBits`: powers of two from 8 that fit, else the rest. */
export function appendLengths(pageBits: number, offsetBits: number): number[] {
  const room = pageBits - offsetBits;
  const out: number[] = [];
  for (let len = 8; len <= room && len <= 256; len *= 2) out.push(len);
  if (out.length === 0 && room > 0) out.push(room);
  return out;
}

/** Offsets offered for an append: every byte boundary of the page. */
export function appendOffsets(pageBits: number): number[] {
  const out: number[] = [];
  for (let offset = 0; offset < pageBits; offset += 8) out.push(offset);
  return out;
}

/**
 * The wear slider's ops: fast-forward to `targetPe` P/E cycles (in chunks the core accepts),
 * then program every page in programming order with random data and read every page back, so
 * the widened distributions and the bit errors of that wear appear in the view.
 */
export function wearOps(shape: BlockShape, currentPe: number, targetPe: number): NandOpJson[] {
  const ops: NandOpJson[] = [];
  let remaining = Math.max(0, Math.round(targetPe - currentPe));
  while (remaining > 0) {
    const count = Math.min(remaining, MAX_CYCLE_COUNT);
    ops.push({ op: "cycle", count });
    remaining -= count;
  }
  if (ops.length === 0) return ops;
  for (let page = 0; page < shape.pageCount; page++) ops.push({ op: "program", page, data: { pattern: "random" } });
  for (let page = 0; page < shape.pageCount; page++) ops.push({ op: "read", page });
  return ops;
}

export interface WearRange {
  min: number;
  max: number;
  step: number;
}

/** The slider's range: from the current P/E (wear only grows) to 3 × endurance or beyond. */
export function wearRange(currentPe: number, endurancePe: number): WearRange {
  const endurance = Math.max(1, endurancePe);
  const step = Math.max(1, Math.round(endurance / 20));
  const max = Math.max(3 * endurance, Math.ceil((currentPe + endurance) / step) * step);
  return { min: currentPe, max, step };
}

/** Marks a title as edited once, keeping it within the core's 200-character limit. */
export function editedTitle(title: string): string {
  if (title.endsWith(EDITED)) return title;
  const room = MAX_TITLE_CHARS - EDITED.length;
  const base = [...title].length > room ? `${[...title].slice(0, room - 1).join("")}…` : title;
  return `${base}${EDITED}`;
}

/** The scenario text with `ops` appended to `workload.ops`; throws if the text is not a NAND scenario. */
export function appendOps(scenarioJson: string, ops: readonly NandOpJson[]): string {
  const doc: unknown = JSON.parse(scenarioJson);
  if (!isObject(doc) || doc["lab"] !== "nand") throw new Error("not a NAND scenario");
  const workload = doc["workload"];
  if (!isObject(workload) || !Array.isArray(workload["ops"])) throw new Error("the scenario has no workload.ops list");
  const list = workload["ops"] as unknown[];
  list.push(...ops);
  if (typeof doc["title"] === "string") doc["title"] = editedTitle(doc["title"]);
  return JSON.stringify(doc, null, 2);
}

/** A short description of ops for a button's tooltip: "cycle 2,000 · program pages 0–7 · read pages 0–7". */
export function describeOps(ops: readonly NandOpJson[]): string {
  const parts: string[] = [];
  const programs = ops.filter((o) => o.op === "program").map((o) => o.page);
  const reads = ops.filter((o) => o.op === "read").map((o) => o.page);
  const range = (pages: number[]): string => (pages.length === 1 ? `page ${pages[0]}` : `pages ${pages[0]}–${pages[pages.length - 1]}`);
  const cycles = ops.reduce((sum, o) => sum + (o.op === "cycle" ? o.count : 0), 0);
  if (cycles > 0) parts.push(`cycle ${cycles.toLocaleString("en-US")}`);
  if (programs.length > 0) parts.push(`program ${range(programs)}`);
  if (reads.length > 0) parts.push(`read ${range(reads)}`);
  return parts.join(" · ");
}
