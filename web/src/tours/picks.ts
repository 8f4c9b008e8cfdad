//! Click-in-the-view questions (docs/LESSONS.md): which mark of a view the student clicked, as
//! the integer id the core's metric names (a block, a request, a level…).
//!
//! 1. An SVG or HTML mark says its id with `data-pick="<integer>"`; a click on it, or inside it,
//!    picks that id.
//! 2. A canvas cannot carry attributes per mark, so its component registers a `Picker` under the
//!    `data-testid` of the view: `pickAt` maps a pointer position to an id, `locate` maps an id
//!    back to a position (what the browser test clicks).
//! 3. The registry is module state: one picker per test id, removed when its view unmounts.

export interface PickPoint {
  x: number;
  y: number;
}

export interface Picker {
  /** The id under the pointer (client coordinates), or null. */
  pickAt(clientX: number, clientY: number): number | null;
  /** Where the mark with `id` is drawn now (client coordinates), or null. */
  locate(id: number): PickPoint | null;
}

const pickers = new Map<string, Picker>();

/** Registers `picker` for the view `data-testid=testId`; returns the function that removes it. */
export function registerPicker(testId: string, picker: Picker): () => void {
  pickers.set(testId, picker);
  return () => {
    if (pickers.get(testId) === picker) pickers.delete(testId);
  };
}

function pickAttribute(element: Element | null, within: Element): number | null {
  const mark = element?.closest("[data-pick]");
  if (!mark || !within.contains(mark)) return null;
  const id = Number(mark.getAttribute("data-pick"));
  return Number.isSafeInteger(id) && id >= 0 ? id : null;
}

/** The id picked by a click at (clientX, clientY) inside the view `target`, or null. */
export function pickAt(target: string, element: Element | null, clientX: number, clientY: number): number | null {
  const view = document.querySelector(`[data-testid="${target}"]`);
  if (!view || !element || !view.contains(element)) return null;
  return pickAttribute(element, view) ?? pickers.get(target)?.pickAt(clientX, clientY) ?? null;
}

/** Where to click to pick `id` in the view `target` (for tests and the "show me" hint), or null. */
export function locatePick(target: string, id: number): PickPoint | null {
  const view = document.querySelector(`[data-testid="${target}"]`);
  if (!view) return null;
  const mark = view.querySelector(`[data-pick="${id}"]`);
  if (mark) {
    const box = mark.getBoundingClientRect();
    return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
  }
  return pickers.get(target)?.locate(id) ?? null;
}
