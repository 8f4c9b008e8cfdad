//! Hash routes: `#/` (home), `#/results` (the paper results), `#/lab/<lab>` and
//! `#/lab/<lab>?s=…&t=…` (a share link), `#/teach/<lab>` (the lab's teacher notes, where
//! `?code=…` checks a completion code).

export type Route =
  | { kind: "home" }
  | { kind: "results" }
  | { kind: "teach"; lab: string; params: URLSearchParams }
  | { kind: "lab"; lab: string; params: URLSearchParams }
  | { kind: "unknown"; hash: string };

export function parseRoute(hash: string): Route {
  const text = hash.startsWith("#") ? hash.slice(1) : hash;
  if (text === "" || text === "/") return { kind: "home" };
  const query = text.indexOf("?");
  const path = query === -1 ? text : text.slice(0, query);
  const params = new URLSearchParams(query === -1 ? "" : text.slice(query + 1));
  if (path === "/results" || path === "/results/") return { kind: "results" };
  const teach = /^\/teach\/([a-z0-9-]+)\/?$/.exec(path);
  if (teach?.[1]) return { kind: "teach", lab: teach[1], params };
  const match = /^\/lab\/([a-z0-9-]+)\/?$/.exec(path);
  if (match?.[1]) return { kind: "lab", lab: match[1], params };
  return { kind: "unknown", hash };
}

export function labHash(lab: string): string {
  return `#/lab/${lab}`;
}

/** True when a lab route carries a share payload (`s=`) or a position (`t=`). */
export function isShareRoute(route: Route): boolean {
  return route.kind === "lab" && (route.params.has("s") || route.params.has("t"));
}

/** Options of an embedded view (`embed=1`): for slides and course pages. */
export interface EmbedOptions {
  /** Start playing once loaded. */
  autoplay: boolean;
  /** Show the timeline (play, step, scrub). */
  controls: boolean;
  /** Show the invariants, metrics and event log beside the view. */
  panels: boolean;
  /** Playback speed (simulated seconds per wall second), or the lab's default. */
  speed: number | null;
}

function flag(params: URLSearchParams, name: string, fallback: boolean): boolean {
  const value = params.get(name);
  if (value === null) return fallback;
  return value === "1" || value === "true" || value === "yes";
}

/** The embed options of a lab route, or null when it is not an embed (`embed=1`). */
export function embedOptions(route: Route): EmbedOptions | null {
  if (route.kind !== "lab" || !flag(route.params, "embed", false)) return null;
  const rawSpeed = Number(route.params.get("speed") ?? "");
  const speed = Number.isFinite(rawSpeed) && rawSpeed > 0 && rawSpeed <= 1000 ? rawSpeed : null;
  return {
    autoplay: flag(route.params, "autoplay", false),
    controls: flag(route.params, "controls", true),
    panels: flag(route.params, "panels", false),
    speed,
  };
}

/** The parameters that make a lab route an embed; kept when the embedded app rewrites its URL. */
const EMBED_KEYS = ["embed", "host", "controls", "panels", "autoplay", "speed"] as const;

/**
 * `fragment` with the embed parameters of `from` added when `from` is an embed, so that a load,
 * a share link or a lesson opened inside an iframe stays embedded (and keeps its host).
 */
export function keepEmbedParams(from: Route, fragment: string): string {
  if (!embedOptions(from) || from.kind !== "lab") return fragment;
  const to = parseRoute(fragment);
  if (to.kind !== "lab") return fragment;
  const query = fragment.indexOf("?");
  const params = new URLSearchParams(query === -1 ? "" : fragment.slice(query + 1));
  for (const key of EMBED_KEYS) {
    const value = from.params.get(key);
    if (value !== null && !params.has(key)) params.set(key, value);
  }
  const path = query === -1 ? fragment : fragment.slice(0, query);
  return `${path}?${params.toString()}`;
}

/**
 * The host origin an embed answers (`&embed=1&host=<origin>`), or null: only an http(s)
 * origin written exactly as the browser writes it (scheme, host and port, no path) counts.
 */
export function hostOrigin(route: Route): string | null {
  if (!embedOptions(route) || route.kind !== "lab") return null;
  const host = route.params.get("host");
  if (host === null) return null;
  try {
    const url = new URL(host);
    if ((url.protocol !== "http:" && url.protocol !== "https:") || url.origin !== host) return null;
    return url.origin;
  } catch {
    return null;
  }
}
