//! The toolbar edits the scenario, never the state: `apply(edit, landing)` rewrites the loaded
//! scenario's text (scenarioEdit.ts) and loads it through the session, the path a file takes, so
//! the core validates it, the share link carries it and the run stays deterministic.
//!
//! Where the reloaded run lands: `"play"` at the old end (the first step of the added ops), then
//! plays them; `"stay"` at the step shown before (a toggle such as compare). A rejected scenario
//! leaves the current one running and shows the core's message in the load-error banner.

import { useState } from "react";
import { useSession } from "../../app/context";

export type Landing = "play" | "stay";

export interface MasmEditor {
  busy: boolean;
  apply: (edit: (json: string) => string, landing: Landing) => Promise<void>;
}

export function useMasmEditor(): MasmEditor {
  const session = useSession();
  const [busy, setBusy] = useState(false);
  const apply = async (edit: (json: string) => string, landing: Landing): Promise<void> => {
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
    const step = landing === "play" ? oldEnd : (session.snapshot?.state.step ?? 0);
    setBusy(true);
    try {
      const result = await session.load(json, { source: { kind: "api" }, step });
      if ((landing === "play" && result.totalSteps > oldEnd) || (landing === "stay" && wasPlaying)) session.play();
    } catch {
      // The session shows the core's message (load-error banner) or the crash banner.
    } finally {
      setBusy(false);
    }
  };
  return { busy, apply };
}
