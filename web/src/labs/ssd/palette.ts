//! Colours of the SSD lab (Okabe–Ito hues, distinguishable with the common colour-vision
//! deficiencies; every colour also has a word in a legend or the hover card).

import { scaleLinear } from "d3-scale";

/** Page states 0 free, 1 valid, 2 invalid (free is drawn in the theme's neutral tint). */
export const PAGE_COLORS: readonly string[] = ["#e4e8ee", "#0072b2", "#e69f00"];
export const PAGE_LABELS: readonly string[] = ["free", "valid", "invalid"];
export const BLOCK_STATES: readonly string[] = ["free", "open (write point)", "closed", "being collected"];

export const OPEN_OUTLINE = "#009e73";

/** Die timeline kinds 1 read, 2 program, 3 GC copy, 4 erase. */
export const OP_KINDS: readonly { kind: number; label: string; color: string }[] = [
  { kind: 1, label: "read", color: "#56b4e9" },
  { kind: 2, label: "program", color: "#0072b2" },
  { kind: 3, label: "GC copy", color: "#cc79a7" },
  { kind: 4, label: "erase", color: "#d55e00" },
];

export function opColor(kind: number): string {
  return OP_KINDS.find((k) => k.kind === kind)?.color ?? "#8a939f";
}

/** Erase-count heat: pale yellow (least worn) through teal to deep purple (most worn). */
export function heatScale(min: number, max: number): (value: number) => string {
  const hi = max > min ? max : min + 1;
  const scale = scaleLinear<string>()
    .domain([min, (min + hi) / 2, hi])
    .range(["#fbeea0", "#2a9d8f", "#3b1c5a"])
    .clamp(true);
  return (value: number) => scale(value);
}
