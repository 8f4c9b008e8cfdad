//! The bundled course scenarios (`scenarios/<lab>/<name>.json`), read at build time as text so
//! the core validates exactly the bytes of the file.

import { BUILT_LABS } from "./registry";

export interface BundledScenario {
  lab: string;
  /** File name without `.json`, e.g. `random-reads-sstf`. */
  name: string;
  title: string;
  description: string | null;
  json: string;
}

/** Preferred default scenario per lab (each lab's `index.ts`); otherwise the first file in name order. */
const PREFERRED_DEFAULT: Record<string, string> = Object.fromEntries(BUILT_LABS.map((lab) => [lab.entry.id, lab.defaultScenario]));

const files = import.meta.glob<string>("@scenarios/*/*.json", {
  query: "?raw",
  import: "default",
  eager: true,
});

function describeScenario(path: string, json: string): BundledScenario | null {
  const match = /([^/]+)\/([^/]+)\.json$/.exec(path);
  if (!match?.[1] || !match[2]) return null;
  let title = match[2];
  let description: string | null = null;
  try {
    const parsed = JSON.parse(json) as Record<string, unknown>;
    if (typeof parsed["title"] === "string") title = parsed["title"];
    if (typeof parsed["description"] === "string") description = parsed["description"];
  } catch {
    // A broken bundled file still appears; the core will explain what is wrong with it.
  }
  return { lab: match[1], name: match[2], title, description, json };
}

/** Each lab's files, parsed on the lab's first use: the page a user opens reads only its own lab's
 *  titles, not every bundled scenario's JSON while the app starts. */
const byLab = new Map<string, BundledScenario[]>();

export function scenariosFor(lab: string): BundledScenario[] {
  let list = byLab.get(lab);
  if (list === undefined) {
    list = Object.entries(files)
      .filter(([path]) => /([^/]+)\/[^/]+\.json$/.exec(path)?.[1] === lab)
      .map(([path, json]) => describeScenario(path, json))
      .filter((s): s is BundledScenario => s !== null)
      // File names are ASCII (lowercase, digits, hyphens): code-unit order is the collator's
      // order for them, without the ICU collator's start-up cost on the first render.
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    byLab.set(lab, list);
  }
  return [...list];
}

export function defaultScenario(lab: string): BundledScenario | undefined {
  const list = scenariosFor(lab);
  return list.find((s) => s.name === PREFERRED_DEFAULT[lab]) ?? list[0];
}

/** The bundled scenario whose file is exactly this text (a share link of a course scenario). */
export function bundledWithText(lab: string, json: string): BundledScenario | undefined {
  return scenariosFor(lab).find((s) => s.json === json);
}
