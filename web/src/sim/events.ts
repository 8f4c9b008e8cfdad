//! Decodes the core's numeric events into typed, narrated events.
//!
//! 1. The core sends recent events as one `Uint32Array`, 8 words per event:
//!    `[step, time_lo, time_hi, kind, a, b, c, d]` (core/src/sim/trace.rs).
//! 2. `info().eventKinds` describes each kind: a name, the four argument names and a sentence
//!    with placeholders. Narration therefore has one source: the core. A placeholder is
//!    `{a}` (the number), `{a:page|pages}` (the number and the noun, singular for 1) or
//!    `{a=1:read,2:write}` (the word for a code; an unknown code shows as the number).
//! 3. A kind missing from the table still gets a line: its code and its named arguments.

import type { EventKindInfo } from "./types";

export const EVENT_WORDS = 8;

export interface DecodedEvent {
  /** Position in the recent-events buffer (oldest first); stable key for one snapshot. */
  index: number;
  step: number;
  timeNs: number;
  kind: number;
  /** The kind's name, or `kind N` when the table does not know it. */
  name: string;
  args: [number, number, number, number];
  text: string;
  known: boolean;
}

const PLACEHOLDER = /\{([abcd])(?::([^|{}]*)\|([^{}]*)|=([^{}]*))?\}/g;
const ARG_INDEX: Record<string, number> = { a: 0, b: 1, c: 2, d: 3 };

/** The word for `value` in a code list `1:read,2:write`, or the number itself. */
function codeWord(list: string, value: number): string {
  for (const entry of list.split(",")) {
    const colon = entry.indexOf(":");
    if (colon > 0 && Number(entry.slice(0, colon).trim()) === value) return entry.slice(colon + 1).trim();
  }
  return String(value);
}

/** Fills the placeholders of a kind's sentence with the event's arguments. */
export function narrate(text: string, args: readonly number[]): string {
  return text.replace(
    PLACEHOLDER,
    (match, letter: string, singular: string | undefined, plural: string | undefined, codes: string | undefined) => {
      const value = args[ARG_INDEX[letter] ?? -1];
      if (value === undefined) return match;
      if (codes !== undefined) return codeWord(codes, value);
      if (singular !== undefined && plural !== undefined) return `${value} ${value === 1 ? singular : plural}`;
      return String(value);
    },
  );
}

/** The line for a kind the table does not describe. */
export function genericLine(kind: number, args: readonly number[], names?: readonly string[]): string {
  const parts = args.map((value, i) => `${names?.[i] || "abcd"[i]}=${value}`);
  return `event kind ${kind} (${parts.join(", ")})`;
}

export function kindTable(kinds: readonly EventKindInfo[]): Map<number, EventKindInfo> {
  return new Map(kinds.map((k) => [k.code, k]));
}

/** Decodes every whole event in `words` (a trailing partial event is ignored). */
export function decodeEvents(words: Uint32Array, kinds: ReadonlyMap<number, EventKindInfo>): DecodedEvent[] {
  const count = Math.floor(words.length / EVENT_WORDS);
  const events: DecodedEvent[] = [];
  for (let i = 0; i < count; i++) {
    const base = i * EVENT_WORDS;
    const word = (k: number): number => words[base + k] ?? 0;
    const kind = word(3);
    const args: [number, number, number, number] = [word(4), word(5), word(6), word(7)];
    const info = kinds.get(kind);
    events.push({
      index: i,
      step: word(0),
      timeNs: word(1) + word(2) * 2 ** 32,
      kind,
      name: info?.name ?? `kind ${kind}`,
      args,
      text: info ? narrate(info.text, args) : genericLine(kind, args),
      known: info !== undefined,
    });
  }
  return events;
}
