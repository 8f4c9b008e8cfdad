// Keyboard shortcuts for the timeline: space play/pause, ←/→ step, Home/End. Ignored while the
// user types or works a control (Space on a focused button presses that button, as everywhere
// else on the web), and with modifier keys (browser shortcuts stay intact).
import { useEffect } from "react";
import type { LabSession } from "../app/session";

const ignore = (): void => undefined;

const TEXT_TAGS = new Set(["INPUT", "TEXTAREA", "SELECT"]);
const PRESSABLE_TAGS = new Set(["BUTTON", "A", "SUMMARY"]);

/**
 * A focused element that has its own meaning for `key`: every key for a text field, a select
 * or a slider; Space and Enter for a button or a link (they press it). Arrow keys on a focused
 * button still move the timeline.
 */
export function isControl(target: EventTarget | null, key = " "): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || TEXT_TAGS.has(target.tagName)) return true;
  const role = target.getAttribute("role");
  if (role === "slider" || role === "textbox") return true;
  const pressable = PRESSABLE_TAGS.has(target.tagName) || role === "button" || role === "tab" || role === "menuitem";
  return pressable && (key === " " || key === "Enter");
}

export function useTimelineKeys(session: LabSession): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent): void => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (isControl(event.target, event.key)) return;
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
