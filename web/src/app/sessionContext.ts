//! React access to the lab session and its stores: what lab views, panels and the timeline read.
//! It knows only `LabSession` (a type), not the app controller or the lab registry, so a lab view
//! that reads the session depends only downward (app/context.ts, which knows the controller,
//! sits above the registry and the views; `importCycles.test.ts` keeps it that way).

import { createContext, useContext, useSyncExternalStore } from "react";
import type { Frame, LabSession, SessionState } from "./session";

export const SessionContext = createContext<LabSession | null>(null);

export function useSession(): LabSession {
  const session = useContext(SessionContext);
  if (!session) throw new Error("useSession outside <SessionContext.Provider>");
  return session;
}

export function useSessionState(): SessionState {
  const session = useSession();
  return useSyncExternalStore(session.state.subscribe, session.state.get);
}

/** The step shown; changes up to once per animation frame while playing. */
export function useFrame(): Frame | null {
  const session = useSession();
  return useSyncExternalStore(session.frame.subscribe, session.frame.get);
}

/** The step shown, throttled while playing: for text-heavy side panels. */
export function usePanelFrame(): Frame | null {
  const session = useSession();
  return useSyncExternalStore(session.panels.subscribe, session.panels.get);
}

/** The animated display time (ns); changes every frame while playing. */
export function useClock(): number {
  const session = useSession();
  return useSyncExternalStore(session.clock.subscribe, session.clock.get);
}
