//! React access to the app controller, its session and their stores.

import { createContext, useContext, useSyncExternalStore } from "react";
import type { AppController, AppState } from "./controller";
import type { Frame, LabSession, SessionState } from "./session";
import type { TourState } from "../tours/controller";

export const AppContext = createContext<AppController | null>(null);

export function useApp(): AppController {
  const app = useContext(AppContext);
  if (!app) throw new Error("useApp outside <AppContext.Provider>");
  return app;
}

export function useAppState(): AppState {
  const app = useApp();
  return useSyncExternalStore(app.state.subscribe, app.state.get);
}

export function useSession(): LabSession {
  return useApp().session;
}

export function useSessionState(): SessionState {
  const session = useSession();
  return useSyncExternalStore(session.state.subscribe, session.state.get);
}

/** The guided tour being followed, if any. */
export function useTour(): TourState | null {
  const tours = useApp().tours;
  return useSyncExternalStore(tours.state.subscribe, tours.state.get);
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
