//! The app's keyboard shortcuts, listed once for the shortcuts dialog (`KeyboardHelp.tsx`), and
//! the reader's switch for the single-character ones.
//!
//! 1. WCAG 2.1.4 (Character Key Shortcuts, level A): a shortcut made of one letter, punctuation,
//!    number or symbol key must be possible to turn off or remap, because speech-input users
//!    trigger them by accident. Here those are `[` and `]` (tour steps) and `?` (this dialog).
//! 2. `singleKeysOn()` is true unless the reader turned them off; the choice is kept in
//!    localStorage (storage blocked, e.g. in a sandboxed embed: on, and not remembered).
//! 3. Keys with a modifier, Escape, Space, arrows, Home/End and Page Up/Down are not character
//!    keys and stay on; no shortcut fires while the focus is in a text field, select or slider
//!    (`isControl` in `useTimelineKeys.ts`).

import { Store } from "../app/store";

const KEY = "flashlab-single-key-shortcuts";

function stored(): boolean {
  try {
    return globalThis.localStorage?.getItem(KEY) !== "off";
  } catch {
    return true;
  }
}

export const singleKeyStore = new Store<boolean>(stored());

export function singleKeysOn(): boolean {
  return singleKeyStore.get();
}

export function setSingleKeys(on: boolean): void {
  try {
    globalThis.localStorage?.setItem(KEY, on ? "on" : "off");
  } catch {
    // applied, but not remembered
  }
  singleKeyStore.set(on);
}

export interface Shortcut {
  keys: readonly string[];
  what: string;
  /** A single-character key (step 1): off when the reader turns those off. */
  single?: boolean;
}

export interface ShortcutGroup {
  title: string;
  shortcuts: readonly Shortcut[];
}

/** Every key the app binds (`useTimelineKeys`, `TourPanel`, `EventLog`, `useDismiss`, here). */
export const SHORTCUT_GROUPS: readonly ShortcutGroup[] = [
  {
    title: "Timeline (in a lab)",
    shortcuts: [
      { keys: ["Space"], what: "Play or pause (on a focused button, Space presses the button instead)" },
      { keys: ["→"], what: "One step forward" },
      { keys: ["←"], what: "One step back" },
      { keys: ["Home"], what: "Go to the start" },
      { keys: ["End"], what: "Go to the end" },
    ],
  },
  {
    title: "Tour",
    shortcuts: [
      { keys: ["]"], what: "Next tour step", single: true },
      { keys: ["["], what: "Previous tour step", single: true },
      { keys: ["Page Down"], what: "Next tour step" },
      { keys: ["Page Up"], what: "Previous tour step" },
    ],
  },
  {
    title: "Event log",
    shortcuts: [
      { keys: ["↓", "↑"], what: "Older or newer event line (focus in the log)" },
      { keys: ["Home", "End"], what: "Newest or oldest line shown (focus in the log)" },
    ],
  },
  {
    title: "Anywhere",
    shortcuts: [
      { keys: ["?"], what: "Open this list of shortcuts", single: true },
      { keys: ["Esc"], what: "Close this dialog, the share popup or the Export menu" },
    ],
  },
];
