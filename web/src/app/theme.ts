//! Light and dark themes: CSS variables in `styles/theme.css`, switched by `data-theme` on the
//! root element.
//!
//! 1. The first theme is the link's (`&theme=light` or `&theme=dark` in the fragment's query,
//!    for an instructor who projects a link; not remembered), else the one the reader chose
//!    before (kept in localStorage), else the system's `prefers-color-scheme`.
//! 2. `setTheme` switches and remembers the choice; a `Store` tells Canvas views, which read
//!    their colours from the CSS variables (`themeColour`), to redraw.

import { Store } from "./store";

export type Theme = "light" | "dark";

const KEY = "flashlab-theme";

function stored(): Theme | null {
  try {
    const value = globalThis.localStorage?.getItem(KEY);
    return value === "light" || value === "dark" ? value : null;
  } catch {
    return null; // storage blocked (a sandboxed embed): fall back to the system's preference
  }
}

function fromLink(): Theme | null {
  const hash = globalThis.location?.hash ?? "";
  const query = hash.indexOf("?");
  if (query === -1) return null;
  const value = new URLSearchParams(hash.slice(query + 1)).get("theme");
  return value === "light" || value === "dark" ? value : null;
}

/** Step 1. */
export function initialTheme(): Theme {
  const chosen = fromLink() ?? stored();
  if (chosen) return chosen;
  return globalThis.matchMedia?.("(prefers-color-scheme: dark)").matches ? "dark" : "light";
}

export const themeStore = new Store<Theme>("light");

function apply(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
  themeStore.set(theme);
}

/** Applies the first theme (before the first render, so nothing flashes). */
export function startTheme(): void {
  apply(initialTheme());
}

/** Step 2. */
export function setTheme(theme: Theme): void {
  try {
    globalThis.localStorage?.setItem(KEY, theme);
  } catch {
    // not remembered, but still applied
  }
  apply(theme);
}

/** A theme colour for a Canvas view: the CSS variable's value now, or `fallback`. */
export function themeColour(variable: string, fallback: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(variable).trim();
  return value === "" ? fallback : value;
}

/** The colours a Canvas view paints with besides its palette, read from the current theme. */
export interface CanvasColours {
  ink: string;
  ink2: string;
  muted: string;
  panel: string;
  /** Empty cells (free pages): a neutral tint a shade off the panel. */
  empty: string;
  bad: string;
}

let cached: { theme: string; colours: CanvasColours } | null = null;

/** Read once per theme: `getComputedStyle` after a DOM change forces a style recalculation, and
 *  Canvas views draw on every step. The variables change only with `data-theme`. */
export function canvasColours(): CanvasColours {
  // The projector palette (app/projector.ts) changes the variables too.
  const theme = `${document.documentElement.dataset.theme ?? ""}/${document.documentElement.dataset.projector ?? ""}`;
  if (cached !== null && cached.theme === theme) return cached.colours;
  const colours = readCanvasColours();
  // Not cached before the stylesheet has defined the variables (the fallbacks were used).
  if (themeColour("--c-ink", "") !== "") cached = { theme, colours };
  return colours;
}

function readCanvasColours(): CanvasColours {
  return {
    ink: themeColour("--c-ink", "#14171c"),
    ink2: themeColour("--c-ink-2", "#394150"),
    muted: themeColour("--c-muted", "#5f6775"),
    panel: themeColour("--c-panel", "#ffffff"),
    empty: themeColour("--c-subtle-bg", "#e4e8ee"),
    bad: themeColour("--c-bad", "#c24f00"),
  };
}
