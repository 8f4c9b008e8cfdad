//! The bundled tours (`scenarios/<lab>/tours/*.json`), read at build time and parsed once. A
//! tour that does not parse is kept out of the lists and reported by `tourProblems` (the unit
//! tests fail on any).

import { parseTour, type Tour, TourError } from "./model";

const files = import.meta.glob<string>("@scenarios/*/tours/*.json", {
  query: "?raw",
  import: "default",
  eager: true,
});

const tours: Tour[] = [];
const problems: string[] = [];
for (const [path, json] of Object.entries(files)) {
  const match = /([^/]+)\/tours\/([^/]+)\.json$/.exec(path);
  if (!match?.[1] || !match[2]) continue;
  try {
    tours.push(parseTour(match[1], match[2], json));
  } catch (error) {
    problems.push(error instanceof TourError ? error.message : String(error));
  }
}
tours.sort((a, b) => a.lab.localeCompare(b.lab) || a.name.localeCompare(b.name));

export function toursFor(lab: string): Tour[] {
  return tours.filter((t) => t.lab === lab);
}

export function findTour(lab: string, name: string): Tour | undefined {
  return tours.find((t) => t.lab === lab && t.name === name);
}

export function tourProblems(): readonly string[] {
  return problems;
}

export function tourHash(lab: string, name: string, index = 0, answers = ""): string {
  const params = new URLSearchParams({ tour: name });
  if (index > 0) params.set("ts", String(index));
  if (answers !== "") params.set("ans", answers);
  return `#/lab/${lab}?${params.toString()}`;
}
