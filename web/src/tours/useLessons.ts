// React access to the lessons, which load after the app (tours/registry.ts): starts the load and
// re-renders the caller when they arrive.
import { useEffect, useSyncExternalStore } from "react";
import { lessonsLoaded, loadLessons } from "./registry";

/** How many lessons are loaded (0 until they arrive). */
export function useLessonsLoaded(): number {
  useEffect(() => {
    loadLessons().catch(() => undefined);
  }, []);
  return useSyncExternalStore(lessonsLoaded.subscribe, lessonsLoaded.get);
}
