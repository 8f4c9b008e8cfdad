//! A lesson's completion code: what a student pastes into a course platform, or what the host
//! API's `lessonCompleted` event carries, so an instructor can record a score, and what the
//! teacher-notes page verifies with no server (`teach/verify.ts`).
//!
//! 1. The code reads `<lab>.<lesson>.<seed>.<right>of<asked>.<answers>.<check>`: the score in
//!    clear; `seed` is `d` for the lesson's own scenarios or the practice seed; `answers` are the
//!    answers given (the tour link's `ans` text, base64url); `check` is six base-36 digits of
//!    FNV-1a over the rest, so a mistyped code is caught.
//! 2. Verifying re-runs the lesson's questions on that seed and judges the answers in the code
//!    again: the score must be theirs. A code with a raised score, or with answers changed
//!    after the fact, does not verify. FlashLab has no server, so nothing stops a student from
//!    computing right answers with the simulator; the code proves only that these answers earn
//!    this score on this seed. A platform that needs more records the `questionAnswered`
//!    events as they come (docs/EMBEDDING.md).

import { decodeAnswers, encodeAnswers, type Given } from "./answers";

function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

function toBase64Url(text: string): string {
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text: string): string | null {
  try {
    return atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  } catch {
    return null;
  }
}

function checkOf(body: string): string {
  return (fnv1a(body) % 36 ** 6).toString(36).padStart(6, "0");
}

export function completionCode(lab: string, lesson: string, seed: number | null, right: number, asked: number, given: ReadonlyMap<number, Given>): string {
  const body = `${lab}.${lesson}.${seed === null ? "d" : String(seed)}.${right}of${asked}.${toBase64Url(encodeAnswers(given)) || "-"}`;
  return `${body}.${checkOf(body)}`;
}

export interface CompletionClaim {
  lab: string;
  lesson: string;
  /** The practice seed, or null for the lesson's own scenarios. */
  seed: number | null;
  right: number;
  asked: number;
  given: Map<number, Given>;
}

/** Reads a code whose check digits match (step 1), or null: it says what it claims, the
 *  teacher page then re-judges it (step 2). */
export function parseCompletionCode(code: string): CompletionClaim | null {
  const match = /^([a-z0-9-]+)\.([a-z0-9-]+)\.(d|\d{1,10})\.(\d+)of(\d+)\.([A-Za-z0-9_-]+)\.([0-9a-z]{6})$/.exec(code.trim());
  if (!match?.[1] || !match[2] || !match[3] || !match[4] || !match[5] || !match[6] || !match[7]) return null;
  const body = code.trim().slice(0, -7);
  if (checkOf(body) !== match[7]) return null;
  const answers = match[6] === "-" ? "" : fromBase64Url(match[6]);
  if (answers === null) return null;
  return {
    lab: match[1],
    lesson: match[2],
    seed: match[3] === "d" ? null : Number(match[3]),
    right: Number(match[4]),
    asked: Number(match[5]),
    given: decodeAnswers(answers),
  };
}
