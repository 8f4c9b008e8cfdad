//! The app controller: routes (the URL fragment), share links and the lab session together.
//!
//! 1. On start and on every `hashchange` the route is parsed. A lab route with a share payload
//!    loads that scenario at its step; a broken link sets `linkError` (which part is wrong) and
//!    loads the lab's default scenario, so the page is never blank, while the address bar keeps
//!    the broken link (the receiver can still copy it and say what they were sent).
//!    A link to a course scenario is recognised by its text, so the receiver sees the curated
//!    title and "what to watch"; a position past the end opens the last step and says so.
//! 4. A lab route with `scenario=<name>` (and `t=<step>`) opens that bundled scenario, so a page
//!    can link to a course scenario by name. A lab route with `tour=<name>` (and `ts=<step of the tour>`, `ans=<answers>`) opens that
//!    guided tour (`tours/controller.ts`); while a tour runs, the share link is the tour link.
//! 2. A plain lab route loads the lab's default scenario unless that lab is already loaded
//!    (going home and back keeps your place).
//! 3. The app's own URL updates (a copied share link, a newly picked scenario) use
//!    `history.replaceState`, which fires no `hashchange`, so they never trigger a reload.

import { decodeShareLink, decodeShareParams, encodeShareFragment } from "../share/codec";
import { isShareRoute, keepEmbedParams, labHash, parseRoute, type Route } from "../share/route";
import { ScenarioError } from "../sim/errors";
import { findLab } from "../labs/registry";
import { bundledWithText, defaultScenario, scenariosFor, type BundledScenario } from "../labs/scenarios";
import type { CoreState } from "../sim/types";
import type { LabSession, ScenarioSource } from "./session";
import { Store } from "./store";
import { decodeAnswers } from "../tours/answers";
import { TourController } from "../tours/controller";
import { findTourOrLesson, practiceSeed } from "../tours/registry";

export interface AppState {
  route: Route;
  /** Why the share link in the URL could not be opened, if it could not. */
  linkError: string | null;
  /** What the link asked for that could not be given exactly (e.g. a step past the end). */
  linkNotice: string | null;
}

/** The source a link's scenario is shown as: the course scenario it is, or "from a link". */
function linkSource(lab: string, scenarioJson: string): ScenarioSource {
  const bundled = bundledWithText(lab, scenarioJson);
  return bundled ? { kind: "bundled", name: bundled.name } : { kind: "link" };
}

/** A notice when the run is shorter than the link's position, else null. */
function positionNotice(requested: number, shown: number): string | null {
  if (shown >= requested) return null;
  return `the link asks for step ${requested.toLocaleString("en-US")}, but this run ends at step ${shown.toLocaleString("en-US")}; showing its last step`;
}

export class AppController {
  readonly state: Store<AppState>;
  private started: Promise<void> | null = null;
  /** The scenario raced beside the current one (`&race=`), carried in share links. */
  private raceName: string | null = null;
  readonly tours: TourController;

  constructor(readonly session: LabSession) {
    this.tours = new TourController(session);
    this.state = new Store<AppState>({ route: parseRoute(window.location.hash), linkError: null, linkNotice: null });
  }

  /** Applies the current URL; resolves once its scenario (or the fallback) has loaded. */
  start(): Promise<void> {
    if (!this.started) {
      window.addEventListener("hashchange", this.onHashChange);
      this.started = this.apply(window.location.hash);
    }
    return this.started;
  }

  stop(): void {
    window.removeEventListener("hashchange", this.onHashChange);
  }

  dismissLinkError(): void {
    this.state.update({ linkError: null, linkNotice: null });
  }

  /** Loads a bundled scenario picked by the user; the URL drops any stale share payload. */
  async loadBundled(scenario: BundledScenario): Promise<void> {
    this.tours.stop();
    await this.session.load(scenario.json, { source: { kind: "bundled", name: scenario.name } });
    this.showLab(scenario.lab);
  }

  /** Loads scenario text from a file or the API and shows its lab. */
  async loadText(json: string, source: "file" | "api", fileName = ""): Promise<void> {
    this.tours.stop();
    const result = await this.session.load(json, {
      source: source === "file" ? { kind: "file", fileName } : { kind: "api" },
    });
    this.showLab(result.info.lab);
  }

  /** Opens a share URL or fragment; rejects with the link's problem. */
  async openShareLink(link: string): Promise<void> {
    const decoded = await decodeShareLink(link);
    if (!decoded.ok) {
      this.state.update({ linkError: decoded.message });
      throw new Error(decoded.message);
    }
    const result = await this.session.load(decoded.scenarioJson, {
      source: linkSource(decoded.lab, decoded.scenarioJson),
      step: decoded.step,
    });
    const fragment = await encodeShareFragment(decoded.lab, decoded.scenarioJson, decoded.step);
    this.setHash(fragment);
    this.state.update({ linkError: null, linkNotice: positionNotice(decoded.step, result.snapshot.state.step) });
  }

  /**
   * Follows any FlashLab link (a share link, `scenario=`, `tour=`) as the address bar would,
   * keeping an embed embedded; rejects with the link's problem (the lab then shows its default).
   */
  async followLink(link: string): Promise<void> {
    const at = link.indexOf("#");
    if (at === -1) throw new Error("expected a FlashLab link with a #/lab/… fragment");
    const fragment = keepEmbedParams(this.state.get().route, link.slice(at));
    const route = parseRoute(fragment);
    if (route.kind !== "lab" || !findLab(route.lab)?.available) throw new Error("the link does not open a lab of this FlashLab");
    if (window.location.hash !== fragment) window.history.replaceState(window.history.state, "", fragment);
    await this.apply(fragment);
    const { linkError } = this.state.get();
    if (linkError !== null) throw new Error(linkError);
  }

  /** The share link for the current scenario and step; also placed in the address bar. */
  /** Set by the lab page's race picker; `shareUrl` adds it as `&race=<name>`. */
  setRace(name: string | null): void {
    this.raceName = name;
  }

  async shareUrl(): Promise<string> {
    const tourLink = this.tours.link();
    if (tourLink !== null) return `${window.location.origin}${window.location.pathname}${window.location.search}${tourLink}`;
    const scenario = this.session.current.scenario;
    if (!scenario) throw new Error("no scenario is loaded");
    const state: CoreState = await this.session.queryState();
    const shared = await encodeShareFragment(scenario.info.lab, scenario.json, state.step);
    const fragment = this.raceName === null ? shared : `${shared}&race=${encodeURIComponent(this.raceName)}`;
    this.setHash(fragment);
    return `${window.location.origin}${window.location.pathname}${window.location.search}${fragment}`;
  }

  private onHashChange = (): void => {
    void this.apply(window.location.hash);
  };

  /** Leaves the tour: the run stays where it is, the address bar shows the plain lab. */
  exitTour(): void {
    const lab = this.tours.current?.tour.lab;
    this.tours.stop();
    if (lab) this.showLab(lab);
  }

  private showLab(lab: string): void {
    this.setHash(labHash(lab));
  }

  private setHash(next: string): void {
    // Inside an iframe the app stays embedded, answering the same host (`keepEmbedParams`).
    const fragment = keepEmbedParams(this.state.get().route, next);
    if (window.location.hash !== fragment) {
      window.history.replaceState(window.history.state, "", fragment);
    }
    this.state.update({ route: parseRoute(fragment) });
  }

  private async apply(hash: string): Promise<void> {
    const route = parseRoute(hash);
    this.state.update({ route, linkError: null, linkNotice: null });
    if (route.kind !== "lab" || !findLab(route.lab)?.available) return;
    try {
      const tourName = route.params.get("tour");
      if (tourName !== null) {
        const tour = await findTourOrLesson(route.lab, tourName);
        if (tour) {
          const index = Number(route.params.get("ts") ?? "0");
          const practice = practiceSeed(route.params.get("practice"));
          if (practice === undefined) this.state.update({ linkError: "practice: expected a seed from 1 to 4294967295; the lesson opens on its own scenarios" });
          await this.tours.start(tour, Number.isSafeInteger(index) ? index : 0, decodeAnswers(route.params.get("ans")), practice ?? null);
          return;
        }
        this.state.update({ linkError: `there is no tour "${tourName}" in this lab` });
        await this.loadDefault(route.lab);
        return;
      }
      this.tours.stop();
      const named = route.params.get("scenario");
      if (named !== null && !route.params.has("s")) {
        const bundled = scenariosFor(route.lab).find((b) => b.name === named);
        if (bundled) {
          const step = Number(route.params.get("t") ?? "0");
          const asked = Number.isSafeInteger(step) && step >= 0 ? step : 0;
          const result = await this.session.load(bundled.json, { source: { kind: "bundled", name: bundled.name }, step: asked });
          // A `t=` past the run's end used to open its last step without a word.
          this.state.update({ linkNotice: positionNotice(asked, result.snapshot.state.step) });
          return;
        }
        this.state.update({ linkError: `there is no scenario "${named}" in this lab` });
        await this.loadDefault(route.lab);
        return;
      }
      if (isShareRoute(route)) {
        const linkError = await this.openFromParams(route.lab, route.params);
        if (linkError === null) return;
        this.state.update({ linkError });
        await this.loadDefault(route.lab);
        return;
      }
      if (this.session.current.scenario?.info.lab !== route.lab) await this.loadDefault(route.lab);
    } catch {
      // A crash is shown by the error banner; a bad bundled scenario by the load-error message.
    }
  }

  /** Loads a share link's scenario; returns null on success or the message saying what is wrong. */
  private async openFromParams(lab: string, params: URLSearchParams): Promise<string | null> {
    const decoded = await decodeShareParams(lab, params);
    if (!decoded.ok) return decoded.message;
    try {
      const result = await this.session.load(decoded.scenarioJson, {
        source: linkSource(lab, decoded.scenarioJson),
        step: decoded.step,
        reportError: false,
      });
      this.state.update({ linkNotice: positionNotice(decoded.step, result.snapshot.state.step) });
      return null;
    } catch (error) {
      if (error instanceof ScenarioError) return `the scenario in the link is not valid: ${error.message}`;
      throw error;
    }
  }

  private async loadDefault(lab: string): Promise<void> {
    const scenario = defaultScenario(lab);
    if (!scenario) {
      this.session.state.update({ loadError: `no bundled scenario for lab "${lab}"` });
      return;
    }
    await this.session.load(scenario.json, { source: { kind: "bundled", name: scenario.name } });
  }
}
