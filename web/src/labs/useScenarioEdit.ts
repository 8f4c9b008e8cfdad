//! Every lab's controls edit the scenario, never the state: `apply(edit, landing)` rewrites the
//! loaded scenario's text and loads it through the session (the path a file takes), so the
//! core validates it, the share link carries it and the run stays deterministic.
//!
//! Where the reloaded run lands and whether it plays: `scenarioReload.ts`. An edit that
//! changes nothing is skipped, and so is one made while the previous reload is still running
//! (the controls are disabled meanwhile). An edit that throws, or a scenario the core rejects,
//! leaves the current one running and shows the message in the load-error banner.

import { useCallback, useMemo, useState } from "react";
import { useSession } from "../app/sessionContext";
import { type Landing, landingStep, playsAfterReload } from "./scenarioReload";

export type { Landing } from "./scenarioReload";

export interface ScenarioEdit {
  busy: boolean;
  apply: (edit: (json: string) => string, landing: Landing) => Promise<void>;
}

export function useScenarioEdit(): ScenarioEdit {
  const session = useSession();
  const [busy, setBusy] = useState(false);
  // Stable while `busy` is: a view that re-renders every animation frame (for its clock) passes
  // the same editor, so memoised controls skip those renders.
  const apply = useCallback(async (edit: (json: string) => string, landing: Landing): Promise<void> => {
    const scenario = session.current.scenario;
    if (!scenario || busy) return;
    let json: string;
    try {
      json = edit(scenario.json);
    } catch (error) {
      session.state.update({ loadError: error instanceof Error ? error.message : String(error) });
      return;
    }
    if (json === scenario.json) return;
    const wasPlaying = session.current.playing;
    const oldEnd = scenario.totalSteps;
    const step = landingStep(landing, oldEnd, session.snapshot?.state.step ?? 0);
    setBusy(true);
    try {
      const result = await session.load(json, { source: { kind: "api" }, step });
      if (playsAfterReload(landing, wasPlaying, oldEnd, result.totalSteps)) session.play();
    } catch {
      // The session shows the core's message (load-error banner) or the crash banner.
    } finally {
      setBusy(false);
    }
  }, [session, busy]);
  return useMemo(() => ({ busy, apply }), [busy, apply]);
}
