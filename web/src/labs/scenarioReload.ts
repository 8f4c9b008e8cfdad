//! Where a scenario reloaded after an edit lands, and whether it plays: pure rules, shared by
//! every lab's controls (`useScenarioEdit`), so they are tested once.
//!
//! 1. `"play"`: land at the old end (the first step of what the edit added), then play it if
//!    the edit added steps (a new program's ISPP pulses, new updates).
//! 2. `"stay"`: land at the step shown before (a toggle, a slider); keep playing if it was.
//! 3. `"end"`: land at the new end (erase, wear: their result is what matters); do not play.

export type Landing = "play" | "stay" | "end";

/** The step to load the edited scenario at. */
export function landingStep(landing: Landing, oldEnd: number, shownStep: number): number {
  if (landing === "play") return oldEnd;
  if (landing === "stay") return shownStep;
  return Number.MAX_SAFE_INTEGER; // the core clamps a seek to the end of the run
}

/** Whether playback starts once the edited scenario has loaded. */
export function playsAfterReload(landing: Landing, wasPlaying: boolean, oldEnd: number, newEnd: number): boolean {
  if (landing === "play") return newEnd > oldEnd;
  if (landing === "stay") return wasPlaying;
  return false;
}
