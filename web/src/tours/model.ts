//! Guided tours (`scenarios/<lab>/tours/<name>.json`) and lessons
//! (`scenarios/<lab>/lessons/<name>.json`, docs/LESSONS.md): a bundled scenario plus numbered
//! steps. Each step shows one moment of the run (a simulation step, of the tour's scenario or of
//! the step's own) with narration, may point at a part of the view, and may ask a
//! predict-then-reveal question.
//!
//! 1. A question's answer is never written in the tour file. The file names a metric and the step
//!    at which the simulation reveals it; the answer is that metric's value there (or its change
//!    since `from`), read from the run when the student checks.
//! 2. A number question accepts answers within `tolerance` of the simulated value. A choice
//!    question gives each choice a range of the simulated value; the right choice is the one whose
//!    range holds it (the tests check that exactly one does, for every question of every tour).
//!    A click question's answer is the id of a mark in the view (`tours/picks.ts`); an order
//!    question's right order sorts its items by their metrics at `reveal`, smallest first.
//! 3. Text may quote the run: `{metric}` or `{metric:D}` is replaced by that metric's value at the
//!    step shown, with D decimals (`fillText`).
//! 4. `parseTour` checks the file and names the field that is wrong, like the core does for a
//!    scenario.

export interface ChoiceOption {
  label: string;
  /** Inclusive range of the revealed value for which this choice is right. */
  min?: number;
  max?: number;
}

interface QuestionBase {
  ask: string;
  /** The metric (its `name` in the metrics panel) whose value answers the question. */
  metric: string;
  /** When set, the answer is the metric's change from this step to `reveal`. */
  from?: number;
  /** The simulation step at which the answer is read and shown. */
  reveal: number;
  /** One sentence shown with the revealed answer: why it is so. */
  explain: string;
}

export interface OrderItem {
  label: string;
  /** The metric whose value at `reveal` places this item (smallest first). */
  metric: string;
}

export type MetricQuestion =
  | (QuestionBase & { kind: "number"; tolerance: number; unit: string })
  | (QuestionBase & { kind: "choice"; choices: ChoiceOption[] })
  /** `target`: the `data-testid` of the view whose marks the student clicks. */
  | (QuestionBase & { kind: "click"; target: string });

export interface OrderQuestion {
  kind: "order";
  ask: string;
  items: OrderItem[];
  reveal: number;
  explain: string;
}

export type Question = MetricQuestion | OrderQuestion;

/** A number with a unit in a step's text that the run does not compute, and where it comes from. */
export interface Quote {
  text: string;
  source: string;
}

export interface TourStep {
  /** The simulation step shown (the run is paused there). */
  step: number;
  /** The bundled scenario shown at this step, when not the tour's. */
  scenario?: string;
  quotes?: Quote[];
  title: string;
  text: string;
  /** `data-testid` of the part of the view to highlight. */
  focus?: string;
  question?: Question;
}

export type TourKind = "tour" | "lesson";

export interface Tour {
  kind: TourKind;
  lab: string;
  /** File name without `.json`: the tour's id in links. */
  name: string;
  title: string;
  summary: string;
  /** The bundled scenario (file name without `.json`) in the same lab. */
  scenario: string;
  /** A lesson's expected length in class. */
  minutes?: number;
  steps: TourStep[];
}

/** The bundled scenario shown at `step`. */
export function scenarioOf(tour: Tour, step: TourStep): string {
  return step.scenario ?? tour.scenario;
}

const PLACEHOLDER = /\{([a-z0-9_]+)(?::([0-3]))?\}/g;

/** The metric names a text quotes as placeholders. */
export function placeholdersOf(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((m) => m[1] ?? "");
}

/** `text` with each `{metric}` replaced by `format(value, decimals)`; unknown metrics stay "…". */
export function fillText(text: string, values: ReadonlyMap<string, number>, format: (value: number, decimals: number | undefined) => string): string {
  return text.replace(PLACEHOLDER, (_, name: string, digits: string | undefined) => {
    const value = values.get(name);
    return value === undefined ? "…" : format(value, digits === undefined ? undefined : Number(digits));
  });
}

export class TourError extends Error {}

type Json = Record<string, unknown>;

function object(value: unknown, path: string): Json {
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new TourError(`${path}: expected an object`);
  return value as Json;
}

function text(o: Json, key: string, path: string): string {
  const value = o[key];
  if (typeof value !== "string" || value.trim() === "") throw new TourError(`${path}.${key}: expected a non-empty string`);
  return value;
}

function count(o: Json, key: string, path: string): number {
  const value = o[key];
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 0) {
    throw new TourError(`${path}.${key}: expected a non-negative integer step`);
  }
  return value;
}

function optionalNumber(o: Json, key: string, path: string): number | undefined {
  const value = o[key];
  if (value === undefined) return undefined;
  if (typeof value !== "number" || !Number.isFinite(value)) throw new TourError(`${path}.${key}: expected a number`);
  return value;
}

const QUESTION_KEYS = new Set(["kind", "ask", "metric", "from", "reveal", "explain", "tolerance", "unit", "choices", "target", "items"]);
const STEP_KEYS = new Set(["step", "scenario", "title", "text", "focus", "quotes", "question"]);
const TOUR_KEYS = new Set(["version", "lab", "title", "summary", "scenario", "minutes", "steps"]);
const TEST_ID = /^[a-z0-9-]+$/;

function noUnknownKeys(o: Json, allowed: Set<string>, path: string): void {
  for (const key of Object.keys(o)) if (!allowed.has(key)) throw new TourError(`${path}.${key}: unknown field`);
}

function parseOrder(o: Json, path: string, shownStep: number): OrderQuestion {
  const raw = o["items"];
  if (!Array.isArray(raw) || raw.length < 2) throw new TourError(`${path}.items: expected at least two items`);
  const items = raw.map((item, i) => {
    const ip = `${path}.items[${i}]`;
    const io = object(item, ip);
    noUnknownKeys(io, new Set(["label", "metric"]), ip);
    return { label: text(io, "label", ip), metric: text(io, "metric", ip) };
  });
  const reveal = count(o, "reveal", path);
  if (reveal < shownStep) throw new TourError(`${path}.reveal: the answer must be revealed at or after the step shown (${shownStep})`);
  return { kind: "order", ask: text(o, "ask", path), items, reveal, explain: text(o, "explain", path) };
}

function parseQuestion(value: unknown, path: string, shownStep: number): Question {
  const o = object(value, path);
  noUnknownKeys(o, QUESTION_KEYS, path);
  if (o["kind"] === "order") return parseOrder(o, path, shownStep);
  const base = {
    ask: text(o, "ask", path),
    metric: text(o, "metric", path),
    from: o["from"] === undefined ? undefined : count(o, "from", path),
    reveal: count(o, "reveal", path),
    explain: text(o, "explain", path),
  };
  if (base.reveal < shownStep) throw new TourError(`${path}.reveal: the answer must be revealed at or after the step shown (${shownStep})`);
  if (base.from !== undefined && base.from > base.reveal) throw new TourError(`${path}.from: must not be after reveal`);
  if (o["kind"] === "number") {
    const tolerance = optionalNumber(o, "tolerance", path) ?? 0;
    if (tolerance < 0) throw new TourError(`${path}.tolerance: must not be negative`);
    return { ...base, kind: "number", tolerance, unit: typeof o["unit"] === "string" ? o["unit"] : "" };
  }
  if (o["kind"] === "choice") {
    const raw = o["choices"];
    if (!Array.isArray(raw) || raw.length < 2) throw new TourError(`${path}.choices: expected at least two choices`);
    const choices = raw.map((c, i) => {
      const cp = `${path}.choices[${i}]`;
      const co = object(c, cp);
      const option: ChoiceOption = { label: text(co, "label", cp) };
      const min = optionalNumber(co, "min", cp);
      const max = optionalNumber(co, "max", cp);
      if (min !== undefined) option.min = min;
      if (max !== undefined) option.max = max;
      if (min === undefined && max === undefined) throw new TourError(`${cp}: give min, max or both`);
      return option;
    });
    return { ...base, kind: "choice", choices };
  }
  if (o["kind"] === "click") {
    const target = text(o, "target", path);
    if (!TEST_ID.test(target)) throw new TourError(`${path}.target: a data-testid of lower-case letters, digits and dashes`);
    return { ...base, kind: "click", target };
  }
  throw new TourError(`${path}.kind: expected "number", "choice", "click" or "order"`);
}

function parseStep(value: unknown, path: string): TourStep {
  const o = object(value, path);
  noUnknownKeys(o, STEP_KEYS, path);
  const step: TourStep = { step: count(o, "step", path), title: text(o, "title", path), text: text(o, "text", path) };
  if (o["scenario"] !== undefined) step.scenario = text(o, "scenario", path);
  if (o["quotes"] !== undefined) {
    const raw = o["quotes"];
    if (!Array.isArray(raw)) throw new TourError(`${path}.quotes: expected a list`);
    step.quotes = raw.map((q, i) => {
      const qp = `${path}.quotes[${i}]`;
      const qo = object(q, qp);
      noUnknownKeys(qo, new Set(["text", "source"]), qp);
      return { text: text(qo, "text", qp), source: text(qo, "source", qp) };
    });
  }
  if (o["focus"] !== undefined) {
    const focus = text(o, "focus", path);
    if (!TEST_ID.test(focus)) throw new TourError(`${path}.focus: a data-testid of lower-case letters, digits and dashes`);
    step.focus = focus;
  }
  if (o["question"] !== undefined) step.question = parseQuestion(o["question"], `${path}.question`, step.step);
  return step;
}

/** Parses a tour or lesson file's JSON; throws `TourError` naming the field that is wrong. */
export function parseTour(lab: string, name: string, json: string, kind: TourKind = "tour"): Tour {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch (error) {
    throw new TourError(`${kind} ${lab}/${name}: not JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  const path = kind;
  const o = object(raw, path);
  noUnknownKeys(o, TOUR_KEYS, path);
  if (o["version"] !== 1) throw new TourError(`${path}.version: expected 1`);
  if (o["lab"] !== lab) throw new TourError(`${path}.lab: expected "${lab}" (the folder it is in)`);
  const steps = o["steps"];
  if (!Array.isArray(steps) || steps.length === 0) throw new TourError(`${path}.steps: expected at least one step`);
  const parsed = steps.map((s, i) => parseStep(s, `${path}.steps[${i}]`));
  const tour: Tour = {
    kind,
    lab,
    name,
    title: text(o, "title", path),
    summary: text(o, "summary", path),
    scenario: text(o, "scenario", path),
    steps: parsed,
  };
  const minutes = optionalNumber(o, "minutes", path);
  if (minutes !== undefined) {
    if (minutes <= 0 || minutes > 120) throw new TourError(`${path}.minutes: expected 1 to 120`);
    tour.minutes = minutes;
  }
  return tour;
}
