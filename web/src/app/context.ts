//! React access to the app controller (routes, share links, tours) and its stores. The session's
//! own hooks live in `sessionContext.ts`, which lab views use without depending on the controller.

import { createContext, useContext, useSyncExternalStore } from "react";
import type { AppController, AppState } from "./controller";
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

/** The guided tour being followed, if any. */
export function useTour(): TourState | null {
  const tours = useApp().tours;
  return useSyncExternalStore(tours.state.subscribe, tours.state.get);
}
