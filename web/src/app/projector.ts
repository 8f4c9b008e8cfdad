//! Projector mode (`&projector=1`, or the header's switch): a high-contrast light palette,
//! larger type, heavier lines and larger targets, as `data-projector="on"` on the root element
//! (`styles/projector.css`). PhET's reason for a projector profile: on a projector black is only
//! the absence of light, so dark themes and pale tints wash out.
//!
//! 1. The first state comes from the URL (`projector=1` or `projector=0` in the fragment's
//!    query, so a lecture link can switch it on), else from the reader's last choice.
//! 2. `setProjector` switches and remembers it; `projectorStore` tells Canvas views to redraw.

import { Store } from "./store";

const KEY = "flashlab-projector";

function fromUrl(): boolean | null {
  const hash = globalThis.location?.hash ?? "";
  const query = hash.indexOf("?");
  if (query === -1) return null;
  const value = new URLSearchParams(hash.slice(query + 1)).get("projector");
  if (value === null) return null;
  return value === "1" || value === "true" || value === "yes";
}

function stored(): boolean {
  try {
    return globalThis.localStorage?.getItem(KEY) === "on";
  } catch {
    return false; // storage blocked (a sandboxed embed)
  }
}

export const projectorStore = new Store<boolean>(false);

function apply(on: boolean): void {
  if (on) document.documentElement.dataset.projector = "on";
  else delete document.documentElement.dataset.projector;
  projectorStore.set(on);
}

/** Step 1, before the first render. */
export function startProjector(): void {
  apply(fromUrl() ?? stored());
}

/** Step 2. */
export function setProjector(on: boolean): void {
  try {
    globalThis.localStorage?.setItem(KEY, on ? "on" : "off");
  } catch {
    // not remembered, but applied
  }
  apply(on);
}
