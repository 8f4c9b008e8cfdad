// Keyboard shortcuts for the timeline: space play/pause, ←/→ step, Home/End. Ignored while the
// user types or works a form control, and with modifier keys (browser shortcuts stay intact).
import { useEffect } from "react";
import type { LabSession } from "../app/session";

const ignore = (): void => undefined;

function isFormControl(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  return target.tagName === "INPUT" || target.tagName === "TEXTAREA" || target.tagName === "SELECT";
}

export function useTimelineKeys(session: LabSession): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent): void => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (isFormControl(event.target)) return;
      const { status, scenario } = session.current;
      if (status !== "ready" || !scenario) return;
      switch (event.key) {
        case " ":
          if (event.repeat) break;
          session.togglePlay();
          break;
        case "ArrowRight":
          session.step(1).catch(ignore);
          break;
        case "ArrowLeft":
          session.stepBack().catch(ignore);
          break;
        case "Home":
          session.seek(0).catch(ignore);
          break;
        case "End":
          session.seek(scenario.totalSteps).catch(ignore);
          break;
        default:
          return;
      }
      event.preventDefault();
    };
    // Space on a focused button would also "click" it on key-up; the shortcut wins.
    const onKeyUp = (event: KeyboardEvent): void => {
      if (event.key === " " && event.target instanceof HTMLButtonElement) event.preventDefault();
    };
    window.addEventListener("keydown", onKeyDown);
    window.addEventListener("keyup", onKeyUp);
    return () => {
      window.removeEventListener("keydown", onKeyDown);
      window.removeEventListener("keyup", onKeyUp);
    };
  }, [session]);
}
