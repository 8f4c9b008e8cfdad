//! The bundled tours (`scenarios/<lab>/tours/*.json`) and lessons
//! (`scenarios/<lab>/lessons/*.json`), read at build time and parsed once. One that does not
//! parse is kept out of the lists and reported by `tourProblems` (the unit tests fail on any).
//! Both open by the same link (`tour=<name>`): a lesson's name is never also a tour's
//! (core/tests/lessons.rs).

import { parseTour, type Tour, TourError, type TourKind } from "./model";

const files = import.meta.glob<string>(["@scenarios/*/tours/*.json", "@scenarios/*/lessons/*.json"], {
  query: "?raw",
  import: "default",
  eager: true,
});

const tours: Tour[] = [];
const problems: string[] = [];
for (const [path, json] of Object.entries(files)) {
  const match = /([^/]+)\/(tours|lessons)\/([^/]+)\.json$/.exec(path);
  if (!match?.[1] || !match[2] || !match[3]) continue;
  const kind: TourKind = match[2] === "lessons" ? "lesson" : "tour";
  try {
    tours.push(parseTour(match[1], match[3], json, kind));
  } catch (error) {
    problems.push(error instanceof TourError ? error.message : String(error));
  }
}
tours.sort((a, b) => a.lab.localeCompare(b.lab) || a.name.localeCompare(b.name));

/** The short tours of a lab. */
export function toursFor(lab: string): Tour[] {
  return tours.filter((t) => t.lab === lab && t.kind === "tour");
}

/** The lessons of a lab. */
export function lessonsFor(lab: string): Tour[] {
  return tours.filter((t) => t.lab === lab && t.kind === "lesson");
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
