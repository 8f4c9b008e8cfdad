//! The tour being followed: which tour, which of its steps, what the student answered and what
//! the simulation revealed. It drives the lab session (load, seek) and keeps the address bar's
//! tour link current, so a copied link reopens the same step with the same answers.
//!
//! 1. `start` loads the tour's bundled scenario and goes to the requested step.
//! 2. `goTo` seeks the run to the step's moment at once (loading the step's own scenario first
//!    when a lesson step names one): nobody waits for an animation. It reads the metrics there,
//!    which fill the step text's `{metric}` placeholders.
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
import { practiceTour, scenarioOf, type Question, type Tour } from "./model";
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
  /** The metrics at the step shown, for the text's placeholders. */
  values: ReadonlyMap<string, number>;
  /** Practice mode: the seed every scenario runs on instead of its own (null: the lesson's). */
  practice: number | null;
}

function metricValue(snapshot: Snapshot, name: string): number {
  const metric = snapshot.metrics.find((m) => m.name === name);
  if (!metric) throw new Error(`this lab has no metric "${name}" (the tour names it)`);
  return metric.value;
}

function metricMap(snapshot: Snapshot): Map<string, number> {
  return new Map(snapshot.metrics.map((m) => [m.name, m.value]));
}

export class TourController {
  readonly state = new Store<TourState | null>(null);
  /** The bundled scenario the session holds for this tour (null before the first load). */
  private loaded: string | null = null;

  /** `inAddressBar`: false for a controller that runs off screen (the teacher notes' answers and
   *  code checks), which must not touch the address bar. */
  constructor(
    private readonly session: LabSession,
    private readonly inAddressBar = true,
  ) {}

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
    return s ? tourHash(s.tour.lab, s.tour.name, s.index, encodeAnswers(s.given), s.practice) : null;
  }

  private syncUrl(): void {
    if (!this.inAddressBar) return;
    const link = this.link();
    // Inside an iframe the tour link stays embedded, answering the same host.
    const hash = link === null ? null : keepEmbedParams(parseRoute(window.location.hash), link);
    if (hash !== null && window.location.hash !== hash) window.history.replaceState(window.history.state, "", hash);
  }

  async start(tour: Tour, index: number, given: ReadonlyMap<number, Given>, practice: number | null = null): Promise<void> {
    for (const name of new Set([tour.scenario, ...tour.steps.map((s) => scenarioOf(tour, s))])) {
      if (!scenariosFor(tour.lab).some((s) => s.name === name)) throw new Error(`the ${tour.kind}'s scenario "${name}" is not bundled with lab ${tour.lab}`);
    }
    const shown = practice === null ? tour : practiceTour(tour, practice);
    if (shown.steps.length === 0) throw new Error(`the ${tour.kind} "${tour.name}" has no question to practise`);
    const clamped = Math.min(Math.max(0, index), shown.steps.length - 1);
    this.loaded = null;
    this.state.set({ tour: shown, index: clamped, given, judged: new Map(), busy: false, error: null, values: new Map(), practice });
    await this.goTo(clamped);
  }

  stop(): void {
    this.loaded = null;
    this.state.set(null);
  }

  /** Loads the bundled scenario `name` unless the session already holds it for this tour. */
  private async use(lab: string, name: string): Promise<void> {
    if (this.loaded === name) return;
    const scenario = scenariosFor(lab).find((s) => s.name === name);
    if (!scenario) throw new Error(`scenario "${name}" is not bundled with lab ${lab}`);
    await this.session.load(scenario.json, { source: { kind: "bundled", name: scenario.name }, seed: this.state.get()?.practice ?? null });
    this.loaded = name;
  }

  /** Seeks to `step` of the tour step's scenario, loading it first when needed. */
  private async at(tour: Tour, index: number, step: number): Promise<Snapshot> {
    const shown = tour.steps[index];
    await this.use(tour.lab, shown ? scenarioOf(tour, shown) : tour.scenario);
    return this.session.seek(step);
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
    const snapshot = await this.at(s.tour, target, step.step);
    if (this.state.get()?.index === target) this.patch({ values: metricMap(snapshot) });
    if (target === s.tour.steps.length - 1) await this.judgeRemaining();
  }

  next(): Promise<void> {
    return this.goTo((this.state.get()?.index ?? 0) + 1);
  }

  back(): Promise<void> {
    return this.goTo((this.state.get()?.index ?? 0) - 1);
  }

  /** The simulated answer to the question of step `index`, read from the run; leaves the run at
   *  the reveal step. For an order question: each item's value, in listed order. */
  private async reveal(tour: Tour, index: number, question: Question): Promise<number | number[]> {
    if (question.kind === "order") {
      const snapshot = await this.at(tour, index, question.reveal);
      return question.items.map((item) => metricValue(snapshot, item.metric));
    }
    const before = question.from === undefined ? null : metricValue(await this.at(tour, index, question.from), question.metric);
    const after = metricValue(await this.at(tour, index, question.reveal), question.metric);
    return revealedValue(question, after, before);
  }

  /** The simulation's answer to the question of step `index` (for the teacher notes); the run is
   *  left at its reveal step. */
  async answerOf(index: number): Promise<number | number[] | null> {
    const s = this.state.get();
    const question = s?.tour.steps[index]?.question;
    return s && question ? this.reveal(s.tour, index, question) : null;
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
      const truth = await this.reveal(s.tour, index, question);
      const judged = new Map(this.state.get()?.judged ?? []).set(index, judge(question, given, truth));
      this.patch({ judged, busy: false });
    } catch (error) {
      this.patch({ busy: false, error: error instanceof Error ? error.message : String(error) });
    }
  }

  /** Judges answers that came in a link (or a completion code) and were never checked here. */
  async judgeRemaining(): Promise<void> {
    const s = this.state.get();
    if (!s) return;
    const judged = new Map(s.judged);
    let changed = false;
    for (const [index, given] of s.given) {
      const question = s.tour.steps[index]?.question;
      if (!question || judged.has(index)) continue;
      judged.set(index, judge(question, given, await this.reveal(s.tour, index, question)));
      changed = true;
    }
    if (!changed) return;
    this.patch({ judged });
    const shown = s.tour.steps[s.index];
    if (shown) await this.at(s.tour, s.index, shown.step);
  }
}
