//! The controls edit the scenario, never the state: `reload(edit)` rewrites the loaded
//! scenario's text and loads it through the session (the path a file takes), so the core
//! validates it, the share link carries it and the run stays deterministic. The new run lands
//! at the step the old one showed (clamped to its end), and keeps playing if it was. A rejected
//! scenario leaves the current one running and shows the core's message in the load-error banner.

import { useState } from "react";
import { useSession } from "../../app/context";

export interface ScenarioReload {
  busy: boolean;
  reload: (edit: (json: string) => string) => Promise<void>;
}

export function useScenarioReload(): ScenarioReload {
  const session = useSession();
  const [busy, setBusy] = useState(false);
  const reload = async (edit: (json: string) => string): Promise<void> => {
    const scenario = session.current.scenario;
    if (!scenario) return;
    let json: string;
    try {
      json = edit(scenario.json);
    } catch (error) {
      session.state.update({ loadError: error instanceof Error ? error.message : String(error) });
      return;
    }
    if (json === scenario.json) return;
    const wasPlaying = session.current.playing;
    const step = session.snapshot?.state.step ?? 0;
    setBusy(true);
    try {
      await session.load(json, { source: { kind: "api" }, step });
      if (wasPlaying) session.play();
    } catch {
      // The session shows the core's message (load-error banner) or the crash banner.
    } finally {
      setBusy(false);
    }
  };
  return { busy, reload };
}
