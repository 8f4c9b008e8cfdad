//! The tour being followed: which tour, which of its steps, what the student answered and what
//! the simulation revealed. It drives the lab session (load, seek) and keeps the address bar's
//! tour link current, so a copied link reopens the same step with the same answers.
//!
//! 1. `start` loads the tour's bundled scenario and goes to the requested step.
//! 2. `goTo` seeks the run to the step's moment at once: nobody waits for an animation.
//! 3. `check` records the answer, seeks to the question's `from` and `reveal` steps, reads the
//!    metric there and judges the answer; the run is left at the reveal, so the view shows the
//!    very state that answers the question.
//! 4. Answers given in a link are judged when their step is visited, or all at the end for the
//!    score.

import { Store } from "../app/store";
import type { LabSession } from "../app/session";
import { scenariosFor } from "../labs/scenarios";
import type { Snapshot } from "../sim/types";
import { encodeAnswers, type Given, judge, type Judged, revealedValue } from "./answers";
import type { Question, Tour } from "./model";
import { tourHash } from "./registry";
import { keepEmbedParams, parseRoute } from "../share/route";

export interface TourState {
  tour: Tour;
  index: number;
  given: ReadonlyMap<number, Given>;
  judged: ReadonlyMap<number, Judged>;
  /** A check in progress (seeking to the reveal). */
  busy: boolean;
  error: string | null;
}

function metricValue(snapshot: Snapshot, name: string): number {
  const metric = snapshot.metrics.find((m) => m.name === name);
  if (!metric) throw new Error(`this lab has no metric "${name}" (the tour names it)`);
  return metric.value;
}

export class TourController {
  readonly state = new Store<TourState | null>(null);

  constructor(private readonly session: LabSession) {}

  get current(): TourState | null {
    return this.state.get();
  }

  private patch(patch: Partial<TourState>): void {
    const now = this.state.get();
    if (now) this.state.set({ ...now, ...patch });
  }

  /** The tour link for the current state (also what the address bar shows). */
  link(): string | null {
    const s = this.state.get();
    return s ? tourHash(s.tour.lab, s.tour.name, s.index, encodeAnswers(s.given)) : null;
  }

  private syncUrl(): void {
    const link = this.link();
    // Inside an iframe the tour link stays embedded, answering the same host.
    const hash = link === null ? null : keepEmbedParams(parseRoute(window.location.hash), link);
    if (hash !== null && window.location.hash !== hash) window.history.replaceState(window.history.state, "", hash);
  }

  async start(tour: Tour, index: number, given: ReadonlyMap<number, Given>): Promise<void> {
    const scenario = scenariosFor(tour.lab).find((s) => s.name === tour.scenario);
    if (!scenario) throw new Error(`the tour's scenario "${tour.scenario}" is not bundled with lab ${tour.lab}`);
    const clamped = Math.min(Math.max(0, index), tour.steps.length - 1);
    this.state.set({ tour, index: clamped, given, judged: new Map(), busy: false, error: null });
    await this.session.load(scenario.json, { source: { kind: "bundled", name: scenario.name } });
    await this.goTo(clamped);
  }

  stop(): void {
    this.state.set(null);
  }

  async goTo(index: number): Promise<void> {
    const s = this.state.get();
    if (!s) return;
    const target = Math.min(Math.max(0, index), s.tour.steps.length - 1);
    const step = s.tour.steps[target];
    if (!step) return;
    this.patch({ index: target, error: null });
    this.syncUrl();
    this.session.pause();
    await this.session.seek(step.step);
    if (target === s.tour.steps.length - 1) await this.judgeRemaining();
  }

  next(): Promise<void> {
    return this.goTo((this.state.get()?.index ?? 0) + 1);
  }

  back(): Promise<void> {
    return this.goTo((this.state.get()?.index ?? 0) - 1);
  }

  /** The simulated answer to `question`, read from the run; leaves the run at the reveal step. */
  private async reveal(question: Question): Promise<number> {
    const before = question.from === undefined ? null : metricValue(await this.session.seek(question.from), question.metric);
    const after = metricValue(await this.session.seek(question.reveal), question.metric);
    return revealedValue(question, after, before);
  }

  async check(given: Given): Promise<void> {
    const s = this.state.get();
    const question = s?.tour.steps[s.index]?.question;
    if (!s || !question) return;
    const index = s.index;
    const givenMap = new Map(s.given).set(index, given);
    this.patch({ given: givenMap, busy: true, error: null });
    this.syncUrl();
    try {
      const truth = await this.reveal(question);
      const judged = new Map(this.state.get()?.judged ?? []).set(index, judge(question, given, truth));
      this.patch({ judged, busy: false });
    } catch (error) {
      this.patch({ busy: false, error: error instanceof Error ? error.message : String(error) });
    }
  }

  /** Judges answers that came in a link and were never checked here (for the final score). */
  private async judgeRemaining(): Promise<void> {
    const s = this.state.get();
    if (!s) return;
    const judged = new Map(s.judged);
    let changed = false;
    for (const [index, given] of s.given) {
      const question = s.tour.steps[index]?.question;
      if (!question || judged.has(index)) continue;
      judged.set(index, judge(question, given, await this.reveal(question)));
      changed = true;
    }
    if (!changed) return;
    this.patch({ judged });
    const shown = s.tour.steps[s.index];
    if (shown) await this.session.seek(shown.step);
  }
}
