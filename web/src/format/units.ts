//! Number formatting for people: simulated time with units, metric values, counts. All outputs
//! are meant to be shown with `font-variant-numeric: tabular-nums`.

import { format } from "d3-format";

const NS_UNITS: [number, string][] = [
  [1e9, "s"],
  [1e6, "ms"],
  [1e3, "µs"],
  [1, "ns"],
];

/** Three significant digits, trailing zeros trimmed: 12.3, 1.25, 512, 0.5. */
function sig3(value: number): string {
  if (value === 0) return "0";
  const abs = Math.abs(value);
  const digits = abs >= 100 ? 0 : abs >= 10 ? 1 : 2;
  const text = value.toFixed(digits);
  return text.includes(".") ? text.replace(/\.?0+$/, "") : text;
}

/** Formats nanoseconds with the largest unit that keeps the value ≥ 1: `12.3 ms`, `512 ns`. */
export function formatNs(ns: number): string {
  if (!Number.isFinite(ns)) return "—";
  const abs = Math.abs(ns);
  if (abs >= 600e9) {
    const totalSeconds = Math.round(ns / 1e9);
    const minutes = Math.floor(totalSeconds / 60);
    const seconds = totalSeconds % 60;
    return seconds === 0 ? `${minutes} min` : `${minutes} min ${seconds} s`;
  }
  for (const [scale, unit] of NS_UNITS) {
    if (abs >= scale || scale === 1) {
      const value = ns / scale;
      // Rounding can carry into the next unit (999.96 µs → "1000 µs"): promote it.
      if (Math.abs(Number(sig3(value))) >= 1000 && unit !== "s") return formatNs(Math.sign(ns) * 1000 * scale);
      return `${sig3(value)} ${unit}`;
    }
  }
  return `${ns} ns`;
}

/** Milliseconds (a float) with units, via `formatNs`. */
export function formatMs(ms: number): string {
  return formatNs(ms * 1e6);
}

const grouped = format(",");
const grouped3 = format(",.3~r");

/** Integers with thousands separators; other values with three significant digits. */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return "—";
  if (Number.isInteger(value)) return grouped(value);
  if (Math.abs(value) >= 1000) return grouped(Math.round(value));
  return grouped3(value);
}

/** A metric value with its unit, e.g. `12.3 ms`, `84 IO/s`, `0.42`. Time units are rescaled. */
export function formatWithUnit(value: number, unit: string): string {
  const timeScale: Record<string, number> = { ns: 1, us: 1e3, "µs": 1e3, ms: 1e6, s: 1e9 };
  const scale = timeScale[unit];
  if (scale !== undefined) return formatNs(value * scale);
  if (unit === "%") return `${formatNumber(value)} %`;
  if (unit === "fraction") return `${formatNumber(value * 100)} %`;
  if (unit === "1/s") return `${formatNumber(value)} /s`;
  if (unit === "x") return `${formatNumber(value)}×`;
  return unit === "" ? formatNumber(value) : `${formatNumber(value)} ${value === 1 ? singular(unit) : unit}`;
}

/** Count units whose singular is not simply the word without its final "s". */
const IRREGULAR_SINGULAR: Record<string, string> = { entries: "entry", "bit errors": "bit error" };

/** `1 op`, not `1 ops`: the singular of a plural count unit (`ops`, `pages`, `requests`). */
export function singular(unit: string): string {
  const irregular = IRREGULAR_SINGULAR[unit];
  if (irregular !== undefined) return irregular;
  // Only plain lower-case plural words: rates (`pages/s`), sizes (`MB`, `bytes/s`) stay as they are.
  if (/^[a-z]+s$/.test(unit) && !unit.endsWith("ss")) return unit.slice(0, -1);
  return unit;
}

/** Splits camel/snake names into words for labels: `head_cylinder` → `head cylinder`. */
export function humanizeName(name: string): string {
  return name.replace(/_/g, " ").replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
}
