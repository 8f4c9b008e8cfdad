//! Checking a student's answer against the simulation, the score, and answers in a link.
//!
//! 1. `revealedValue`: the metric at `reveal` (minus its value at `from`, when given).
//! 2. `judge`: a number within tolerance, the choice whose range holds the value, the mark whose
//!    id is the value, or the items in the order of their values.
//! 3. Answers travel in the tour link as `ans=<step>:<answer>` pairs joined by `~`
//!    (a number, `c<index>` for a choice, `p<id>` for a clicked mark, `o<i>.<j>.<k>` for an
//!    order), so a shared link keeps what the student said.

import type { ChoiceOption, MetricQuestion, OrderQuestion, Question } from "./model";

export type Given =
  | { kind: "number"; value: number }
  | { kind: "choice"; index: number }
  | { kind: "pick"; id: number }
  | { kind: "order"; order: number[] };

export interface Judged {
  given: Given;
  /** The simulated value the question is about (for an order question, the first item's). */
  truth: number;
  /** For a choice question, the index of the right choice (-1 if none holds the value). */
  rightChoice: number;
  /** For an order question, the item indices in the right order. */
  rightOrder: number[];
  correct: boolean;
}

export function holds(choice: ChoiceOption, value: number): boolean {
  return (choice.min === undefined || value >= choice.min) && (choice.max === undefined || value <= choice.max);
}

/** The index of the choice whose range holds `value`, or -1. */
export function rightChoice(choices: readonly ChoiceOption[], value: number): number {
  return choices.findIndex((c) => holds(c, value));
}

export function revealedValue(question: MetricQuestion, atReveal: number, atFrom: number | null): number {
  return question.from === undefined ? atReveal : atReveal - (atFrom ?? 0);
}

/** Item indices sorted by their values, smallest first (ties keep the listed order). */
export function rightOrder(values: readonly number[]): number[] {
  return values.map((_, i) => i).sort((a, b) => (values[a] ?? 0) - (values[b] ?? 0) || a - b);
}

/** `truth` is the metric's value, or for an order question each item's value in listed order. */
export function judge(question: Question, given: Given, truth: number | readonly number[]): Judged {
  if (question.kind === "order" || Array.isArray(truth)) return judgeOrder(question, given, Array.isArray(truth) ? truth : [truth]);
  const value = typeof truth === "number" ? truth : Number.NaN;
  const base = { given, truth: value, rightChoice: -1, rightOrder: [] };
  if (question.kind === "number") return { ...base, correct: given.kind === "number" && Math.abs(given.value - value) <= question.tolerance + 1e-9 };
  if (question.kind === "click") return { ...base, correct: given.kind === "pick" && given.id === value };
  const right = rightChoice(question.choices, value);
  return { ...base, rightChoice: right, correct: given.kind === "choice" && given.index === right };
}

function judgeOrder(question: Question | OrderQuestion, given: Given, values: readonly number[]): Judged {
  const order = rightOrder(values);
  const correct = question.kind === "order" && given.kind === "order" && given.order.length === order.length && given.order.every((v, i) => v === order[i]);
  return { given, truth: values[order[0] ?? 0] ?? Number.NaN, rightChoice: -1, rightOrder: order, correct };
}

export function score(judged: readonly (Judged | undefined)[]): { right: number; asked: number } {
  const answered = judged.filter((j): j is Judged => j !== undefined);
  return { right: answered.filter((j) => j.correct).length, asked: answered.length };
}

export function encodeAnswers(given: ReadonlyMap<number, Given>): string {
  return [...given.entries()]
    .sort(([a], [b]) => a - b)
    .map(([step, g]) => `${step}:${encodeGiven(g)}`)
    .join("~");
}

function encodeGiven(g: Given): string {
  switch (g.kind) {
    case "number":
      return String(g.value);
    case "choice":
      return `c${g.index}`;
    case "pick":
      return `p${g.id}`;
    case "order":
      return `o${g.order.join(".")}`;
  }
}

function decodeGiven(text: string): Given | null {
  let match = /^c(\d+)$/.exec(text);
  if (match?.[1]) return { kind: "choice", index: Number(match[1]) };
  match = /^p(\d+)$/.exec(text);
  if (match?.[1]) return { kind: "pick", id: Number(match[1]) };
  match = /^o(\d+(?:\.\d+){1,31})$/.exec(text);
  if (match?.[1]) return { kind: "order", order: match[1].split(".").map(Number) };
  if (/^-?\d+(?:\.\d+)?(?:e-?\d+)?$/.test(text)) return { kind: "number", value: Number(text) };
  return null;
}

/** Parses `ans`; malformed pairs are skipped (a link never fails because of an answer). */
export function decodeAnswers(text: string | null): Map<number, Given> {
  const out = new Map<number, Given>();
  if (!text) return out;
  for (const pair of text.split("~")) {
    const match = /^(\d+):(.+)$/.exec(pair);
    if (!match?.[1] || !match[2]) continue;
    const given = decodeGiven(match[2]);
    if (given) out.set(Number(match[1]), given);
  }
  return out;
}
