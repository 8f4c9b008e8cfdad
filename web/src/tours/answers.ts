//! Checking a student's answer against the simulation, the score, and answers in a link.
//!
//! 1. `revealedValue`: the metric at `reveal` (minus its value at `from`, when given).
//! 2. `judge`: a number within tolerance, or the choice whose range holds the value.
//! 3. Answers travel in the tour link as `ans=<step>:<answer>` pairs joined by `~`
//!    (a number, or `c<index>` for a choice), so a shared link keeps what the student said.

import type { ChoiceOption, Question } from "./model";

export type Given = { kind: "number"; value: number } | { kind: "choice"; index: number };

export interface Judged {
  given: Given;
  /** The simulated value the question is about. */
  truth: number;
  /** For a choice question, the index of the right choice (-1 if none holds the value). */
  rightChoice: number;
  correct: boolean;
}

export function holds(choice: ChoiceOption, value: number): boolean {
  return (choice.min === undefined || value >= choice.min) && (choice.max === undefined || value <= choice.max);
}

/** The index of the choice whose range holds `value`, or -1. */
export function rightChoice(choices: readonly ChoiceOption[], value: number): number {
  return choices.findIndex((c) => holds(c, value));
}

export function revealedValue(question: Question, atReveal: number, atFrom: number | null): number {
  return question.from === undefined ? atReveal : atReveal - (atFrom ?? 0);
}

export function judge(question: Question, given: Given, truth: number): Judged {
  if (question.kind === "number") {
    const correct = given.kind === "number" && Math.abs(given.value - truth) <= question.tolerance + 1e-9;
    return { given, truth, rightChoice: -1, correct };
  }
  const right = rightChoice(question.choices, truth);
  return { given, truth, rightChoice: right, correct: given.kind === "choice" && given.index === right };
}

export function score(judged: readonly (Judged | undefined)[]): { right: number; asked: number } {
  const answered = judged.filter((j): j is Judged => j !== undefined);
  return { right: answered.filter((j) => j.correct).length, asked: answered.length };
}

export function encodeAnswers(given: ReadonlyMap<number, Given>): string {
  return [...given.entries()]
    .sort(([a], [b]) => a - b)
    .map(([step, g]) => `${step}:${g.kind === "number" ? String(g.value) : `c${g.index}`}`)
    .join("~");
}

/** Parses `ans`; malformed pairs are skipped (a link never fails because of an answer). */
export function decodeAnswers(text: string | null): Map<number, Given> {
  const out = new Map<number, Given>();
  if (!text) return out;
  for (const pair of text.split("~")) {
    const match = /^(\d+):(c(\d+)|-?\d+(?:\.\d+)?(?:e-?\d+)?)$/.exec(pair);
    if (!match?.[1] || !match[2]) continue;
    const step = Number(match[1]);
    out.set(step, match[3] !== undefined ? { kind: "choice", index: Number(match[3]) } : { kind: "number", value: Number(match[2]) });
  }
  return out;
}
