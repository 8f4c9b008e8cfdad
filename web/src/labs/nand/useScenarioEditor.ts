//! The lab's buttons edit the scenario, never the state: `apply(ops)` appends ops to the loaded
//! scenario's text and reloads it through the session (the same path as loading a file), so the
//! core validates it, the share link carries it, and the run stays deterministic.
//!
//! Where the reloaded run lands: with `"play"` at the old end (the first step of the new ops),
//! then playback starts, so a new program's ISPP pulses are animated; with `"end"` at the new
//! end (erase, wear: their result is what matters). A rejected scenario leaves the current one
//! running and shows the core's message in the load-error banner.

import { useState } from "react";
import { useSession } from "../../app/context";
import { appendOps, type NandOpJson } from "./scenarioEdit";

export type Landing = "play" | "end";

export interface ScenarioEditor {
  busy: boolean;
  apply: (ops: readonly NandOpJson[], landing: Landing) => Promise<void>;
}

export function useScenarioEditor(): ScenarioEditor {
  const session = useSession();
  const [busy, setBusy] = useState(false);
  const apply = async (ops: readonly NandOpJson[], landing: Landing): Promise<void> => {
    const scenario = session.current.scenario;
    if (!scenario || ops.length === 0 || busy) return;
    let json: string;
    try {
      json = appendOps(scenario.json, ops);
    } catch (error) {
      session.state.update({ loadError: error instanceof Error ? error.message : String(error) });
      return;
    }
    setBusy(true);
    try {
      const oldEnd = scenario.totalSteps;
      const result = await session.load(json, { source: { kind: "api" }, step: landing === "play" ? oldEnd : Number.MAX_SAFE_INTEGER });
      if (landing === "play" && result.totalSteps > oldEnd) session.play();
    } catch {
      // The session shows the core's message (load-error banner) or the crash banner.
    } finally {
      setBusy(false);
    }
  };
  return { busy, apply };
}
