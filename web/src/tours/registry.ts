//! The bundled tours (`scenarios/<lab>/tours/*.json`) and lessons (`scenarios/<lab>/lessons/*.json`).
//! They are text, not code, so they are not compiled into the JavaScript (its budget, README):
//! the build emits each as a JSON asset, and `loadLessons` fetches and parses them all on first
//! need (the home page, a tour or lesson link, the teacher notes); the offline service worker
//! precaches them with the app shell. One that does not parse is kept out of the lists and
//! reported by `tourProblems`. Both open by the same link (`tour=<name>`): a lesson's name is never
//! also a tour's (core/tests/lessons.rs).

import { Store } from "../app/store";
import { parseTour, type Tour, TourError, type TourKind } from "./model";

// `no-inline`: small files too are emitted as assets, never inlined into the JavaScript.
const fileUrls = import.meta.glob<string>(["@scenarios/*/tours/*.json", "@scenarios/*/lessons/*.json"], {
  query: "?url&no-inline",
  import: "default",
  eager: true,
});

const tours: Tour[] = [];
const problems: string[] = [];

function add(path: string, json: string): void {
  const match = /([^/]+)\/(tours|lessons)\/([^/]+)\.json$/.exec(path);
  if (!match?.[1] || !match[2] || !match[3]) return;
  const kind: TourKind = match[2] === "lessons" ? "lesson" : "tour";
  try {
    tours.push(parseTour(match[1], match[3], json, kind));
  } catch (error) {
    problems.push(error instanceof TourError ? error.message : String(error));
  }
  tours.sort((a, b) => a.lab.localeCompare(b.lab) || a.name.localeCompare(b.name));
}

/** How many tours and lessons are loaded: components re-render when they arrive. */
export const lessonsLoaded = new Store<number>(0);
let loading: Promise<void> | null = null;

/** Fetches and parses every tour and lesson once; later calls return the same promise. */
export function loadLessons(): Promise<void> {
  loading ??= Promise.all(
    Object.entries(fileUrls).map(async ([path, href]) => {
      try {
        const response = await fetch(href);
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        add(path, await response.text());
      } catch (error) {
        problems.push(`${path}: could not be loaded (${error instanceof Error ? error.message : String(error)})`);
      }
    }),
  ).then(() => lessonsLoaded.set(tours.length));
  return loading;
}

/** The short tours of a lab (those loaded: see `loadLessons`). */
export function toursFor(lab: string): Tour[] {
  return tours.filter((t) => t.lab === lab && t.kind === "tour");
}

/** The lessons of a lab (those loaded: see `loadLessons`). */
export function lessonsFor(lab: string): Tour[] {
  return tours.filter((t) => t.lab === lab && t.kind === "lesson");
}

export function findTour(lab: string, name: string): Tour | undefined {
  return tours.find((t) => t.lab === lab && t.name === name);
}

/** A tour or lesson by name, once they are loaded. */
export async function findTourOrLesson(lab: string, name: string): Promise<Tour | undefined> {
  await loadLessons();
  return findTour(lab, name);
}

export function tourProblems(): readonly string[] {
  return problems;
}

export function tourHash(lab: string, name: string, index = 0, answers = "", practice: number | null = null): string {
  const params = new URLSearchParams({ tour: name });
  if (practice !== null) params.set("practice", String(practice));
  if (index > 0) params.set("ts", String(index));
  if (answers !== "") params.set("ans", answers);
  return `#/lab/${lab}?${params.toString()}`;
}

/** The `practice=` seed of a link: null when absent, undefined when malformed (the link says so). */
export function practiceSeed(text: string | null): number | null | undefined {
  if (text === null) return null;
  const seed = Number(text);
  return /^\d{1,10}$/.test(text) && seed >= 1 && seed <= 0xffffffff ? seed : undefined;
}

/** A fresh practice seed. */
export function newPracticeSeed(): number {
  const word = new Uint32Array(1);
  crypto.getRandomValues(word);
  return Math.max(1, word[0] ?? 1);
}
