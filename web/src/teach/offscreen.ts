//! Lessons run off screen, for the teacher notes: a private worker and session, so computing
//! answers or checking a completion code never disturbs a lab the teacher has open.
//!
//! 1. `answers` starts the lesson on a fresh session and asks the simulation for each question's
//!    answer, one by one (each one a seek, as when a student checks).
//! 2. `verifyCode` reads a completion code (`tours/completion.ts`), starts the lesson on the
//!    code's seed with the code's answers, judges them all again and compares the score with
//!    the one the code claims.
//! 3. The worker is disposed of when the work is done, whatever happens.

import { LabSession } from "../app/session";
import { createSimWorker, SimClient } from "../sim/client";
import { score } from "../tours/answers";
import { parseCompletionCode } from "../tours/completion";
import { TourController } from "../tours/controller";
import type { Tour } from "../tours/model";
import { findTourOrLesson } from "../tours/registry";

async function offscreen<T>(work: (controller: TourController) => Promise<T>): Promise<T> {
  const session = new LabSession(new SimClient(createSimWorker));
  try {
    return await work(new TourController(session, false));
  } finally {
    session.dispose();
  }
}

/** Each question's simulated answer, by step index (a number, or per item for an order question). */
export function answers(lesson: Tour): Promise<Map<number, number | number[]>> {
  return offscreen(async (controller) => {
    await controller.start(lesson, 0, new Map());
    const out = new Map<number, number | number[]>();
    for (const [index, step] of lesson.steps.entries()) {
      if (!step.question) continue;
      const answer = await controller.answerOf(index);
      if (answer !== null) out.set(index, answer);
    }
    return out;
  });
}

export interface CodeVerdict {
  verified: boolean;
  message: string;
}

export async function verifyCode(code: string, lab: string): Promise<CodeVerdict> {
  const claim = parseCompletionCode(code);
  if (!claim) return { verified: false, message: "This is not a FlashLab completion code, or it was mistyped: its check digits do not match." };
  if (claim.lab !== lab) return { verified: false, message: `This code is for the ${claim.lab} lab; check it on that lab's teacher notes.` };
  const lesson = await findTourOrLesson(claim.lab, claim.lesson);
  if (!lesson) return { verified: false, message: `There is no lesson or tour "${claim.lesson}" in this lab (is the code from another FlashLab version?).` };
  const judged = await offscreen(async (controller) => {
    await controller.start(lesson, 0, claim.given, claim.seed);
    await controller.judgeRemaining();
    return score([...(controller.current?.judged.values() ?? [])]);
  });
  const where = claim.seed === null ? "the lesson's own scenarios" : `practice seed ${claim.seed}`;
  if (judged.right !== claim.right || judged.asked !== claim.asked) {
    return { verified: false, message: `Does not verify: the code claims ${claim.right} of ${claim.asked}, but its answers, judged again on ${where}, score ${judged.right} of ${judged.asked}.` };
  }
  return { verified: true, message: `Verified: ${lesson.title}, ${claim.right} of ${claim.asked} answered right on ${where} (re-judged by the simulation just now).` };
}
