//! A lesson's completion code: what a student pastes into a course platform, or what the host
//! API's `lessonCompleted` event carries, so an instructor can record a score.
//!
//! 1. The code reads `<lab>.<lesson>.<right>of<asked>.<check>`: the score in clear, and a check
//!    of six base-36 digits (FNV-1a over the lab, lesson, score and the answers given), so a
//!    mistyped code is caught.
//! 2. It is not a secret: FlashLab has no server, so a determined student could compute a code
//!    for any score. A platform that needs more records the `questionAnswered` events as they
//!    come (docs/EMBEDDING.md).

import { encodeAnswers, type Given } from "./answers";

function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

export function completionCode(lab: string, lesson: string, right: number, asked: number, given: ReadonlyMap<number, Given>): string {
  const body = `${lab}.${lesson}.${right}of${asked}`;
  const check = (fnv1a(`${body}|${encodeAnswers(given)}`) % 36 ** 6).toString(36).padStart(6, "0");
  return `${body}.${check}`;
}

/** Whether `code` is well formed and its check matches the answers given (step 1). */
export function checkCompletionCode(code: string, given: ReadonlyMap<number, Given>): boolean {
  const match = /^([a-z0-9-]+)\.([a-z0-9-]+)\.(\d+)of(\d+)\.[0-9a-z]{6}$/.exec(code);
  if (!match?.[1] || !match[2] || !match[3] || !match[4]) return false;
  return completionCode(match[1], match[2], Number(match[3]), Number(match[4]), given) === code;
}
