//! The host API's messages (DESIGN §3.4, docs/EMBEDDING.md): what a host page may send an
//! embedded lab, and what the lab sends back. Pure: parsing and validation only, no DOM.
//!
//! 1. Every message is an object `{flashlab: 1, type, id?, ...}`; `flashlab` is the protocol
//!    version, `id` (a string or integer the host chooses) is echoed in the reply.
//! 2. `parseCommand` checks a message field by field and returns the command, or the first
//!    field that is wrong with a sentence saying why, so the lab can answer with an `error`
//!    event naming it. Nothing a host sends can throw here.
//! 3. Sizes are bounded before anything is parsed: a scenario at most the core's 4 MiB
//!    (`scenario::limits::MAX_SCENARIO_BYTES`), a name or URL at most 8 KiB.

export const PROTOCOL_VERSION = 1;
/** The core's own limit on a scenario's text. */
export const MAX_SCENARIO_CHARS = 4 * 1024 * 1024;
const MAX_TEXT_CHARS = 8 * 1024;
const MAX_ID_CHARS = 128;
const PANELS = ["invariants", "metrics", "events", "timeline"] as const;
export type PanelName = (typeof PANELS)[number];

export type MessageId = string | number | null;

export type Command =
  | { type: "load"; scenario: string }
  | { type: "play" }
  | { type: "pause" }
  | { type: "step"; n: number }
  | { type: "seek"; step: number }
  | { type: "speed"; speed: number }
  | { type: "panels"; show: PanelName[] }
  | { type: "lesson"; name: string; step: number }
  | { type: "getState" };

export const COMMAND_TYPES: readonly Command["type"][] = [
  "load",
  "play",
  "pause",
  "step",
  "seek",
  "speed",
  "panels",
  "lesson",
  "getState",
];

export type Parsed = { ok: true; id: MessageId; command: Command } | { ok: false; id: MessageId; field: string; message: string };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "string") return value.length > 40 ? `a string of ${value.length} characters` : JSON.stringify(value);
  if (typeof value === "object") return "an object";
  return `${typeof value} ${String(value)}`;
}

class FieldError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

function integer(msg: Record<string, unknown>, field: string, min: number, max: number, fallback?: number): number {
  const value = msg[field];
  if (value === undefined && fallback !== undefined) return fallback;
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < min || value > max) {
    throw new FieldError(field, `expected an integer from ${min} to ${max}, got ${describe(value)}`);
  }
  return value;
}

function text(msg: Record<string, unknown>, field: string, maxChars: number): string {
  const value = msg[field];
  if (typeof value !== "string" || value.length === 0) throw new FieldError(field, `expected a non-empty string, got ${describe(value)}`);
  if (value.length > maxChars) throw new FieldError(field, `${value.length} characters, more than the ${maxChars} allowed`);
  return value;
}

/** A scenario as JSON text, a scenario object, or a share link. */
function scenarioText(value: unknown): string {
  if (typeof value === "string") {
    if (value.length === 0) throw new FieldError("scenario", "expected scenario JSON text, a scenario object or a share link, got an empty string");
    if (value.length > MAX_SCENARIO_CHARS) throw new FieldError("scenario", `${value.length} characters, more than the ${MAX_SCENARIO_CHARS} allowed`);
    return value;
  }
  if (!isRecord(value)) throw new FieldError("scenario", `expected scenario JSON text, a scenario object or a share link, got ${describe(value)}`);
  let json: string;
  try {
    json = JSON.stringify(value);
  } catch {
    throw new FieldError("scenario", "the scenario object cannot be written as JSON");
  }
  if (json.length > MAX_SCENARIO_CHARS) throw new FieldError("scenario", `${json.length} characters as JSON, more than the ${MAX_SCENARIO_CHARS} allowed`);
  return json;
}

function panels(value: unknown): PanelName[] {
  if (!Array.isArray(value)) throw new FieldError("show", `expected an array of panel names (${PANELS.join(", ")}), got ${describe(value)}`);
  if (value.length > PANELS.length) throw new FieldError("show", `at most ${PANELS.length} panel names, got ${value.length}`);
  const names: PanelName[] = [];
  value.forEach((name: unknown, i) => {
    const known = PANELS.find((p) => p === name);
    if (!known) throw new FieldError(`show[${i}]`, `expected one of ${PANELS.join(", ")}, got ${describe(name)}`);
    if (!names.includes(known)) names.push(known);
  });
  return names;
}

function messageId(msg: Record<string, unknown>): MessageId {
  const id = msg.id;
  if (id === undefined || id === null) return null;
  if (typeof id === "number" && Number.isSafeInteger(id)) return id;
  if (typeof id === "string" && id.length <= MAX_ID_CHARS) return id;
  throw new FieldError("id", `expected a string of at most ${MAX_ID_CHARS} characters or an integer, got ${describe(id)}`);
}

function command(msg: Record<string, unknown>): Command {
  const type = msg.type;
  switch (type) {
    case "load":
      return { type, scenario: scenarioText(msg.scenario) };
    case "play":
    case "pause":
    case "getState":
      return { type };
    case "step":
      return { type, n: integer(msg, "n", 0, 1_000_000_000, 1) };
    case "seek":
      return { type, step: integer(msg, "step", 0, Number.MAX_SAFE_INTEGER) };
    case "speed": {
      const speed = msg.speed;
      if (typeof speed !== "number" || !Number.isFinite(speed) || speed <= 0 || speed > 1000) {
        throw new FieldError("speed", `expected simulated seconds per wall second, above 0 and at most 1000, got ${describe(speed)}`);
      }
      return { type, speed };
    }
    case "panels":
      return { type, show: panels(msg.show) };
    case "lesson":
      return { type, name: text(msg, "name", MAX_TEXT_CHARS), step: integer(msg, "step", 0, 10_000, 0) };
    default:
      throw new FieldError("type", `expected one of ${COMMAND_TYPES.join(", ")}, got ${describe(type)}`);
  }
}

/** Parses one message from the host (step 2). */
export function parseCommand(data: unknown): Parsed {
  if (!isRecord(data)) return { ok: false, id: null, field: "message", message: `expected an object {flashlab: 1, type, …}, got ${describe(data)}` };
  let id: MessageId = null;
  try {
    id = messageId(data);
    if (data.flashlab !== PROTOCOL_VERSION) {
      throw new FieldError("flashlab", `expected the protocol version ${PROTOCOL_VERSION}, got ${describe(data.flashlab)}`);
    }
    return { ok: true, id, command: command(data) };
  } catch (error) {
    if (error instanceof FieldError) return { ok: false, id, field: error.field, message: error.message };
    return { ok: false, id, field: "message", message: error instanceof Error ? error.message : String(error) };
  }
}

/** What the lab sends the host: replies to commands, and events. */
export type LabMessage =
  | { flashlab: 1; type: "reply"; id: MessageId; command: Command["type"]; result: unknown }
  | { flashlab: 1; type: "loaded"; lab: string; title: string; totalSteps: number | null; traceHash: string }
  | { flashlab: 1; type: "step"; step: number; simTimeNs: number; playing: boolean }
  | { flashlab: 1; type: "invariantFailed"; name: string; step: number | null; detail: string }
  | { flashlab: 1; type: "questionAnswered"; lesson: string; question: number; answer: unknown; correct: boolean; simulated: number }
  | { flashlab: 1; type: "lessonCompleted"; lesson: string; right: number; asked: number; code: string }
  | { flashlab: 1; type: "error"; id: MessageId; field: string; message: string };
