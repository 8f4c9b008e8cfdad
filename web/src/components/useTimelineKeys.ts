// Keyboard shortcuts for the timeline: space play/pause, ←/→ step, Home/End. Ignored while the
// user types or works a control (Space on a focused button presses that button, as everywhere
// else on the web), and with modifier keys (browser shortcuts stay intact).
import { useEffect } from "react";
import type { LabSession } from "../app/session";

const ignore = (): void => undefined;

const CONTROL_TAGS = new Set(["INPUT", "TEXTAREA", "SELECT", "BUTTON", "A", "SUMMARY"]);

/** A focused element that has its own meaning for these keys. */
export function isControl(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (CONTROL_TAGS.has(target.tagName)) return true;
  const role = target.getAttribute("role");
  return role === "button" || role === "slider" || role === "tab" || role === "menuitem";
}

export function useTimelineKeys(session: LabSession): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent): void => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (isControl(event.target)) return;
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
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [session]);
}
