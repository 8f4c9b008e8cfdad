//! Hash routes: `#/` (home), `#/results` (the paper results), `#/lab/<lab>` and
//! `#/lab/<lab>?s=…&t=…` (a share link).

export type Route =
  | { kind: "home" }
  | { kind: "results" }
  | { kind: "lab"; lab: string; params: URLSearchParams }
  | { kind: "unknown"; hash: string };

export function parseRoute(hash: string): Route {
  const text = hash.startsWith("#") ? hash.slice(1) : hash;
  if (text === "" || text === "/") return { kind: "home" };
  const query = text.indexOf("?");
  const path = query === -1 ? text : text.slice(0, query);
  const params = new URLSearchParams(query === -1 ? "" : text.slice(query + 1));
  if (path === "/results" || path === "/results/") return { kind: "results" };
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
