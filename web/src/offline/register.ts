//! Registers the offline service worker (`web/offline/sw.js`, built into `dist/sw.js`) in the
//! production build, and keeps a store of what is available offline for the home page.
//!
//! 1. After the page has loaded and its first scenario has loaded (`firstLoad`; the worker's
//!    install fetches every lab's glue and tour, which would otherwise compete with the
//!    page's own first load), register `./sw.js`; once it is active, ask it to cache what
//!    this first visit already loaded (the worker did not control the page yet), and, each time
//!    a lab's scenario loads, that lab's core (fetched by the simulation worker).
//! 2. `saveAllLabs()` asks it to cache every lab group's core too.
//! 3. The worker answers each request with `{type: "cached", request, count, labs}`; `offline`
//!    then says "this page" or "every lab", and the body gets `data-offline` and
//!    `data-offline-labs` (for tests).

import type { LabSession } from "../app/session";
import { Store } from "../app/store";

export type OfflineState = "unsupported" | "pending" | "page" | "all" | "failed";
export const offline = new Store<OfflineState>("pending");
/** The labs whose core the worker has cached (also `data-offline-labs` on the body). */
const labsKept = new Set<string>();

function postToWorker(message: unknown): void {
  navigator.serviceWorker.controller?.postMessage(message);
  void navigator.serviceWorker.ready.then((registration) => {
    if (navigator.serviceWorker.controller !== registration.active) registration.active?.postMessage(message);
  });
}

function usedUrls(): string[] {
  return performance
    .getEntriesByType("resource")
    .map((entry) => entry.name)
    .filter((name) => name.startsWith(window.location.origin));
}

function loadedLab(session: LabSession): string[] {
  const lab = session.current.scenario?.info.lab;
  return lab === undefined ? [] : [lab];
}

export function registerOffline(session: LabSession, firstLoad: Promise<unknown>): void {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) {
    offline.set("unsupported");
    return;
  }
  navigator.serviceWorker.addEventListener("message", (event: MessageEvent) => {
    const data: unknown = event.data;
    if (typeof data !== "object" || data === null || (data as { type?: unknown }).type !== "cached") return;
    const request = (data as { request?: unknown }).request;
    const next: OfflineState = request === "cacheAll" ? "all" : offline.get() === "all" ? "all" : "page";
    const labs = (data as { labs?: unknown }).labs;
    if (Array.isArray(labs)) for (const lab of labs) if (typeof lab === "string") labsKept.add(lab);
    offline.set(next);
    document.body.dataset.offlineLabs = [...labsKept].sort().join(" ");
    document.body.dataset.offline = next;
  });
  const start = (): void => {
    navigator.serviceWorker
      .register("./sw.js", { scope: "./" })
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => {
        registration.active?.postMessage({ type: "cacheUsed", urls: usedUrls(), labs: loadedLab(session) });
        let lab = session.current.scenario?.info.lab;
        session.state.subscribe(() => {
          const now = session.current.scenario?.info.lab;
          if (now === undefined || now === lab) return;
          lab = now;
          registration.active?.postMessage({ type: "cacheUsed", urls: [], labs: [now] });
        });
      })
      .catch(() => offline.set("failed"));
  };
  const loaded = new Promise<void>((resolve) => {
    if (document.readyState === "complete") resolve();
    else window.addEventListener("load", () => resolve(), { once: true });
  });
  void Promise.all([loaded, firstLoad.catch(() => undefined)]).then(start);
}

/** Caches every lab group's core, so every lab opens offline (step 2). */
export function saveAllLabs(): void {
  postToWorker({ type: "cacheAll" });
}
