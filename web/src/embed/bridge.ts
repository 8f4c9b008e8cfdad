//! The host API's live end (DESIGN §3.4, docs/EMBEDDING.md): an embedded lab
//! (`#/lab/<lab>?embed=1&host=<origin>`) takes commands from its host page over `postMessage`
//! and sends it events.
//!
//! 1. Only the host origin named in the URL is heard and answered: a message from any other
//!    origin, or from a window that is not the embedding page, is ignored without a reply.
//! 2. A heard message passes the rate limit (a burst of 50, then 20 a second), then
//!    `parseCommand`; a refused or malformed one gets an `error` event naming the field.
//! 3. Commands run one at a time, in arrival order, through the same controller and session as
//!    the page's own controls (so the screen shows what the host did); each gets a `reply`
//!    with its `id`, or an `error` event with the same `id`.
//! 4. Events: `loaded` once per scenario (its first frame), `step` at most every 250 ms and
//!    always for the last step reached, `invariantFailed` once per invariant per scenario,
//!    `questionAnswered` per judged answer of the lesson, `lessonCompleted` when its last step is
//!    reached with every answer judged (with the completion code).

import type { AppController } from "../app/controller";
import { isShareLink } from "../app/testApi";
import type { TourState } from "../tours/controller";
import { completionCode } from "../tours/completion";
import { findTourOrLesson } from "../tours/registry";
import { score } from "../tours/answers";
import { Store } from "../app/store";
import { parseCommand, PROTOCOL_VERSION, type Command, type LabMessage, type MessageId, type PanelName } from "./protocol";
import { TokenBucket } from "./rateLimit";

const STEP_EVENT_MS = 250;

/** Panels the host asked for (`panels` command); null: as the URL says. */
export const hostPanels = new Store<readonly PanelName[] | null>(null);

type Outgoing = LabMessage extends infer M ? (M extends { flashlab: 1 } ? Omit<M, "flashlab"> : never) : never;

export class HostBridge {
  private readonly bucket = new TokenBucket(50, 20);
  private lastRefusalMs = -Infinity;
  private queue: Promise<unknown> = Promise.resolve();
  private announced: object | null = null;
  private failed = new Set<string>();
  private stepTimer: ReturnType<typeof setTimeout> | null = null;
  private lastStepMs = -Infinity;
  private lastStepSent = -1;
  private reportedAnswers = new Set<number>();
  private lessonRun: TourState["tour"] | null = null;
  private completed = false;
  private unsubscribe: (() => void)[] = [];

  constructor(
    private readonly app: AppController,
    private readonly host: string,
    private readonly ready: Promise<void>,
  ) {}

  start(): void {
    window.addEventListener("message", this.onMessage);
    const session = this.app.session;
    this.unsubscribe.push(session.frame.subscribe(this.onFrame));
    this.unsubscribe.push(this.app.tours.state.subscribe(this.onTour));
  }

  stop(): void {
    window.removeEventListener("message", this.onMessage);
    for (const off of this.unsubscribe) off();
    if (this.stepTimer !== null) clearTimeout(this.stepTimer);
  }

  private post(message: Outgoing): void {
    const target = window.parent !== window ? window.parent : window.opener instanceof Window ? window.opener : null;
    target?.postMessage({ flashlab: PROTOCOL_VERSION, ...message }, this.host);
  }

  private error(id: MessageId, field: string, message: string): void {
    this.post({ type: "error", id, field, message });
  }

  // ---- commands (steps 1–3) --------------------------------------------------------------

  private onMessage = (event: MessageEvent): void => {
    if (event.origin !== this.host) return;
    if (event.source !== window.parent && event.source !== window.opener) return;
    const now = performance.now();
    if (!this.bucket.take(now)) {
      if (now - this.lastRefusalMs >= 1000) {
        this.lastRefusalMs = now;
        this.error(null, "message", "too many messages: at most 50 at once and 20 a second; messages were dropped");
      }
      return;
    }
    const parsed = parseCommand(event.data);
    if (!parsed.ok) {
      this.error(parsed.id, parsed.field, parsed.message);
      return;
    }
    const { id, command } = parsed;
    this.queue = this.queue
      .then(() => this.ready)
      .then(() => this.run(command))
      .then(
        (result) => this.post({ type: "reply", id, command: command.type, result }),
        (error: unknown) => this.error(id, fieldOf(command), error instanceof Error ? error.message : String(error)),
      );
  };

  private async run(command: Command): Promise<unknown> {
    const session = this.app.session;
    switch (command.type) {
      case "load":
        session.pause();
        if (isShareLink(command.scenario)) await this.app.followLink(command.scenario.trim());
        else await this.app.loadText(command.scenario, "api");
        return session.queryState();
      case "play":
        session.play();
        return null;
      case "pause":
        session.pause();
        return session.queryState();
      case "step":
        session.pause();
        await session.step(command.n);
        return session.queryState();
      case "seek":
        session.pause();
        await session.seek(command.step);
        return session.queryState();
      case "speed":
        session.setSpeed(command.speed);
        return null;
      case "panels":
        hostPanels.set(command.show);
        return null;
      case "lesson": {
        const route = this.app.state.get().route;
        const labId = session.current.scenario?.info.lab ?? (route.kind === "lab" ? route.lab : null);
        const tour = labId ? await findTourOrLesson(labId, command.name) : undefined;
        if (!tour) throw new Error(`this lab (${labId ?? "none"}) has no lesson "${command.name}"`);
        session.pause();
        await this.app.tours.start(tour, command.step, new Map());
        return { lesson: tour.name, steps: tour.steps.length };
      }
      case "getState": {
        const [state, invariants, metrics, answers] = await Promise.all([
          session.queryState(),
          session.queryInvariants(),
          session.queryMetrics(),
          session.queryAnswers(),
        ]);
        return { state, playing: session.current.playing, invariants, metrics, answers };
      }
    }
  }

  // ---- events (step 4) -------------------------------------------------------------------

  private onFrame = (): void => {
    const frame = this.app.session.frame.get();
    const scenario = this.app.session.current.scenario;
    if (!frame || !scenario) return;
    const state = frame.snapshot.state;
    if (this.announced !== scenario) {
      this.announced = scenario;
      this.failed.clear();
      this.lastStepSent = -1;
      this.post({ type: "loaded", lab: state.lab, title: scenario.info.title, totalSteps: scenario.totalSteps, traceHash: state.traceHash });
    }
    for (const inv of frame.snapshot.invariants) {
      if (inv.ok || this.failed.has(inv.name)) continue;
      this.failed.add(inv.name);
      this.post({ type: "invariantFailed", name: inv.name, step: inv.failed_at_step ?? null, detail: inv.detail });
    }
    this.scheduleStep();
  };

  private scheduleStep(): void {
    if (this.stepTimer !== null) return;
    const wait = Math.max(0, this.lastStepMs + STEP_EVENT_MS - performance.now());
    this.stepTimer = setTimeout(() => {
      this.stepTimer = null;
      const state = this.app.session.frame.get()?.snapshot.state;
      if (!state || state.step === this.lastStepSent) return;
      this.lastStepMs = performance.now();
      this.lastStepSent = state.step;
      this.post({ type: "step", step: state.step, simTimeNs: state.simTimeNs, playing: this.app.session.current.playing });
    }, wait);
  }

  private onTour = (): void => {
    const s = this.app.tours.state.get();
    if (!s) {
      this.lessonRun = null;
      return;
    }
    if (this.lessonRun !== s.tour) {
      this.lessonRun = s.tour;
      this.reportedAnswers.clear();
      this.completed = false;
    }
    for (const [index, judged] of s.judged) {
      if (this.reportedAnswers.has(index)) continue;
      this.reportedAnswers.add(index);
      const g = judged.given;
      const answer = g.kind === "number" ? g.value : g.kind === "choice" ? { choice: g.index } : g.kind === "pick" ? { pick: g.id } : { order: g.order };
      this.post({ type: "questionAnswered", lesson: s.tour.name, question: index, answer, correct: judged.correct, simulated: judged.truth });
    }
    const last = s.index === s.tour.steps.length - 1;
    const pending = [...s.given.keys()].some((i) => !s.judged.has(i));
    if (last && !s.busy && !pending && !this.completed) {
      this.completed = true;
      const { right, asked } = score([...s.judged.values()]);
      this.post({ type: "lessonCompleted", lesson: s.tour.name, right, asked, code: completionCode(s.tour.lab, s.tour.name, s.practice, right, asked, s.given) });
    }
  };
}

function fieldOf(command: Command): string {
  switch (command.type) {
    case "load":
      return "scenario";
    case "lesson":
      return "name";
    case "step":
      return "n";
    case "seek":
      return "step";
    default:
      return "type";
  }
}
