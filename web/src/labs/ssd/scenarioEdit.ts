//! Scenario editing for the lab's sliders and pattern select (pure). The UI never changes the
//! simulation behind the core's back: each control rewrites one field of the current scenario
//! text (`workload.fill_fraction`, `device.over_provisioning`, `workload.generator.pattern`) and
//! the lab reloads it, so the core validates it, the share link carries it and the run stays
//! deterministic. Values are kept inside what the core accepts (core/src/device/ssd/config.rs):
//! a fill in [0, 1] (above 0 while warm-up writes are asked for), and an over-provisioning that
//! leaves GC its spare blocks and keeps every explicit op inside the logical space.

import { isObject, parseLabScenario, section } from "../scenarioJson";

export type SsdPatternName = "sequential" | "uniform" | "hot_cold";

export const PATTERNS: readonly { value: SsdPatternName; label: string }[] = [
  { value: "sequential", label: "sequential" },
  { value: "uniform", label: "uniform random" },
  { value: "hot_cold", label: "hot/cold skew" },
];

const MAX_TITLE_CHARS = 200;
const EDITED = " · edited in the lab";
/** Slider grid: fill and over-provisioning move in steps of 0.05 and 0.01. */
export const FILL_STEP = 0.05;
export const OP_STEP = 0.01;
/** The highest over-provisioning offered (the core accepts up to 0.9; past 0.5 little changes). */
export const OP_SLIDER_MAX = 0.5;

/** The parts of a scenario the controls read. */
export interface Knobs {
  fill: number;
  /** `device.over_provisioning` if the scenario sets it, else null (the preset's value). */
  overProvisioning: number | null;
  /** The generator's pattern, or null for explicit ops. */
  pattern: SsdPatternName | null;
  warmupWrites: number;
  /** One past the highest logical page an explicit op touches (0 for a generator). */
  opsEndLba: number;
}

/** What the core's geometry check needs (meta.geometry and meta.policy of the current view). */
export interface ShapeLimits {
  physicalPages: number;
  dies: number;
  pagesPerBlock: number;
  highWatermarkBlocks: number;
}

export interface Range {
  min: number;
  max: number;
  step: number;
}

function isPattern(value: unknown): value is SsdPatternName {
  return value === "sequential" || value === "uniform" || value === "hot_cold";
}

export function readKnobs(json: string): Knobs {
  const doc = parseLabScenario(json, "ssd", "not an SSD scenario");
  const workload = isObject(doc["workload"]) ? doc["workload"] : {};
  const device = isObject(doc["device"]) ? doc["device"] : {};
  const generator = workload["generator"];
  let opsEndLba = 0;
  if (Array.isArray(workload["ops"])) {
    for (const op of workload["ops"] as unknown[]) {
      if (!isObject(op) || typeof op["lba"] !== "number") continue;
      const count = typeof op["count"] === "number" ? op["count"] : 1;
      opsEndLba = Math.max(opsEndLba, op["lba"] + count);
    }
  }
  const fill = workload["fill_fraction"];
  const op = device["over_provisioning"];
  const warmup = workload["warmup_writes"];
  return {
    fill: typeof fill === "number" ? fill : 0,
    overProvisioning: typeof op === "number" ? op : null,
    pattern: isObject(generator) && isPattern(generator["pattern"]) ? generator["pattern"] : null,
    warmupWrites: typeof warmup === "number" ? warmup : 0,
    opsEndLba,
  };
}

/** Logical pages for a spare factor, as the core computes them (geometry.rs). */
export function logicalPages(physicalPages: number, overProvisioning: number): number {
  const logical = Math.floor(physicalPages * (1 - overProvisioning));
  return Number.isFinite(logical) && logical > 0 ? logical : 0;
}

/** Whether the core accepts this spare factor for this shape and workload. */
export function opAccepted(shape: ShapeLimits, knobs: Knobs, op: number): boolean {
  if (!(op >= 0 && op <= 0.9)) return false;
  const logical = logicalPages(shape.physicalPages, op);
  const need = shape.dies * (shape.highWatermarkBlocks + 1) * shape.pagesPerBlock;
  if (logical === 0 || shape.physicalPages - logical <= need) return false;
  if (knobs.opsEndLba > logical) return false;
  return knobs.warmupWrites <= 20 * logical;
}

function onGrid(value: number, step: number): number {
  return Math.round(value / step) * step;
}

/** The over-provisioning slider's range: every grid value in it is accepted by the core. */
export function opRange(shape: ShapeLimits, knobs: Knobs): Range | null {
  const values: number[] = [];
  for (let i = 0; i * OP_STEP <= OP_SLIDER_MAX + 1e-9; i++) {
    const op = Number(onGrid(i * OP_STEP, OP_STEP).toFixed(2));
    if (opAccepted(shape, knobs, op)) values.push(op);
  }
  const min = values[0];
  const max = values[values.length - 1];
  if (min === undefined || max === undefined) return null;
  return { min, max, step: OP_STEP };
}

/**
 * The slider's range widened to hold the loaded value: a scenario file may set a value the
 * slider's grid does not reach (0.9 over-provisioning), and the slider must show it, not clamp it.
 */
export function rangeHolding(range: Range, value: number): Range {
  return { ...range, min: Math.min(range.min, value), max: Math.max(range.max, value) };
}

/** The fill slider's range: [0, 1], or from one step up while warm-up writes need a fill. */
export function fillRange(knobs: Knobs): Range {
  return { min: knobs.warmupWrites > 0 ? FILL_STEP : 0, max: 1, step: FILL_STEP };
}

export function clamp(value: number, range: Range): number {
  if (!Number.isFinite(value)) return range.min;
  const snapped = Number(onGrid(value, range.step).toFixed(4));
  return Math.min(range.max, Math.max(range.min, snapped));
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

export function withFill(json: string, fill: number): string {
  const doc = parseLabScenario(json, "ssd", "not an SSD scenario");
  section(doc, "workload")["fill_fraction"] = fill;
  return finish(doc);
}

export function withOverProvisioning(json: string, op: number): string {
  const doc = parseLabScenario(json, "ssd", "not an SSD scenario");
  section(doc, "device")["over_provisioning"] = op;
  return finish(doc);
}

/** Sets the generator's pattern; throws for a scenario of explicit ops. */
export function withPattern(json: string, pattern: SsdPatternName): string {
  const doc = parseLabScenario(json, "ssd", "not an SSD scenario");
  const generator = section(doc, "workload")["generator"];
  if (!isObject(generator)) throw new Error("this scenario lists explicit ops: only a generator has a pattern");
  generator["pattern"] = pattern;
  return finish(doc);
}
